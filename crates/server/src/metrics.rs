//! [`Latency`]: how long the rooms take to handle a request, from its
//! arrival in the room's task to its events being stored and handed to
//! every connection. Counted in buckets 10% apart, without locks.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

const BUCKETS: usize = 160;
/// Each bucket is 10% wider than the one before, from 10 µs.
const GROWTH: f64 = 1.1;
const FIRST_US: f64 = 10.0;

/// A histogram of durations.
///
/// ```
/// use barricade_server::metrics::Latency;
/// use std::time::Duration;
/// let l = Latency::default();
/// for ms in 1..=100 {
///     l.record(Duration::from_millis(ms));
/// }
/// let p50 = l.percentile(0.5).unwrap().as_secs_f64() * 1000.0;
/// assert!((45.0..=56.0).contains(&p50), "{p50}");
/// assert_eq!(l.count(), 100);
/// ```
#[derive(Debug)]
pub struct Latency {
    buckets: [AtomicU64; BUCKETS],
}

impl Default for Latency {
    fn default() -> Latency {
        Latency {
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
        }
    }
}

fn bucket(d: Duration) -> usize {
    let us = d.as_secs_f64() * 1e6;
    if us <= FIRST_US {
        return 0;
    }
    (((us / FIRST_US).ln() / GROWTH.ln()).ceil() as usize).min(BUCKETS - 1)
}

fn upper(i: usize) -> Duration {
    Duration::from_secs_f64(FIRST_US * GROWTH.powi(i as i32) / 1e6)
}

impl Latency {
    /// Counts one duration.
    pub fn record(&self, d: Duration) {
        self.buckets[bucket(d)].fetch_add(1, Ordering::Relaxed);
    }

    /// How many were counted.
    pub fn count(&self) -> u64 {
        self.buckets.iter().map(|b| b.load(Ordering::Relaxed)).sum()
    }

    /// The duration below which the fraction `p` of all fall (within
    /// 10%), if any were counted.
    pub fn percentile(&self, p: f64) -> Option<Duration> {
        let counts: Vec<u64> = self
            .buckets
            .iter()
            .map(|b| b.load(Ordering::Relaxed))
            .collect();
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let rank = ((total as f64) * p).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (i, c) in counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return Some(upper(i));
            }
        }
        Some(upper(BUCKETS - 1))
    }
}
