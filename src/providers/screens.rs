//! Which panel is shown beside the board, the message above it and
//! whether the share box is open.

use leptos::prelude::*;

/// Which panel is shown next to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The new-game form.
    Setup,
    /// The game's controls.
    Play,
    /// The replay viewer of a shared game.
    Replay,
    /// An online room before its game.
    Room,
}

impl Screen {
    /// Its `data-screen` name.
    pub fn name(self) -> &'static str {
        match self {
            Screen::Setup => "setup",
            Screen::Play => "play",
            Screen::Replay => "replay",
            Screen::Room => "room",
        }
    }
}

/// The panel's signals.
#[derive(Clone, Copy)]
pub struct Screens {
    /// Which panel is shown.
    pub screen: RwSignal<Screen>,
    /// A message for the player (e.g. a damaged save).
    pub notice: RwSignal<Option<String>>,
    /// Is the share box open?
    pub sharing: RwSignal<bool>,
}

impl Screens {
    /// The panel `screen`, with `notice` above it.
    pub fn new(screen: Screen, notice: Option<String>) -> Screens {
        Screens {
            screen: RwSignal::new(screen),
            notice: RwSignal::new(notice),
            sharing: RwSignal::new(false),
        }
    }

    /// Is `screen` shown (a dependency of the caller)?
    pub fn shows(self, screen: Screen) -> bool {
        self.screen.get() == screen
    }

    /// Is `screen` shown, read without depending on it?
    pub fn shows_untracked(self, screen: Screen) -> bool {
        self.screen.get_untracked() == screen
    }
}
