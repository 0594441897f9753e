//! The worker's side of the browser (inside the AI web worker): answers
//! every message with `answer`, after telling the page it is ready.
//! `src/bin/ai_worker.rs` calls [`serve`] with the worker's logic
//! ([`crate::worker::protocol::answer`]).

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Answers every message posted to this worker with `answer(message)`,
/// after posting `ready` once.
pub fn serve(ready: &str, answer: fn(&str) -> String) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let request = event.data().as_string().unwrap_or_default();
        let _ = replies.post_message(&JsValue::from_str(&answer(&request)));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(ready));
}
