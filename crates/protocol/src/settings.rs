//! A room's settings as they travel, in `create` and in the `opened`
//! event: the seats (a person, or the computer at a level; 2 to 4 colours
//! in playing order), teams, the rule set and board, spectators, the turn
//! timer. The server checks them with the rules crate
//! (`barricade_server::settings`); here they are only the wire's shape.

use serde::{Deserialize, Serialize};

/// A room's settings as they travel in `create` and in the `opened` event.
/// Absent fields take their defaults (shown filled in by `opened`).
///
/// ```
/// use barricade_protocol::SettingsJson;
/// let json = r#"{"seats":[{"colour":"red","player":"person"},
///                         {"colour":"blue","player":"computer","level":"easy"}]}"#;
/// let settings: SettingsJson = serde_json::from_str(json).unwrap();
/// assert_eq!(settings.seats.len(), 2);
/// assert_eq!(settings.seats[1].level.as_deref(), Some("easy"));
/// assert!(settings.spectators, "spectators are welcome unless said");
/// assert_eq!(settings.rules, None, "the server fills in the default");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettingsJson {
    /// `classic` (default) or `quick`.
    #[serde(default)]
    pub board: Option<String>,
    /// A rule set's name (docs/protocol.md): `ravensburger` (default),
    /// `start-roll`, `barricade`, `french`, or toggles joined by `+`.
    #[serde(default)]
    pub rules: Option<String>,
    /// The seats in playing order.
    pub seats: Vec<SeatJson>,
    /// Teams, e.g. `["red+yellow","green+blue"]`; absent or empty: none.
    #[serde(default)]
    pub teams: Vec<String>,
    /// May people watch who hold no seat? Default true.
    #[serde(default = "yes")]
    pub spectators: bool,
    /// The turn timer in seconds (5 to 3600); absent: no timer.
    #[serde(default)]
    pub turn_seconds: Option<u32>,
    /// The level of the computer that stands in for a player whose time
    /// ran out or who is gone (default `medium`).
    #[serde(default)]
    pub stand_in: Option<String>,
}

fn yes() -> bool {
    true
}

/// One seat in [`SettingsJson`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatJson {
    /// `red`, `green`, `yellow` or `blue`.
    pub colour: String,
    /// `person` or `computer`.
    pub player: String,
    /// The computer's level: `easy`, `medium` (default), `hard`, `master`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

impl SeatJson {
    /// Is the seat a person's (else the computer's)?
    pub fn is_person(&self) -> bool {
        self.player == "person"
    }
}
