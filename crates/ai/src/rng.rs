//! A tiny deterministic random number generator (SplitMix64) for the bots'
//! own choices. The dice belong to the rules crate; this only breaks ties
//! and adds the easy bot's randomness, so no crate is needed for it.

/// SplitMix64: 64 bits of state, good enough for move choices, identical
/// on every platform (wasm32 included).
///
/// ```
/// use barricade_ai::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    ///
    /// ```
    /// let _ = barricade_ai::Rng::new(0);
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut r = barricade_ai::Rng::new(1);
    /// assert_ne!(r.next_u64(), r.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    ///
    /// ```
    /// let mut r = barricade_ai::Rng::new(3);
    /// assert!(r.below(10) < 10);
    /// assert_eq!(r.below(0), 0);
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Multiply-shift: unbiased enough for n far below 2^32.
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in `0.0..1.0`.
    ///
    /// ```
    /// let x = barricade_ai::Rng::new(4).unit();
    /// assert!((0.0..1.0).contains(&x));
    /// ```
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Derives an independent seed from `seed` and a stream number (for
    /// one seed per game, per seat, per move).
    ///
    /// ```
    /// use barricade_ai::Rng;
    /// assert_ne!(Rng::derive(1, 0), Rng::derive(1, 1));
    /// ```
    pub fn derive(seed: u64, stream: u64) -> u64 {
        let mut r = Rng(seed ^ stream.wrapping_mul(0xd134_2543_de82_ef95));
        r.next_u64();
        r.next_u64()
    }
}
