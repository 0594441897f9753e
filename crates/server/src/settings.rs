//! A room's settings: the seats as in the new-game form (a person, or the
//! computer at a level; 2 to 4 colours in playing order; teams), the rule
//! set and board, spectators, the turn timer. [`SettingsJson`] is what
//! travels (defined in the protocol crate); [`Settings`] is the checked
//! form the room plays with ([`CheckSettings::check`]).

use barricade_ai::Level;
pub use barricade_protocol::settings::{SeatJson, SettingsJson};
use barricade_rules::{BoardId, Colour, ColourSet, Rules, Seats};
use std::fmt;
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

/// Why settings were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError(pub String);

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SettingsError {}

fn level(name: Option<&str>) -> Result<Level, SettingsError> {
    name.unwrap_or("medium")
        .parse()
        .map_err(|e| SettingsError(format!("{e}")))
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
        let err = |e: &dyn fmt::Display| SettingsError(e.to_string());
        let board: BoardId = self
            .board
            .as_deref()
            .unwrap_or("classic")
            .parse()
            .map_err(|e| err(&e))?;
        let rules: Rules = self
            .rules
            .as_deref()
            .unwrap_or("ravensburger")
            .parse()
            .map_err(|e| err(&e))?;
        if self.seats.len() > 4 {
            return Err(SettingsError("a game has 2 to 4 seats".into()));
        }
        let mut colours = Vec::new();
        let mut players = Vec::new();
        let mut seats_json = Vec::new();
        for seat in &self.seats {
            let colour: Colour = seat.colour.parse().map_err(|e| err(&e))?;
            let player = match seat.player.as_str() {
                "person" => Player::Person,
                "computer" => Player::Computer(level(seat.level.as_deref())?),
                other => {
                    let short: String = other.chars().take(16).collect();
                    return Err(SettingsError(format!(
                        "'{short}' is not a player (person or computer)"
                    )));
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
            return Err(SettingsError("at most four teams".into()));
        }
        let mut teams = Vec::new();
        for team in &self.teams {
            let set: ColourSet = team.parse().map_err(|e| err(&e))?;
            teams.push(set);
        }
        let seats = Seats::with_teams(&colours, &teams).map_err(|e| err(&e))?;
        if !players.contains(&Player::Person) {
            return Err(SettingsError(
                "a room needs at least one person seat".into(),
            ));
        }
        let turn_timer = match self.turn_seconds {
            None => None,
            Some(s) if TURN_SECONDS.contains(&s) => Some(Duration::from_secs(u64::from(s))),
            Some(s) => {
                return Err(SettingsError(format!(
                    "a turn timer of {s} s is outside 5 to 3600 s"
                )));
            }
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
        for bad in [
            r#"{"seats":[{"colour":"red","player":"person"}]}"#,
            r#"{"seats":[{"colour":"red","player":"person"},{"colour":"red","player":"person"}]}"#,
            r#"{"seats":[{"colour":"pink","player":"person"},{"colour":"red","player":"person"}]}"#,
            r#"{"seats":[{"colour":"red","player":"robot"},{"colour":"blue","player":"person"}]}"#,
            r#"{"seats":[{"colour":"red","player":"computer"},{"colour":"blue","player":"computer"}]}"#,
            r#"{"board":"hex","seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
            r#"{"rules":"chess","seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
            r#"{"turn_seconds":1,"seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
            r#"{"teams":["red"],"seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
