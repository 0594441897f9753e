//! The new-game choices: who sits where (human or computer), teams, rules,
//! and an optional fixed seed. Stored as one short line of text.

use barricade_ai::Level;
use barricade_rules::{BoardId, Colour, GameRecord, Rules, Seats, SeatsError};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person at this device.
    Human,
    /// The computer, at this level.
    Computer(Level),
}

impl SeatKind {
    /// The short code used in the stored text and the form's values:
    /// `human`, `easy`, `medium`, `hard`.
    pub fn code(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Computer(level) => level.name(),
        }
    }

    /// The kind for a code made by [`SeatKind::code`].
    pub fn from_code(code: &str) -> Option<SeatKind> {
        match code {
            "human" => Some(SeatKind::Human),
            other => other.parse().ok().map(SeatKind::Computer),
        }
    }

    /// Is this a computer seat?
    pub fn is_computer(self) -> bool {
        matches!(self, SeatKind::Computer(_))
    }
}

/// Every choice of the new-game form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupChoices {
    /// The board: classic, or the quick board.
    pub board: BoardId,
    /// Per colour (in [`Colour::ALL`] order): `None` when the colour does
    /// not play.
    pub seats: [Option<SeatKind>; 4],
    /// Two colours each (red+yellow against green+blue); needs all four.
    pub teams: bool,
    /// The rule set.
    pub rules: Rules,
    /// A fixed dice seed, or `None` for a fresh random one.
    pub seed: Option<u64>,
    /// Played by link: every seat is a person on their own device, and
    /// the game travels as a link from one to the next.
    pub by_link: bool,
}

impl Default for SetupChoices {
    /// You (red) against three computers (medium), default rules.
    fn default() -> SetupChoices {
        let computer = Some(SeatKind::Computer(Level::Medium));
        SetupChoices {
            board: BoardId::Classic,
            seats: [Some(SeatKind::Human), computer, computer, computer],
            teams: false,
            rules: Rules::default(),
            seed: None,
            by_link: false,
        }
    }
}

impl SetupChoices {
    /// The seated colours in board order.
    pub fn colours(&self) -> Vec<Colour> {
        Colour::ALL
            .into_iter()
            .filter(|c| self.seats[c.index()].is_some())
            .collect()
    }

    /// Do the teams apply (asked for, and all four colours seated)?
    pub fn has_teams(&self) -> bool {
        self.teams && self.colours().len() == 4
    }

    /// The seats for the rules engine, or why these choices are not a game.
    ///
    /// ```
    /// use barricade_web::state::setup::SetupChoices;
    /// assert_eq!(SetupChoices::default().seats().unwrap().len(), 4);
    /// ```
    pub fn seats(&self) -> Result<Seats, SeatsError> {
        if self.has_teams() {
            Ok(Seats::two_colours_each())
        } else {
            Seats::new(&self.colours())
        }
    }

    /// Who plays `colour` (a human when the colour is not seated, or in a
    /// game by link).
    pub fn kind(&self, colour: Colour) -> SeatKind {
        match self.seats[colour.index()] {
            Some(kind) if !self.by_link => kind,
            _ => SeatKind::Human,
        }
    }

    /// The choices that replay `record`: its colours, all played by
    /// people (here, or each on their own device when `by_link`).
    pub fn for_record(record: &GameRecord, by_link: bool) -> SetupChoices {
        let mut seats = [None; 4];
        for &c in record.seats.colours() {
            seats[c.index()] = Some(SeatKind::Human);
        }
        SetupChoices {
            board: record.board,
            seats,
            teams: record.seats.has_teams(),
            rules: record.rules,
            seed: None,
            by_link,
        }
    }

    /// Are all seated colours played by people?
    pub fn all_human(&self) -> bool {
        self.colours().iter().all(|&c| !self.kind(c).is_computer())
    }

    /// The choices as one line: `red=human green=- yellow=medium blue=-
    /// teams=0 rules=ravensburger`, then ` board=quick` on the quick board
    /// and ` link=1` for a game by link (the seed is not stored).
    ///
    /// ```
    /// use barricade_web::state::setup::SetupChoices;
    /// let c = SetupChoices::default();
    /// assert_eq!(SetupChoices::decode(&c.encode()), Some(c));
    /// ```
    pub fn encode(&self) -> String {
        let mut out = String::new();
        for colour in Colour::ALL {
            let kind = self.seats[colour.index()].map_or("-", SeatKind::code);
            out.push_str(&format!("{}={} ", colour.name(), kind));
        }
        out.push_str(&format!(
            "teams={} rules={}",
            u8::from(self.teams),
            self.rules
        ));
        if self.board != BoardId::Classic {
            out.push_str(&format!(" board={}", self.board.name()));
        }
        if self.by_link {
            out.push_str(" link=1");
        }
        out
    }

    /// Reads a line made by [`SetupChoices::encode`]; `None` if it is not one.
    pub fn decode(text: &str) -> Option<SetupChoices> {
        let mut choices = SetupChoices {
            board: BoardId::Classic,
            seats: [None; 4],
            teams: false,
            rules: Rules::default(),
            seed: None,
            by_link: false,
        };
        for item in text.split_whitespace() {
            let (key, value) = item.split_once('=')?;
            match key {
                "teams" => choices.teams = value == "1",
                "link" => choices.by_link = value == "1",
                "rules" => choices.rules = value.parse().ok()?,
                "board" => choices.board = value.parse().ok()?,
                colour => {
                    let colour: Colour = colour.parse().ok()?;
                    choices.seats[colour.index()] = match value {
                        "-" => None,
                        code => Some(SeatKind::from_code(code)?),
                    };
                }
            }
        }
        choices.seats().ok()?;
        Some(choices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_seats_with_teams_are_two_colours_each() {
        let choices = SetupChoices {
            seats: [Some(SeatKind::Human); 4],
            teams: true,
            ..SetupChoices::default()
        };
        assert_eq!(choices.seats().unwrap(), Seats::two_colours_each());
        let back = SetupChoices::decode(&choices.encode()).unwrap();
        assert_eq!(back, choices);
    }

    #[test]
    fn a_game_by_link_is_all_people_and_round_trips() {
        let choices = SetupChoices {
            by_link: true,
            ..SetupChoices::default()
        };
        assert!(
            Colour::ALL
                .iter()
                .all(|&c| choices.kind(c) == SeatKind::Human)
        );
        assert!(choices.all_human());
        assert_eq!(SetupChoices::decode(&choices.encode()), Some(choices));
        let quick = SetupChoices {
            board: BoardId::Quick,
            ..choices
        };
        assert!(quick.encode().ends_with(" board=quick link=1"));
        assert_eq!(SetupChoices::decode(&quick.encode()), Some(quick));
        let record = barricade_rules::Game::new(Rules::default(), Seats::default(), 1).record();
        let replay = SetupChoices::for_record(&record, false);
        assert_eq!(replay.colours(), Colour::ALL.to_vec());
        assert!(!replay.by_link && replay.all_human());
    }

    #[test]
    fn one_seat_is_not_a_game() {
        let choices = SetupChoices {
            seats: [Some(SeatKind::Human), None, None, None],
            ..SetupChoices::default()
        };
        assert!(choices.seats().is_err());
        assert_eq!(SetupChoices::decode(&choices.encode()), None);
        assert_eq!(SetupChoices::decode("nonsense"), None);
    }
}
