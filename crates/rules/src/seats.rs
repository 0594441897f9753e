//! [`Seats`]: who plays, in which order, and in which teams.

use crate::colour::{Colour, ColourSet, Team};

/// The seated colours in playing order (2 to 4 of them) and their teams.
///
/// Without teams every colour is its own team. With teams, teammates never
/// capture each other nor end a move on each other, and a whole team wins
/// together. The "two colours each" mode is four seats in the normal order
/// with red+yellow against green+blue ([`Seats::two_colours_each`]).
///
/// ```
/// use barricade_rules::{Colour, Seats};
/// let seats = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
/// assert_eq!(seats.len(), 2);
/// assert_eq!(seats.colour(1), Some(Colour::Blue));
/// assert!(!seats.has_teams());
/// let pairs = Seats::two_colours_each();
/// assert!(pairs.are_teammates(Colour::Red, Colour::Yellow));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Seats {
    order: [Colour; 4],
    len: u8,
    /// The team of every colour (indexed by colour; empty when unseated).
    team: [ColourSet; 4],
}

/// Why a list of seats or teams was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatsError {
    /// Fewer than 2 or more than 4 colours.
    #[error("a game has 2 to 4 seated colours, not {0}")]
    Count(usize),
    /// A colour appears twice in the order.
    #[error("{0} is seated twice")]
    SeatedTwice(Colour),
    /// Only one team.
    #[error("teams need at least two sides")]
    OneTeam,
    /// A team without a colour.
    #[error("a team is empty")]
    EmptyTeam,
    /// A team holds a colour that has no seat.
    #[error("{0} is in a team but not seated")]
    TeamNotSeated(Colour),
    /// A colour is in more than one team.
    #[error("{0} is in two teams")]
    InTwoTeams(Colour),
    /// A seated colour is in no team.
    #[error("every seated colour must be in a team")]
    NoTeam,
    /// [`Seats::reordered`] was given other colours.
    #[error("a new order must hold the same colours")]
    OtherColours,
}

impl Default for Seats {
    /// All four colours, red, green, yellow, blue, no teams.
    fn default() -> Seats {
        Seats::new(&Colour::ALL).unwrap_or(Seats {
            order: Colour::ALL,
            len: 4,
            team: Colour::ALL.map(ColourSet::single),
        })
    }
}

impl Seats {
    /// 2 to 4 distinct colours in playing order, each its own team.
    ///
    /// ```
    /// use barricade_rules::{Colour, Seats};
    /// assert!(Seats::new(&[Colour::Red]).is_err());
    /// assert!(Seats::new(&[Colour::Red, Colour::Red]).is_err());
    /// ```
    pub fn new(order: &[Colour]) -> Result<Seats, SeatsError> {
        if !(2..=4).contains(&order.len()) {
            return Err(SeatsError::Count(order.len()));
        }
        let mut seated = ColourSet::EMPTY;
        let mut arr = [Colour::Red; 4];
        for (i, &c) in order.iter().enumerate() {
            if seated.contains(c) {
                return Err(SeatsError::SeatedTwice(c));
            }
            seated.insert(c);
            arr[i] = c;
        }
        let mut team = [ColourSet::EMPTY; 4];
        for &c in order {
            team[c.index()] = ColourSet::single(c);
        }
        Ok(Seats {
            order: arr,
            len: order.len() as u8,
            team,
        })
    }

    /// Seats in `order` split into `teams`. Every seated colour must be in
    /// exactly one team and there must be at least two teams.
    ///
    /// ```
    /// use barricade_rules::{Colour::*, ColourSet, Seats};
    /// let one_v_three = Seats::with_teams(
    ///     &[Red, Green, Yellow, Blue],
    ///     &[ColourSet::single(Red), [Green, Yellow, Blue].into_iter().collect()],
    /// ).unwrap();
    /// assert!(one_v_three.are_teammates(Green, Blue));
    /// assert!(!one_v_three.are_teammates(Red, Blue));
    /// ```
    pub fn with_teams(order: &[Colour], teams: &[Team]) -> Result<Seats, SeatsError> {
        let mut seats = Seats::new(order)?;
        if teams.is_empty() {
            return Ok(seats);
        }
        if teams.len() < 2 {
            return Err(SeatsError::OneTeam);
        }
        let seated = seats.colour_set();
        let mut covered = ColourSet::EMPTY;
        for &t in teams {
            if t.is_empty() {
                return Err(SeatsError::EmptyTeam);
            }
            for c in t.iter() {
                if !seated.contains(c) {
                    return Err(SeatsError::TeamNotSeated(c));
                }
                if covered.contains(c) {
                    return Err(SeatsError::InTwoTeams(c));
                }
                covered.insert(c);
                seats.team[c.index()] = t;
            }
        }
        if covered != seated {
            return Err(SeatsError::NoTeam);
        }
        Ok(seats)
    }

    /// Two colours each: red, green, yellow, blue in that order, red+yellow
    /// against green+blue.
    ///
    /// ```
    /// let s = barricade_rules::Seats::two_colours_each();
    /// assert_eq!(s.teams().len(), 2);
    /// ```
    pub fn two_colours_each() -> Seats {
        use Colour::*;
        let mut seats = Seats::default();
        let a: ColourSet = [Red, Yellow].into_iter().collect();
        let b: ColourSet = [Green, Blue].into_iter().collect();
        seats.team = [a, b, a, b];
        seats
    }

    /// Number of seats, 2..=4.
    ///
    /// ```
    /// assert_eq!(barricade_rules::Seats::default().len(), 4);
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// The seated colours in playing order.
    ///
    /// ```
    /// use barricade_rules::{Colour, Seats};
    /// assert_eq!(Seats::default().colours()[0], Colour::Red);
    /// ```
    pub fn colours(&self) -> &[Colour] {
        &self.order[..self.len as usize]
    }

    /// The colour in seat `index` (0-based), if there is one.
    ///
    /// ```
    /// assert!(barricade_rules::Seats::default().colour(4).is_none());
    /// ```
    pub fn colour(&self, index: usize) -> Option<Colour> {
        self.colours().get(index).copied()
    }

    /// The seat index of `colour`, if it is seated.
    ///
    /// ```
    /// use barricade_rules::{Colour, Seats};
    /// assert_eq!(Seats::default().seat_of(Colour::Yellow), Some(2));
    /// ```
    pub fn seat_of(&self, colour: Colour) -> Option<usize> {
        self.colours().iter().position(|&c| c == colour)
    }

    /// The seated colours as a set.
    ///
    /// ```
    /// assert_eq!(barricade_rules::Seats::default().colour_set().len(), 4);
    /// ```
    pub fn colour_set(&self) -> ColourSet {
        self.colours().iter().copied().collect()
    }

    /// Is `colour` seated?
    ///
    /// ```
    /// use barricade_rules::{Colour, Seats};
    /// let s = Seats::new(&[Colour::Red, Colour::Green]).unwrap();
    /// assert!(!s.contains(Colour::Blue));
    /// ```
    pub fn contains(&self, colour: Colour) -> bool {
        !self.team[colour.index()].is_empty()
    }

    /// The team of `colour` (just `colour` without teams; empty when not
    /// seated).
    ///
    /// ```
    /// use barricade_rules::{Colour, Seats};
    /// assert_eq!(Seats::two_colours_each().team_of(Colour::Blue).to_string(), "green+blue");
    /// ```
    pub fn team_of(&self, colour: Colour) -> Team {
        self.team[colour.index()]
    }

    /// Are `a` and `b` in the same team (or the same colour)?
    ///
    /// ```
    /// use barricade_rules::{Colour, Seats};
    /// assert!(Seats::default().are_teammates(Colour::Red, Colour::Red));
    /// ```
    pub fn are_teammates(&self, a: Colour, b: Colour) -> bool {
        self.team[a.index()].contains(b)
    }

    /// Does any team have more than one colour?
    ///
    /// ```
    /// assert!(barricade_rules::Seats::two_colours_each().has_teams());
    /// ```
    pub fn has_teams(&self) -> bool {
        self.colours()
            .iter()
            .any(|c| self.team[c.index()].len() > 1)
    }

    /// The teams in order of their first seat.
    ///
    /// ```
    /// assert_eq!(barricade_rules::Seats::default().teams().len(), 4);
    /// ```
    pub fn teams(&self) -> Vec<Team> {
        let mut out: Vec<Team> = Vec::new();
        for &c in self.colours() {
            let t = self.team[c.index()];
            if !out.contains(&t) {
                out.push(t);
            }
        }
        out
    }

    /// The same colours and teams in another order (used by the french
    /// opening). `order` must hold exactly the seated colours.
    ///
    /// ```
    /// use barricade_rules::{Colour::*, Seats};
    /// let s = Seats::two_colours_each().reordered(&[Blue, Red, Green, Yellow]).unwrap();
    /// assert_eq!(s.colour(0), Some(Blue));
    /// assert!(s.are_teammates(Red, Yellow));
    /// ```
    pub fn reordered(&self, order: &[Colour]) -> Result<Seats, SeatsError> {
        let mut seats = Seats::new(order)?;
        if seats.colour_set() != self.colour_set() {
            return Err(SeatsError::OtherColours);
        }
        seats.team = self.team;
        Ok(seats)
    }
}
