//! Limits against floods: a token bucket per connection ([`RateLimiter`])
//! and the rooms each address may open ([`RoomQuota`]).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// A token bucket: `burst` messages at once, then `per_second`.
///
/// ```
/// use barricade_server::limits::RateLimiter;
/// use std::time::{Duration, Instant};
/// let start = Instant::now();
/// let mut limit = RateLimiter::new(2, 1, start);
/// assert!(limit.allow(start));
/// assert!(limit.allow(start));
/// assert!(!limit.allow(start));
/// assert!(limit.allow(start + Duration::from_secs(1)));
/// ```
#[derive(Clone, Debug)]
pub struct RateLimiter {
    burst: f64,
    per_second: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimiter {
    /// A full bucket.
    pub fn new(burst: u32, per_second: u32, now: Instant) -> RateLimiter {
        RateLimiter {
            burst: f64::from(burst.max(1)),
            per_second: f64::from(per_second),
            tokens: f64::from(burst.max(1)),
            last: now,
        }
    }

    /// May one more message through now?
    pub fn allow(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// How many rooms each address opened within a sliding window.
///
/// ```
/// use barricade_server::limits::RoomQuota;
/// use std::time::{Duration, Instant};
/// let now = Instant::now();
/// let mut quota = RoomQuota::new(2, Duration::from_secs(60));
/// let ip = "192.0.2.1".parse().unwrap();
/// assert!(quota.try_open(ip, now));
/// assert!(quota.try_open(ip, now));
/// assert!(!quota.try_open(ip, now));
/// assert!(quota.try_open(ip, now + Duration::from_secs(60)));
/// ```
#[derive(Clone, Debug)]
pub struct RoomQuota {
    max: usize,
    window: Duration,
    opened: HashMap<IpAddr, VecDeque<Instant>>,
}

impl RoomQuota {
    /// At most `max` rooms per address per `window`.
    pub fn new(max: usize, window: Duration) -> RoomQuota {
        RoomQuota {
            max,
            window,
            opened: HashMap::new(),
        }
    }

    /// Counts a room opened by `ip` now, if the quota allows it.
    pub fn try_open(&mut self, ip: IpAddr, now: Instant) -> bool {
        let window = self.window;
        if self.opened.len() > 10_000 {
            self.opened
                .retain(|_, times| times.back().is_some_and(|&t| now < t + window));
        }
        let times = self.opened.entry(ip).or_default();
        while times.front().is_some_and(|&t| now >= t + window) {
            times.pop_front();
        }
        if times.len() >= self.max {
            return false;
        }
        times.push_back(now);
        true
    }
}
