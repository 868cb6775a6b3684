//! `harness play`: runs a `.play` script against a ROM (see `script.rs` for the format).
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

use crate::image::{self, check_golden, golden_verdict};
use crate::machine::Machine;
use crate::rng::Rng;
use crate::script::{self, Command, Line};
use crate::settle::Settle;
use crate::{audio, keys, paths};

pub struct Options {
    /// Where screenshots and SRAM files go (`repo:` paths excepted).
    pub out: PathBuf,
    pub update_goldens: bool,
    /// Print every event and ROM debug line.
    pub verbose: bool,
    /// Print `log` notes and sram-cut reports (off in the suite unless verbose).
    pub notes: bool,
    /// The save chip to start with (empty = factory fresh).
    pub sram_in: Vec<u8>,
    pub sram_out: Option<PathBuf>,
    /// The ROM's file, whose function symbols (if it is an ELF) name what
    /// `profile` measures.
    pub rom_file: PathBuf,
    /// Fail if any press takes longer than this many frames to settle.
    pub settle_budget: Option<u64>,
    /// Profile the frames whose work goes over this percentage of a frame
    /// into `profile-busy.txt` in `out`.
    pub profile_busy: Option<u64>,
    /// With `profile_busy`: only from this script line on, and only this
    /// many frames (the frames of one press, with a threshold under them).
    pub profile_from_line: Option<usize>,
    pub profile_frames: Option<u32>,
}

/// Runs the script at `script_path`; returns the number of frames emulated.
pub fn run(rom: Vec<u8>, script_path: &Path, opts: &Options) -> Result<u64> {
    let source = std::fs::read_to_string(script_path)
        .with_context(|| format!("cannot read script {}", script_path.display()))?;
    let lines = script::parse(&source).with_context(|| format!("{}", script_path.display()))?;
    let mut machine = Machine::new(rom, &opts.sram_in, opts.verbose)?;
    // A frame is 280,896 cycles.
    let busy_threshold = opts.profile_busy.map(|percent| percent * 280_896 / 100);
    if let (Some(threshold), None) = (busy_threshold, opts.profile_from_line) {
        machine.profile_busy(threshold, false, opts.profile_frames.unwrap_or(u32::MAX));
    }
    let mut player = Player {
        m: machine,
        held: 0,
        cursor: 0,
        frames: 0,
        opts,
        cut_line: None,
        audio: None,
        script: script_path
            .file_stem()
            .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned()),
        boxes: HashMap::new(),
        settle: Settle::default(),
    };
    let mut result = Ok(());
    for line in &lines {
        if let Some(threshold) = busy_threshold
            && opts.profile_from_line == Some(line.number)
        {
            player
                .m
                .profile_busy(threshold, true, opts.profile_frames.unwrap_or(u32::MAX));
        }
        player.settle.at_line(line.number, &line.text);
        if let Err(e) = player.exec(line) {
            result = Err(e.context(format!(
                "{}:{}: `{}`",
                script_path.display(),
                line.number,
                line.text
            )));
            break;
        }
    }
    if let (Ok(()), Some(n)) = (&result, player.cut_line.filter(|_| player.m.cut_armed())) {
        result = Err(anyhow!(
            "{}:{n}: a cut was armed but the ROM never logged a `save.begin` event",
            script_path.display()
        ));
    }
    if let Some(busy) = player.m.busy_profile() {
        let symbols = crate::profile::Symbols::of_file(&opts.rom_file);
        let callers = symbols.as_ref().map_or(String::new(), |symbols| {
            crate::profile::callers_report(&busy.callers, symbols, 25)
        });
        let report = format!(
            "{} frames over {}% of a frame\n{}{callers}",
            busy.frames,
            opts.profile_busy.unwrap_or(0),
            crate::profile::report(&busy.cycles(), symbols.as_ref())
        );
        write_file(
            &paths::in_out(&opts.out, "profile-busy.txt"),
            report.as_bytes(),
        )?;
    }
    player.settle.finish();
    // Reported even when the script failed: what was measured still holds.
    let settled = report_settle(&player.settle, opts, script_path);
    if result.is_ok() {
        result = settled;
    }
    if result.is_ok() {
        match player.m.check_stack() {
            Ok(Some(stack)) if opts.verbose => {
                println!("stack: peak {} of {} bytes", stack.peak, stack.room);
            }
            Ok(_) => {}
            Err(e) => result = Err(e.context(format!("{}", script_path.display()))),
        }
    }
    if result.is_ok()
        && let Some(leak) = heap_leaks(&player.m.events).first()
    {
        result = Err(anyhow!(
            "{}: `{leak}`: after its first close, an app's close must leave the heap as it was before it opened",
            script_path.display()
        ));
    }
    if let Some(out) = &opts.sram_out {
        let sram = player.m.sram();
        write_file(out, &sram)?;
    }
    result.map(|()| player.frames)
}

struct Player<'a> {
    m: Machine,
    /// Keys held by `down` until an `up`.
    held: u16,
    /// Index into `m.events` just past the last event `wait-event` consumed.
    cursor: usize,
    frames: u64,
    opts: &'a Options,
    /// Line of the last `sram-cut`, for the "never triggered" error.
    cut_line: Option<usize>,
    /// The last recording (samples, rate in Hz) `expect-pitch` looked at.
    audio: Option<(Vec<i16>, f64)>,
    /// The script's name, for the files it writes.
    script: String,
    /// Boxes named by `diff-box`: [x0, y0, x1, y1], inclusive.
    boxes: HashMap<String, [usize; 4]>,
    /// How long each press took to settle.
    settle: Settle,
}

/// Prints each press's settle and the slowest (verbose) and every press
/// over the budget, and fails if there is one.
fn report_settle(settle: &Settle, opts: &Options, script_path: &Path) -> Result<()> {
    let describe = |press: &crate::settle::Press| {
        let at = press.last_change.map_or(String::new(), |[x0, y0, x1, y1]| {
            format!(" last_change={x0},{y0},{x1},{y1}")
        });
        let board = if press.board { " new_board=true" } else { "" };
        format!(
            "frames={}{board} line={} `{}`{at}",
            press.frames, press.line, press.text
        )
    };
    if opts.verbose {
        // Every press, for reading one action's wait off a script.
        for press in &settle.presses {
            println!("settle.press {}", describe(press));
        }
    }
    if opts.verbose
        && let Some(worst) = settle.worst()
    {
        println!(
            "settle: worst {} of {} presses",
            describe(worst),
            settle.presses.len()
        );
    }
    let Some(budget) = opts.settle_budget else {
        return Ok(());
    };
    let over: Vec<_> = settle
        .presses
        .iter()
        .filter(|p| p.frames > budget)
        .collect();
    for press in &over {
        println!("settle.over {}", describe(press));
    }
    if over.is_empty() {
        Ok(())
    } else {
        Err(anyhow!(
            "{}: {} presses took over {budget} frames to settle",
            script_path.display(),
            over.len()
        ))
    }
}

impl Player<'_> {
    /// `screen`, or a screen-sized PNG under `--out` (or `repo:`), as 15-bit colours.
    fn image(&mut self, name: &str) -> Result<Vec<u16>> {
        if name == "screen" {
            Ok(image::screen15(self.m.core().screen()))
        } else {
            image::read_screen_png(&paths::in_out(&self.opts.out, name))
        }
    }

    fn run(&mut self, keys: u16, frames: u32) -> Result<()> {
        for _ in 0..frames {
            let seen = self.m.events.len();
            self.m.frame(keys)?;
            self.frames += 1;
            let screen = self.m.core().screen().to_vec();
            self.settle.frame(keys, &screen, &self.m.events[seen..]);
            for note in self.m.notes.drain(..) {
                if self.opts.notes {
                    println!("{note}");
                }
            }
        }
        Ok(())
    }

    fn find_event(&self, from: usize, prefix: &str) -> Option<usize> {
        self.m.events[from..]
            .iter()
            .position(|e| e.starts_with(prefix))
            .map(|i| from + i)
    }

    fn exec(&mut self, line: &Line) -> Result<()> {
        let held = self.held;
        let out = &self.opts.out;
        match &line.command {
            Command::Wait(n) => self.run(held, *n)?,
            Command::Press(k) => {
                self.run(held | k, 2)?;
                self.run(held, 2)?;
            }
            Command::Hold(k, n) => {
                self.run(held | k, *n)?;
                self.run(held, 1)?;
            }
            Command::Down(k) => self.held |= k,
            Command::Up(k) => self.held &= !k,
            Command::Screenshot(name) => {
                let path = paths::in_out(out, name);
                image::write_png(&path, self.m.core().screen())?;
            }
            Command::Golden(p) => {
                let path = paths::in_repo(p);
                let update = image::update_requested(self.opts.update_goldens);
                let result = check_golden(&path, self.m.core().screen(), update, None)?;
                golden_verdict(&path, result)?;
            }
            Command::GoldenRegion(p, region) => {
                let path = paths::in_repo(p);
                let update = image::update_requested(self.opts.update_goldens);
                let result = check_golden(&path, self.m.core().screen(), update, Some(*region))?;
                golden_verdict(&path, result)?;
            }
            Command::SameAs(shot, region) => {
                let want = self.image(shot)?;
                let screen = self.image("screen")?;
                if let Some(found) = image::diff_box(&want, &screen, *region) {
                    bail!("the screen differs from {shot} inside {found:?} (x0, y0, x1, y1)");
                }
            }
            Command::DiffBox(name, a, b, region) => {
                let a = self.image(a)?;
                let b = self.image(b)?;
                let Some(found) = image::diff_box(&a, &b, *region) else {
                    bail!("the two images do not differ inside {region:?} (x, y, width, height)");
                };
                if self.opts.notes {
                    println!("    box {name}: {found:?} (x0, y0, x1, y1)");
                }
                self.boxes.insert(name.clone(), found);
            }
            Command::ExpectConcentric(a, b, pixels) => {
                let centre = |name: &str| -> Result<(f64, f64)> {
                    let [x0, y0, x1, y1] = *self
                        .boxes
                        .get(name)
                        .ok_or_else(|| anyhow!("no box named `{name}` (see `diff-box`)"))?;
                    Ok(((x0 + x1) as f64 / 2.0, (y0 + y1) as f64 / 2.0))
                };
                let ((ax, ay), (bx, by)) = (centre(a)?, centre(b)?);
                if (ax - bx).abs() > *pixels || (ay - by).abs() > *pixels {
                    bail!(
                        "`{b}` is centred at ({bx}, {by}), `{a}` at ({ax}, {ay}): more than \
                         {pixels} px apart (boxes: {a} {:?}, {b} {:?})",
                        self.boxes[a],
                        self.boxes[b]
                    );
                }
            }
            Command::ExpectHeader(game, maker) => {
                let rom = self.m.rom();
                let found = |range: std::ops::Range<usize>| {
                    String::from_utf8_lossy(rom.get(range).unwrap_or_default()).into_owned()
                };
                let (found_game, found_maker) = (found(0xAC..0xB0), found(0xB0..0xB2));
                if (found_game.as_str(), found_maker.as_str()) != (game.as_str(), maker.as_str()) {
                    bail!(
                        "the header has game code {found_game:?} and maker code {found_maker:?}, not {game:?} and {maker:?}"
                    );
                }
            }
            Command::ExpectNoColour(colour, frames) => {
                let [b, g, r, _] = colour.to_le_bytes();
                for frame in 0..*frames {
                    self.run(held, 1)?;
                    if image::shows_colour(self.m.core().screen(), r, g, b) {
                        bail!("frame {} of {frames} shows #{colour:06X}", frame + 1);
                    }
                }
            }
            Command::ExpectSteady(region, frames) => {
                let mut pictures = Vec::new();
                for _ in 0..*frames {
                    self.run(held, 1)?;
                    pictures.push(image::crop(self.m.core().screen(), *region));
                }
                for (frame, three) in pictures.windows(3).enumerate() {
                    if three[1] != three[0] && three[1] != three[2] {
                        bail!(
                            "frame {} of {frames} shows a picture in {region:?} (x, y, width, height) for that frame only",
                            frame + 2
                        );
                    }
                }
            }
            Command::NotBlank => {
                if image::is_single_colour(self.m.core().screen()) {
                    bail!("the screen is a single colour");
                }
            }
            Command::WaitEvent(texts, limit) => {
                // Each text logged since the last match, in any order; the
                // next match counts from the last of them.
                let mut waited = 0;
                loop {
                    let found: Vec<Option<usize>> = texts
                        .iter()
                        .map(|text| self.find_event(self.cursor, text))
                        .collect();
                    if let Some(last) = found.iter().copied().max().flatten()
                        && found.iter().all(Option::is_some)
                    {
                        self.cursor = last + 1;
                        break;
                    }
                    if waited == *limit {
                        let missing: Vec<&str> = texts
                            .iter()
                            .zip(&found)
                            .filter(|(_, found)| found.is_none())
                            .map(|(text, _)| text.as_str())
                            .collect();
                        let since = &self.m.events[self.cursor..];
                        let last: Vec<_> = since
                            .iter()
                            .skip(since.len().saturating_sub(8))
                            .map(|e| format!("`{e}`"))
                            .collect();
                        bail!(
                            "no event starting with `{}` within {limit} frames (keys held: {}); \
                             {} events since the last match{}{}",
                            missing.join("`, `"),
                            keys::format(held),
                            since.len(),
                            if last.is_empty() {
                                ""
                            } else {
                                ", the latest: "
                            },
                            last.join(", ")
                        );
                    }
                    self.run(held, 1)?;
                    waited += 1;
                }
            }
            Command::Profile(p, text, limit) => {
                let profile = self.m.profile_until(held, text, *limit)?;
                let symbols = crate::profile::Symbols::of_file(&self.opts.rom_file);
                let mut report = crate::profile::report(&profile.cycles, symbols.as_ref());
                if let Some(deepest) = &profile.deepest {
                    report.push_str(&crate::profile::stack_report(deepest, symbols.as_ref()));
                }
                write_file(&paths::in_out(out, p), report.as_bytes())?;
                if !profile.found {
                    bail!(
                        "no event starting with `{text}` within {limit} frames (profile written)"
                    );
                }
                if let Some(i) = self.find_event(self.cursor, text) {
                    self.cursor = i + 1;
                }
            }
            Command::ExpectNoEvent(text, since_wait) => {
                let from = if *since_wait { self.cursor } else { 0 };
                if let Some(i) = self.find_event(from, text) {
                    bail!("unexpected event `{}`", self.m.events[i]);
                }
            }
            Command::SramSave(p) => {
                let data = self.m.sram();
                write_file(&paths::in_out(out, p), &data)?;
            }
            Command::SramLoad(p) => {
                let path = paths::in_out(out, p);
                let data = std::fs::read(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                self.m.core().set_sram(&data)?;
            }
            Command::DamageSection(owner) => {
                let mut data = self.m.sram();
                crate::faults::damage_section(&mut data, owner)?;
                self.m.core().set_sram(&data)?;
            }
            Command::SramTruncate(bytes) => {
                let data = truncate(self.m.sram(), *bytes);
                self.m.core().set_sram(&data)?;
            }
            Command::Reboot => {
                self.m.reboot()?;
                self.settle.reboot();
            }
            Command::RecordAudio => self.m.core().start_recording(),
            Command::ExpectPitch(hz, percent, lo, hi) => {
                // The first check after `record-audio` ends the recording;
                // later ones look at the same samples (another band, say).
                if let Some(recording) = self.m.core().take_recording() {
                    // Kept for a listen: OUT/audio-SCRIPT-LINE.wav.
                    let name = format!("audio-{}-{}.wav", self.script, line.number);
                    audio::write_wav(&paths::in_out(&self.opts.out, &name), &recording)?;
                    self.audio = Some(recording);
                }
                let Some((samples, rate)) = self.audio.as_ref() else {
                    bail!("`expect-pitch` needs a `record-audio` before it");
                };
                let (samples, rate) = (samples.as_slice(), *rate);
                let found =
                    audio::strongest_frequency(samples, rate, *lo, *hi).ok_or_else(|| {
                        anyhow!("the recording is silent ({} samples)", samples.len())
                    })?;
                let off = (found / hz - 1.0).abs() * 100.0;
                if self.opts.notes {
                    println!(
                        "    pitch: {found:.1} Hz (expected {hz} Hz, {off:.1}% off; {} samples at {rate:.0} Hz)",
                        samples.len()
                    );
                }
                if off > *percent {
                    bail!(
                        "strongest frequency {found:.1} Hz is {off:.1}% from {hz} Hz (allowed {percent}%)"
                    );
                }
            }
            Command::SramCut(p) => {
                self.m.arm_sram_cut(paths::in_out(out, p));
                self.cut_line = Some(line.number);
            }
            Command::CutEvery(owner) => {
                self.m.arm_cut_every(owner.clone());
                self.cut_line = Some(line.number);
            }
            Command::CutRandom(chance, seed) => self.m.arm_cut_random(*chance, *seed),
            Command::CutRandomCheck(count) => {
                let note = self.m.check_random_cuts(*count)?;
                if self.opts.notes {
                    println!("{note}");
                }
            }
            Command::FlipBits(count, seed) => {
                let sram = self.m.sram();
                let note = crate::faults::check_flips(self.m.rom(), &sram, *seed, *count)?;
                if self.opts.notes {
                    println!("{note}");
                }
            }
            Command::Corrupt(p, seed, count) => {
                let data = corrupt(self.m.sram(), *seed, *count);
                write_file(&paths::in_out(out, p), &data)?;
            }
            Command::Log(text) => {
                if self.opts.notes {
                    println!("log: {text}");
                }
            }
        }
        Ok(())
    }
}

/// Damages `count` distinct bytes (XOR with a random non-zero value), chosen
/// within the used part of the chip: up to the last byte that is not 0xFF
/// (the erased value), so that the damage lands in data the ROM reads.
pub fn corrupt(mut data: Vec<u8>, seed: u64, count: u32) -> Vec<u8> {
    let used = data
        .iter()
        .rposition(|&b| b != 0xFF)
        .map_or(data.len(), |p| p + 1);
    let mut rng = Rng::new(seed);
    let mut offsets: Vec<usize> = (0..used).collect();
    // Partial Fisher-Yates: the first `count` offsets are a random distinct sample.
    let count = (count as usize).min(used);
    for i in 0..count {
        let j = i + rng.below((used - i) as u64) as usize;
        offsets.swap(i, j);
        data[offsets[i]] ^= (1 + rng.below(255)) as u8;
    }
    data
}

/// The chip cut short to its first `bytes`: the rest reads as never written.
pub fn truncate(mut data: Vec<u8>, bytes: usize) -> Vec<u8> {
    let kept = bytes.min(data.len());
    data[kept..].fill(0xFF);
    data
}

/// The `app.closed` events of closes after an app's first that left the
/// heap changed (`leak=` other than 0; the first close's is `leak=first`).
fn heap_leaks(events: &[String]) -> Vec<&str> {
    events
        .iter()
        .filter(|event| event.starts_with("app.closed "))
        .filter(|event| {
            event
                .split(' ')
                .find_map(|field| field.strip_prefix("leak="))
                .is_some_and(|leak| leak != "0" && leak != "first")
        })
        .map(String::as_str)
        .collect()
}

fn write_file(path: &Path, data: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    std::fs::write(path, data).with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn corrupt_is_seeded_and_stays_in_used_data() {
        let mut data = vec![0xFF; 1000];
        data[..100].fill(7);
        let a = super::corrupt(data.clone(), 3, 10);
        assert_eq!(a, super::corrupt(data.clone(), 3, 10));
        assert_ne!(a, super::corrupt(data.clone(), 4, 10));
        assert_eq!(a.iter().zip(&data).filter(|(x, y)| x != y).count(), 10);
        assert!(a[100..].iter().all(|&b| b == 0xFF));
    }

    #[test]
    fn a_close_that_changes_the_heap_is_a_leak_after_the_first() {
        let events: Vec<String> = [
            "app.closed name=sweeper leak=first heap=14032 since_open=2232",
            "app.closed name=sweeper leak=0 heap=14032",
            "app.closed name=polarium leak=-48 heap=11984",
            "app.closed name=nonogram leak=8 heap=12056",
            "app.open name=sweeper leak=8",
        ]
        .map(String::from)
        .into();
        assert_eq!(
            super::heap_leaks(&events),
            [
                "app.closed name=polarium leak=-48 heap=11984",
                "app.closed name=nonogram leak=8 heap=12056"
            ]
        );
    }

    #[test]
    fn truncate_keeps_only_the_start() {
        let cut = super::truncate(vec![7; 4096], 1024);
        assert!(cut[..1024].iter().all(|&b| b == 7));
        assert!(cut[1024..].iter().all(|&b| b == 0xFF));
        assert_eq!(cut.len(), 4096);
        assert_eq!(super::truncate(vec![7; 10], 100), vec![7; 10]);
    }
}
