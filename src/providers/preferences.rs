//! The player's preferences: the speed of the game, sound, the page's
//! language and the new-game choices last used (saved with the page's
//! settings, see `crate::app::clock`).

use crate::platform::browser;
use crate::state::settings::{Settings, Speed};
use leptos::prelude::*;

/// The preferences' signal.
#[derive(Clone, Copy)]
pub struct Preferences {
    /// Speed, sound, language and remembered choices.
    pub settings: RwSignal<Settings>,
}

impl Preferences {
    /// The preferences `settings` (as loaded).
    pub fn new(settings: Settings) -> Preferences {
        Preferences {
            settings: RwSignal::new(settings),
        }
    }

    /// The animation speed in effect (instant when motion is reduced).
    pub fn speed(self) -> Speed {
        if browser::prefers_reduced_motion() {
            Speed::Instant
        } else {
            self.settings.with_untracked(|s| s.speed)
        }
    }

    /// The animation speed in effect, as a dependency of the caller.
    pub fn speed_tracked(self) -> Speed {
        self.settings.track();
        self.speed()
    }

    /// Is sound on (read without depending on it)?
    pub fn sound_on(self) -> bool {
        self.settings.with_untracked(|s| s.sound)
    }

    /// Turns sound on or off.
    pub fn toggle_sound(self) {
        self.settings.update(|s| s.sound = !s.sound);
    }
}
