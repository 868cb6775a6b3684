//! A running game for the play and soak modes: a core plus everything that
//! outlives one core (the ROM, the events logged so far, an armed `sram-cut`),
//! so that `reboot` can swap in a fresh emulator with the same save chip.
use std::collections::HashMap;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use crate::core::{Core, SRAM_SIZE};
use crate::log::{self, Entry, Level};

/// Frames to keep running after agb's `[failed]` while waiting for the panic
/// message (agb waits two frames after drawing its crash screen).
const PANIC_GRACE_FRAMES: u32 = 600;
/// The word the ROM's `paint_stack` fills the unused stack with (events builds).
const STACK_PAINT: u32 = 0x5AC4_57AC;
/// Stack bytes that must stay untouched above IWRAM's code and data: less
/// room than this left fails the run (an overflow would corrupt the code).
pub const STACK_MARGIN: u32 = 1024;

/// How long a save may take between `save.begin` and `save.end` for `sram-cut`.
const SAVE_MAX_FRAMES: u32 = 600;

/// What an armed cut does at the next `save.begin`.
enum Cut {
    /// `sram-cut`: write the chip half-way through the save to this file.
    Half(PathBuf),
    /// `cut-every`: boot the chip as cut after every byte that this owner's
    /// save changes.
    Every(String),
}

pub struct Machine {
    rom: Vec<u8>,
    core: Option<Core>,
    /// Every event logged since the machine was created (text after `event `).
    pub events: Vec<String>,
    pub verbose: bool,
    /// What to do when the next save starts.
    cut: Option<Cut>,
    /// Log entries from a frame being run instruction by instruction.
    pending: Vec<Entry>,
    /// Reports from `sram-cut`, for the caller to print.
    pub notes: Vec<String>,
    /// The painted stack: (lowest address, top), from `stack.painted`.
    stack: Option<(u32, u32)>,
    /// The deepest the stack has reached in bytes, over reboots.
    stack_peak: u32,
    /// `cut-random`, once armed.
    random_cuts: Option<RandomCuts>,
    /// `play --profile-busy`, once armed.
    busy: Option<BusyProfile>,
}

/// `play --profile-busy`: cycles by instruction address (and caller) over the frames
/// whose work (every cycle but the BIOS's halt) went over `threshold`
/// cycles, from the first desktop or app frame after a boot on.
pub struct BusyProfile {
    threshold: u64,
    /// A frame of the desktop or an app has begun since the last boot.
    counting: bool,
    /// Cycles by instruction address and the link register's value then
    /// (where a function that calls no other was called from).
    pub callers: HashMap<(u32, u32), u64>,
    pub frames: u32,
    /// Frames profiled at most (`--profile-frames`).
    most_frames: u32,
}

impl BusyProfile {
    /// Cycles by instruction address, whatever the link register.
    pub fn cycles(&self) -> HashMap<u32, u64> {
        let mut cycles = HashMap::new();
        for (&(address, _), &spent) in &self.callers {
            *cycles.entry(address).or_default() += spent;
        }
        cycles
    }
}

/// `cut-random`: the chance in a thousand of keeping a frame's chip, the
/// choice's generator, and the chips kept, each with how many events had
/// been logged by then.
struct RandomCuts {
    chance: u32,
    rng: crate::rng::Rng,
    kept: Vec<(Vec<u8>, usize)>,
}

/// How deep the stack went: bytes used and bytes it may use.
/// What a `profile` saw: cycles by instruction address, and the deepest
/// the program's stack went.
pub struct Profile {
    pub cycles: HashMap<u32, u64>,
    pub deepest: Option<DeepestStack>,
    /// Whether the event came (else the frame limit ended it).
    pub found: bool,
}

/// The program's stack at its deepest in a profile: how deep (bytes below
/// the top), the instruction about to run, and the stack's words from the
/// stack pointer up (return addresses among them).
pub struct DeepestStack {
    pub bytes: u32,
    pub at: u32,
    pub words: Vec<u32>,
}

#[derive(Clone, Copy, Debug)]
pub struct StackUse {
    pub peak: u32,
    pub room: u32,
}

impl Machine {
    pub fn new(rom: Vec<u8>, sram: &[u8], verbose: bool) -> Result<Machine> {
        let core = Core::new(&rom, sram)?;
        Ok(Machine {
            rom,
            core: Some(core),
            events: Vec::new(),
            verbose,
            cut: None,
            pending: Vec::new(),
            notes: Vec::new(),
            stack: None,
            stack_peak: 0,
            random_cuts: None,
            busy: None,
        })
    }

    pub fn core(&mut self) -> &mut Core {
        self.core.as_mut().expect("core is alive")
    }

    /// The save chip as a full-size image (an untouched chip reads as 0xFF).
    pub fn sram(&mut self) -> Vec<u8> {
        let mut data = self.core().sram();
        if data.len() < SRAM_SIZE {
            data.resize(SRAM_SIZE, 0xFF);
        }
        data
    }

    /// Power-cycles: a brand-new emulator with the current save chip.
    pub fn reboot(&mut self) -> Result<()> {
        self.stack_use();
        if let Some(busy) = &mut self.busy {
            busy.counting = false;
        }
        let sram = self.sram();
        self.core = None; // the old core must be gone before the next one logs
        self.core = Some(Core::new(&self.rom, &sram)?);
        Ok(())
    }

    /// The stack's deepest reach so far (read from IWRAM: the lowest word no
    /// longer painted), or `None` for a ROM that does not paint its stack.
    pub fn stack_use(&mut self) -> Option<StackUse> {
        let (bottom, top) = self.stack?;
        let core = self.core.as_ref()?;
        let mut address = bottom;
        while address < top && core.read32(address) == STACK_PAINT {
            address += 4;
        }
        self.stack_peak = self.stack_peak.max(top - address);
        Some(StackUse {
            peak: self.stack_peak,
            room: top - bottom,
        })
    }

    /// Fails if the stack came within [`STACK_MARGIN`] bytes of what lies
    /// below it in IWRAM (the code, then the mixer's buffers).
    pub fn check_stack(&mut self) -> Result<Option<StackUse>> {
        let found = self.stack_use();
        if let Some(StackUse { peak, room }) = found
            && room.saturating_sub(peak) < STACK_MARGIN
        {
            bail!(
                "the stack reached {peak} of its {room} bytes: less than {STACK_MARGIN} bytes \
                 were left above IWRAM's code and the mixer's buffers (see \
                 src/framework/perf.rs, paint_stack)"
            );
        }
        Ok(found)
    }

    pub fn arm_sram_cut(&mut self, path: PathBuf) {
        self.cut = Some(Cut::Half(path));
    }

    /// Arms `cut-every`: `owner`'s next save is cut after every byte it
    /// changes, and each of those chips booted (see `faults::check_cuts`).
    pub fn arm_cut_every(&mut self, owner: String) {
        self.cut = Some(Cut::Every(owner));
    }

    /// The ROM image this machine runs.
    pub fn rom(&self) -> &[u8] {
        &self.rom
    }

    /// Runs one frame with `keys` held. Fails if the ROM panicked or mGBA
    /// logged anything at Fatal level.
    pub fn frame(&mut self, keys: u16) -> Result<()> {
        self.core().set_keys(keys);
        if self.busy.is_some() && self.cut.is_none() {
            self.frame_profiling_busy();
        } else if self.cut.is_none() {
            self.core().run_frame();
        } else {
            self.frame_stepping()?;
        }
        let mut entries = std::mem::take(&mut self.pending);
        entries.extend(log::drain());
        self.process(entries)?;
        self.keep_random_cut();
        Ok(())
    }

    /// `cut-random`: from now on keep the chip as it is after a frame, a
    /// power cut there, at random (`chance` in a thousand frames).
    pub fn arm_cut_random(&mut self, chance: u32, seed: u64) {
        self.random_cuts = Some(RandomCuts {
            chance,
            rng: crate::rng::Rng::new(seed),
            kept: Vec::new(),
        });
    }

    fn keep_random_cut(&mut self) {
        let Some(cuts) = self.random_cuts.as_mut() else {
            return;
        };
        if cuts.rng.below(1000) >= u64::from(cuts.chance) {
            return;
        }
        let (chip, logged) = (self.sram(), self.events.len());
        if let Some(cuts) = self.random_cuts.as_mut() {
            cuts.kept.push((chip, logged));
        }
    }

    /// `cut-random-check`: boot `count` of the chips kept (all if fewer),
    /// each as the power came back after that cut: no notice, and every
    /// section as last written before the cut (its `save.end` hash), or as
    /// loaded at boot if it was not written since.
    pub fn check_random_cuts(&mut self, count: u32) -> Result<String> {
        let Some(RandomCuts {
            mut rng, mut kept, ..
        }) = self.random_cuts.take()
        else {
            bail!("cut-random-check: no cut-random before it");
        };
        while kept.len() > count as usize {
            let drop = rng.below(kept.len() as u64) as usize;
            kept.remove(drop);
        }
        let expected: Vec<HashMap<String, String>> = kept
            .iter()
            .map(|&(_, logged)| last_written(&self.events[..logged]))
            .collect();
        let mut chips: Vec<Vec<u8>> = Vec::new();
        for (chip, _) in &kept {
            if !chips.contains(chip) {
                chips.push(chip.clone());
            }
        }
        let boots = crate::faults::boot_chips(&self.rom, &chips);
        let mut writes_seen = 0;
        for ((chip, logged), expected) in kept.iter().zip(&expected) {
            let index = chips.iter().position(|c| c == chip).unwrap_or(0);
            let boot = boots[index]
                .as_ref()
                .map_err(|e| anyhow::anyhow!("cut after event {logged}: {e:#}"))?;
            if boot.notice != "None" {
                bail!("cut after event {logged}: notice {}", boot.notice);
            }
            for (owner, hash) in expected {
                let loaded = boot.sections.get(owner).map(|(_, hash)| hash.as_str());
                if loaded != Some(hash.as_str()) {
                    bail!(
                        "cut after event {logged}: {owner} loaded {loaded:?}, not as last written ({hash})"
                    );
                }
            }
            writes_seen = writes_seen.max(
                self.events[..*logged]
                    .iter()
                    .filter(|e| e.starts_with("save.end ok=true"))
                    .count(),
            );
        }
        Ok(format!(
            "cut-random: {} cut points at random frames ({} different chips, after up to {writes_seen} writes) all boot with every section as last written",
            kept.len(),
            chips.len()
        ))
    }

    fn process(&mut self, entries: Vec<Entry>) -> Result<()> {
        let mut panicking = false;
        for e in entries {
            if e.level == Level::Fatal {
                bail!("ROM crashed ({} Fatal): {}", e.category, tidy(&e.message));
            }
            if let Some(ev) = e.event() {
                if let Some(painted) = ev.strip_prefix("stack.painted ") {
                    self.stack = parse_painted(painted);
                }
                if let (Some(end), Some((bottom, top))) = (
                    ev.strip_prefix("stack.heap_end ")
                        .and_then(|fields| hex_field(fields, "address")),
                    self.stack,
                ) {
                    // The mixer's IWRAM buffers sit at the bottom of the painted area.
                    self.stack = Some((end.clamp(bottom, top).next_multiple_of(4), top));
                }
                if self.verbose {
                    println!("event {ev}");
                }
                self.events.push(ev.to_string());
            } else if e.is_debug() && e.level == Level::Error && e.message == "[failed]" {
                panicking = true;
            } else if self.verbose && e.is_debug() {
                println!("rom: {}", e.message);
            } else if self.verbose {
                println!("mgba [{}] {:?}: {}", e.category, e.level, e.message);
            }
        }
        if panicking {
            // agb's panic handler draws its crash screen, then logs the message.
            for _ in 0..PANIC_GRACE_FRAMES {
                self.core().run_frame();
                for e in log::drain() {
                    if e.level == Level::Fatal {
                        bail!("ROM panicked: {}", tidy(&e.message));
                    }
                }
            }
            bail!("ROM panicked (no panic message was logged)");
        }
        Ok(())
    }

    /// Runs an instruction at a time until an event starting with `prefix` is
    /// logged (or `frames` frames pass), counting the cycles spent at each
    /// instruction address: a profile of the ROM's work over that stretch.
    pub fn profile_until(&mut self, keys: u16, prefix: &str, frames: u32) -> Result<Profile> {
        self.core().set_keys(keys);
        let mut cycles: HashMap<u32, u64> = HashMap::new();
        let mut deepest: Option<DeepestStack> = None;
        let start = self.core().frame_counter();
        let (mut address, mut time) = self.core().next_instruction();
        loop {
            let found = self.step_watching(prefix);
            let (next, now) = self.core().next_instruction();
            *cycles.entry(address).or_default() += now.saturating_sub(time);
            (address, time) = (next, now);
            if let (Some(sp), Some((_, top))) = (self.core().program_stack_pointer(), self.stack)
                && sp < top
                && deepest.as_ref().is_none_or(|d| sp < top - d.bytes)
            {
                let core = self.core();
                deepest = Some(DeepestStack {
                    bytes: top - sp,
                    at: next,
                    words: (sp..top).step_by(4).map(|a| core.read32(a)).collect(),
                });
            }
            if found || self.core().frame_counter().wrapping_sub(start) >= frames {
                let entries = std::mem::take(&mut self.pending);
                self.process(entries)?;
                return Ok(Profile {
                    cycles,
                    deepest,
                    found,
                });
            }
        }
    }

    /// Runs one instruction, keeping what it logs for the next `process`;
    /// whether that includes an event starting with `prefix`.
    fn step_watching(&mut self, prefix: &str) -> bool {
        self.core().step();
        let new = log::drain();
        let found = new
            .iter()
            .any(|e| e.event().is_some_and(|t| t.starts_with(prefix)));
        self.pending.extend(new);
        found
    }

    /// From now on, profile the frames whose work goes over `threshold`
    /// cycles (`play --profile-busy`): from the first desktop or app frame,
    /// or at once if `now`; `most_frames` of them at most.
    pub fn profile_busy(&mut self, threshold: u64, now: bool, most_frames: u32) {
        self.busy = Some(BusyProfile {
            threshold,
            most_frames,
            counting: now,
            callers: HashMap::new(),
            frames: 0,
        });
    }

    /// What `profile_busy` has gathered.
    pub fn busy_profile(&self) -> Option<&BusyProfile> {
        self.busy.as_ref()
    }

    /// Runs one frame an instruction at a time, its cycles by address added
    /// to the busy profile if its work went over the threshold.
    fn frame_profiling_busy(&mut self) {
        let start = self.core().frame_counter();
        let mut frame: HashMap<(u32, u32), u64> = HashMap::new();
        let (mut address, mut time) = self.core().next_instruction();
        while self.core().frame_counter() == start {
            let link = self.core().link_register();
            self.core().step();
            self.pending.extend(log::drain());
            let (next, now) = self.core().next_instruction();
            *frame.entry((address, link)).or_default() += now.saturating_sub(time);
            (address, time) = (next, now);
        }
        let begun = self.pending.iter().any(|entry| {
            entry.event().is_some_and(|text| {
                text.starts_with("desktop.ready") || text.starts_with("app.running")
            })
        });
        let Some(busy) = &mut self.busy else {
            return;
        };
        busy.counting |= begun;
        // The BIOS's addresses are below 0x0200_0000: halted, waiting for
        // the next frame.
        let work: u64 = frame
            .iter()
            .filter(|&(&(address, _), _)| address >= 0x0200_0000)
            .map(|(_, &cycles)| cycles)
            .sum();
        if busy.counting && work > busy.threshold && busy.frames < busy.most_frames {
            if self.verbose {
                // In the log among the frame's events: which frames were profiled.
                println!(
                    "busy frame work={work} pct={:.1}",
                    work as f64 * 100.0 / 280_896.0
                );
            }
            busy.frames += 1;
            for ((address, link), cycles) in frame {
                *busy.callers.entry((address, link)).or_default() += cycles;
            }
        }
    }

    /// Runs one frame an instruction at a time so a save can be caught mid-write.
    fn frame_stepping(&mut self) -> Result<()> {
        let start = self.core().frame_counter();
        while self.core().frame_counter() == start {
            if self.step_watching("save.begin") {
                match self.cut.take() {
                    Some(Cut::Half(path)) => self.cut_sram(path)?,
                    Some(Cut::Every(owner)) if self.saving() == owner => self.cut_every(owner)?,
                    other => self.cut = other,
                }
            }
        }
        Ok(())
    }

    /// `sram-cut`: capture the save chip half-way through the write that the ROM
    /// just announced with `save.begin`, as if the power failed there.
    ///
    /// Method: we are stopped on the instruction boundary right after the
    /// `save.begin` print. (1) Take an mGBA save state and a copy of the save
    /// chip. (2) Step single instructions until `save.end` is logged, counting
    /// them (K), and diff the chip before/after to find the bytes this save
    /// changes (D). (3) Rewind: load the state and put the old chip contents
    /// back (save states do not include the chip). (4) Replay the same
    /// instructions (emulation is deterministic) in slices of K/512, cloning
    /// the chip after each slice, until at least half of D holds its new value;
    /// that image is the torn save. Emulation then simply carries on from there
    /// and the save completes as normal; the log from the measuring run is
    /// discarded and the replay's log is kept.
    fn cut_sram(&mut self, path: PathBuf) -> Result<()> {
        let before = self.sram();
        let state = self.core().save_state();

        let start = self.core().frame_counter();
        let mut k: u64 = 0;
        loop {
            self.core().step();
            k += 1;
            let logs = log::drain();
            if let Some(e) = logs.iter().find(|e| e.level == Level::Fatal) {
                bail!(
                    "sram-cut: the ROM crashed during the save: {}",
                    tidy(&e.message)
                );
            }
            if logs
                .iter()
                .any(|e| e.event().is_some_and(|t| t.starts_with("save.end")))
            {
                break;
            }
            if self.core().frame_counter().wrapping_sub(start) > SAVE_MAX_FRAMES {
                bail!(
                    "sram-cut: no `save.end` event within {SAVE_MAX_FRAMES} frames of `save.begin`"
                );
            }
        }
        let after = self.sram();
        let changed: Vec<usize> = (0..after.len())
            .filter(|&i| before.get(i) != Some(&after[i]))
            .collect();

        self.core().load_state(&state)?;
        self.core().set_sram(&before)?;

        let slice = (k / 512).max(1);
        let mut done = 0;
        let (torn, progressed) = loop {
            for _ in 0..slice.min(k - done) {
                self.core().step();
            }
            done += slice.min(k - done);
            self.pending.extend(log::drain());
            let now = self.sram();
            let progressed = changed.iter().filter(|&&i| now[i] == after[i]).count();
            let halfway = if changed.is_empty() {
                done * 2 >= k
            } else {
                progressed * 2 >= changed.len()
            };
            if halfway || done >= k {
                break (now, progressed);
            }
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).ok();
        }
        std::fs::write(&path, &torn).with_context(|| format!("cannot write {}", path.display()))?;
        self.notes.push(format!(
            "sram-cut: save took {k} instructions and changed {} bytes; cut after {done} \
             instructions with {progressed} of them written -> {}",
            changed.len(),
            path.display()
        ));
        Ok(())
    }

    /// `cut-every`: step through the save the ROM just announced, keeping
    /// the chip each time a byte of it changes, then boot every one of those
    /// chips. Emulation carries on from the end of the save.
    fn cut_every(&mut self, owner: String) -> Result<()> {
        let mut images = vec![self.sram()];
        let start = self.core().frame_counter();
        while !self.step_watching("save.end") {
            let now = self.sram();
            if images.last() != Some(&now) {
                images.push(now);
            }
            if self.core().frame_counter().wrapping_sub(start) > SAVE_MAX_FRAMES {
                bail!(
                    "cut-every: no `save.end` event within {SAVE_MAX_FRAMES} frames of `save.begin`"
                );
            }
        }
        let now = self.sram();
        if images.last() != Some(&now) {
            images.push(now);
        }
        let note = crate::faults::check_cuts(&self.rom, &owner, &images)?;
        self.notes.push(note);
        Ok(())
    }

    /// Whose section the save that just began is writing.
    fn saving(&self) -> &str {
        self.pending
            .iter()
            .rev()
            .find_map(|e| e.event()?.strip_prefix("save.begin "))
            .and_then(|fields| log::field(fields, "owner"))
            .unwrap_or_default()
    }

    /// True if an `sram-cut` or `cut-every` is still waiting for a save.
    pub fn cut_armed(&self) -> bool {
        self.cut.is_some()
    }
}

/// Puts a multi-line panic message on one line.
pub fn tidy(msg: &str) -> String {
    msg.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// `bottom=0x3005a00 top=0x3007f00` -> (bottom, top).
fn parse_painted(text: &str) -> Option<(u32, u32)> {
    let (bottom, top) = (hex_field(text, "bottom")?, hex_field(text, "top")?);
    (bottom < top).then_some((bottom, top))
}

/// The hexadecimal value of field `name` (`name=0x...`) among `fields`.
fn hex_field(fields: &str, name: &str) -> Option<u32> {
    log::field(fields, name)
        .and_then(|hex| u32::from_str_radix(hex.trim_start_matches("0x"), 16).ok())
}

/// Each section's fingerprint as the events up to a point leave it: loaded
/// at boot (`save.section ... hash=`), then each write (`save.end ok=true
/// ... hash=`).
fn last_written(events: &[String]) -> HashMap<String, String> {
    let mut hashes = HashMap::new();
    for event in events {
        let fields = event
            .strip_prefix("save.section ")
            .or_else(|| event.strip_prefix("save.end ok=true "));
        if let Some(fields) = fields
            && let (Some(owner), Some(hash)) =
                (log::field(fields, "owner"), log::field(fields, "hash"))
        {
            hashes.insert(owner.to_string(), hash.to_string());
        }
    }
    hashes
}
