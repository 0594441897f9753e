//! The link code: a compact, versioned, URL-safe text for a
//! [`GameRecord`], for share links. The format is described in
//! `docs/record-format.md`.
//!
//! ```
//! use barricade_rules::{code, Game, Rules, Seats};
//! let mut game = Game::new(Rules::default(), Seats::default(), 77);
//! for _ in 0..30 {
//!     game.roll_if_due();
//!     let mv = game.position().legal_moves().expanded().last().unwrap();
//!     game.play(mv).unwrap();
//! }
//! let text = code::encode(&game.record()).unwrap();
//! assert!(text.starts_with('C'));
//! assert_eq!(code::decode(&text).unwrap(), game.record());
//! assert!(code::decode("Bxyz").is_err());
//! ```

use crate::board::BoardId;
use crate::colour::{Colour, ColourSet};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Phase;
use crate::record::{GameRecord, ReplayError};
use crate::rules::Rules;
use crate::seats::Seats;
use core::fmt;

/// The first character of a version-1 code (three toggle bits; its
/// `french` is `french+start-roll` now, see [`Rules::from_version1_bits`]).
pub const VERSION_1: char = 'B';

/// The first character of a version-2 code (eight toggle bits, the
/// classic board), still written for classic games.
pub const VERSION_2: char = 'C';
/// The first character of a version-3 link code, written for games on
/// any other board than the classic one: version 2 with the board's
/// number after the rules.
pub const VERSION_3: char = 'D';
/// Bits of the board number (version 3).
const BOARD_BITS: u32 = 4;

/// The width of the rules field of a version-2 code.
const RULES_BITS: u32 = 8;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a text could not be decoded. When the header was readable and some
/// moves were valid, `prefix` holds the record up to the last good move.
///
/// ```
/// use barricade_rules::code::{decode, CodeErrorKind};
/// let e = decode("Z123").unwrap_err();
/// assert_eq!(e.kind, CodeErrorKind::UnknownVersion('Z'));
/// assert!(e.prefix.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeError {
    /// What went wrong.
    pub kind: CodeErrorKind,
    /// The valid part of the record, when there is one.
    pub prefix: Option<GameRecord>,
}

/// The kinds of [`CodeError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeErrorKind {
    /// The text is empty.
    Empty,
    /// The first character names no known version.
    UnknownVersion(char),
    /// A character outside the URL-safe base64 alphabet, at this index.
    BadCharacter(usize),
    /// The checksum does not match: the text was changed or cut.
    Corrupted,
    /// The data ends too early (at this 1-based ply, or 0 in the header).
    Truncated(usize),
    /// The header holds impossible values.
    BadHeader(String),
    /// The move at this 1-based ply is not legal.
    IllegalMove(usize),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            CodeErrorKind::Empty => f.write_str("the game code is empty"),
            CodeErrorKind::UnknownVersion(c) => {
                write!(f, "unknown game code version '{}'", c.escape_default())
            }
            CodeErrorKind::BadCharacter(i) => {
                write!(
                    f,
                    "the game code has an invalid character at position {}",
                    i + 1
                )
            }
            CodeErrorKind::Corrupted => f.write_str("the game code is corrupted (checksum)"),
            CodeErrorKind::Truncated(0) => f.write_str("the game code is cut short in its header"),
            CodeErrorKind::Truncated(ply) => write!(f, "the game code is cut short at ply {ply}"),
            CodeErrorKind::BadHeader(why) => write!(f, "the game code has a bad header: {why}"),
            CodeErrorKind::IllegalMove(ply) => {
                write!(f, "the game code has an illegal move at ply {ply}")
            }
        }?;
        if let Some(p) = &self.prefix {
            write!(f, " (the first {} plies are valid)", p.moves.len())?;
        }
        Ok(())
    }
}

impl std::error::Error for CodeError {}

fn err(kind: CodeErrorKind) -> CodeError {
    CodeError { kind, prefix: None }
}

/// Bits needed to choose one of `n` options (0 when there is one).
fn width(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    bits: u32,
}

impl BitWriter {
    fn put(&mut self, value: u64, width: u32) {
        for i in 0..width {
            if self.bits.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if (value >> i) & 1 == 1
                && let Some(last) = self.bytes.last_mut()
            {
                *last |= 1 << (self.bits % 8);
            }
            self.bits += 1;
        }
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    fn get(&mut self, width: u32) -> Option<u64> {
        let mut v = 0u64;
        for i in 0..width {
            let byte = *self.bytes.get(self.pos / 8)?;
            if (byte >> (self.pos % 8)) & 1 == 1 {
                v |= 1 << i;
            }
            self.pos += 1;
        }
        Some(v)
    }
}

/// A 16-bit checksum (FNV-1a folded).
fn checksum(bytes: &[u8]) -> u16 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    ((h >> 16) ^ (h & 0xffff)) as u16
}

/// The options of the current decision, in canonical order, and how to
/// turn an index into a move. Returns `(count, move for index)` pieces.
fn choices(game: &Game) -> Choices {
    let pos = game.position();
    match pos.phase() {
        Phase::Place => Choices::Place(pos.placement_squares()),
        Phase::ChooseAgain => Choices::Again,
        Phase::Move(_) => Choices::Step(Box::new(pos.legal_moves())),
        Phase::Roll | Phase::Over(_) => Choices::None,
    }
}

enum Choices {
    None,
    Place(crate::SquareSet),
    Again,
    Step(Box<crate::MoveList>),
}

/// Encodes `record` as a link code. Fails (with the ply) when the record
/// does not replay.
pub fn encode(record: &GameRecord) -> Result<String, ReplayError> {
    let mut w = BitWriter::default();
    w.put(u64::from(record.rules.bits()), RULES_BITS);
    // Classic games stay version 2, the same text as before boards were
    // data; other boards need version 3, which names the board.
    let version = if record.board == BoardId::Classic {
        VERSION_2
    } else {
        w.put(u64::from(record.board.number()), BOARD_BITS);
        VERSION_3
    };
    let colours = record.seats.colours();
    w.put(colours.len() as u64 - 2, 2);
    for c in colours {
        w.put(c.index() as u64, 2);
    }
    let teams = record.seats.teams();
    let has_teams = record.seats.has_teams();
    w.put(u64::from(has_teams), 1);
    if has_teams {
        for &c in colours {
            let t = teams.iter().position(|t| t.contains(c)).unwrap_or(0);
            w.put(t as u64, 2);
        }
    }
    w.put(record.seed, 64);
    w.put(u64::from(record.rolled), 1);
    w.put(record.moves.len() as u64, 16);

    let mut game = Game::new_on(record.board, record.rules, record.seats, record.seed);
    for (i, &mv) in record.moves.iter().enumerate() {
        game.roll_if_due();
        let fail = |game: &Game, error| ReplayError {
            ply: i + 1,
            error,
            game: Box::new(game.clone()),
        };
        if let Err(e) = game.position().check(mv) {
            return Err(fail(&game, e));
        }
        match (choices(&game), mv) {
            (Choices::Place(set), Move::Place(s)) => w.put(set.rank_of(s) as u64, width(set.len())),
            (Choices::Again, m) => w.put(u64::from(m == Move::Pass), 1),
            (Choices::Step(list), m) => {
                let n = list.len() + usize::from(list.can_pass());
                let index = match m {
                    Move::Step { from, to, .. } => {
                        list.iter().position(|c| c.from() == from && c.to() == to)
                    }
                    _ => Some(list.len()),
                };
                w.put(index.unwrap_or(0) as u64, width(n));
                if let (Move::Step { drop: Some(d), .. }, Some(i)) = (m, index) {
                    let drops = list.drop_squares(&list[i]);
                    w.put(drops.rank_of(d) as u64, width(drops.len()));
                }
            }
            _ => {}
        }
        if let Err(e) = game.play(mv) {
            return Err(fail(&game, e));
        }
    }
    let sum = checksum(&w.bytes);
    let mut bytes = sum.to_le_bytes().to_vec();
    bytes.extend_from_slice(&w.bytes);
    let mut out = String::with_capacity(1 + bytes.len() * 4 / 3 + 2);
    out.push(version);
    out.push_str(&base64url(&bytes));
    Ok(out)
}

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for k in 0..chars {
            out.push(ALPHABET[((n >> (18 - 6 * k)) & 63) as usize] as char);
        }
    }
    out
}

fn unbase64url(text: &str, offset: usize) -> Result<Vec<u8>, CodeError> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut n = 0;
    for (i, ch) in text.bytes().enumerate() {
        let v = ALPHABET
            .iter()
            .position(|&a| a == ch)
            .ok_or_else(|| err(CodeErrorKind::BadCharacter(i + offset)))?;
        acc = (acc << 6) | v as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((acc >> n) as u8);
            acc &= (1 << n) - 1;
        }
    }
    Ok(out)
}

/// Decodes a link code. Any text gives either the record or a
/// [`CodeError`]; never a panic.
pub fn decode(text: &str) -> Result<GameRecord, CodeError> {
    let text = text.trim();
    let mut chars = text.chars();
    let version = chars.next().ok_or_else(|| err(CodeErrorKind::Empty))?;
    if ![VERSION_1, VERSION_2, VERSION_3].contains(&version) {
        return Err(err(CodeErrorKind::UnknownVersion(version)));
    }
    let bytes = unbase64url(chars.as_str(), 1)?;
    if bytes.len() < 2 {
        return Err(err(CodeErrorKind::Truncated(0)));
    }
    let sum = u16::from_le_bytes([bytes[0], bytes[1]]);
    let body = &bytes[2..];
    let intact = checksum(body) == sum;
    let mut r = BitReader {
        bytes: body,
        pos: 0,
    };
    let (mut record, plies) = read_header(&mut r, version).map_err(|e| match e {
        // A header that reads but makes no sense in a damaged code: the
        // damage is the reason.
        CodeError {
            kind: CodeErrorKind::BadHeader(_),
            ..
        } if !intact => err(CodeErrorKind::Corrupted),
        e => e,
    })?;
    let rolled = record.rolled;
    record.rolled = false;
    let mut game = Game::new_on(record.board, record.rules, record.seats, record.seed);
    for ply in 1..=plies {
        game.roll_if_due();
        let mv = read_move(&mut r, &game, ply).and_then(|mv| {
            game.play(mv)
                .map(|_| mv)
                .map_err(|_| CodeErrorKind::IllegalMove(ply))
        });
        match mv {
            Ok(mv) => record.moves.push(mv),
            Err(kind) => {
                return Err(CodeError {
                    kind: if intact {
                        kind
                    } else {
                        CodeErrorKind::Corrupted
                    },
                    prefix: Some(record),
                });
            }
        }
    }
    if !intact {
        return Err(CodeError {
            kind: CodeErrorKind::Corrupted,
            prefix: Some(record),
        });
    }
    record.rolled = rolled;
    Ok(record)
}

/// Reads the header of a code of `version`: the record with no moves yet
/// (its `rolled` as written) and the number of plies that follow.
fn read_header(r: &mut BitReader, version: char) -> Result<(GameRecord, usize), CodeError> {
    let mut header = |w| r.get(w).ok_or_else(|| err(CodeErrorKind::Truncated(0)));
    let bad = |why: &str| err(CodeErrorKind::BadHeader(why.into()));
    let rules = if version == VERSION_1 {
        Rules::from_version1_bits(header(3)? as u8)
    } else {
        Rules::from_bits(header(RULES_BITS)? as u8)
    }
    .ok_or_else(|| bad("unknown rules"))?;
    let board = if version == VERSION_3 {
        BoardId::from_number(header(BOARD_BITS)? as u8).ok_or_else(|| bad("unknown board"))?
    } else {
        BoardId::Classic
    };
    let count = header(2)? as usize + 2;
    if count > 4 {
        return Err(bad("more than 4 seats"));
    }
    let mut colours = Vec::with_capacity(count);
    for _ in 0..count {
        colours.push(Colour::ALL[header(2)? as usize & 3]);
    }
    let has_teams = header(1)? == 1;
    let seats = if has_teams {
        let mut teams = [ColourSet::EMPTY; 4];
        for &c in &colours {
            teams[header(2)? as usize & 3].insert(c);
        }
        let teams: Vec<ColourSet> = teams.into_iter().filter(|t| !t.is_empty()).collect();
        Seats::with_teams(&colours, &teams)
    } else {
        Seats::new(&colours)
    }
    .map_err(|e| bad(&e.to_string()))?;
    let seed = header(64)?;
    let rolled = header(1)? == 1;
    let plies = header(16)? as usize;
    let record = GameRecord {
        board,
        rules,
        seats,
        seed,
        moves: Vec::with_capacity(plies.min(4096)),
        rolled,
    };
    Ok((record, plies))
}

/// Reads the decision of ply `ply` from `r`: an index into what `game`
/// allows now (see [`choices`]).
fn read_move(r: &mut BitReader, game: &Game, ply: usize) -> Result<Move, CodeErrorKind> {
    let truncated = CodeErrorKind::Truncated(ply);
    let illegal = CodeErrorKind::IllegalMove(ply);
    match choices(game) {
        Choices::None => Err(illegal),
        Choices::Place(set) => {
            let i = r.get(width(set.len())).ok_or(truncated)?;
            set.nth(i as usize).map(Move::Place).ok_or(illegal)
        }
        Choices::Again => match r.get(1) {
            Some(0) => Ok(Move::Again),
            Some(_) => Ok(Move::Pass),
            None => Err(truncated),
        },
        Choices::Step(list) => {
            let n = list.len() + usize::from(list.can_pass());
            let i = r.get(width(n)).ok_or(truncated.clone())? as usize;
            if i >= n {
                return Err(illegal);
            }
            if i == list.len() {
                return Ok(Move::Pass);
            }
            let c = list[i];
            let drops = list.drop_squares(&c);
            let drop = if drops.is_empty() {
                None
            } else {
                let d = r.get(width(drops.len())).ok_or(truncated)?;
                Some(drops.nth(d as usize).ok_or(illegal)?)
            };
            Ok(c.to_move(drop))
        }
    }
}

impl GameRecord {
    /// The link code of this record (see [`encode`]).
    ///
    /// ```
    /// use barricade_rules::{Game, GameRecord, Rules, Seats};
    /// let record = Game::new(Rules::default(), Seats::default(), 5).record();
    /// let text = record.to_code().unwrap();
    /// assert_eq!(GameRecord::from_code(&text).unwrap(), record);
    /// ```
    pub fn to_code(&self) -> Result<String, ReplayError> {
        encode(self)
    }

    /// The record in a link code (see [`decode`]).
    ///
    /// ```
    /// assert!(barricade_rules::GameRecord::from_code("").is_err());
    /// ```
    pub fn from_code(text: &str) -> Result<GameRecord, CodeError> {
        decode(text)
    }
}
