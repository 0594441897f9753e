//! What talks to the browser: storage, seeds, timers, focus, clipboard
//! and share, sound, the AI worker, language downloads and the analysis
//! driver. Nothing here draws.

pub mod ai_worker;
pub mod analysis_driver;
pub mod audio;
pub mod browser;
pub mod language_files;
