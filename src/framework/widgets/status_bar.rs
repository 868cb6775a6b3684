//! The status bar along the top of the desktop: a title on the left, a
//! clock-like play-time counter (h:mm:ss) on the right, over the bar drawn in
//! the wallpaper (gfx/desktop.png), and between them a mark while a save is
//! waiting or being written. Text is redrawn only when it changes.

use agb::display::tiled::RegularBackground;

use super::{
    super::frame_time,
    prepared::PreparedLine,
    text::{Align, TextBox},
    timer::format_play_time,
};

pub struct StatusBar {
    /// The desktop's title, or the open app's button hints: lines rendered
    /// when the ROM was built, so a screen change puts its line up at once.
    title: TextBox,
    /// The line in the title's place (compared by address: asked for
    /// every frame, it must cost nothing when unchanged).
    title_shown: &'static PreparedLine,
    /// The line the title's place is to show next frame (`set_title`).
    title_due: Option<&'static PreparedLine>,
    clock: TextBox,
    shown_seconds: Option<u32>,
    /// Frames the saving mark stays up.
    saving_frames: u8,
}

/// The title's width in tiles: up to the saving mark.
const TITLE_COLUMNS: i32 = 18;
/// The widest line the title's place shows, in pixels ([`hints!`]).
pub const TITLE_WIDTH: i32 = TITLE_COLUMNS * 8;

/// Showing a line in the title's place: it must end before the display
/// draws the bar (its pixels are written in place).
static TITLE: frame_time::Piece = frame_time::Piece::in_vblank();

/// Where the saving mark sits (an 8x8 sprite, `sprites::SAVING`).
pub const SAVING_MARK: (i32, i32) = (164, 2);
/// Frames the mark stays up after the last write: a write takes a frame,
/// too short to see, so the mark lasts half a second. Switching off while
/// it is up may cost the change it marks.
const SAVING_MARK_FRAMES: u8 = 30;

/// An app's line of button hints (`App::button_hints`), rendered as the ROM
/// is built: `hints!("A: open  B: flag")`. A line wider than the bar's
/// title fails the build.
macro_rules! hints {
    ($text:expr) => {{
        const HINTS: &$crate::framework::widgets::prepared::PreparedLine =
            $crate::framework::widgets::prepared::prepared!($text);
        const _: () = assert!(
            HINTS.width <= $crate::framework::widgets::status_bar::TITLE_WIDTH,
            "button hints wider than the status bar's title"
        );
        const _: () = assert!(HINTS.lines == 1, "button hints are one line");
        HINTS
    }};
}
pub(crate) use hints;

impl StatusBar {
    /// The bar showing `title`.
    pub fn new(layer: &mut RegularBackground, title: &'static PreparedLine) -> Self {
        let mut title_box = TextBox::on_layer(layer, (16, 3), TITLE_COLUMNS, 1);
        title_box.show(title, Align::Left);
        let clock = TextBox::on_layer(layer, (176, 3), 8, 1).ticking("play_clock");
        // The mark comes and goes with no key pressed (the harness's settle
        // measure leaves it out).
        crate::event!(
            "settle.ignore id=saving_mark x={} y={} w=8 h=8",
            SAVING_MARK.0,
            SAVING_MARK.1
        );
        Self {
            title: title_box,
            title_shown: title,
            title_due: None,
            clock,
            shown_seconds: None,
            saving_frames: 0,
        }
    }

    /// Once a frame: whether a save is waiting or being written
    /// (`Storage::is_saving`).
    pub fn set_saving(&mut self, saving: bool) {
        let was_shown = self.saving_frames > 0;
        self.saving_frames = if saving {
            SAVING_MARK_FRAMES
        } else {
            self.saving_frames.saturating_sub(1)
        };
        if was_shown != (self.saving_frames > 0) {
            crate::event!("desktop.saving_mark shown={}", self.saving_frames > 0);
        }
    }

    /// Whether the saving mark is up.
    pub fn saving_mark_shown(&self) -> bool {
        self.saving_frames > 0
    }

    /// Show `line` in the title's place: now if that ends before the
    /// display draws the bar (its pixels are written in place, and would
    /// show half old, half new), else first thing next frame
    /// (`catch_up`).
    pub fn set_title(&mut self, line: &'static PreparedLine) {
        if core::ptr::eq(self.title_shown, line) {
            self.title_due = None;
        } else if TITLE.room() {
            self.show_title(line);
            frame_time::piece_done();
        } else {
            self.title_due = Some(line);
        }
    }

    /// First thing in a frame: the line `set_title` left for it.
    pub fn catch_up(&mut self) {
        if let Some(line) = self.title_due {
            self.show_title(line);
        }
    }

    fn show_title(&mut self, line: &'static PreparedLine) {
        self.title.show(line, Align::Left);
        self.title_shown = line;
        self.title_due = None;
    }

    /// Show `seconds` of play as h:mm:ss, as the frame has room: it comes
    /// after the open app's drawing, which may have filled the frame.
    pub fn set_play_time(&mut self, seconds: u32) {
        if self.shown_seconds != Some(seconds) {
            self.shown_seconds = Some(seconds);
            self.clock.set_right_gradually(&format_play_time(seconds));
        }
        let _ = self.clock.advance();
    }
}
