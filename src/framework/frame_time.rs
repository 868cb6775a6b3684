//! How much of the current frame is gone, read from the display's line
//! counter (VCOUNT), so work the player waits for can fill a frame without
//! dropping it, and drawing (text, mostly) can use what the frame has left
//! ([`Piece::room`]). Compiled into every build: the shipped ROM paces its
//! work by it, where the cycle meter ([`super::perf`]) exists only to
//! measure.
//!
//! The frame loop's work starts when the display enters vertical blank (line
//! 160) and must end before it does so again, 228 lines later; the frame
//! loop mixes the sound first, then updates, then shows.

use agb::external::portable_atomic::{AtomicBool, AtomicPtr, AtomicU8, AtomicU32, Ordering};

/// Lines in one frame: 160 drawn, 68 of vertical blank.
pub const FRAME_LINES: u32 = 228;
/// CPU cycles in one display line.
#[cfg(feature = "bench")]
pub const LINE_CYCLES: u32 = 1_232;
/// CPU cycles in one frame (the clocks' own figure: they count real time).
#[cfg(any(debug_assertions, feature = "events"))]
pub use super::widgets::timer::CYCLES_PER_FRAME as FRAME_CYCLES;
/// The line at which vertical blank, and so the frame's work, starts.
const VBLANK_LINE: u32 = 160;

/// The line the display is on (VCOUNT).
fn line() -> u32 {
    // SAFETY: VCOUNT is a read-only 16-bit I/O register, always readable.
    u32::from(unsafe { (0x0400_0006 as *const u16).read_volatile() })
}

/// Lines the display has drawn since vertical blank started.
fn display_lines() -> u32 {
    // VCOUNT is below FRAME_LINES, so one subtraction wraps it (Thumb code
    // has no divide, and this is asked for every piece drawn).
    let lines = line() + FRAME_LINES - VBLANK_LINE;
    if lines >= FRAME_LINES {
        lines - FRAME_LINES
    } else {
        lines
    }
}

/// Lines since this frame's work began (since vertical blank started),
/// less any spent printing debug events (see `printed_lines`).
#[must_use]
pub fn lines_used() -> u32 {
    let lines = display_lines();
    #[cfg(any(debug_assertions, feature = "events"))]
    let lines = lines.saturating_sub(printed_lines());
    lines
}

/// Where `excluded_ever` stood as the frame began.
#[cfg(any(debug_assertions, feature = "events"))]
static EXCLUDED_BEFORE: AtomicU32 = AtomicU32::new(0);

/// The display lines this frame has spent printing debug events and
/// probing the heap (builds with events; `cycles::exclude_since`): the
/// frame paces itself as the shipped ROM, which does neither, would, as the
/// cycle meter leaves them out. (Whole lines: a piece may seem to end a
/// line before it began, which `close_piece` reads as no time.)
#[cfg(any(debug_assertions, feature = "events"))]
fn printed_lines() -> u32 {
    /// 2^22 / 1,232 cycles a line: a multiply instead of a division.
    const LINES_PER_CYCLE_Q22: u32 = 3_404;
    let before = EXCLUDED_BEFORE.load(Ordering::Relaxed);
    let cycles = super::cycles::excluded_ever().wrapping_sub(before);
    (cycles.min(FRAME_CYCLES) * LINES_PER_CYCLE_Q22) >> 22
}

/// Whether work of `lines` display lines started now ends inside vertical
/// blank, before the display draws the screen's top line: pixels written
/// into shown tiles then never show half old, half new.
#[must_use]
pub fn ends_in_vblank(lines: u32) -> bool {
    // Where the display is, printing or not.
    display_lines() + lines <= FRAME_LINES - VBLANK_LINE
}

/// On a screen where the player waits for an answer (a check, a hint being
/// worked out), work may go on until this many lines of the frame are gone;
/// drawing and sound still fit after it (see [`WAITING_FRAME_CYCLES`]).
pub const WAITING_WORK_LINES: u32 = 135;

/// The most a waiting frame may take in all, its drawing and sound with it:
/// the cycle meter holds such frames to this instead of half a frame.
#[cfg(any(debug_assertions, feature = "events"))]
pub const WAITING_FRAME_CYCLES: u32 = FRAME_CYCLES / 10 * 9;

/// Whether this frame is one the player waits through (see [`waiting`]).
static WAITING: AtomicBool = AtomicBool::new(false);

/// Work the player waits for, done in slices for as long as the frame has
/// room: another slice is started only while one as long as the longest so
/// far would still end by [`WAITING_WORK_LINES`].
pub struct FrameFiller {
    longest: u32,
}

impl FrameFiller {
    /// This frame is one the player waits through (see [`waiting`]).
    #[must_use]
    pub fn start() -> Self {
        waiting();
        Self { longest: 0 }
    }

    /// Runs one slice of the work, timing it.
    pub fn slice<T>(&mut self, work: impl FnOnce() -> T) -> T {
        let before = lines_used();
        let result = work();
        self.longest = self.longest.max(lines_used().saturating_sub(before));
        result
    }

    /// Whether another slice fits in this frame.
    #[must_use]
    pub fn has_room(&self) -> bool {
        lines_used() + self.longest <= WAITING_WORK_LINES
    }
}

/// Runs `slice` (work the player waits for) until it gives an answer or the
/// frame has no room for another (see [`FrameFiller`]); the answer, if one
/// came this frame.
pub fn fill_frame<T>(mut slice: impl FnMut() -> Option<T>) -> Option<T> {
    let mut frame = FrameFiller::start();
    loop {
        if let Some(answer) = frame.slice(&mut slice) {
            return Some(answer);
        }
        if !frame.has_room() {
            return None;
        }
    }
}

/// Say that this frame's work is for a player waiting on it, so the cycle
/// meter (where there is one) holds it to its waiting budget, and drawing
/// knows its room starts later.
fn waiting() {
    WAITING.store(true, Ordering::Relaxed);
    WAITED.store(true, Ordering::Relaxed);
}

/// Whether [`waiting`] was said this frame (kept past the meter's look),
/// and in the frame before this one.
static WAITED: AtomicBool = AtomicBool::new(false);
static LAST_FRAME_WAITED: AtomicBool = AtomicBool::new(false);

/// Whether the frame before this one was one the player waited through: a
/// search under way is likely to fill this one too.
#[must_use]
pub fn last_frame_waited() -> bool {
    LAST_FRAME_WAITED.load(Ordering::Relaxed)
}

/// Where a frame's drawing ends, in lines: well short of the half a frame
/// the cycle meter holds frames to, as a piece may take longer than its
/// kind did lately, and hardware is slower than mGBA.
const FRAME_BUDGET_LINES: u32 = FRAME_LINES * 2 / 5;
/// While a window opens or closes, drawing keeps to seven twentieths of a
/// frame: the player watches the animation, the window's building has all
/// of its frames, and the window's own drawing in them is not pieces.
const WINDOW_MOVING_BUDGET_LINES: u32 = FRAME_LINES * 7 / 20;
/// Whether this frame is one of a window opening or closing.
static WINDOW_MOVING: AtomicBool = AtomicBool::new(false);

/// The lines drawing may take in this frame, unless the player waits on it.
fn frame_budget() -> u32 {
    // A frame that ran an overdue slice of a save first keeps its drawing
    // to the same seven twentieths: the rest waits a frame.
    if WINDOW_MOVING.load(Ordering::Relaxed) || OVERDUE_SAVE.load(Ordering::Relaxed) {
        WINDOW_MOVING_BUDGET_LINES
    } else {
        FRAME_BUDGET_LINES
    }
}
const WAITING_BUDGET_LINES: u32 = FRAME_LINES * 9 / 10;
/// Lines a waiting frame keeps spare after drawing that follows its work.
const MARGIN_LINES: u32 = 20;

/// Where the frame's update ended (lines used), and what showing the
/// frame has taken after it lately: the largest of recent frames, in
/// eighths of a line, falling by half a line a frame so a spike is
/// remembered for a second or so. (The sound is mixed before the update.)
static UPDATE_END: AtomicU32 = AtomicU32::new(0);
static TAIL_EIGHTHS: AtomicU32 = AtomicU32::new(20 * 8);
/// What showing the last frame took, in eighths of a line, and what this
/// frame's showing has grown by since (`showing_grows`).
static LAST_TAIL_EIGHTHS: AtomicU32 = AtomicU32::new(20 * 8);
static GROWN_EIGHTHS: AtomicU32 = AtomicU32::new(0);
/// How fast the remembered tail falls, in eighths of a line a frame.
const TAIL_FALL_EIGHTHS: u32 = 4;
/// Whether this frame drew its one piece past the estimate.
static PIECE_GIVEN: AtomicBool = AtomicBool::new(false);
/// How early in a frame that piece may start, in lines.
const EARLY_LINES: u32 = 24;

/// The frame loop: the update is done, showing comes next.
pub fn mark_update_end() {
    UPDATE_END.store(lines_used(), Ordering::Relaxed);
}

/// The frame loop: everything but the commit is done.
pub fn mark_frame_end() {
    let tail = lines_used().saturating_sub(UPDATE_END.load(Ordering::Relaxed));
    let remembered = TAIL_EIGHTHS
        .load(Ordering::Relaxed)
        .saturating_sub(TAIL_FALL_EIGHTHS);
    TAIL_EIGHTHS.store(remembered.max(tail * 8), Ordering::Relaxed);
    LAST_TAIL_EIGHTHS.store(tail * 8, Ordering::Relaxed);
    GROWN_EIGHTHS.store(0, Ordering::Relaxed);
    PIECE_GIVEN.store(false, Ordering::Relaxed);
}

/// What showing a frame takes grows by `eighths` of a display line from
/// this frame on (sprites added to what is shown): counted at once, so the
/// drawing after it in this frame leaves room for what the last frame did
/// not show.
pub fn showing_grows(eighths: u32) {
    let grown = GROWN_EIGHTHS
        .load(Ordering::Relaxed)
        .saturating_add(eighths);
    GROWN_EIGHTHS.store(grown, Ordering::Relaxed);
    let expected = LAST_TAIL_EIGHTHS
        .load(Ordering::Relaxed)
        .saturating_add(grown);
    let remembered = TAIL_EIGHTHS.load(Ordering::Relaxed);
    TAIL_EIGHTHS.store(remembered.max(expected), Ordering::Relaxed);
}

/// A kind of piece of drawing (a row of a board, a line of text, a
/// clock), timed each time it is drawn: the frame gives it room only
/// where one as long as it has taken lately would still end within the
/// frame's budget. No piece says beforehand what it costs; each kind is a
/// `static` beside the code that draws it, so its timing is its own.
///
/// A kind is one byte (there are dozens, in EWRAM): how long it has taken
/// lately in half display lines (a longer time is taken at once, a shorter
/// one an eighth of the way), and in its top bit whether it must also end
/// inside vertical blank (it is drawn in place near the top of the screen
/// and changes without a press, as a clock does: drawn while the display
/// shows those lines, it would show half old, half new).
pub struct Piece(AtomicU8);

/// What a kind not timed yet is taken to take: its first piece waits for
/// a frame with that much room rather than going anywhere.
const UNTIMED_LINES: u32 = 12;

/// A kind's bit saying it must end inside vertical blank, and its time.
const IN_VBLANK: u8 = 0x80;
const HALF_LINES: u8 = 0x7F;

impl Piece {
    #[must_use]
    pub const fn new() -> Self {
        Self(AtomicU8::new(0))
    }

    /// A kind of piece that must end inside vertical blank.
    #[must_use]
    pub const fn in_vblank() -> Self {
        Self(AtomicU8::new(IN_VBLANK))
    }

    /// How long this kind has taken lately, in display lines; one never
    /// timed is taken to be as long as `UNTIMED_LINES`.
    fn lines(&self) -> u32 {
        match self.0.load(Ordering::Relaxed) & HALF_LINES {
            0 => UNTIMED_LINES,
            halves => u32::from(halves).div_ceil(2),
        }
    }

    fn in_vblank_only(&self) -> bool {
        self.0.load(Ordering::Relaxed) & IN_VBLANK != 0
    }

    /// Whether a piece of this kind fits in this frame's budget, with room
    /// left for the rest of the frame (as much as it has taken lately); if
    /// so, it is timed from here to the next question (or the end of the
    /// update's drawing). What does not fit waits for the next frame.
    #[must_use]
    pub fn room(&'static self) -> bool {
        let now = lines_used();
        close_piece(now);
        if self.in_vblank_only() && !ends_in_vblank(self.lines()) {
            return self.answer(now, false);
        }
        // A frame the player waits through has its work end by
        // `WAITING_WORK_LINES`, and drawing fits before that; where its
        // work says so (`draw_after_work`), drawing fills the rest of its
        // larger budget after the work.
        let lines = self.lines();
        let in_budget = if !is_waiting() {
            ends_by(now, lines, frame_budget())
        } else if DRAW_AFTER_WORK.load(Ordering::Relaxed) {
            ends_by(now, lines, WAITING_BUDGET_LINES - MARGIN_LINES)
        } else {
            now + lines <= WAITING_WORK_LINES
        };
        // Early in a frame, one piece whatever the estimate: drawing never
        // stops for good behind a spike the estimate remembers.
        self.answer(
            now,
            in_budget || (now <= EARLY_LINES && !PIECE_GIVEN.swap(true, Ordering::Relaxed)),
        )
    }

    /// Whether a piece of this kind, as long as it took lately, also fits
    /// in the lighter budget of work ahead of a press (see
    /// [`Self::room_ahead`]); asked after [`Self::room`], it times nothing.
    #[must_use]
    pub fn fits_ahead(&self) -> bool {
        fits_before(self.lines(), AHEAD_BUDGET_LINES)
    }

    /// A piece of this kind was refused room. A timed kind keeps its time
    /// (a refusal says nothing of how long it takes; one that rose on a
    /// spike still goes as a frame's early piece, and falls as it is timed
    /// again), but for one that must end in vertical blank, which falls
    /// half a line a refusal; one never timed is taken as timed just under
    /// `UNTIMED_LINES`, so it goes where that fits.
    fn refused(&self) {
        let byte = self.0.load(Ordering::Relaxed);
        let halves = match byte & HALF_LINES {
            0 => (UNTIMED_LINES * 2 - 1) as u8,
            // One that must end in vertical blank never goes as a frame's
            // early piece: its time falls, so a spike is timed again.
            1 => 1,
            halves if byte & IN_VBLANK != 0 => halves - 1,
            halves => halves,
        };
        self.0.store(byte & IN_VBLANK | halves, Ordering::Relaxed);
    }

    /// Whether a piece of this kind done ahead of a press the player may
    /// make (a page painted off screen, a copy kept aside) fits in this
    /// frame: as [`Self::room`], within the lighter budget of such work.
    #[must_use]
    pub fn room_ahead(&'static self) -> bool {
        let now = lines_used();
        close_piece(now);
        self.answer(now, self.fits_ahead())
    }

    /// The answer to a question asked at line `now`: a piece that fits is
    /// timed from there; one that does not is refused.
    fn answer(&'static self, now: u32, fits: bool) -> bool {
        if fits {
            OPEN_PIECE.store(core::ptr::from_ref(self).cast_mut(), Ordering::Relaxed);
            OPEN_SINCE.store(now, Ordering::Relaxed);
        } else {
            self.refused();
        }
        fits
    }

    /// This kind took `lines` display lines this time.
    fn took(&self, lines: u32) {
        let byte = self.0.load(Ordering::Relaxed);
        let lately = byte & HALF_LINES;
        let halves = (lines * 2).min(u32::from(HALF_LINES)) as u8;
        let next = if halves >= lately {
            halves
        } else {
            lately - (lately - halves).div_ceil(8)
        };
        self.0.store(byte & IN_VBLANK | next, Ordering::Relaxed);
    }
}

impl Default for Piece {
    fn default() -> Self {
        Self::new()
    }
}

/// The piece of drawing under way, if any, and the line it started at.
static OPEN_PIECE: AtomicPtr<Piece> = AtomicPtr::new(core::ptr::null_mut());
static OPEN_SINCE: AtomicU32 = AtomicU32::new(0);
/// Time the piece of drawing under way, if any, as ending at `now`.
fn close_piece(now: u32) {
    let open = OPEN_PIECE.swap(core::ptr::null_mut(), Ordering::Relaxed);
    // SAFETY: only `Piece::answer` stores here, from a `&'static Piece`.
    if let Some(piece) = unsafe { open.as_ref() } {
        let since = OPEN_SINCE.load(Ordering::Relaxed);
        // A piece that ran past the frame's end finds the line count
        // started again; one that seems to end a line or two before it
        // began had printing taken off its lines (`printed_lines`).
        let lines = if now >= since {
            now - since
        } else if since - now <= 2 {
            0
        } else {
            now + FRAME_LINES - since
        };
        piece.took(lines + 1);
    }
}

/// The piece of drawing under way, if any, ends here: what follows is not
/// drawing (the frame loop says so after the update; a piece followed by
/// other work may say so itself).
pub fn piece_done() {
    close_piece(lines_used());
}

/// Lines kept spare after a piece as long as its kind has taken lately:
/// what the update does after its drawing.
const PIECE_MARGIN_LINES: u32 = 5;

/// Whether work of `lines` display lines at most that is not drawing (a
/// game kept for power-off) fits in this frame with the frame's usual rest
/// after it, never as the frame's one piece.
#[must_use]
pub fn room_for_work(lines: u32) -> bool {
    close_piece(lines_used());
    fits_before(lines, frame_budget())
}

/// Work done ahead of a press the player may make (a page painted off
/// screen, a copy kept aside) ends by this many lines of a frame, its
/// showing with it: frames where the player does nothing stay light.
const AHEAD_BUDGET_LINES: u32 = FRAME_LINES * 35 / 100;

/// Whether a piece of work ahead of a press, of `lines` display lines at
/// most (a save's slice), fits in this frame.
#[must_use]
pub fn room_ahead(lines: u32) -> bool {
    close_piece(lines_used());
    fits_before(lines, AHEAD_BUDGET_LINES)
}

/// Whether `lines` more, the frame's usual rest and a small margin end by
/// line `budget` (never in a frame the player waits through).
fn fits_before(lines: u32, budget: u32) -> bool {
    !is_waiting() && ends_by(lines_used(), lines, budget)
}

/// Whether `lines` started at line `now`, the frame's usual rest after
/// them (as much as showing has taken lately) and a small margin end by
/// line `budget`.
fn ends_by(now: u32, lines: u32, budget: u32) -> bool {
    let tail = TAIL_EIGHTHS.load(Ordering::Relaxed).div_ceil(8);
    now + lines + tail + PIECE_MARGIN_LINES <= budget
}

/// Whether this waiting frame's drawing may go on after its work.
static DRAW_AFTER_WORK: AtomicBool = AtomicBool::new(false);

/// This waiting frame's work is done by [`WAITING_WORK_LINES`] and what the
/// player waits for includes drawing (a board that comes with a check's
/// answer): pieces of drawing may fill the rest of the waiting budget.
pub fn draw_after_work() {
    DRAW_AFTER_WORK.store(true, Ordering::Relaxed);
}

/// Whether [`waiting`] was said this frame.
#[must_use]
pub fn is_waiting() -> bool {
    WAITING.load(Ordering::Relaxed)
}

/// Whether a change waits to be saved (see `save::Storage::flush`).
static SAVE_WAITS: AtomicBool = AtomicBool::new(false);

/// Storage's flush: whether a change waits for a frame with room to go
/// into the journal.
pub fn save_waits(waits: bool) {
    SAVE_WAITS.store(waits, Ordering::Relaxed);
}

/// Whether work nobody waits for (done ahead of need) should leave this
/// frame's room to a save that waits for it.
#[must_use]
pub fn save_is_waiting() -> bool {
    SAVE_WAITS.load(Ordering::Relaxed)
}

/// Whether this frame ran a slice of a save that had waited too long (see
/// `save::Storage::flush_overdue`).
static OVERDUE_SAVE: AtomicBool = AtomicBool::new(false);

/// This frame runs a slice of an overdue save first, whatever its room: the
/// cycle meter counts it as a `saving` frame, held to the same budget.
pub fn overdue_save() {
    OVERDUE_SAVE.store(true, Ordering::Relaxed);
}

/// Whether [`overdue_save`] was said this frame; the cycle meter asks once
/// a frame.
#[cfg(any(debug_assertions, feature = "events"))]
#[must_use]
pub fn take_overdue_save() -> bool {
    OVERDUE_SAVE.swap(false, Ordering::Relaxed)
}

/// A new frame, of a window opening or closing or not: not one the player
/// waits through until [`waiting`] says so.
pub fn begin_frame(window_moving: bool) {
    #[cfg(any(debug_assertions, feature = "events"))]
    EXCLUDED_BEFORE.store(super::cycles::excluded_ever(), Ordering::Relaxed);
    LAST_FRAME_WAITED.store(WAITED.swap(false, Ordering::Relaxed), Ordering::Relaxed);
    WINDOW_MOVING.store(window_moving, Ordering::Relaxed);
    WAITING.store(false, Ordering::Relaxed);
    OVERDUE_SAVE.store(false, Ordering::Relaxed);
    DRAW_AFTER_WORK.store(false, Ordering::Relaxed);
    OPEN_PIECE.store(core::ptr::null_mut(), Ordering::Relaxed);
}

/// Whether [`waiting`] was said this frame; the cycle meter asks once a
/// frame, which starts the next frame as not waiting.
#[cfg(any(debug_assertions, feature = "events"))]
#[must_use]
pub fn take_waiting() -> bool {
    WAITING.swap(false, Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Display lines this frame's drawing budget has left, with room kept
    /// for showing the frame and a small margin.
    fn lines_left() -> u32 {
        let tail = TAIL_EIGHTHS.load(Ordering::Relaxed).div_ceil(8);
        frame_budget().saturating_sub(lines_used() + tail + PIECE_MARGIN_LINES)
    }

    static TESTED: Piece = Piece::new();

    /// Whether a piece of `kind` fits when it took `halves` half lines
    /// lately (0: never timed), the frame's early piece already given.
    fn fits(kind: &'static Piece, halves: u8) -> bool {
        PIECE_GIVEN.store(true, Ordering::Relaxed);
        kind.0.store(halves, Ordering::Relaxed);
        let fits = kind.room();
        OPEN_PIECE.store(core::ptr::null_mut(), Ordering::Relaxed);
        fits
    }

    /// Whether a piece fits when its kind took `lines` lately.
    fn fits_after_taking(lines: u32) -> bool {
        fits(&TESTED, (lines * 2).clamp(1, u32::from(HALF_LINES)) as u8)
    }

    #[test_case]
    fn a_piece_starts_only_where_one_as_long_as_its_last_ends_in_budget(_gba: &mut agb::Gba) {
        let left = [false, true].map(|moving| {
            agb::display::busy_wait_for_vblank();
            begin_frame(moving);
            // Late enough that what is left is within a kind's longest time.
            while lines_used() < 40 {}
            // The display may move on a line or two between the reads.
            let left = lines_left();
            assert!(
                fits_after_taking(left.saturating_sub(3)),
                "{left} lines left"
            );
            assert!(!fits_after_taking(left + 3), "{left} lines left");
            left
        });
        // A moving window leaves drawing seven twentieths of a frame.
        let difference = FRAME_BUDGET_LINES - WINDOW_MOVING_BUDGET_LINES;
        assert!(
            left[0].abs_diff(left[1] + difference) <= 2,
            "{} lines left still, {} moving",
            left[0],
            left[1]
        );
        begin_frame(false);
    }

    #[test_case]
    fn a_kind_never_timed_waits_for_room_for_a_middling_piece(_gba: &mut agb::Gba) {
        static NEVER: Piece = Piece::new();
        agb::display::busy_wait_for_vblank();
        begin_frame(false);
        assert!(fits(&NEVER, 0), "with the frame's room ahead, it goes");
        while lines_left() > UNTIMED_LINES - 3 {}
        assert!(!fits(&NEVER, 0), "{} lines left", lines_left());
        // Refused, it is taken as timed a little under that, and falls.
        assert_eq!(NEVER.lines(), UNTIMED_LINES);
        assert!(NEVER.0.load(Ordering::Relaxed) & HALF_LINES != 0);
        begin_frame(false);
    }

    #[test_case]
    fn pieces_are_timed_from_their_room_to_the_next_question(_gba: &mut agb::Gba) {
        static TIMED: Piece = Piece::new();
        agb::display::busy_wait_for_vblank();
        begin_frame(false);
        assert!(TIMED.room(), "early in a frame, a piece fits");
        let start = lines_used();
        while lines_used() < start + 10 {}
        piece_done();
        assert!(TIMED.lines() >= 10, "{} lines", TIMED.lines());
        // A shorter time moves it an eighth of the way down.
        TIMED.took(2);
        assert!(TIMED.lines() >= 9, "{} lines", TIMED.lines());
        TIMED.took(30);
        assert!(TIMED.lines() == 30, "{} lines", TIMED.lines());
        begin_frame(false);
    }
}
