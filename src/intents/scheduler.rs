//! The game's clock, as a plain scheduler: the intent that changes the
//! game, the screen or the die calls [`soon`], which looks at the game
//! once that intent is done (in a microtask, so that all of an intent's
//! changes count as one, and a die set tumbling by the same intent is
//! seen) and sets the timer for the next step of a walking pawn, the
//! computer's roll or decision, or passing a person's turn that cannot
//! move. Timers carry the state's version and do nothing if the game
//! moved on meanwhile; what they do goes through the intents
//! ([`Ctx::decide`], [`Ctx::tumble`]), which schedule the next step in
//! turn. No effect is involved: nothing here re-runs because a signal
//! changed.

use super::{Ctx, Screen};
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
pub fn soon(ctx: Ctx) {
    if ctx.scheduled.get_value() {
        return;
    }
    ctx.scheduled.set_value(true);
    after_this_task(move || {
        ctx.scheduled.set_value(false);
        walk_on(ctx);
        play_for_computer(ctx);
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
fn walk_on(ctx: Ctx) {
    let (version, walking) = ctx
        .state
        .with_untracked(|s| (s.version(), s.walk().is_some()));
    if walking {
        let ms = ctx.speed().step_ms();
        Timeout::new(ms, move || {
            ctx.decide(|s| {
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
fn play_for_computer(ctx: Ctx) {
    let state = ctx.state;
    if ctx.screen.get_untracked() != Screen::Play || ctx.tumbling.get_untracked() {
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
    let speed = ctx.speed();
    let ms = if stuck && !computer {
        speed.pause_ms() * 3
    } else {
        speed.pause_ms()
    };
    Timeout::new(ms, move || {
        if state.with_untracked(|s| s.version()) != version
            || ctx.screen.get_untracked() != Screen::Play
        {
            return;
        }
        if !computer {
            ctx.decide(GameState::pass);
        } else if rolling {
            ctx.decide(GameState::roll);
        } else if let Some(question) = state.with_untracked(|s| s.computer_question()) {
            // The bot thinks in the web worker; the page stays responsive.
            let version = question.version;
            ai_worker::ask(
                ai_worker::DECISION,
                |id| protocol::request(id, &question.position, question.level, question.seed),
                move |answer| match protocol::decision(answer) {
                    Ok(mv) => {
                        ctx.decide(|s| s.play_computer_answer(version, mv));
                    }
                    Err(e) => leptos::logging::warn!("computer player: {e}"),
                },
            );
        }
        if computer && rolling {
            ctx.tumble();
        }
    })
    .forget();
}
