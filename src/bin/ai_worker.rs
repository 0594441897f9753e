//! The AI web worker: the computer players think here, off the page's main
//! thread, so the page never freezes. Built by Trunk as a worker
//! (`data-type="worker"` in index.html); see `ai_protocol` for the messages.

use barricade_web::ai_protocol::{READY, answer};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let request = event.data().as_string().unwrap_or_default();
        let _ = replies.post_message(&JsValue::from_str(&answer(&request)));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}
