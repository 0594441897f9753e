//! Time and storage: the effects that talk to the world outside the
//! page's signals. The autosave writes localStorage when the game's
//! revision changes; the game's clock sets timers for a walking pawn, the
//! computer's turns and passing a stuck turn; the replay's clock steps
//! autoplay on; the game's sounds play as it changes. Timers carry the state's version (or the replay's ply)
//! and do nothing if the game moved on meanwhile; they write signals only
//! from their callbacks, never from an effect.

use crate::intents::{Ctx, Screen};
use crate::platform::{ai_worker, browser};
use crate::state::settings::Settings;
use crate::state::sound::Ear;
use crate::state::{GameState, save};
use crate::worker::protocol;
use barricade_rules::Phase;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// Starts the app's effects.
pub fn start(ctx: Ctx) {
    autosave(ctx);
    replay_clock(ctx);
    game_clock(ctx);
    sounds(ctx);
}

/// The sounds of what happens on the board (the game, or the replay's
/// moves), each moment heard once, with sound on. Sound turned on (a
/// click, so a gesture) wakes the audio; the page opening does not.
fn sounds(ctx: Ctx) {
    let mut ear = Ear::default();
    let mut was_on = None;
    Effect::new(move |_| {
        let on = ctx.settings.with(|s| s.sound);
        if was_on == Some(false) && on {
            crate::platform::audio::wake(true);
        }
        was_on = Some(on);
        let cues = ctx.state.with(|s| ear.hear(s));
        if on {
            for cue in cues {
                crate::platform::audio::play(cue);
            }
        }
    });
}

/// Saves the game (not the replay viewer's boards: they are not the
/// player's game) when its revision changes, and the settings when they
/// change.
fn autosave(ctx: Ctx) {
    Effect::new(move |_| {
        // A room's game is the room server's to keep, not this device's.
        if ctx.has_game.get() && ctx.screen.get() != Screen::Replay && !ctx.online.in_room() {
            // The revision, not only the code: a move waiting for its
            // drop square changes the save but not the record.
            ctx.revision.get();
            let code = ctx.code.get();
            let text = ctx
                .state
                .with_untracked(|s| save::encode_with_code(s, &code));
            browser::store(save::KEY, &text);
        }
    });
    Effect::new(move |_| {
        browser::store(save::SETTINGS_KEY, &ctx.settings.with(Settings::encode));
    });
}

/// Autoplay in the replay viewer: the next move after a pause of the
/// chosen speed (even with reduced motion: nothing slides then).
fn replay_clock(ctx: Ctx) {
    Effect::new(move |_| {
        let playing = ctx
            .replay
            .with(|r| r.as_ref().filter(|r| r.playing).map(|r| r.ply()));
        if let Some(ply) = playing {
            let ms = ctx.settings.with_untracked(|s| s.speed).replay_ms();
            Timeout::new(ms, move || ctx.replay_tick(ply)).forget();
        }
    });
}

/// The game's clock: the next step of a walking pawn, the computer's roll
/// or decision, or passing a person's turn that cannot move.
fn game_clock(ctx: Ctx) {
    Effect::new(move |_| {
        walk_on(ctx);
        play_for_computer(ctx);
    });
}

/// Sets the timer for the next step of a walking pawn.
fn walk_on(ctx: Ctx) {
    let (version, walking) = ctx.state.with(|s| (s.version(), s.walk().is_some()));
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
    if ctx.screen.get() != Screen::Play || ctx.tumbling.get() {
        return;
    }
    let (version, computer, stuck, busy, rolling) = state.with(|s| {
        (
            s.version(),
            // In an online room the server plays the computer seats.
            s.turn_kind().is_computer() && s.online_colours().is_none(),
            s.stuck() && (s.online_colours().is_none() || s.human_to_play()),
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
