//! Limits against floods: a token bucket per connection ([`RateLimiter`]),
//! the rooms each address may open ([`RoomQuota`]), and what each address
//! may do with all its connections together ([`Addresses`]: connections
//! open, a shared token bucket, joins of unknown rooms).

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

    /// The tokens there would be at `now`.
    fn tokens_at(&self, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        (self.tokens + elapsed * self.per_second).min(self.burst)
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

/// What one address may still do: its open WebSockets, the token bucket
/// its connections share, and its recent `join`s of unknown rooms.
#[derive(Debug)]
struct Address {
    connections: usize,
    bucket: RateLimiter,
    unknown: VecDeque<Instant>,
}

/// The limits per address, shared by all of an address's connections, so
/// that opening a new connection resets none of them.
///
/// ```
/// use barricade_server::config::Limits;
/// use barricade_server::limits::Addresses;
/// use std::time::Instant;
/// let limits = Limits { connections_per_address: 1, address_burst: 2, ..Limits::default() };
/// let addresses = Addresses::new(&limits);
/// let ip = "192.0.2.1".parse().unwrap();
/// let first = addresses.connect(ip).unwrap();
/// assert!(addresses.connect(ip).is_none());
/// let now = Instant::now();
/// assert!(addresses.allow(ip, now) && addresses.allow(ip, now));
/// assert!(!addresses.allow(ip, now));
/// drop(first);
/// assert!(addresses.connect(ip).is_some());
/// ```
#[derive(Debug)]
pub struct Addresses {
    inner: std::sync::Arc<std::sync::Mutex<HashMap<IpAddr, Address>>>,
    connections: usize,
    burst: u32,
    per_second: u32,
    unknown_max: usize,
    unknown_window: Duration,
}

/// One open connection of an address; dropping it frees its place.
#[derive(Debug)]
pub struct AddressGuard {
    inner: std::sync::Arc<std::sync::Mutex<HashMap<IpAddr, Address>>>,
    ip: IpAddr,
}

impl Drop for AddressGuard {
    fn drop(&mut self) {
        if let Ok(mut map) = self.inner.lock()
            && let Some(a) = map.get_mut(&self.ip)
        {
            a.connections = a.connections.saturating_sub(1);
        }
    }
}

impl Addresses {
    /// The limits of `limits` per address.
    pub fn new(limits: &crate::config::Limits) -> Addresses {
        Addresses {
            inner: Default::default(),
            connections: limits.connections_per_address,
            burst: limits.address_burst,
            per_second: limits.address_per_second,
            unknown_max: limits.unknown_rooms_per_address,
            unknown_window: limits.unknown_window,
        }
    }

    fn with<T>(&self, ip: IpAddr, f: impl FnOnce(&mut Address) -> T) -> Option<T> {
        let mut map = self.inner.lock().ok()?;
        let now = Instant::now();
        if map.len() > 10_000 {
            // Forget addresses with nothing open and a full bucket.
            let window = self.unknown_window;
            map.retain(|_, a| {
                a.connections > 0
                    || a.bucket.tokens_at(now) < f64::from(self.burst.max(1))
                    || a.unknown.back().is_some_and(|&t| now < t + window)
            });
        }
        let a = map.entry(ip).or_insert_with(|| Address {
            connections: 0,
            bucket: RateLimiter::new(self.burst, self.per_second, now),
            unknown: VecDeque::new(),
        });
        Some(f(a))
    }

    /// A new connection of `ip`, if it has fewer than the limit open.
    pub fn connect(&self, ip: IpAddr) -> Option<AddressGuard> {
        let max = self.connections;
        let ok = self.with(ip, |a| {
            if a.connections >= max {
                false
            } else {
                a.connections += 1;
                true
            }
        })?;
        ok.then(|| AddressGuard {
            inner: self.inner.clone(),
            ip,
        })
    }

    /// May one more message of `ip` through now (its shared bucket)?
    pub fn allow(&self, ip: IpAddr, now: Instant) -> bool {
        self.with(ip, |a| a.bucket.allow(now)).unwrap_or(false)
    }

    /// Has `ip` asked for too many unknown rooms lately?
    pub fn guessing(&self, ip: IpAddr, now: Instant) -> bool {
        let window = self.unknown_window;
        let max = self.unknown_max;
        self.with(ip, |a| {
            while a.unknown.front().is_some_and(|&t| now >= t + window) {
                a.unknown.pop_front();
            }
            a.unknown.len() >= max
        })
        .unwrap_or(true)
    }

    /// Counts a `join` of `ip` for a room that does not exist.
    pub fn unknown_room(&self, ip: IpAddr, now: Instant) {
        self.with(ip, |a| a.unknown.push_back(now));
    }
}
