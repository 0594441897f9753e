//! [`Rules`]: which variant toggles are on, and the named presets.

use core::fmt;
use core::str::FromStr;

/// The rule set of a game: the default Ravensburger rules plus optional
/// variant toggles. See `docs/rules.md` for what each toggle does and
/// which printed sentence it follows.
///
/// Every rule set has a stable name used by the protocol, the stored
/// settings and the app: the name of one of the [`Rules::PRESETS`] (one per
/// printed edition) when it is one, otherwise its toggle names joined by
/// `+` (e.g. `french+free-pass`).
///
/// ```
/// use barricade_rules::Rules;
/// let r = Rules::preset("barricade").unwrap();
/// assert!(r.free_pass && r.bottom_row && !r.french);
/// assert_eq!(r.name(), "barricade");
/// assert_eq!(Rules::default(), Rules::RAVENSBURGER);
/// let combo: Rules = "free-pass+start-roll".parse().unwrap();
/// assert_eq!(combo.name(), "free-pass+start-roll");
/// // The same toggles are the same rule set, whatever they are called.
/// assert_eq!("bottom-row+free-pass".parse::<Rules>().unwrap().name(), "barricade");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// `free-pass`: a player may pass instead of moving even when a move
    /// exists.
    pub free_pass: bool,
    /// `start-roll`: every seat rolls before the game; the highest starts
    /// and moves with that roll. With `french`: the seats are ordered by
    /// the french opening, and the first moves with its opening roll (how
    /// `french` played before version 2 of the link code).
    pub start_roll: bool,
    /// `french`: opening rolls order the seats and the first rolls again
    /// to begin, a 6 lets the same pawn go again, taken barricades are held
    /// until the next turn, pawns bounce at the goal.
    pub french: bool,
    /// `bottom-row`: a barricade may also be put on the bottom row (only
    /// the homes stay free of barricades).
    #[cfg_attr(feature = "serde", serde(default))]
    pub bottom_row: bool,
}

/// The toggle names in the order they appear in a combined name, and their
/// bits in the link code.
const TOGGLES: [&str; 4] = ["free-pass", "start-roll", "french", "bottom-row"];

impl Rules {
    /// The default rules as printed by Ravensburger, no variant.
    pub const RAVENSBURGER: Rules = Rules {
        free_pass: false,
        start_roll: false,
        french: false,
        bottom_row: false,
    };

    /// The rule sets of the printed editions, default first:
    ///
    /// - `ravensburger`: Ravensburger, "Das Original Malefiz-Spiel";
    /// - `start-roll`: Jumbo, "Barricade" (the opening roll starts);
    /// - `barricade`: the English "Barricade" rule sheet (free pass,
    ///   barricades on the bottom row too);
    /// - `french`: the French house rules.
    pub const PRESETS: [&'static str; 4] = ["ravensburger", "start-roll", "barricade", "french"];

    /// The preset or toggle called `name`, if there is one. Toggle names
    /// (`free-pass`, `start-roll`, `french`, `bottom-row`) give the default
    /// rules with that one toggle on.
    ///
    /// ```
    /// use barricade_rules::Rules;
    /// assert_eq!(Rules::preset("ravensburger"), Some(Rules::RAVENSBURGER));
    /// assert!(Rules::preset("free-pass").unwrap().free_pass);
    /// assert_eq!(Rules::preset("chess"), None);
    /// ```
    pub fn preset(name: &str) -> Option<Rules> {
        let mut r = Rules::RAVENSBURGER;
        match name {
            "ravensburger" => {}
            "free-pass" => r.free_pass = true,
            "start-roll" => r.start_roll = true,
            "french" => r.french = true,
            "bottom-row" => r.bottom_row = true,
            "barricade" => {
                r.free_pass = true;
                r.bottom_row = true;
            }
            _ => return None,
        }
        Some(r)
    }

    fn toggles(self) -> [bool; 4] {
        [
            self.free_pass,
            self.start_roll,
            self.french,
            self.bottom_row,
        ]
    }

    /// The preset these rules are, if they are one.
    ///
    /// ```
    /// use barricade_rules::Rules;
    /// assert_eq!(Rules::preset("french").unwrap().preset_name(), Some("french"));
    /// assert_eq!("french+free-pass".parse::<Rules>().unwrap().preset_name(), None);
    /// ```
    pub fn preset_name(self) -> Option<&'static str> {
        Rules::PRESETS
            .into_iter()
            .find(|p| Rules::preset(p) == Some(self))
    }

    /// The stable name of this rule set (see the type's documentation).
    ///
    /// ```
    /// use barricade_rules::Rules;
    /// assert_eq!(Rules::RAVENSBURGER.name(), "ravensburger");
    /// ```
    pub fn name(self) -> String {
        if let Some(preset) = self.preset_name() {
            return preset.to_string();
        }
        let on: Vec<&str> = TOGGLES
            .iter()
            .zip(self.toggles())
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect();
        on.join("+")
    }

    /// Whether the seats roll before the game (start-roll or french).
    ///
    /// ```
    /// use barricade_rules::Rules;
    /// assert!(Rules::preset("french").unwrap().has_opening());
    /// assert!(!Rules::RAVENSBURGER.has_opening());
    /// ```
    pub fn has_opening(self) -> bool {
        self.start_roll || self.french
    }

    /// Where a barricade may stand under these rules: every square but the
    /// goal and, unless `bottom-row` is on, the bottom row.
    ///
    /// ```
    /// use barricade_rules::{Rules, SquareSet};
    /// assert_eq!(Rules::RAVENSBURGER.barricade_squares(), SquareSet::BARRICADE_ALLOWED);
    /// let sheet = Rules::preset("barricade").unwrap();
    /// assert_eq!(sheet.barricade_squares().len(), 111);
    /// ```
    #[inline]
    pub fn barricade_squares(self) -> crate::SquareSet {
        if self.bottom_row {
            crate::SquareSet::BARRICADE_ALLOWED | crate::SquareSet::BOTTOM_ROW
        } else {
            crate::SquareSet::BARRICADE_ALLOWED
        }
    }

    /// The toggles as bits (free-pass = 1, start-roll = 2, french = 4,
    /// bottom-row = 8), as stored in the link code.
    ///
    /// ```
    /// use barricade_rules::Rules;
    /// let r = Rules::from_bits(Rules::preset("french").unwrap().bits()).unwrap();
    /// assert!(r.french);
    /// ```
    pub fn bits(self) -> u8 {
        self.toggles()
            .iter()
            .enumerate()
            .map(|(i, &on)| u8::from(on) << i)
            .sum()
    }

    /// The rule set with these toggle bits; `None` for unknown bits.
    ///
    /// ```
    /// assert!(barricade_rules::Rules::from_bits(0x80).is_none());
    /// ```
    pub fn from_bits(bits: u8) -> Option<Rules> {
        if bits >> TOGGLES.len() != 0 {
            return None;
        }
        Some(Rules {
            free_pass: bits & 1 != 0,
            start_roll: bits & 2 != 0,
            french: bits & 4 != 0,
            bottom_row: bits & 8 != 0,
        })
    }

    /// The rule set of a version-1 link code's three toggle bits. Version 1
    /// came before the french opening as printed: its `french` let the
    /// first seat move with its opening roll, which is `french+start-roll`
    /// now.
    ///
    /// ```
    /// use barricade_rules::Rules;
    /// assert_eq!(Rules::from_version1_bits(4).unwrap().name(), "start-roll+french");
    /// assert!(Rules::from_version1_bits(8).is_none());
    /// ```
    pub fn from_version1_bits(bits: u8) -> Option<Rules> {
        if bits >> 3 != 0 {
            return None;
        }
        let mut rules = Rules::from_bits(bits)?;
        rules.start_roll |= rules.french;
        Some(rules)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Why a text is not a rule-set name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{text}' is not a rule set (ravensburger, start-roll, barricade, french, or toggles joined by +: free-pass, start-roll, french, bottom-row)"
)]
pub struct ParseRulesError {
    /// The whole text (its first 40 characters), not only the part that
    /// names no rule.
    pub text: String,
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Parses a preset name or toggle names joined by `+`.
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let mut rules = Rules::RAVENSBURGER;
        for part in s.split('+') {
            let one = Rules::preset(part).ok_or_else(|| ParseRulesError {
                text: s.chars().take(40).collect(),
            })?;
            rules.free_pass |= one.free_pass;
            rules.start_roll |= one.start_roll;
            rules.french |= one.french;
            rules.bottom_row |= one.bottom_row;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for bits in 0..16 {
            let r = Rules::from_bits(bits).unwrap();
            assert_eq!(r.name().parse::<Rules>(), Ok(r));
            assert_eq!(r.bits(), bits);
        }
        for p in Rules::PRESETS {
            assert_eq!(Rules::preset(p).unwrap().name(), p);
        }
        assert!("".parse::<Rules>().is_err());
        assert!("french+".parse::<Rules>().is_err());
        assert_eq!(Rules::from_bits(16), None);
        assert_eq!(
            "barricade+french".parse::<Rules>().unwrap().name(),
            "free-pass+french+bottom-row"
        );
    }
}
