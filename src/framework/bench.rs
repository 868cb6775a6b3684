//! `--features bench` (`just bench`): benchmarks run at boot, before the
//! normal ROM starts (so `tests/bench/bench.play` can then play). Each app
//! keeps its own beside it and registers them with [`App::bench`]; this is
//! the clock, the statistics and the report they share.
//!
//! Each logs `event bench name=<n> mean=<c> worst=<c> budget=<c> ok=<bool>`
//! in CPU cycles read from the hardware timers ([`cycles::now`]), then
//! `event bench.done failures=<k>`. mGBA counts cycles deterministically, so
//! the numbers only change when the code (or its placement in ROM) does.
//!
//! [`App::bench`]: super::App::bench

use super::cycles;
pub use super::frame_time::FRAME_CYCLES;

/// An app's share of a frame.
pub const PER_FRAME_BUDGET: u32 = FRAME_CYCLES / 2;
/// Fixed stream for seeds and inputs, so every run measures the same work.
pub const SEED: u32 = 0xBE4C_0001;

/// What every benchmark is given: the clock's own cost, the count of
/// budgets missed so far, and a way to show a frame.
pub struct Bench<'a> {
    pub overhead: u32,
    pub failures: u32,
    /// Shows an empty frame: video memory takes back the tiles let go of
    /// only then, and drawing benchmarks let go of many.
    show_frame: &'a mut dyn FnMut(),
}

impl Bench<'_> {
    /// Let video memory take back the tiles the benchmarks so far let go
    /// of (by showing a frame).
    pub fn free_video_memory(&mut self) {
        vblank_interrupt(true);
        (self.show_frame)();
        vblank_interrupt(false);
    }
}

/// Turns the vertical blank interrupt (which agb's graphics turn on) on or
/// off: while benchmarks measure it is off, or its handler's cycles would
/// land in whichever measurement it interrupts.
fn vblank_interrupt(on: bool) {
    // The interrupt enable register; bit 0 is vertical blank.
    const IE: *mut u16 = 0x0400_0200 as *mut u16;
    // Safety: a hardware register, read and written whole.
    unsafe {
        let enabled = IE.read_volatile();
        IE.write_volatile(if on { enabled | 1 } else { enabled & !1 });
    }
}

/// Mean and worst of a series of cycle counts.
#[derive(Default)]
pub struct Stats {
    pub total: u64,
    pub count: u32,
    pub worst: u32,
}

impl Stats {
    pub fn add(&mut self, cycles: u32) {
        self.total += u64::from(cycles);
        self.count += 1;
        self.worst = self.worst.max(cycles);
    }

    pub fn mean(&self) -> u32 {
        self.total.checked_div(u64::from(self.count)).unwrap_or(0) as u32
    }
}

/// Cycles `work` takes, less the cost of reading the clock itself.
pub fn measure<T>(overhead: u32, work: impl FnOnce() -> T) -> u32 {
    let start = cycles::now();
    let result = work();
    let end = cycles::now();
    core::hint::black_box(result);
    end.wrapping_sub(start).saturating_sub(overhead)
}

/// The cost of an empty measurement (the least of a few, ignoring interrupts).
fn clock_overhead() -> u32 {
    (0..8).map(|_| measure(0, || ())).min().unwrap_or(0)
}

pub fn report(name: &str, stats: &Stats, budget: u32, failures: &mut u32) {
    let ok = stats.worst <= budget;
    if !ok {
        *failures += 1;
        // Its own event, so a script can assert on it after playing on.
        crate::event!(
            "bench.over name={} worst={} budget={}",
            name,
            stats.worst,
            budget
        );
    }
    crate::event!(
        "bench name={} mean={} worst={} budget={} ok={}",
        name,
        stats.mean(),
        stats.worst,
        budget,
        ok
    );
}

/// Statistics with every count at its largest, for `largest_save`.
pub const LARGEST_TALLY: desk_core::tally::Tally = desk_core::tally::Tally {
    played: u16::MAX,
    won: u16::MAX,
    streak: u16::MAX,
    best_streak: u16::MAX,
    unfinished: true,
};

/// A save section at its largest (`value`, every record at its maximum and
/// every custom slot filled), in bytes and in the chip's 128-byte blocks:
/// agb keeps a slot header block per section and 120 bytes of it in each
/// data block.
pub fn largest_save(owner: &str, value: &impl serde::Serialize) {
    let bytes = postcard::to_allocvec(value).map_or(0, |bytes| bytes.len());
    // The slot holds the section as a byte string: a length, then the bytes.
    let stored = bytes + postcard::to_allocvec(&(bytes as u32)).map_or(5, |v| v.len());
    let blocks = 1 + stored.div_ceil(120);
    crate::event!(
        "save.largest owner={} bytes={} blocks={}",
        owner,
        bytes,
        blocks
    );
}

/// Text boxes on the drawing plane: what drawing a line takes, and a box's
/// text replaced (the old text blanked first), as events (the frame meter
/// holds the frames they are drawn in to their budget).
fn text(bench: &mut Bench) {
    use super::widgets::{
        prepared::{PreparedLine, prepared_all},
        text::TextBox,
    };
    const LINES: [&str; 4] = [
        "Hint: hold A",
        "on the end,",
        "Boom! A: new board",
        "Mixed rows",
    ];
    super::plane::clear();
    for (row, line) in (0..).zip(LINES) {
        let mut text_box = TextBox::new((4, 8 + row * 24), 29, 1);
        let cycles = measure(bench.overhead, || text_box.set(line));
        crate::event!("bench.text line={line:?} cycles={cycles}");
    }
    // A box of several lines (as Polarium's panel), its text replaced: the
    // first line also blanks the old text's pixels.
    let mut panel = TextBox::new((160, 112), 8, 5);
    panel.set("Solved in 12\ntries!\nA: next\nB: list\nSELECT: more");
    for text in [
        "Mixed rows\nmarked. Try\nagain!",
        "Solved in 12\ntries!\nA: next",
    ] {
        let cycles = measure(bench.overhead, || panel.set(text));
        crate::event!("bench.text box={text:?} cycles={cycles}");
    }
    // Lines rendered at build time, in a box told of them: each its
    // columns of 8 pixels, inked as letters are (`TextBox::set_known`, and
    // Picross's text areas the same way).
    static KNOWN: [&PreparedLine; 3] = prepared_all![
        "Drawing: A fills, B clears; hold and",
        "Check and save",
        "Done"
    ];
    for (row, line) in (0..).zip(KNOWN) {
        let mut text_box = TextBox::new((4, 80 + row * 24), 29, 1);
        text_box.set_known(&KNOWN);
        let cycles = measure(bench.overhead, || text_box.set(line.text));
        crate::event!("bench.text known={:?} cycles={cycles}", line.text);
    }
    // A block of lines known whole (Polarium's panel messages), over the
    // box's old text: one copy, its lines and the blanking under them.
    static BLOCKS: [&PreparedLine; 2] = prepared_all![
        "Hint: hold A\non the end,\ncarry on.",
        "Stuck? Press\nR: rings show\nwhere a line\nstarts, ends."
    ];
    let mut panel = TextBox::new((160, 112), 8, 5);
    panel.set_known(&BLOCKS);
    panel.set("Solved in 12\ntries!\nA: next\nB: list\nSELECT: more");
    for block in BLOCKS {
        let cycles = measure(bench.overhead, || panel.set(block.text));
        crate::event!("bench.text known_block={:?} cycles={cycles}", block.text);
    }
    // A menu's page of typed lines, on a cleared plane and over the box's
    // own text: measured, held to nothing but the frames it is drawn in.
    super::plane::clear();
    const PAGE: &str = "Check and save\nWidth: 10\nHeight: 10\nShare code\nClear the drawing\nDelete this slot\nDone\nA: choose  B: back";
    let mut page = TextBox::new((18, 28), 26, 16);
    let fresh = measure(bench.overhead, || page.set(PAGE));
    page.set("x");
    let redrawn = measure(bench.overhead, || page.set(PAGE));
    crate::event!("bench.text page fresh={fresh} redrawn={redrawn}");
    super::plane::clear();
}

/// Runs the framework's benchmarks and every app's (`apps`), and logs the
/// results; returns the failures.
pub fn run(show_frame: &mut dyn FnMut(), apps: impl FnOnce(&mut Bench)) -> u32 {
    vblank_interrupt(false);
    let overhead = clock_overhead();
    crate::event!("bench.start overhead={}", overhead);
    let mut bench = Bench {
        overhead,
        failures: 0,
        show_frame,
    };
    largest_save(
        "desk",
        &super::save::DeskSave {
            settings: desk_core::section::Settings::default(),
            play_seconds: u32::MAX,
        },
    );
    apps(&mut bench);
    text(&mut bench);
    // Before the desktop makes its own tiles.
    bench.free_video_memory();
    vblank_interrupt(true);
    crate::event!("bench.done failures={}", bench.failures);
    bench.failures
}
