//! Storage and sound: the effects that talk to the world outside the
//! page's signals. The autosave writes localStorage when the game's
//! revision changes; the game's sounds play as it changes. They write no
//! signal. (The clocks are no effects: the game's, for walking pawns and
//! the computer's turns, is `crate::providers::scheduler`, and the
//! replay's autoplay is set by `crate::providers::replays`.)

use crate::intents::Intents;
use crate::platform::audio::Audio;
use crate::platform::browser;
use crate::providers::screens::Screen;
use crate::state::save;
use crate::state::settings::Settings;
use crate::state::sound::Ear;
use leptos::prelude::*;

/// Starts the app's effects.
pub fn start(intents: Intents, audio: Audio) {
    autosave(intents);
    // The game's clock is a scheduler the intents call
    // (`crate::providers::scheduler`); it looks once at the game loaded.
    crate::providers::scheduler::soon(intents.game);
    sounds(intents, audio);
}

/// The sounds of what happens on the board (the game, or the replay's
/// moves), each moment heard once, with sound on. Sound turned on (a
/// click, so a gesture) wakes the audio; the page opening does not.
fn sounds(intents: Intents, audio: Audio) {
    let game = intents.game;
    let mut ear = Ear::default();
    let mut was_on = None;
    Effect::new(move |_| {
        let on = game.prefs.settings.with(|s| s.sound);
        if was_on == Some(false) && on {
            audio.wake(true);
        }
        was_on = Some(on);
        let cues = game.state.with(|s| ear.hear(s));
        if on {
            for cue in cues {
                audio.play(cue);
            }
        }
    });
}

/// Saves the game (not the replay viewer's boards: they are not the
/// player's game) when its revision changes, and the settings when they
/// change.
fn autosave(intents: Intents) {
    let Intents { game, online, .. } = intents;
    Effect::new(move |_| {
        // A room's game is the room server's to keep, not this device's.
        if game.has_game.get() && !game.screens.shows(Screen::Replay) && !online.in_room() {
            // The revision, not only the code: a move waiting for its
            // drop square changes the save but not the record.
            game.revision.get();
            let code = game.code.get();
            let text = game
                .state
                .with_untracked(|s| save::encode_with_code(s, &code));
            browser::store(save::KEY, &text);
        }
    });
    Effect::new(move |_| {
        browser::store(
            save::SETTINGS_KEY,
            &game.prefs.settings.with(Settings::encode),
        );
    });
}
