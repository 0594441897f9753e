//! A room's settings: the seats as in the new-game form (a person, or the
//! computer at a level; 2 to 4 colours in playing order; teams), the rule
//! set and board, spectators, the turn timer. [`SettingsJson`] is what
//! travels (defined in the protocol crate); [`Settings`] is the checked
//! form the room plays with ([`CheckSettings::check`]).

use barricade_ai::{Level, ParseLevelError};
pub use barricade_protocol::settings::{SeatJson, SettingsJson};
use barricade_rules::board::ParseBoardError;
use barricade_rules::colour::ParseColourError;
use barricade_rules::rules::ParseRulesError;
use barricade_rules::{BoardId, Colour, ColourSet, Rules, Seats, SeatsError};
use std::time::Duration;

/// The shortest and longest turn timer, in seconds.
pub const TURN_SECONDS: std::ops::RangeInclusive<u32> = 5..=3600;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, once someone takes the seat.
    Person,
    /// The computer at this level.
    Computer(Level),
}

/// Checked settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The board.
    pub board: BoardId,
    /// The rule set.
    pub rules: Rules,
    /// Colours in playing order and teams, as the rules crate holds them.
    pub seats: Seats,
    /// Who plays each seat, in seat order.
    pub players: Vec<Player>,
    /// May people without a seat watch?
    pub spectators: bool,
    /// The turn timer, if any.
    pub turn_timer: Option<Duration>,
    /// The stand-in computer's level.
    pub stand_in: Level,
    /// The same settings as JSON with every default filled in.
    pub json: SettingsJson,
}

/// Why settings were refused. The rules crate's and the AI crate's
/// errors read as they do there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// `board` names no board.
    #[error(transparent)]
    Board(#[from] ParseBoardError),
    /// `rules` names no rule set.
    #[error(transparent)]
    Rules(#[from] ParseRulesError),
    /// More than four seats.
    #[error("a game has 2 to 4 seats")]
    TooManySeats,
    /// A seat's colour, or a colour in a team, names no colour.
    #[error(transparent)]
    Colour(#[from] ParseColourError),
    /// A computer's or the stand-in's level names no level.
    #[error(transparent)]
    Level(#[from] ParseLevelError),
    /// A seat's player is neither `person` nor `computer` (its first 16
    /// characters).
    #[error("'{0}' is not a player (person or computer)")]
    Player(String),
    /// More than four teams.
    #[error("at most four teams")]
    TooManyTeams,
    /// The seats and teams do not make a game.
    #[error(transparent)]
    Seats(#[from] SeatsError),
    /// Every seat is the computer's.
    #[error("a room needs at least one person seat")]
    NoPerson,
    /// The turn timer is outside [`TURN_SECONDS`].
    #[error("a turn timer of {0} s is outside 5 to 3600 s")]
    TurnTimer(u32),
}

fn level(name: Option<&str>) -> Result<Level, SettingsError> {
    Ok(name.unwrap_or("medium").parse()?)
}

/// The server's check of the settings that travel.
///
/// ```
/// use barricade_server::settings::{CheckSettings, SettingsJson};
/// let json = r#"{"seats":[{"colour":"red","player":"person"},
///                         {"colour":"blue","player":"computer","level":"easy"}]}"#;
/// let settings: SettingsJson = serde_json::from_str(json).unwrap();
/// let checked = settings.check().unwrap();
/// assert_eq!(checked.seats.len(), 2);
/// assert_eq!(checked.json.rules.as_deref(), Some("ravensburger"));
/// ```
pub trait CheckSettings {
    /// Checks the settings with the rules crate's own types.
    fn check(&self) -> Result<Settings, SettingsError>;
}

impl CheckSettings for SettingsJson {
    fn check(&self) -> Result<Settings, SettingsError> {
        let board: BoardId = self.board.as_deref().unwrap_or("classic").parse()?;
        let rules: Rules = self.rules.as_deref().unwrap_or("ravensburger").parse()?;
        if self.seats.len() > 4 {
            return Err(SettingsError::TooManySeats);
        }
        let mut colours = Vec::new();
        let mut players = Vec::new();
        let mut seats_json = Vec::new();
        for seat in &self.seats {
            let colour: Colour = seat.colour.parse()?;
            let player = match seat.player.as_str() {
                "person" => Player::Person,
                "computer" => Player::Computer(level(seat.level.as_deref())?),
                other => {
                    return Err(SettingsError::Player(other.chars().take(16).collect()));
                }
            };
            colours.push(colour);
            seats_json.push(SeatJson {
                colour: colour.to_string(),
                player: seat.player.clone(),
                level: match player {
                    Player::Computer(l) => Some(l.to_string()),
                    Player::Person => None,
                },
            });
            players.push(player);
        }
        if self.teams.len() > 4 {
            return Err(SettingsError::TooManyTeams);
        }
        let mut teams = Vec::new();
        for team in &self.teams {
            let set: ColourSet = team.parse()?;
            teams.push(set);
        }
        let seats = Seats::with_teams(&colours, &teams)?;
        if !players.contains(&Player::Person) {
            return Err(SettingsError::NoPerson);
        }
        let turn_timer = match self.turn_seconds {
            None => None,
            Some(s) if TURN_SECONDS.contains(&s) => Some(Duration::from_secs(u64::from(s))),
            Some(s) => return Err(SettingsError::TurnTimer(s)),
        };
        let stand_in = level(self.stand_in.as_deref())?;
        let json = SettingsJson {
            board: Some(board.to_string()),
            rules: Some(rules.name()),
            seats: seats_json,
            teams: if seats.has_teams() {
                seats.teams().iter().map(|t| t.to_string()).collect()
            } else {
                Vec::new()
            },
            spectators: self.spectators,
            turn_seconds: self.turn_seconds,
            stand_in: Some(stand_in.to_string()),
        };
        Ok(Settings {
            board,
            rules,
            seats,
            players,
            spectators: self.spectators,
            turn_timer,
            stand_in,
            json,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Result<Settings, SettingsError> {
        serde_json::from_str::<SettingsJson>(json).unwrap().check()
    }

    #[test]
    fn settings_are_checked_by_the_rules_crate() {
        let ok = parse(
            r#"{"board":"quick","rules":"french","teams":["red+yellow","green+blue"],
                "seats":[{"colour":"red","player":"person"},{"colour":"green","player":"computer","level":"hard"},
                         {"colour":"yellow","player":"person"},{"colour":"blue","player":"computer"}]}"#,
        )
        .unwrap();
        assert_eq!(ok.board, BoardId::Quick);
        assert!(ok.seats.has_teams());
        assert_eq!(ok.players[3], Player::Computer(Level::Medium));
        assert_eq!(ok.json.seats[3].level.as_deref(), Some("medium"));
        assert_eq!(ok.json.check().unwrap(), ok);
        // Every refusal reads as the rules and AI crates word it.
        let two = r#"{"colour":"red","player":"person"},{"colour":"blue","player":"person"}"#;
        for (bad, message) in [
            (
                r#"{"seats":[{"colour":"red","player":"person"}]}"#.to_string(),
                "a game has 2 to 4 seated colours, not 1",
            ),
            (
                r#"{"seats":[{"colour":"red","player":"person"},{"colour":"red","player":"person"}]}"#.into(),
                "red is seated twice",
            ),
            (
                r#"{"seats":[{"colour":"pink","player":"person"},{"colour":"red","player":"person"}]}"#.into(),
                "'pink' is not a colour (red, green, yellow, blue)",
            ),
            (
                r#"{"seats":[{"colour":"red","player":"robot"},{"colour":"blue","player":"person"}]}"#.into(),
                "'robot' is not a player (person or computer)",
            ),
            (
                r#"{"seats":[{"colour":"red","player":"computer"},{"colour":"blue","player":"computer"}]}"#.into(),
                "a room needs at least one person seat",
            ),
            (
                r#"{"seats":[{"colour":"red","player":"computer","level":"expert"},{"colour":"blue","player":"person"}]}"#.into(),
                r#"unknown level "expert" (easy, medium, hard or master)"#,
            ),
            (
                format!(r#"{{"board":"hex","seats":[{two}]}}"#),
                "'hex' is not a board (classic, quick)",
            ),
            (
                format!(r#"{{"rules":"chess","seats":[{two}]}}"#),
                "'chess' is not a rule set (ravensburger, start-roll, barricade, french, or toggles joined by +: free-pass, start-roll, french, bottom-row)",
            ),
            (
                format!(r#"{{"turn_seconds":1,"seats":[{two}]}}"#),
                "a turn timer of 1 s is outside 5 to 3600 s",
            ),
            (
                format!(r#"{{"teams":["red"],"seats":[{two}]}}"#),
                "teams need at least two sides",
            ),
            (
                format!(r#"{{"teams":["red+pink","blue"],"seats":[{two}]}}"#),
                "'pink' is not a colour (red, green, yellow, blue)",
            ),
        ] {
            let refused = parse(&bad).expect_err(&bad);
            assert_eq!(refused.to_string(), message, "{bad}");
        }
    }
}
