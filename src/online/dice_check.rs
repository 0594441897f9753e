//! "Dice verified": what a page checks at the end of a room's game
//! (docs/online.md, "Dice nobody can cheat"), with SHA-256 and the rules
//! crate only. The commitment it saw before the first roll is the hash of
//! the revealed text; the text and the players' nonces make the record's
//! seed; the record, replayed, rolls exactly the rolls the server sent and
//! plays exactly the decisions it sent.

use barricade_rules::{Game, GameRecord};
use sha2::{Digest, Sha256};
use std::fmt::Write;

/// Lowercase hex SHA-256 of `text`.
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .fold(String::new(), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        })
}

/// The dice seed of a revealed secret and the nonces: the first 8 bytes,
/// big-endian, of SHA-256(reveal, "\n", nonce, "\n", nonce …).
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

/// Checks `seen` against the record's code; the record when every check
/// holds, else what failed.
pub fn verify(seen: &Seen, code: &str) -> Result<GameRecord, String> {
    if sha256_hex(seen.reveal) != seen.commit {
        return Err("the revealed secret does not match the commitment".into());
    }
    if let Some((seat, nonce)) = seen.own
        && seen.nonces.get(seat).map(String::as_str) != Some(nonce)
    {
        return Err("this page's nonce was not used".into());
    }
    let record = GameRecord::from_code(code).map_err(|e| e.to_string())?;
    if dice_seed(seen.reveal, seen.nonces) != record.seed {
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

    #[test]
    fn hashes_are_as_documented() {
        // printf 'abc' | sha256sum
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        // python3: hashlib.sha256(b"r\na\n").digest()[:8], big-endian
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
        assert!(verify(&seen, &code).is_ok());
        let mut other = rolls.clone();
        other[0] = other[0] % 6 + 1;
        let cheated = Seen {
            rolls: &other,
            ..seen
        };
        assert!(verify(&cheated, &code).is_err());
        let wrong = Seen {
            commit: "00",
            rolls: &rolls,
            ..cheated
        };
        assert!(verify(&wrong, &code).is_err());
    }
}
