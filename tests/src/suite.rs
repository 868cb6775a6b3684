//! `harness suite`: host test results + in-ROM tests + every `*.play` script
//! + one soak, one summary.
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::testrom::{self, Counts};
use crate::{host, play, rom, soak};

pub struct Options {
    pub test_rom: PathBuf,
    pub rom: PathBuf,
    /// The shipped `.gba`: scripts named `*.gba.play` run against it (it has no
    /// events, so those scripts use only keys, waits and screens).
    pub gba: Option<PathBuf>,
    /// The game that pauses into the desk (`just host-demo`): scripts named
    /// `*.demo.play` run against it.
    pub demo: Option<PathBuf>,
    pub scripts: PathBuf,
    pub out: PathBuf,
    pub soak_seed: u64,
    pub soak_frames: u64,
    pub max_frames: u64,
    pub update_goldens: bool,
    pub verbose: bool,
    /// Saved host `cargo test` outputs, each `(NAME, FILE)` (see `host.rs`).
    pub host: Vec<(String, PathBuf)>,
}

pub fn run(opts: &Options) -> Result<Counts> {
    let mut counts = Counts::default();
    // 0. The host tests, already run: their saved outputs.
    for (name, file) in &opts.host {
        let c = host::report(name, file, &mut std::io::stdout().lock())?;
        counts.passed += c.passed;
        counts.failed += c.failed;
    }

    let mut tally = |ok: bool| {
        if ok {
            counts.passed += 1
        } else {
            counts.failed += 1
        }
    };

    // 1. The in-ROM tests. A ROM that cannot even load counts as one failure.
    let test_opts = testrom::Options {
        max_frames: opts.max_frames,
        update_goldens: opts.update_goldens,
        verbose: opts.verbose,
    };
    match rom::load(&opts.test_rom).and_then(|r| testrom::run(&r, &test_opts)) {
        Ok(c) => {
            for _ in 0..c.passed {
                tally(true);
            }
            for _ in 0..c.failed {
                tally(false);
            }
        }
        Err(e) => {
            println!("test in-rom ... FAILED\n    {e:#}");
            tally(false);
        }
    }

    // 2. The scripts, each one test, each with a fresh emulator and save chip.
    let game = rom::load(&opts.rom);
    let shipped = opts.gba.as_deref().map(rom::load);
    let demo = opts.demo.as_deref().map(rom::load);
    for script in scripts(&opts.scripts)? {
        let stem = script
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        // Which ROM the script plays: named by its second extension.
        let (rom, file) = if stem.ends_with(".gba") {
            (shipped.as_ref().ok_or("--gba"), opts.gba.clone())
        } else if stem.ends_with(".demo") {
            (demo.as_ref().ok_or("--demo"), opts.demo.clone())
        } else {
            (Ok(&game), Some(opts.rom.clone()))
        };
        let play_opts = play::Options {
            out: opts.out.join(&stem),
            update_goldens: opts.update_goldens,
            verbose: opts.verbose,
            notes: opts.verbose,
            sram_in: Vec::new(),
            sram_out: None,
            rom_file: file.unwrap_or_default(),
            settle_budget: None,
            profile_busy: None,
            profile_from_line: None,
            profile_frames: None,
        };
        let result = match rom {
            Ok(Ok(g)) => play::run(g.clone(), &script, &play_opts),
            Ok(Err(e)) => Err(anyhow::anyhow!("{e:#}")),
            Err(flag) => Err(anyhow::anyhow!("`{stem}` needs {flag}")),
        };
        match &result {
            Ok(frames) => println!("test e2e::{stem} ... ok ({frames} frames)"),
            Err(e) => println!("test e2e::{stem} ... FAILED\n    {e:#}"),
        }
        tally(result.is_ok());
    }

    // 3. The soak.
    let result = game
        .map_err(|e| anyhow::anyhow!("{e:#}"))
        .and_then(|g| soak::run(g, opts.soak_seed, opts.soak_frames, opts.verbose));
    match &result {
        Ok(frames) => println!(
            "test soak::seed_{} ... ok ({frames} frames)",
            opts.soak_seed
        ),
        Err(e) => println!("test soak::seed_{} ... FAILED\n    {e:#}", opts.soak_seed),
    }
    tally(result.is_ok());
    Ok(counts)
}

/// Every `*.play` file in `dir`, sorted by name.
fn scripts(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir)
        .with_context(|| format!("cannot read scripts dir {}", dir.display()))?
    {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "play") && path.is_file() {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}
