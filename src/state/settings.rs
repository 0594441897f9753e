//! The player's settings, kept between visits: animation speed and the
//! last new-game choices.

use super::language::Language;
use super::setup::SetupChoices;

/// How fast pawns walk and the die tumbles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    /// Slow: 240 ms a step.
    Slow,
    /// The designed pace: 120 ms a step.
    #[default]
    Normal,
    /// Fast: 50 ms a step.
    Fast,
    /// No animation at all.
    Instant,
}

impl Speed {
    /// Every speed, slowest first.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// Milliseconds per step of a walking pawn (0: no walking).
    pub fn step_ms(self) -> u32 {
        match self {
            Speed::Slow => 240,
            Speed::Normal => 120,
            Speed::Fast => 50,
            Speed::Instant => 0,
        }
    }

    /// Milliseconds the die tumbles.
    pub fn roll_ms(self) -> u32 {
        self.step_ms() * 10 / 3
    }

    /// Milliseconds between two moves of a replay playing on its own.
    pub fn replay_ms(self) -> u32 {
        match self {
            Speed::Slow => 1600,
            Speed::Normal => 900,
            Speed::Fast => 400,
            Speed::Instant => 150,
        }
    }

    /// Milliseconds before a computer acts or a stuck turn passes.
    pub fn pause_ms(self) -> u32 {
        match self {
            Speed::Instant => 60,
            other => other.step_ms() * 5,
        }
    }

    /// The stable code in the stored settings and the form.
    pub fn code(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    /// The speed for a code made by [`Speed::code`].
    pub fn from_code(code: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// What is remembered between visits besides the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Animation speed.
    pub speed: Speed,
    /// The last new-game choices.
    pub choices: SetupChoices,
    /// Are the game's sounds on?
    pub sound: bool,
    /// The language chosen in the menu (`None`: the browser's).
    pub language: Option<Language>,
    /// Is "Play in words" (the moves as buttons in words) open?
    pub words: bool,
}

impl Default for Settings {
    /// The normal speed, the default choices, sound on.
    fn default() -> Settings {
        Settings {
            speed: Speed::default(),
            choices: SetupChoices::default(),
            sound: true,
            language: None,
            words: false,
        }
    }
}

impl Settings {
    /// Three lines, `speed NAME`, `choices LINE` and `sound on|off`;
    /// `language CODE` once one is chosen, and `words on` while "Play in
    /// words" is open.
    ///
    /// ```
    /// use barricade_web::{i18n::Language, state::settings::Settings};
    /// let s = Settings::default();
    /// assert_eq!(Settings::decode(&s.encode()), s);
    /// let quiet = Settings { sound: false, ..s };
    /// assert_eq!(Settings::decode(&quiet.encode()), quiet);
    /// // Settings saved before the sound switch: sound on.
    /// assert!(Settings::decode("speed fast").sound);
    /// let german = Settings { language: Language::from_code("de"), ..s };
    /// assert_eq!(Settings::decode(&german.encode()), german);
    /// let words = Settings { words: true, ..s };
    /// assert_eq!(Settings::decode(&words.encode()), words);
    /// ```
    pub fn encode(&self) -> String {
        let mut text = format!(
            "speed {}\nchoices {}\nsound {}",
            self.speed.code(),
            self.choices.encode(),
            if self.sound { "on" } else { "off" }
        );
        if let Some(language) = self.language {
            text += "\nlanguage ";
            text += language.code();
        }
        if self.words {
            text += "\nwords on";
        }
        text
    }

    /// Reads [`Settings::encode`]; anything unreadable keeps its default.
    pub fn decode(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in text.lines() {
            match line.split_once(' ') {
                Some(("speed", v)) => settings.speed = Speed::from_code(v).unwrap_or_default(),
                Some(("choices", v)) => {
                    settings.choices = SetupChoices::decode(v).unwrap_or_default()
                }
                Some(("sound", v)) => settings.sound = v != "off",
                Some(("language", v)) => settings.language = Language::from_code(v),
                Some(("words", v)) => settings.words = v == "on",
                _ => {}
            }
        }
        settings
    }
}
