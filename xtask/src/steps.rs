//! The steps of a run, each timed: a heading as it starts, and at the end a
//! table of where the time went.

use crate::run::run;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The steps run so far, with their times and verdicts.
pub struct Steps {
    start: Instant,
    done: Vec<(String, u64, bool)>,
    /// Where a quiet run's output goes instead of the terminal.
    log: Option<PathBuf>,
}

impl Steps {
    pub fn new() -> Steps {
        Steps {
            start: Instant::now(),
            done: Vec::new(),
            log: None,
        }
    }

    /// Steps whose commands write into the file `log` (emptied first).
    pub fn quiet(log: &Path) -> Steps {
        let _ = File::create(log);
        Steps {
            log: Some(log.to_path_buf()),
            ..Steps::new()
        }
    }

    /// Runs `command` as the step `name`.
    pub fn run(&mut self, name: &str, command: &mut Command) -> Result<(), String> {
        if let Some(log) = &self.log {
            let mut file = File::options()
                .append(true)
                .open(log)
                .map_err(|e| format!("cannot write {}: {e}", log.display()))?;
            // The step's heading, as a lane on the terminal would print it.
            let _ = writeln!(file, "\n==> {name}");
            let copy = file.try_clone().map_err(|e| e.to_string())?;
            command.stdout(Stdio::from(file)).stderr(Stdio::from(copy));
        }
        self.time(name, || run(command))
    }

    /// Runs `step` as the step `name`.
    pub fn time(
        &mut self,
        name: &str,
        step: impl FnOnce() -> Result<(), String>,
    ) -> Result<(), String> {
        self.time_value(name, step)
    }

    /// Runs `step` as the step `name`, returning what it gives.
    pub fn time_value<T>(
        &mut self,
        name: &str,
        step: impl FnOnce() -> Result<T, String>,
    ) -> Result<T, String> {
        if self.log.is_none() {
            println!("\n==> {name}");
        }
        let start = Instant::now();
        let result = step();
        let seconds = start.elapsed().as_secs();
        self.done.push((name.to_string(), seconds, result.is_ok()));
        result
    }

    /// Takes in the steps of a lane that ran beside these.
    pub fn absorb(&mut self, lane: Steps) {
        let marked = lane
            .done
            .into_iter()
            .map(|(name, seconds, ok)| (format!("{name} (beside)"), seconds, ok));
        self.done.extend(marked);
    }

    /// Prints where the time went.
    pub fn report(&self) {
        println!("\nxtask: where the time went");
        for (name, seconds, ok) in &self.done {
            let verdict = if *ok { "" } else { "  FAILED" };
            println!(
                "  {name:<46} {:>3}:{:02}{verdict}",
                seconds / 60,
                seconds % 60
            );
        }
        let total = self.start.elapsed().as_secs();
        println!("  {:<46} {:>3}:{:02}", "total", total / 60, total % 60);
    }
}
