//! Dice nobody can cheat: the server's secret, its SHA-256 commitment,
//! the players' nonces and the seed that follows from them
//! (docs/online.md, "Dice").
//!
//! Before anyone can add a nonce, the room publishes
//! `commit = sha256_hex(reveal)` where `reveal` is the text
//! `barricade-seed:<64 lowercase hex digits>` (the server's 256-bit
//! secret). Each person seat may add a nonce. When the game starts, the
//! record's dice seed is the first 8 bytes, big-endian, of
//! `SHA-256(reveal + "\n" + nonce_1 + "\n" + ... + "\n" + nonce_k)`, one
//! nonce per seat in the room's seat order (empty for a seat without
//! one). At the end the room reveals `reveal`.
//!
//! ```
//! use barricade_server::commit::{dice_seed, verify, Secret};
//! let secret = Secret::random().unwrap();
//! let nonces = vec!["a1b2".to_string(), String::new()];
//! let seed = dice_seed(&secret.reveal(), &nonces);
//! assert!(verify(&secret.commitment(), &secret.reveal(), &nonces, seed));
//! assert!(!verify(&secret.commitment(), &secret.reveal(), &nonces, seed ^ 1));
//! ```

use crate::ids::{RandomError, hex, random_bytes, sha256_hex, unhex};
use sha2::{Digest, Sha256};

/// The prefix of a reveal text.
pub const REVEAL_PREFIX: &str = "barricade-seed:";

/// The longest nonce a player may add, in characters.
pub const NONCE_MAX: usize = 64;

/// The server's secret for one game: 32 bytes from the OS random source.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Secret([u8; 32]);

impl Secret {
    /// A fresh secret from the operating system's random source.
    pub fn random() -> Result<Secret, RandomError> {
        Ok(Secret(random_bytes::<32>()?))
    }

    /// The exact text revealed at the end (and hashed for the commitment):
    /// `barricade-seed:` and the secret in 64 lowercase hex digits.
    pub fn reveal(&self) -> String {
        format!("{REVEAL_PREFIX}{}", hex(&self.0))
    }

    /// The commitment: lowercase hex SHA-256 of [`Secret::reveal`].
    pub fn commitment(&self) -> String {
        sha256_hex(&self.reveal())
    }

    /// The secret as 64 hex digits (for storage).
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// The secret stored as 64 hex digits.
    pub fn from_hex(text: &str) -> Option<Secret> {
        unhex::<32>(text).map(Secret)
    }
}

/// Is `nonce` acceptable: 1 to 64 characters of `A-Z a-z 0-9 - _`?
///
/// ```
/// use barricade_server::commit::is_nonce;
/// assert!(is_nonce("3f2a-_Z"));
/// assert!(!is_nonce(""));
/// assert!(!is_nonce("a\nb"));
/// ```
pub fn is_nonce(nonce: &str) -> bool {
    (1..=NONCE_MAX).contains(&nonce.len())
        && nonce
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The dice seed of a game from the revealed text and every seat's nonce
/// (empty for none), in seat order.
pub fn dice_seed(reveal: &str, nonces: &[String]) -> u64 {
    let mut hash = Sha256::new();
    hash.update(reveal.as_bytes());
    for nonce in nonces {
        hash.update(b"\n");
        hash.update(nonce.as_bytes());
    }
    let digest = hash.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// What a page checks at the end: the reveal matches the commitment, and
/// the reveal and the nonces give the record's seed.
pub fn verify(commit: &str, reveal: &str, nonces: &[String], seed: u64) -> bool {
    reveal.starts_with(REVEAL_PREFIX)
        && sha256_hex(reveal) == commit
        && dice_seed(reveal, nonces) == seed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_secret_gives_fixed_texts() {
        // Fixed values: the page's check must give the same.
        let secret = Secret([7u8; 32]);
        assert_eq!(
            secret.reveal(),
            "barricade-seed:0707070707070707070707070707070707070707070707070707070707070707"
        );
        assert_eq!(secret.commitment(), sha256_hex(&secret.reveal()));
        assert_eq!(Secret::from_hex(&secret.to_hex()), Some(secret.clone()));
        let nonces = vec!["abc".to_string(), String::new()];
        let seed = dice_seed(&secret.reveal(), &nonces);
        assert_eq!(seed, dice_seed(&secret.reveal(), &nonces));
        // Another nonce, another seed.
        assert_ne!(
            seed,
            dice_seed(&secret.reveal(), &["abd".to_string(), String::new()])
        );
        // Moving a nonce to another seat changes the seed too.
        assert_ne!(
            seed,
            dice_seed(&secret.reveal(), &[String::new(), "abc".to_string()])
        );
    }
}
