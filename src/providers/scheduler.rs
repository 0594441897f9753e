//! The game's clock, as a plain scheduler: the intent that changes the
//! game, the screen or the die calls [`soon`], which looks at the game
//! once that intent is done (in a microtask, so that all of an intent's
//! changes count as one, and a die set tumbling by the same intent is
//! seen) and sets the timer for the next step of a walking pawn, the
//! computer's roll or decision, or passing a person's turn that cannot
//! move. Timers carry the state's version and do nothing if the game
//! moved on meanwhile; what they do goes through the intents
//! ([`Game::decide`], [`Game::tumble`]), which schedule the next step in
//! turn. No effect is involved: nothing here re-runs because a signal
//! changed.

use super::game::Game;
use super::screens::Screen;
use crate::platform::ai_worker;
use crate::state::GameState;
use crate::worker::protocol;
use barricade_rules::Phase;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// Looks at the game once the intent running now is done, and sets the
/// timer of what comes next (see the module's text). Called by every
/// intent that changes the game shown, the screen or the die; calls
/// within one intent are looked at once.
pub fn soon(game: Game) {
    if game.scheduled.get_value() {
        return;
    }
    game.scheduled.set_value(true);
    after_this_task(move || {
        game.scheduled.set_value(false);
        walk_on(game);
        play_for_computer(game);
    });
}

/// Runs `then` after the current task (the browser's microtask queue).
#[cfg(target_family = "wasm")]
fn after_this_task(then: impl FnOnce() + 'static) {
    queue_microtask(then);
}

/// No timers outside a browser (the native tests play by hand).
#[cfg(not(target_family = "wasm"))]
fn after_this_task(_: impl FnOnce() + 'static) {}

/// Sets the timer for the next step of a walking pawn.
fn walk_on(game: Game) {
    let (version, walking) = game
        .state
        .with_untracked(|s| (s.version(), s.walk().is_some()));
    if walking {
        let ms = game.prefs.speed().step_ms();
        Timeout::new(ms, move || {
            game.decide(|s| {
                if s.version() == version {
                    s.advance_walk();
                }
            })
        })
        .forget();
    }
}

/// Sets the timer for the computer's roll or decision, or for passing a
/// person's turn that cannot move.
fn play_for_computer(game: Game) {
    let state = game.state;
    if !game.screens.shows_untracked(Screen::Play) || game.tumbling.get_untracked() {
        return;
    }
    let (version, computer, stuck, busy, rolling) = state.with_untracked(|s| {
        (
            s.version(),
            // In an online room the server plays the computer seats.
            s.turn_kind().is_computer() && !s.mode().in_room(),
            s.stuck() && (!s.mode().in_room() || s.human_to_play()),
            s.walk().is_some() || s.winner().is_some(),
            s.phase() == Phase::Roll,
        )
    });
    if busy || !(computer || stuck) {
        return;
    }
    let speed = game.prefs.speed();
    let ms = if stuck && !computer {
        speed.pause_ms() * 3
    } else {
        speed.pause_ms()
    };
    Timeout::new(ms, move || {
        if state.with_untracked(|s| s.version()) != version
            || !game.screens.shows_untracked(Screen::Play)
        {
            return;
        }
        if !computer {
            game.decide(GameState::pass);
        } else if rolling {
            game.decide(GameState::roll);
        } else if let Some(question) = state.with_untracked(|s| s.computer_question()) {
            // The bot thinks in the web worker; the page stays responsive.
            let version = question.version;
            game.worker.ask(
                ai_worker::DECISION,
                |id| protocol::request(id, &question.position, question.level, question.seed),
                move |answer| match protocol::decision(answer) {
                    Ok(mv) => {
                        game.decide(|s| s.play_computer_answer(version, mv));
                    }
                    Err(e) => leptos::logging::warn!("computer player: {e}"),
                },
            );
        }
        if computer && rolling {
            game.tumble();
        }
    })
    .forget();
}
