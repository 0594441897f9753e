//! The AI web worker's side (plain code, tested natively): the messages
//! between the page and the worker ([`protocol`]), where the computer
//! players think and a game's analysis is worked out, and the [`qr`]
//! codes of share links the worker draws. The browser's half (starting
//! the worker, posting, listening) is `crate::platform::ai_worker` and
//! `crate::platform::worker_scope`; `src/bin/ai_worker.rs` is the entry
//! point.

pub mod protocol;
pub mod qr;
