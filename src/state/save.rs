//! The autosave: a tiny versioned text format holding the rules engine's
//! link code plus the app's own state (the seats' players, a move waiting
//! for its drop square, the redo stack).
//!
//! ```text
//! barricade-save 1
//! choices red=human green=- yellow=medium blue=- teams=0 rules=ravensburger
//! code C...
//! pending home c1        (optional: from, to of a move waiting for a drop)
//! redo k9-i9 x g8;pass   (optional: undone moves, next one last)
//! link red 12            (a game by link: this device plays red, took
//!                         the game after 12 decisions)
//! ```

use super::setup::SetupChoices;
use super::{GameState, PlayMode};
use barricade_rules::{Colour, GameRecord, Move, Origin, Square};

/// The localStorage key of the game.
pub const KEY: &str = "barricade.game";
/// Where an unreadable save is kept.
pub const BACKUP_KEY: &str = "barricade.game.backup";
/// Where a game in progress goes when a link or "Play from here" replaces
/// it, until the player goes back to it.
pub const PREVIOUS_KEY: &str = "barricade.game.previous";
/// The localStorage key of the settings.
pub const SETTINGS_KEY: &str = "barricade.settings";
/// The first line of a save in this format.
pub const HEADER: &str = "barricade-save 1";

/// The save text of `state`.
pub fn encode(state: &GameState) -> String {
    encode_with_code(state, &state.code())
}

/// The save text of `state`, whose record's link code is `code` (already
/// encoded: see [`GameState::code`]).
pub fn encode_with_code(state: &GameState, code: &str) -> String {
    let mut out = format!(
        "{HEADER}\nchoices {}\ncode {code}\n",
        state.choices().encode(),
    );
    if let Some(c) = state.pending() {
        out.push_str(&format!("pending {} {}\n", c.from(), c.to()));
    }
    if !state.redo_moves().is_empty() {
        let moves: Vec<String> = state.redo_moves().iter().map(Move::to_string).collect();
        out.push_str(&format!("redo {}\n", moves.join(";")));
    }
    if let Some((colour, floor)) = state.link() {
        out.push_str(&format!("link {} {floor}\n", colour.name()));
    }
    out
}

/// The game saved in `text`, or why it cannot be read.
pub fn decode(text: &str) -> Result<GameState, String> {
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some(HEADER) {
        return Err("unknown save format".into());
    }
    let (mut choices, mut code, mut pending, mut redo) = (None, None, None, Vec::new());
    let mut link = None;
    for line in lines {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "choices" => choices = SetupChoices::decode(value),
            "code" => code = Some(value.trim()),
            "pending" => {
                let (from, to) = value.split_once(' ').ok_or("bad pending move")?;
                let from: Origin = from.parse().map_err(|_| "bad pending origin")?;
                let to: Square = to.parse().map_err(|_| "bad pending square")?;
                pending = Some((from, to));
            }
            "redo" => {
                for mv in value.split(';') {
                    redo.push(mv.parse::<Move>().map_err(|e| e.to_string())?);
                }
            }
            "link" => {
                let (colour, floor) = value.split_once(' ').ok_or("bad link line")?;
                let colour: Colour = colour.parse().map_err(|_| "bad link colour")?;
                let floor: usize = floor.trim().parse().map_err(|_| "bad link count")?;
                link = Some((colour, floor));
            }
            "" => {}
            _ => return Err(format!("unknown line \"{key}\"")),
        }
    }
    let mut choices = choices.ok_or("no readable seats")?;
    let record = GameRecord::from_code(code.ok_or("no game code")?).map_err(|e| e.to_string())?;
    // The code's rules are the game's: a version-1 code reads `french` as
    // `french+start-roll`, the rules it was played under.
    choices.rules = record.rules;
    let mut state = GameState::from_record(choices, &record)?;
    if choices.by_link {
        match link {
            Some((colour, floor)) if floor <= record.moves.len() => {
                state.mode = PlayMode::ByLink {
                    colour,
                    taken_at: floor,
                };
            }
            _ => return Err("a game by link without its link line".into()),
        }
    }
    if let Some((from, to)) = pending {
        let c = state
            .moves()
            .find(from, to)
            .filter(|c| c.takes_barricade())
            .ok_or("the pending move is not legal")?;
        if !state.move_to(c) || state.pending().is_none() {
            return Err("the pending move is not legal".into());
        }
    }
    state.redo = redo;
    Ok(state)
}
