//! What talks to the browser: storage, seeds, timers, focus, clipboard
//! and share, sound, the rooms' socket, the AI worker (the page's client and the worker's
//! scope), language downloads and the analysis
//! driver. Nothing here draws.

pub mod ai_worker;
pub mod analysis_driver;
pub mod audio;
pub mod browser;
pub mod crypto;
pub mod language_files;
pub mod page;
pub mod socket;
pub mod worker_scope;
