//! `harness test`: runs a ROM built from agb's `#[test_case]` framework.
//!
//! agb's protocol, over the mGBA debug log ("GBA Debug"):
//!   `Running N tests`, then per test `<name>...` ... `[ok]`;
//!   around each test body a write to the stub register 0x04FFF800, which
//!   mGBA logs ("GBA I/O", `Stub I/O register write: FFF800`): the cycle
//!   counter at the two writes gives the test's cycle count;
//!   `image:<path>` asks for the screen to be compared with a PNG;
//!   a panic logs `[failed]` (Error) and later the message (Fatal), then halts;
//!   `Tests finished successfully` ends the run.
use anyhow::Result;

use crate::core::Core;
use crate::image::{self, check_golden, golden_verdict};
use crate::log::{self, CAT_IO, CYCLE_MARKER, Level};
use crate::machine::tidy;
use crate::paths;

pub struct Options {
    pub max_frames: u64,
    pub update_goldens: bool,
    pub verbose: bool,
}

#[derive(Default, Debug, Clone, Copy)]
pub struct Counts {
    pub passed: usize,
    pub failed: usize,
}

/// Frames to wait for the panic message after `[failed]`.
const PANIC_GRACE_FRAMES: u32 = 600;

struct Run<'a> {
    opts: &'a Options,
    counts: Counts,
    announced: Option<usize>,
    /// The test running now, its first cycle mark, its measured cycles.
    current: Option<String>,
    mark: Option<u64>,
    cycles: Option<u64>,
    /// Why the current test fails even if it reaches `[ok]` (a golden mismatch).
    soft_failure: Vec<String>,
    /// The current test's own debug output, shown if it fails.
    output: Vec<String>,
}

pub fn run(rom: &[u8], opts: &Options) -> Result<Counts> {
    let mut core = Core::new(rom, &[])?;
    let mut run = Run {
        opts,
        counts: Counts::default(),
        announced: None,
        current: None,
        mark: None,
        cycles: None,
        soft_failure: Vec::new(),
        output: Vec::new(),
    };
    let mut panicking = false;
    let mut grace = 0;
    for _ in 0..opts.max_frames {
        core.run_frame();
        for e in log::drain() {
            if e.category == CAT_IO && e.message == CYCLE_MARKER {
                match run.mark.take() {
                    None => run.mark = Some(e.cycle),
                    Some(start) => run.cycles = Some(e.cycle - start),
                }
            } else if e.level == Level::Fatal {
                let what = if e.is_debug() { "panicked" } else { "crashed" };
                run.fail_current(&format!("{what}: {}", tidy(&e.message)));
                run.report_unrun();
                return Ok(run.counts);
            } else if e.is_debug() {
                if run.protocol(&e.message, e.screen.as_deref())? {
                    return Ok(run.counts);
                }
                if e.level == Level::Error && e.message == "[failed]" {
                    panicking = true;
                }
            } else if opts.verbose {
                println!("mgba [{}] {:?}: {}", e.category, e.level, e.message);
            }
        }
        if panicking {
            grace += 1;
            if grace > PANIC_GRACE_FRAMES {
                run.fail_current("panicked (no panic message was logged)");
                run.report_unrun();
                return Ok(run.counts);
            }
        }
    }
    run.fail_current(&format!(
        "frame limit of {} frames reached",
        opts.max_frames
    ));
    run.report_unrun();
    Ok(run.counts)
}

impl Run<'_> {
    /// Handles one debug message; true when the run is over.
    fn protocol(&mut self, msg: &str, screen: Option<&[u32]>) -> Result<bool> {
        if let Some(n) = msg
            .strip_prefix("Running ")
            .and_then(|r| r.strip_suffix(" tests"))
        {
            self.announced = n.parse().ok();
            println!("running {n} in-ROM tests");
        } else if msg == "Tests finished successfully" {
            if self.current.is_some() {
                self.fail_current("the ROM said it finished while this test was running");
            }
            return Ok(true);
        } else if let Some(path) = msg.strip_prefix("image:") {
            let path = paths::in_repo(path);
            let screen = screen.expect("the logger captures the screen for image: requests");
            let update = image::update_requested(self.opts.update_goldens);
            if let Err(e) =
                check_golden(&path, screen, update, None).and_then(|r| golden_verdict(&path, r))
            {
                self.soft_failure.push(format!("{e:#}"));
            }
        } else if self.current.is_none() && msg.ends_with("...") {
            let name = msg.trim_end_matches("...");
            // `crate::module::test` -> `module::test`, like cargo's own output.
            let name = name.split_once("::").map_or(name, |(_, rest)| rest);
            self.current = Some(name.to_string());
            self.mark = None;
            self.cycles = None;
        } else if msg == "[ok]" && self.current.is_some() {
            let name = self.current.take().unwrap();
            let cycles = self
                .cycles
                .map_or("? cycles".into(), |c| format!("{c} cycles"));
            if self.soft_failure.is_empty() {
                println!("test {name} ... ok ({cycles})");
                self.counts.passed += 1;
            } else {
                println!("test {name} ... FAILED ({cycles})");
                let reasons = std::mem::take(&mut self.soft_failure);
                self.print_details(&reasons);
                self.counts.failed += 1;
            }
            self.output.clear();
        } else if msg != "[failed]" {
            if self.opts.verbose {
                println!("rom: {msg}");
            }
            self.output.push(msg.to_string());
        }
        Ok(false)
    }

    fn print_details(&mut self, reasons: &[String]) {
        for line in self.output.drain(..) {
            println!("    | {line}");
        }
        for r in reasons {
            println!("    {r}");
        }
    }

    fn fail_current(&mut self, reason: &str) {
        let name = self
            .current
            .take()
            .unwrap_or_else(|| "<outside any test>".into());
        println!("test {name} ... FAILED");
        let mut reasons = std::mem::take(&mut self.soft_failure);
        reasons.push(reason.to_string());
        self.print_details(&reasons);
        self.counts.failed += 1;
    }

    /// After a panic or a hang the rest of the tests cannot run; say so.
    fn report_unrun(&self) {
        let run = self.counts.passed + self.counts.failed;
        match self.announced {
            Some(n) if n > run => {
                println!("{} in-ROM tests did not run (the ROM stopped)", n - run)
            }
            None => println!("the ROM never announced its tests (is it an agb test build?)"),
            _ => {}
        }
    }
}
