//! [`Rules`]: which variant toggles are on, and the named presets.

use core::fmt;
use core::str::FromStr;

/// The rule set of a game: the default Ravensburger rules plus optional
/// variant toggles. See `docs/rules.md` for what each toggle does.
///
/// Every rule set has a stable name used by the protocol and the link code:
/// a preset name (`ravensburger`, `free-pass`, `start-roll`, `french`) or
/// toggle names joined by `+` (e.g. `french+free-pass`).
///
/// ```
/// use barricade_rules::Rules;
/// let r = Rules::preset("french").unwrap();
/// assert!(r.french && !r.free_pass);
/// assert_eq!(r.name(), "french");
/// assert_eq!(Rules::default(), Rules::RAVENSBURGER);
/// let combo: Rules = "free-pass+start-roll".parse().unwrap();
/// assert_eq!(combo.name(), "free-pass+start-roll");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// `free-pass`: a player may pass instead of moving even when a move
    /// exists.
    pub free_pass: bool,
    /// `start-roll`: every seat rolls before the game; the highest starts
    /// and moves with that roll.
    pub start_roll: bool,
    /// `french`: opening rolls order the seats, a 6 lets the same pawn go
    /// again, taken barricades are held until the next turn, pawns bounce
    /// at the goal.
    pub french: bool,
}

/// The toggle names in the order they appear in a combined name.
const TOGGLES: [&str; 3] = ["free-pass", "start-roll", "french"];

impl Rules {
    /// The default rules as printed by Ravensburger, no variant.
    pub const RAVENSBURGER: Rules = Rules {
        free_pass: false,
        start_roll: false,
        french: false,
    };

    /// The names of the presets, default first.
    pub const PRESETS: [&'static str; 4] = ["ravensburger", "free-pass", "start-roll", "french"];

    /// The preset called `name`, if there is one.
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
            _ => return None,
        }
        Some(r)
    }

    fn toggles(self) -> [bool; 3] {
        [self.free_pass, self.start_roll, self.french]
    }

    /// The stable name of this rule set (see the type's documentation).
    ///
    /// ```
    /// use barricade_rules::Rules;
    /// assert_eq!(Rules::RAVENSBURGER.name(), "ravensburger");
    /// ```
    pub fn name(self) -> String {
        let on: Vec<&str> = TOGGLES
            .iter()
            .zip(self.toggles())
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect();
        if on.is_empty() {
            "ravensburger".to_string()
        } else {
            on.join("+")
        }
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

    /// The toggles as bits (free-pass = 1, start-roll = 2, french = 4), as
    /// stored in the link code.
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
        })
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Why a text is not a rule-set name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(pub String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a rule set (ravensburger, free-pass, start-roll, french, or several joined by +)",
            self.0
        )
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Parses a preset name or toggle names joined by `+`.
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let mut rules = Rules::RAVENSBURGER;
        for part in s.split('+') {
            let one =
                Rules::preset(part).ok_or_else(|| ParseRulesError(s.chars().take(40).collect()))?;
            rules.free_pass |= one.free_pass;
            rules.start_roll |= one.start_roll;
            rules.french |= one.french;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for bits in 0..8 {
            let r = Rules::from_bits(bits).unwrap();
            assert_eq!(r.name().parse::<Rules>(), Ok(r));
            assert_eq!(r.bits(), bits);
        }
        for p in Rules::PRESETS {
            assert_eq!(Rules::preset(p).unwrap().name(), p);
        }
        assert!("".parse::<Rules>().is_err());
        assert!("french+".parse::<Rules>().is_err());
    }
}
