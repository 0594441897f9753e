//! Unguessable names: room ids and seat tokens, 128 bits each from the
//! operating system's random source, written as 32 lowercase hex digits.

use sha2::{Digest, Sha256};
use std::fmt;

/// The operating system's random source failed (it practically never does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the random source failed: {0}")]
pub struct RandomError(#[from] getrandom::Error);

/// `N` bytes from the operating system's random source.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes)?;
    Ok(bytes)
}

/// Lowercase hex of `bytes`.
///
/// ```
/// assert_eq!(barricade_server::ids::hex(&[0x0f, 0xa0]), "0fa0");
/// ```
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

/// The bytes of lowercase hex text of exactly `N` bytes, if it is that.
pub fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return None;
    }
    let value = |d: u8| match d {
        b'0'..=b'9' => Some(d - b'0'),
        b'a'..=b'f' => Some(d - b'a' + 10),
        _ => None,
    };
    let mut out = [0u8; N];
    for (i, pair) in digits.chunks_exact(2).enumerate() {
        out[i] = value(pair[0])? << 4 | value(pair[1])?;
    }
    Some(out)
}

/// Lowercase hex of the SHA-256 of `text`.
///
/// ```
/// assert_eq!(
///     barricade_server::ids::sha256_hex(""),
///     "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
/// );
/// ```
pub fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

/// A room's id: 128 random bits as 32 lowercase hex digits (the `<id>` of
/// the invite `#room=<id>`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RoomId(String);

impl RoomId {
    /// A fresh random id.
    pub fn random() -> Result<RoomId, RandomError> {
        Ok(RoomId(hex(&random_bytes::<16>()?)))
    }

    /// The id in `text`, if it is 32 lowercase hex digits (anything else
    /// names no room, without a look into the database).
    ///
    /// ```
    /// use barricade_server::ids::RoomId;
    /// assert!(RoomId::parse("0123456789abcdef0123456789abcdef").is_some());
    /// assert!(RoomId::parse("../etc/passwd").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<RoomId> {
        unhex::<16>(text).map(|_| RoomId(text.to_string()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A member's token: whoever shows it is that member again (their seats,
/// and the host's rights). 128 random bits as 32 hex digits. The server
/// keeps only its SHA-256 ([`Token::hash`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Token(String);

impl Token {
    /// A fresh random token.
    pub fn random() -> Result<Token, RandomError> {
        Ok(Token(hex(&random_bytes::<16>()?)))
    }

    /// The token as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the server stores: the SHA-256 of the token, in hex.
    pub fn hash(&self) -> String {
        sha256_hex(&self.0)
    }

    /// The stored form of a token a client showed.
    pub fn hash_of(text: &str) -> String {
        sha256_hex(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_bit_hex_and_differ() {
        let a = RoomId::random().unwrap();
        let b = RoomId::random().unwrap();
        assert_eq!(a.as_str().len(), 32);
        assert_ne!(a, b);
        assert_eq!(RoomId::parse(a.as_str()), Some(a));
        assert!(RoomId::parse("0123456789ABCDEF0123456789abcdef").is_none());
        let t = Token::random().unwrap();
        assert_eq!(Token::hash_of(t.as_str()), t.hash());
        assert_eq!(unhex::<2>("0fa0"), Some([0x0f, 0xa0]));
        assert_eq!(unhex::<2>("0fa"), None);
    }
}
