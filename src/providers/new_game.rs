//! The new-game form's choices; without a game, the board previews them.

use super::game::Game;
use super::scheduler;
use super::screens::Screen;
use crate::state::GameState;
use crate::state::setup::SetupChoices;
use leptos::prelude::*;

/// The form's signal.
#[derive(Clone, Copy)]
pub struct NewGame {
    /// The new-game form's choices.
    pub form: RwSignal<SetupChoices>,
    /// The board that previews them.
    game: Game,
}

impl NewGame {
    /// The form with `choices`, previewed on `game`'s board.
    pub fn new(choices: SetupChoices, game: Game) -> NewGame {
        NewGame {
            form: RwSignal::new(choices),
            game,
        }
    }

    /// Opens the new-game form: the remembered choices (a seed from a link
    /// stays); without a game the board previews them.
    pub fn show(self) {
        let remembered = self.game.prefs.settings.with_untracked(|s| s.choices);
        self.form.update(|c| {
            *c = SetupChoices {
                seed: c.seed,
                ..remembered
            }
        });
        self.game.screens.screen.set(Screen::Setup);
        scheduler::soon(self.game);
        self.preview();
    }

    /// Changes the new-game choices; without a game, the board previews
    /// the seats chosen.
    pub fn choose(self, change: impl FnOnce(&mut SetupChoices)) {
        self.form.update(change);
        self.preview();
    }

    /// Without a game, shows the form's choices on the board.
    fn preview(self) {
        if !self.game.has_game.get_untracked()
            && self.game.screens.shows_untracked(Screen::Setup)
            && let Ok(preview) = GameState::new(self.form.get_untracked(), 0)
        {
            self.game.state.set(preview);
            scheduler::soon(self.game);
        }
    }
}

/// The board shown without a game: the choices' seats at their start.
pub fn preview(choices: SetupChoices) -> GameState {
    GameState::new(choices, 0)
        .or_else(|_| GameState::new(SetupChoices::default(), 0))
        .unwrap_or_else(|_| unreachable!("the default choices are a game"))
}
