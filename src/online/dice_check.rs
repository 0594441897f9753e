//! "Dice verified": what a page checks at the end of a room's game
//! (docs/online.md, "Dice nobody can cheat"), with SHA-256 and the rules
//! crate only. The commitment it saw before the first roll is the hash of
//! the revealed text; the text and the players' nonces make the record's
//! seed; the record, replayed, rolls exactly the rolls the server sent and
//! plays exactly the decisions it sent. The two hashes come from the
//! browser's own SHA-256 (SubtleCrypto, in `crate::online`), so the page
//! ships no hash code; the tests make them with the `sha2` crate.

use barricade_rules::{Game, GameRecord};
use std::fmt::Write;

/// The texts to hash: the reveal (for the commitment), and the reveal
/// with the nonces, one per line (for the seed).
pub fn texts_to_hash(reveal: &str, nonces: &[String]) -> (String, String) {
    let mut seeded = reveal.to_string();
    for nonce in nonces {
        seeded.push('\n');
        seeded.push_str(nonce);
    }
    (reveal.to_string(), seeded)
}

/// The two SHA-256 digests of [`texts_to_hash`].
pub struct Digests {
    /// Of the reveal: must be the commitment.
    pub reveal: [u8; 32],
    /// Of the reveal and the nonces: its first 8 bytes, big-endian, are
    /// the seed.
    pub seeded: [u8; 32],
}

/// Lowercase hex of a digest.
pub fn hex(digest: &[u8]) -> String {
    digest.iter().fold(String::new(), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// The dice seed of a digest: its first 8 bytes, big-endian.
pub fn seed_of(digest: &[u8; 32]) -> u64 {
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// What was seen of a finished game, to check against its record.
pub struct Seen<'a> {
    /// The commitment published before the first roll.
    pub commit: &'a str,
    /// The revealed text.
    pub reveal: &'a str,
    /// The nonces the server says it used.
    pub nonces: &'a [String],
    /// This page's own nonce and seat, if it sent one.
    pub own: Option<(usize, &'a str)>,
    /// The rolls the server sent, in order.
    pub rolls: &'a [u8],
    /// The decisions it sent, in the board's notation.
    pub moves: &'a [String],
}

/// Checks `seen` against the record's code, with the `digests` of
/// [`texts_to_hash`]; the record when every check holds, else what failed.
pub fn verify(seen: &Seen, code: &str, digests: &Digests) -> Result<GameRecord, String> {
    if hex(&digests.reveal) != seen.commit {
        return Err("the revealed secret does not match the commitment".into());
    }
    if let Some((seat, nonce)) = seen.own
        && seen.nonces.get(seat).map(String::as_str) != Some(nonce)
    {
        return Err("this page's nonce was not used".into());
    }
    let record = GameRecord::from_code(code).map_err(|e| e.to_string())?;
    if seed_of(&digests.seeded) != record.seed {
        return Err("the secret and the nonces do not give the record's seed".into());
    }
    let board = record.board.board();
    let mut game = Game::new_on(record.board, record.rules, record.seats, record.seed);
    let mut rolls = Vec::new();
    for &mv in &record.moves {
        if let Some(r) = game.roll_if_due() {
            rolls.push(r.get());
        }
        game.play(mv).map_err(|e| e.to_string())?;
    }
    if game.position().winner().is_none() && record.rolled {
        game.roll_if_due()
            .into_iter()
            .for_each(|r| rolls.push(r.get()));
    }
    let names: Vec<String> = record.moves.iter().map(|&m| board.move_name(m)).collect();
    if rolls != seen.rolls {
        return Err("the record's dice are not the rolls the server sent".into());
    }
    if names != seen.moves {
        return Err("the record's moves are not the moves the server sent".into());
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use barricade_rules::{BoardId, Rules, Seats};
    use sha2::{Digest, Sha256};

    fn digests(reveal: &str, nonces: &[String]) -> Digests {
        let (a, b) = texts_to_hash(reveal, nonces);
        Digests {
            reveal: Sha256::digest(a.as_bytes()).into(),
            seeded: Sha256::digest(b.as_bytes()).into(),
        }
    }

    fn sha256_hex(text: &str) -> String {
        hex(&Sha256::digest(text.as_bytes()))
    }

    fn dice_seed(reveal: &str, nonces: &[String]) -> u64 {
        seed_of(&digests(reveal, nonces).seeded)
    }

    #[test]
    fn hashes_are_as_documented() {
        // printf 'abc' | sha256sum
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        // The seed: reveal, then each nonce after a newline (docs/online.md).
        assert_eq!(texts_to_hash("r", &["a".into(), String::new()]).1, "r\na\n");
        assert_eq!(
            dice_seed("r", &["a".into(), String::new()]),
            u64::from_be_bytes(Sha256::digest(b"r\na\n")[..8].try_into().unwrap())
        );
    }

    #[test]
    fn a_fair_game_verifies_and_a_changed_roll_does_not() {
        let reveal = format!("barricade-seed:{}", "07".repeat(32));
        let nonces = vec!["ann".to_string(), String::new()];
        let seed = dice_seed(&reveal, &nonces);
        let mut game = Game::new_on(BoardId::Quick, Rules::default(), Seats::default(), seed);
        let board = BoardId::Quick.board();
        let (mut rolls, mut moves) = (Vec::new(), Vec::new());
        for _ in 0..12 {
            rolls.push(game.roll().unwrap().get());
            let mv = game.position().legal_moves()[0].to_move(None);
            let mv = match game.position().legal_moves()[0].takes_barricade() {
                true => game
                    .position()
                    .legal_moves()
                    .iter()
                    .find(|c| !c.takes_barricade())
                    .map_or(mv, |c| c.to_move(None)),
                false => mv,
            };
            if game.play(mv).is_err() {
                break;
            }
            moves.push(board.move_name(mv));
        }
        let code = game.record().to_code().unwrap();
        let commit = sha256_hex(&reveal);
        let seen = Seen {
            commit: &commit,
            reveal: &reveal,
            nonces: &nonces,
            own: Some((0, "ann")),
            rolls: &rolls,
            moves: &moves,
        };
        let d = digests(&reveal, &nonces);
        assert!(verify(&seen, &code, &d).is_ok());
        let mut other = rolls.clone();
        other[0] = other[0] % 6 + 1;
        let cheated = Seen {
            rolls: &other,
            ..seen
        };
        assert!(verify(&cheated, &code, &d).is_err());
        let wrong = Seen {
            commit: "00",
            rolls: &rolls,
            ..cheated
        };
        assert!(verify(&wrong, &code, &d).is_err());
        let other_nonces = digests(&reveal, &["bob".to_string(), String::new()]);
        let seen_again = Seen {
            commit: &commit,
            rolls: &rolls,
            ..wrong
        };
        assert!(verify(&seen_again, &code, &d).is_ok());
        assert!(verify(&seen_again, &code, &other_nonces).is_err());
    }
}
