//! `harness`: the headless mGBA test harness for the Pocket Desk ROM.
//! See tests/README.md for the modes and the `.play` script format.
mod audio;
mod core;
mod faults;
#[cfg(test)]
mod gfx;
mod host;
mod image;
mod imports;
mod keys;
mod log;
mod machine;
mod paths;
mod play;
mod profile;
mod rng;
mod rom;
mod script;
mod settle;
mod soak;
mod suite;
mod sys;
mod table;
mod testrom;

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use testrom::Counts;

const USAGE: &str = "\
usage:
  harness test  ROM [--update-goldens] [--max-frames N] [--verbose]
  harness play  ROM SCRIPT [--sram-in F] [--sram-out F] [--out DIR] [--settle-budget N]
                [--profile-busy PCT [--profile-from-line N] [--profile-frames N]] [--update-goldens] [--verbose]
  harness soak  ROM --seed S --frames N [--verbose]
  harness table LOG [--rom GBA]    (prints the performance table of a `just bench` log)
  harness imports DIR [--edges]    (import cycles between the files of a crate's src DIR;
                                    folders with their own Cargo.toml are crates of their own)
  harness suite --test-rom ROM --rom ROM [--gba FILE] [--demo ROM] --scripts DIR [--soak-seed S] [--soak-frames N]
                [--host NAME=FILE]... [--out DIR] [--max-frames N] [--update-goldens] [--verbose]
ROM is a .gba image or an ELF as cargo builds it. UPDATE_GOLDENS=1 = --update-goldens.";

/// The GBA's refresh rate, for the \"x real time\" figure.
const GBA_FPS: f64 = 59.7275;
const DEFAULT_MAX_FRAMES: u64 = 200_000;
const DEFAULT_SOAK_SEED: u64 = 1;
const DEFAULT_SOAK_FRAMES: u64 = 5_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The table is printed alone: no emulation, no pass/fail line.
    if args.first().is_some_and(|mode| mode == "table") {
        return match print_table(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("harness: {e:#}\n{USAGE}");
                ExitCode::from(2)
            }
        };
    }
    if args.first().is_some_and(|mode| mode == "imports") {
        return match print_imports(&args[1..]) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("harness: {e:#}\n{USAGE}");
                ExitCode::from(2)
            }
        };
    }
    let start = Instant::now();
    match run(&args) {
        Ok(counts) => {
            report_speed(start);
            println!("{} passed, {} failed", counts.passed, counts.failed);
            if counts.failed == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("harness: {e:#}");
            if e.downcast_ref::<Usage>().is_some() {
                eprintln!("{USAGE}");
            }
            ExitCode::from(2)
        }
    }
}

fn print_table(args: &[String]) -> Result<()> {
    let a = Args::parse(args, &["--rom"], &[], 1)?;
    let log = std::fs::read_to_string(a.path(0))
        .with_context(|| format!("cannot read {}", a.path(0).display()))?;
    let rom_bytes = a
        .value("--rom")
        .and_then(|rom| std::fs::metadata(rom).ok())
        .map(|m| m.len());
    print!("{}", table::make(&log, rom_bytes));
    Ok(())
}

/// Prints the import cycles of a source tree; true when there are none.
fn print_imports(args: &[String]) -> Result<bool> {
    let a = Args::parse(args, &[], &["--edges"], 1)?;
    let graph = imports::Graph::read(&a.path(0))?;
    if a.flag("--edges") {
        for file in 0..graph.len() {
            for (&to, &line) in &graph.edges[file] {
                println!("{}:{} -> {}", graph.name(file), line, graph.name(to));
            }
        }
    }
    let cycles = graph.cycles();
    print!("{}", graph.report());
    println!(
        "imports: {} files, {} cycles ({} files in them)",
        graph.len(),
        cycles.len(),
        cycles.iter().map(Vec::len).sum::<usize>()
    );
    Ok(cycles.is_empty())
}

fn report_speed(start: Instant) {
    let frames = core::frames_emulated();
    let secs = start.elapsed().as_secs_f64();
    let fps = frames as f64 / secs.max(1e-9);
    println!(
        "emulation: {frames} frames in {secs:.1} s = {fps:.0} fps ({:.0}x real time)",
        fps / GBA_FPS
    );
}

fn run(args: &[String]) -> Result<Counts> {
    let Some((mode, rest)) = args.split_first() else {
        bail!(Usage("no mode given".into()))
    };
    match mode.as_str() {
        "test" => {
            let a = Args::parse(
                rest,
                &["--max-frames"],
                &["--update-goldens", "--verbose"],
                1,
            )?;
            let rom = rom::load(&a.path(0))?;
            let opts = testrom::Options {
                max_frames: a.number("--max-frames")?.unwrap_or(DEFAULT_MAX_FRAMES),
                update_goldens: a.flag("--update-goldens"),
                verbose: a.flag("--verbose"),
            };
            testrom::run(&rom, &opts)
        }
        "play" => {
            let a = Args::parse(
                rest,
                &[
                    "--sram-in",
                    "--sram-out",
                    "--out",
                    "--settle-budget",
                    "--profile-busy",
                    "--profile-from-line",
                    "--profile-frames",
                ],
                &["--update-goldens", "--verbose"],
                2,
            )?;
            let rom = rom::load(&a.path(0))?;
            let sram_in = match a.value("--sram-in") {
                Some(f) => {
                    std::fs::read(f).with_context(|| format!("cannot read --sram-in {f}"))?
                }
                None => Vec::new(),
            };
            let opts = play::Options {
                out: a
                    .value("--out")
                    .map_or_else(paths::default_out, PathBuf::from),
                update_goldens: a.flag("--update-goldens"),
                verbose: a.flag("--verbose"),
                notes: true,
                sram_in,
                sram_out: a.value("--sram-out").map(PathBuf::from),
                rom_file: a.path(0),
                settle_budget: a
                    .value("--settle-budget")
                    .map(|v| {
                        v.parse()
                            .context("--settle-budget takes a number of frames")
                    })
                    .transpose()?,
                profile_busy: a.number("--profile-busy")?,
                profile_from_line: a.number("--profile-from-line")?.map(|line| line as usize),
                profile_frames: a.number("--profile-frames")?.map(|frames| frames as u32),
            };
            let script = a.path(1);
            Ok(match play::run(rom, &script, &opts) {
                Ok(frames) => {
                    println!("play {} ... ok ({frames} frames)", script.display());
                    Counts {
                        passed: 1,
                        failed: 0,
                    }
                }
                Err(e) => {
                    println!("play {} ... FAILED\n    {e:#}", script.display());
                    Counts {
                        passed: 0,
                        failed: 1,
                    }
                }
            })
        }
        "soak" => {
            let a = Args::parse(rest, &["--seed", "--frames"], &["--verbose"], 1)?;
            let rom = rom::load(&a.path(0))?;
            let seed = a
                .number("--seed")?
                .ok_or(Usage("soak needs --seed".into()))?;
            let frames = a
                .number("--frames")?
                .ok_or(Usage("soak needs --frames".into()))?;
            Ok(match soak::run(rom, seed, frames, a.flag("--verbose")) {
                Ok(done) => {
                    println!("soak seed {seed} ... ok ({done} frames of random input)");
                    Counts {
                        passed: 1,
                        failed: 0,
                    }
                }
                Err(e) => {
                    println!("soak seed {seed} ... FAILED\n    {e:#}");
                    Counts {
                        passed: 0,
                        failed: 1,
                    }
                }
            })
        }
        "suite" => {
            let a = Args::parse(
                rest,
                &[
                    "--test-rom",
                    "--rom",
                    "--gba",
                    "--demo",
                    "--scripts",
                    "--soak-seed",
                    "--soak-frames",
                    "--out",
                    "--max-frames",
                    "--host",
                ],
                &["--update-goldens", "--verbose"],
                0,
            )?;
            let host = a
                .values("--host")
                .iter()
                .map(|spec| {
                    spec.split_once('=')
                        .map(|(name, file)| (name.to_string(), PathBuf::from(file)))
                        .ok_or_else(|| Usage(format!("--host {spec}: expected NAME=FILE")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let required = |name: &str| -> Result<PathBuf> {
                Ok(PathBuf::from(
                    a.value(name).ok_or(Usage(format!("suite needs {name}")))?,
                ))
            };
            let opts = suite::Options {
                test_rom: required("--test-rom")?,
                rom: required("--rom")?,
                gba: a.value("--gba").map(PathBuf::from),
                demo: a.value("--demo").map(PathBuf::from),
                scripts: required("--scripts")?,
                out: a
                    .value("--out")
                    .map_or_else(paths::default_out, PathBuf::from),
                soak_seed: a.number("--soak-seed")?.unwrap_or(DEFAULT_SOAK_SEED),
                soak_frames: a.number("--soak-frames")?.unwrap_or(DEFAULT_SOAK_FRAMES),
                max_frames: a.number("--max-frames")?.unwrap_or(DEFAULT_MAX_FRAMES),
                update_goldens: a.flag("--update-goldens"),
                verbose: a.flag("--verbose"),
                host,
            };
            suite::run(&opts)
        }
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            std::process::exit(0);
        }
        other => bail!(Usage(format!("unknown mode `{other}`"))),
    }
}

/// A command-line mistake (prints the usage text).
#[derive(Debug)]
struct Usage(String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// Just enough argument parsing: positionals, `--flag`, `--opt VALUE`,
/// `--opt=VALUE` (an option given twice keeps both values; `value` is the last).
struct Args {
    positional: Vec<String>,
    values: HashMap<String, Vec<String>>,
    flags: Vec<String>,
}

impl Args {
    fn parse(
        args: &[String],
        with_value: &[&str],
        flags: &[&str],
        positionals: usize,
    ) -> Result<Args> {
        let mut a = Args {
            positional: Vec::new(),
            values: HashMap::new(),
            flags: Vec::new(),
        };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            if !arg.starts_with("--") {
                a.positional.push(arg.clone());
                continue;
            }
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (arg.as_str(), None),
            };
            if with_value.contains(&name) {
                let v = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .cloned()
                        .ok_or(Usage(format!("{name} needs a value")))?,
                };
                a.values.entry(name.to_string()).or_default().push(v);
            } else if flags.contains(&name) && inline.is_none() {
                a.flags.push(name.to_string());
            } else {
                bail!(Usage(format!("unknown option `{arg}`")));
            }
        }
        if a.positional.len() != positionals {
            bail!(Usage(format!(
                "expected {positionals} argument(s), got {:?}",
                a.positional
            )));
        }
        Ok(a)
    }

    fn path(&self, i: usize) -> PathBuf {
        PathBuf::from(&self.positional[i])
    }

    fn value(&self, name: &str) -> Option<&str> {
        self.values(name).last().map(String::as_str)
    }

    fn values(&self, name: &str) -> &[String] {
        self.values.get(name).map_or(&[], Vec::as_slice)
    }

    fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    fn number(&self, name: &str) -> Result<Option<u64>> {
        self.value(name)
            .map(|v| {
                v.parse()
                    .map_err(|_| Usage(format!("{name}: `{v}` is not a number")).into())
            })
            .transpose()
    }
}
