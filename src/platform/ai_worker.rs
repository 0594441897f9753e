//! The page's side of the AI web worker: starts it once, queues requests
//! until it is ready, and hands each reply to the callback of its request.

use crate::worker::protocol::{READY, parse_reply};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

/// Where Trunk puts the worker's loader (see index.html).
const WORKER_URL: &str = "./ai_worker_loader.js";

type Reply = Box<dyn FnOnce(Result<String, String>)>;

#[derive(Default)]
pub struct Client {
    worker: Option<Worker>,
    ready: bool,
    queue: Vec<String>,
    /// Requests sent and not answered: id, measure name, callback.
    waiting: Vec<(u64, &'static str, Reply)>,
    next_id: u64,
}

/// The page's one AI worker, started at its first question (a handle:
/// copies are the same worker).
#[derive(Clone, Copy)]
pub struct AiWorker(StoredValue<Client, LocalStorage>);

impl Default for AiWorker {
    fn default() -> AiWorker {
        AiWorker::new()
    }
}

impl AiWorker {
    /// The worker, not started yet.
    pub fn new() -> AiWorker {
        AiWorker(StoredValue::new_local(Client::default()))
    }

    /// Asks the worker; `reply` runs with the body of its reply (or an
    /// error) when it answers. `make_request` turns the request id into the
    /// request text (see `crate::worker::protocol`). The time from request
    /// to answer is recorded as a `performance` measure named `measure`
    /// (one of the names below).
    pub fn ask(
        self,
        measure: &'static str,
        make_request: impl FnOnce(u64) -> String,
        reply: impl FnOnce(Result<String, String>) + 'static,
    ) {
        let started = self.0.with_value(|c| c.worker.is_some()) || self.start();
        if !started {
            reply(Err("the computer player could not start".into()));
            return;
        }
        self.0.update_value(|c| {
            c.next_id += 1;
            let id = c.next_id;
            mark(&format!("ai-ask-{id}"));
            c.waiting.push((id, measure, Box::new(reply)));
            let text = make_request(id);
            if c.ready {
                if let Some(w) = &c.worker {
                    let _ = w.post_message(&JsValue::from_str(&text));
                }
            } else {
                c.queue.push(text);
            }
        });
    }

    /// Starts the worker and listens to it; false if the browser refuses.
    fn start(self) -> bool {
        let Ok(worker) = Worker::new(WORKER_URL) else {
            return false;
        };
        let worker_client = self.0;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            if text == READY {
                worker_client.update_value(|c| {
                    c.ready = true;
                    let queue = std::mem::take(&mut c.queue);
                    if let Some(w) = &c.worker {
                        for request in queue {
                            let _ = w.post_message(&JsValue::from_str(&request));
                        }
                    }
                });
                return;
            }
            if let Some((id, decision)) = parse_reply(&text) {
                // Take the callback out before running it: it may ask again.
                let reply = worker_client
                    .try_update_value(|c| {
                        let i = c.waiting.iter().position(|w| w.0 == id)?;
                        let (_, name, reply) = c.waiting.swap_remove(i);
                        Some((name, reply))
                    })
                    .flatten();
                if let Some((name, reply)) = reply {
                    measure(id, name);
                    reply(decision);
                }
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The handler lives as long as the page.
        on_message.forget();
        self.0.update_value(|c| c.worker = Some(worker));
        true
    }
}

/// Marks the moment a request is sent (User Timing API).
fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(name);
    }
}

/// The measure of a computer player's decision.
pub const DECISION: &str = "ai-move";
/// The measure of a hint.
pub const HINT: &str = "ai-hint";
/// The measure of one position of a game's analysis (the chart).
pub const ANALYSIS: &str = "ai-analysis";
/// The measure of a QR code.
pub const QR: &str = "ai-qr";

/// Records how long request `id` took as a `performance` measure named
/// `name` (visible in the browser's developer tools and to the bench).
fn measure(id: u64, name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let start = format!("ai-ask-{id}");
        let _ = p.measure_with_start_mark(name, &start);
        p.clear_marks_with_mark_name(&start);
    }
}
