//! Time and storage: the effects that talk to the world outside the
//! page's signals. The autosave writes localStorage when the game's
//! revision changes; the replay's clock steps autoplay on; the game's
//! sounds play as it changes. (The game's clock, for walking pawns and
//! the computer's turns, is no effect: the intents call its scheduler,
//! `crate::intents::scheduler`.) Timers carry the replay's ply and do
//! nothing if the replay moved on meanwhile; they write signals only from
//! their callbacks, never from an effect.

use crate::intents::{Ctx, Screen};
use crate::platform::browser;
use crate::state::save;
use crate::state::settings::Settings;
use crate::state::sound::Ear;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// Starts the app's effects.
pub fn start(ctx: Ctx) {
    autosave(ctx);
    replay_clock(ctx);
    // The game's clock is a scheduler the intents call
    // (`crate::intents::scheduler`); it looks once at the game loaded.
    crate::intents::scheduler::soon(ctx);
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
