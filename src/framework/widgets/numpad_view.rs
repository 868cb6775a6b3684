//! Drawing the number pad: one 16x16 key sprite per key (gfx/numpad.png), a
//! pointing-hand cursor, the typed digits grouped as the code is written (a
//! paged pad: its page line, then the page on screen, a bad group in
//! brackets), and the error line. Also maps buttons to pad input: D-pad
//! moves, A types, B deletes, START confirms, L/R turn a paged pad's pages.
//!
//! Stack: the pads run deep in the call chain on the GBA's small IWRAM
//! stack, so nothing here builds the pad's text all at once. The view keeps
//! a fingerprint per line it has drawn (on the heap) and each frame asks the
//! model for one line at a time into a small buffer to compare.

use agb::{
    display::{Priority, object::Object},
    input::Button,
};
use alloc::vec::Vec;
use core::fmt::{Display, Write};

use super::{
    font,
    numpad::{COLUMNS, GRID, Key, Line, NumberPad, PadError, PadEvent, PadInput, ROWS},
    text::{self, Ink, LINE_HEIGHT, TextBox},
};
use crate::framework::{
    assets::{sfx, sprites},
    canvas::Canvas,
    frame_time,
    input::Input,
    sound::Sound,
};

/// Key pitch in pixels (16x16 keys, 2px apart).
const PITCH: i32 = 18;
const POINTER_FRAME: usize = 2;

fn key_frame(key: Key, down: bool) -> usize {
    let up = match key {
        Key::Digit(d) => 2 + usize::from(d.min(9)),
        Key::Backspace => 12,
        Key::Ok => 13,
        Key::Cancel => 14,
    };
    if down { up + 13 } else { up }
}

/// This frame's pad input, if any.
pub fn read_input(input: &Input) -> Option<PadInput> {
    let (dx, dy) = input.repeated_direction();
    if input.just_pressed(Button::Start) {
        Some(PadInput::Confirm)
    } else if input.just_pressed(Button::A) {
        Some(PadInput::Press)
    } else if input.just_pressed(Button::B) {
        Some(PadInput::Delete)
    } else if input.just_pressed(Button::L) {
        Some(PadInput::Page(-1))
    } else if input.just_pressed(Button::R) {
        Some(PadInput::Page(1))
    } else if (dx, dy) != (0, 0) {
        Some(PadInput::Move(dx.signum() as i8, dy.signum() as i8))
    } else {
        None
    }
}

/// One frame of a pad: this frame's buttons handled, the pad's own sounds
/// played (keys, refusals), a refused code or group logged as `event
/// <owner> rejected error=...`. The app acts on the event (chiefly
/// `Accepted`, `Cancelled`).
pub fn run_frame<E: Copy + Display>(
    pad: &mut NumberPad<E>,
    input: &Input,
    sound: &mut Sound,
    owner: &str,
) -> PadEvent {
    let event = match read_input(input) {
        Some(input) => pad.handle(input),
        None => PadEvent::Nothing,
    };
    match event {
        PadEvent::Typed | PadEvent::Deleted | PadEvent::Turned => sound.play(sfx::CURSOR),
        PadEvent::Refused => {
            sound.play(sfx::ERROR);
            if matches!(pad.error(), Some(super::numpad::PadError::DropAsked)) {
                crate::event!("{} drop_asked", owner);
            }
        }
        PadEvent::Rejected => {
            sound.play(sfx::ERROR);
            crate::event!(
                "{} rejected error={:?}",
                owner,
                pad.error().map(|error| alloc::format!("{error}"))
            );
        }
        PadEvent::Nothing | PadEvent::Cancelled | PadEvent::Accepted => {}
    }
    let _ = owner;
    event
}

pub struct NumberPadView {
    keys: Vec<(Object, Key, (usize, usize))>,
    pointer: Object,
    keys_origin: (i32, i32),
    /// Title, pad lines and error in one box: separate boxes one line
    /// apart would share tiles (see `list.rs`). Lines: 0 the title, then the
    /// pad lines (a paged pad's page line, then the digit lines), a blank
    /// line and two for the error.
    text: TextBox,
    title: &'static str,
    /// Whether the pad is a paged one (its digit lines in groups, a bad
    /// group marked).
    paged: bool,
    /// Whether the pad lines start with a page line (a paged pad whose
    /// codes may take more than a page).
    page_line: bool,
    /// A fingerprint of each pad line as last drawn; `None` for one not
    /// drawn yet (or cut short), so it compares as changed.
    shown_lines: Vec<Option<u32>>,
    /// A fingerprint of the error's text as last drawn.
    shown_error: Option<u32>,
    /// Parts still to type out, a few words a frame (agb's text layout is
    /// costly per letter: the whole pad at once would not fit in a frame).
    title_due: bool,
    error_due: bool,
    /// The part the box is typing now, so a line redraw that interrupts it
    /// can put it back on the list.
    typing: Option<Part>,
    pressed: Option<(usize, usize)>,
}

/// The colour changes around a bad group: the mark colour, then the ink.
const MARK_ON: char = font::colour(text::MARK as u8);
const MARK_OFF: char = font::colour(1);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Title,
    Error,
}

impl NumberPadView {
    /// Keys with their top-left at `keys_origin`; title, pad lines and error
    /// in a text column at `text_origin`, `text_columns` tiles wide. A line
    /// wider than that would wrap onto the next: a paged pad's line takes
    /// 6px a digit and 8px more a group (two groups of five: 76px, 10 tiles).
    /// A bad group is in the ink's mark colour.
    pub fn new(
        pad: &NumberPad<impl Copy>,
        title: &'static str,
        keys_origin: (i32, i32),
        text_origin: (i32, i32),
        text_columns: i32,
        ink: Ink,
    ) -> Self {
        let mut keys = Vec::new();
        for (y, row) in GRID.iter().enumerate().take(ROWS) {
            for (x, key) in row.iter().enumerate().take(COLUMNS) {
                if let Some(key) = *key {
                    let mut object = Object::new(sprites::NUMPAD.sprite(key_frame(key, false)));
                    object
                        .set_pos((
                            keys_origin.0 + x as i32 * PITCH,
                            keys_origin.1 + y as i32 * PITCH,
                        ))
                        .set_priority(Priority::P0);
                    keys.push((object, key, (x, y)));
                }
            }
        }
        let mut pointer = Object::new(sprites::POINTER.sprite(POINTER_FRAME));
        pointer.set_priority(Priority::P0);
        let (paged, page_line) = (pad.is_paged(), pad.shows_pages());
        let lines = pad.line_count() + usize::from(page_line);
        // title + pad lines + a blank line + up to two lines of error
        let rows = ((lines as i32 + 4) * LINE_HEIGHT + 7) / 8;
        let mut view = Self {
            keys,
            pointer,
            keys_origin,
            text: TextBox::new(text_origin, text_columns, rows).with_ink(ink),
            title,
            paged,
            page_line,
            // Drawn a line a frame by the line loop, then the title types
            // out: all at once, title and lines took over half a frame.
            shown_lines: alloc::vec![None; lines],
            shown_error: None,
            title_due: true,
            error_due: false,
            typing: None,
            pressed: None,
        };
        // Only the keys and the pointer this frame (the caller has just
        // cleared its screen for the pad): the text starts typing out next frame.
        view.place_pointer(pad);
        // A key is drawn pressed while A is down: its coming back up answers
        // the release (the harness's settle measure, tests/src/settle.rs).
        crate::event!(
            "settle.held id=pad_keys x={} y={} w={} h={}",
            keys_origin.0,
            keys_origin.1,
            COLUMNS as i32 * PITCH,
            ROWS as i32 * PITCH
        );
        view
    }

    fn place_pointer(&mut self, pad: &NumberPad<impl Copy>) {
        let (x, y) = pad.cursor();
        self.pointer.set_pos((
            self.keys_origin.0 + x as i32 * PITCH + 9,
            self.keys_origin.1 + y as i32 * PITCH + 8,
        ));
    }

    /// Pad line `index` (the page line first, if there is one) into `out`.
    fn write_line(&self, pad: &NumberPad<impl Copy>, index: usize, out: &mut Line) {
        match (self.page_line, index) {
            (true, 0) => {
                pad.write_page_line(out);
            }
            (true, index) => pad.write_line(index - 1, out),
            (false, index) => pad.write_line(index, out),
        }
    }

    /// Bring text and key sprites up to date; `a_held` shows the key under the
    /// cursor pressed. Call from the app's update.
    pub fn update<E: Copy + Display>(&mut self, pad: &NumberPad<E>, a_held: bool) {
        // A changed line is redrawn at once, so every key lands the frame
        // it is pressed; the other lines a first draw or a page turn
        // changed follow while the frame has room for them.
        self.redraw_changed_lines(pad);
        let error = pad.error().map(error_fingerprint);
        if self.shown_error != error {
            self.shown_error = error;
            self.error_due = true;
        }
        // The title and the error type out over frames.
        if !self.text.is_drawing() {
            if core::mem::take(&mut self.title_due) {
                self.text.retype_lines(0, 1, self.title);
                self.typing = Some(Part::Title);
            } else if core::mem::take(&mut self.error_due) {
                let error_line = self.shown_lines.len() as i32 + 2;
                let mut text = Line::new();
                if let Some(error) = pad.error() {
                    let _ = write!(text, "{error}");
                }
                self.text.retype_lines(error_line, 2, &text);
                self.typing = Some(Part::Error);
            }
        }
        // After the lines, in the room they left.
        if self.text.advance() {
            self.typing = None;
        }
        let pressed = a_held.then_some(pad.cursor());
        if pressed != self.pressed {
            self.pressed = pressed;
            for (object, key, cell) in &mut self.keys {
                let down = Some(*cell) == pressed;
                object.set_sprite(sprites::NUMPAD.sprite(key_frame(*key, down)));
            }
        }
        self.place_pointer(pad);
    }

    /// Redraw the pad lines that differ from what is shown, in order: the
    /// first whatever the room, the rest while the frame has room for them.
    /// Kept out of `update` so its line buffer is only on the stack here.
    #[inline(never)]
    fn redraw_changed_lines(&mut self, pad: &NumberPad<impl Copy>) {
        let mut line = Line::new();
        let mut first = true;
        for index in 0..self.shown_lines.len() {
            self.write_line(pad, index, &mut line);
            let print = fingerprint(&line);
            if self.shown_lines[index] == Some(print) {
                continue;
            }
            static LINE: frame_time::Piece = frame_time::Piece::new();
            if !LINE.room() && !first {
                return;
            }
            first = false;
            self.interrupt();
            if self.paged && (index > 0 || !self.page_line) {
                // A colour change first: agb skips spaces at the start of a
                // line, and a group's leading space keeps it in line with a
                // bad group's bracket below or above. The bad group is in
                // the mark colour as well as its brackets (the mark does
                // not rest on colour alone).
                let mut marked = alloc::string::String::with_capacity(line.len() + 12);
                marked.push(MARK_OFF);
                for c in line.chars() {
                    match c {
                        '[' => marked.extend([MARK_ON, c]),
                        ']' => marked.extend([c, MARK_OFF]),
                        c => marked.push(c),
                    }
                }
                self.text.retype_lines(index as i32 + 1, 1, &marked);
            } else {
                self.text.retype_lines(index as i32 + 1, 1, &line);
            }
            self.text.finish();
            self.shown_lines[index] = Some(print);
        }
    }

    /// A part cut short by a line redraw is typed again later.
    fn interrupt(&mut self) {
        if self.text.is_drawing() {
            match self.typing {
                Some(Part::Title) => self.title_due = true,
                Some(Part::Error) => self.error_due = true,
                None => {}
            }
        }
        self.typing = None;
    }

    pub fn show(&self, canvas: &mut Canvas) {
        canvas.object(&self.pointer);
        for (object, ..) in &self.keys {
            canvas.object(object);
        }
    }

    /// Take the pad's text away (sprites go with the view).
    pub fn clear(&mut self) {
        self.text.blank();
    }
}

#[cfg(any(debug_assertions, feature = "events"))]
impl Drop for NumberPadView {
    fn drop(&mut self) {
        crate::event!("settle.unheld id=pad_keys");
    }
}

/// FNV-1a over a line's text.
fn fingerprint(text: &str) -> u32 {
    crate::fnv::hash(text.bytes().map(u32::from))
}

/// The fingerprint of an error's message, written into a small buffer.
fn error_fingerprint<E: Display>(error: PadError<E>) -> u32 {
    let mut text = Line::new();
    let _ = write!(text, "{error}");
    fingerprint(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::framework::frame_time;
    use crate::framework::widgets::numpad::PagedCode;

    /// 14 groups of five, whatever the first group says; a group starting
    /// with 9 is a typo.
    fn seventy(_: &[u8]) -> Result<usize, &'static str> {
        Ok(70)
    }

    fn no_nines(_: usize, digits: &[u8]) -> Result<(), &'static str> {
        if digits.first() == Some(&9) {
            Err("Group has a typo.")
        } else {
            Ok(())
        }
    }

    const CODE: PagedCode = PagedCode {
        group: 5,
        groups_per_page: 6,
        groups_per_line: 2,
        max_digits: 125,
        length: seventy,
        check_group: no_nines,
        validate: |_| Ok(()),
    };

    impl NumberPadView {
        /// Everything on screen matches the pad, nothing left to type out.
        fn settled(&self, pad: &NumberPad) -> bool {
            let mut line = Line::new();
            let lines_shown = (0..self.shown_lines.len()).all(|index| {
                self.write_line(pad, index, &mut line);
                self.shown_lines[index] == Some(fingerprint(&line))
            });
            lines_shown
                && !self.text.is_drawing()
                && !self.title_due
                && !self.error_due
                && self.shown_error == pad.error().map(error_fingerprint)
        }
    }

    /// Frames until the view has drawn everything (at most 100), and how
    /// many pad lines it redrew.
    fn settle(view: &mut NumberPadView, pad: &NumberPad) -> (usize, usize) {
        let mut redraws = 0;
        let vblank = agb::interrupt::VBlank::get();
        for frame in 0..100 {
            if view.settled(pad) {
                return (frame, redraws);
            }
            // Text is drawn as a frame has room: each step is a frame, as
            // the frame loop runs one.
            vblank.wait_for_vblank();
            frame_time::begin_frame(false);
            let before = view.shown_lines.clone();
            view.update(pad, false);
            frame_time::piece_done();
            redraws += before
                .iter()
                .zip(&view.shown_lines)
                .filter(|(was, now)| was != now)
                .count();
        }
        panic!("the pad's text never settled");
    }

    fn walk(pad: &mut NumberPad, steps: &[(i8, i8)]) {
        for &(dx, dy) in steps {
            pad.handle(PadInput::Move(dx, dy));
        }
    }

    #[test_case]
    fn a_page_turn_redraws_its_lines_as_the_frame_has_room(_gba: &mut agb::Gba) {
        let mut pad = NumberPad::paged(CODE);
        let mut view = NumberPadView::new(&pad, "Share code:", (136, 52), (8, 28), 12, Ink::DARK);
        // The page line and three digit lines, then the title: a frame or
        // two, not a frame a line.
        let (frames, redraws) = settle(&mut view, &pad);
        assert_eq!(redraws, 4);
        assert!(frames <= 2, "the pad's first draw took {frames} frames");
        // A page's digits, a frame each: one line each; the 30th turns the
        // page, whose lines follow as the frame has room.
        walk(&mut pad, &[(0, 1), (0, 1)]); // to the 1
        for typed in 1..=30 {
            assert_eq!(pad.handle(PadInput::Press), PadEvent::Typed);
            view.update(&pad, true);
            if typed < 30 {
                // The fifth: the length is known, so the page line and the
                // other lines' blanks follow.
                let (_, redraws) = settle(&mut view, &pad);
                let expected = if typed == 5 { 3 } else { 0 };
                assert!(redraws == expected, "digit {typed}: {redraws} more lines");
            }
        }
        assert_eq!(pad.page(), 1);
        let (frames, redraws) = settle(&mut view, &pad);
        assert_eq!(redraws, 3, "the rest of the new page");
        assert!(frames <= 2, "a page turn took {frames} more frames");
        // A bad group: marked at once, its message typed out after.
        walk(&mut pad, &[(0, -1), (0, -1), (1, 0), (1, 0)]); // to the 9
        assert_eq!(pad.key_under_cursor(), Some(Key::Digit(9)));
        assert_eq!(pad.handle(PadInput::Press), PadEvent::Typed);
        walk(&mut pad, &[(-1, 0), (-1, 0), (0, 1), (0, 1)]);
        for _ in 0..4 {
            pad.handle(PadInput::Press);
        }
        assert_eq!(pad.bad_group(), Some(6));
        settle(&mut view, &pad);
        view.clear();
    }

    /// The pad's own messages fit the narrowest pad column an app gives
    /// (Sweeper's, 11 tiles) in two lines.
    #[test_case]
    fn the_pads_own_messages_fit_two_lines_of_the_narrowest_column(_gba: &mut agb::Gba) {
        for message in [
            super::super::numpad::DROP_ASKED,
            super::super::numpad::TOO_SHORT,
        ] {
            assert!(message.lines().count() <= 2, "{message}");
            crate::framework::widgets::font::assert_fits(message, 11 * 8);
        }
    }

    #[test_case]
    fn a_fixed_pad_has_no_page_line(_gba: &mut agb::Gba) {
        let pad = NumberPad::new(30, 10, |_| Ok(()));
        let mut view =
            NumberPadView::new(&pad, "Type a password:", (136, 52), (20, 28), 12, Ink::DARK);
        assert_eq!(view.shown_lines.len(), 3);
        let (_, redraws) = settle(&mut view, &pad);
        assert_eq!(redraws, 3);
        // L and R do nothing here.
        let mut pad = pad;
        assert_eq!(pad.handle(PadInput::Page(1)), PadEvent::Nothing);
        assert_eq!(settle(&mut view, &pad), (0, 0));
    }
}
