//! The game's sounds played with Web Audio: every [`Cue`] is synthesized
//! from its notes, so no sound file is downloaded. The audio context is
//! made at the player's first gesture with sound on ([`wake`]), never
//! before (browsers allow sound only after one); nothing waits for sound.

use crate::state::sound::{Cue, Wave};
use leptos::prelude::*;
use web_sys::{AudioContext, AudioScheduledSourceNode, OscillatorType};

/// The page's one audio context, once a gesture made it (a handle:
/// copies are the same).
#[derive(Clone, Copy)]
pub struct Audio(StoredValue<Option<AudioContext>, LocalStorage>);

impl Default for Audio {
    fn default() -> Audio {
        Audio::new()
    }
}

impl Audio {
    /// No audio context yet.
    pub fn new() -> Audio {
        Audio(StoredValue::new_local(None))
    }

    /// Called on every click, tap and key press: with sound on, makes the
    /// audio context (the first time) or resumes it (a browser may suspend
    /// it while the page is hidden).
    pub fn wake(self, sound_on: bool) {
        if !sound_on {
            return;
        }
        self.0.update_value(|context| {
            if context.is_none() {
                *context = AudioContext::new().ok();
            }
            if let Some(c) = context {
                let _ = c.resume();
            }
        });
    }

    /// Plays `cue` now, if a gesture has made the audio context.
    pub fn play(self, cue: Cue) {
        self.0.with_value(|context| {
            if let Some(c) = context {
                let _ = schedule(c, cue);
            }
        });
    }
}

/// Schedules the notes of `cue` from the context's present time: each an
/// oscillator through a gain that rises in 5 ms and fades out.
fn schedule(c: &AudioContext, cue: Cue) -> Result<(), wasm_bindgen::JsValue> {
    let now = c.current_time();
    for n in cue.notes() {
        let start = now + f64::from(n.at_ms) / 1000.0;
        let end = start + f64::from(n.ms) / 1000.0;
        let osc = c.create_oscillator()?;
        osc.set_type(match n.wave {
            Wave::Sine => OscillatorType::Sine,
            Wave::Triangle => OscillatorType::Triangle,
            Wave::Square => OscillatorType::Square,
        });
        let f = osc.frequency();
        f.set_value_at_time(f32::from(n.hz), start)?;
        f.exponential_ramp_to_value_at_time(f32::from(n.to_hz), end)?;
        let gain = c.create_gain()?;
        let g = gain.gain();
        let peak = 0.3 * f32::from(n.volume) / 100.0;
        g.set_value_at_time(0.0001, start)?;
        g.exponential_ramp_to_value_at_time(peak, start + 0.005)?;
        g.exponential_ramp_to_value_at_time(0.0001, end)?;
        osc.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&c.destination())?;
        let source: &AudioScheduledSourceNode = &osc;
        source.start_with_when(start)?;
        source.stop_with_when(end + 0.02)?;
    }
    Ok(())
}
