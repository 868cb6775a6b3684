//! Drawing the number pad: one 16x16 key sprite per key (gfx/numpad.png), a
//! pointing-hand cursor, the typed digits grouped as the code is written, and
//! the validator's error line. Also maps buttons to pad input: D-pad moves,
//! A types, B deletes, START confirms.

use agb::{
    display::{Priority, object::Object, tiled::RegularBackground},
    input::Button,
};
use alloc::vec::Vec;

use super::{
    numpad::{COLUMNS, GRID, Key, MAX_DIGITS, NumberPad, PadEvent, PadInput, ROWS},
    text::{LINE_HEIGHT, TextBox},
};
use crate::framework::{
    assets::{sfx, sprites},
    canvas::Canvas,
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
    } else if (dx, dy) != (0, 0) {
        Some(PadInput::Move(dx.signum() as i8, dy.signum() as i8))
    } else {
        None
    }
}

/// One frame of a pad: this frame's buttons handled, the pad's own sounds
/// played (keys, refusals), a refused code logged as `event <owner> rejected
/// error=...`. The app acts on the event (chiefly `Accepted`, `Cancelled`).
pub fn run_frame(pad: &mut NumberPad, input: &Input, sound: &mut Sound, owner: &str) -> PadEvent {
    let event = match read_input(input) {
        Some(input) => pad.handle(input),
        None => PadEvent::Nothing,
    };
    match event {
        PadEvent::Typed | PadEvent::Deleted => sound.play(sfx::CURSOR),
        PadEvent::Refused => sound.play(sfx::ERROR),
        PadEvent::Rejected => {
            sound.play(sfx::ERROR);
            crate::event!("{} rejected error={:?}", owner, pad.error());
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
    /// Title, digit lines and error in one box: separate boxes one line
    /// apart would share tiles (see `list.rs`). Lines: 0 the title, 1..=n the
    /// digits, then a blank line and two for the error.
    text: TextBox,
    title: heapless::String<32>,
    /// The digit lines as last drawn (or being drawn).
    shown_lines: DigitLines,
    shown_error: Option<&'static str>,
    /// Parts still to type out, a few words a frame (agb lays text out at
    /// ~3k cycles a letter: the whole pad at once took more than a frame).
    top_due: bool,
    title_due: bool,
    error_due: bool,
    /// The part the box is typing now, so a digit redraw that interrupts it
    /// can put it back on the list.
    typing: Option<Part>,
    pressed: Option<(usize, usize)>,
}

type DigitLines = heapless::Vec<heapless::String<MAX_DIGITS>, MAX_DIGITS>;

/// Words typed per frame while the title or an error types out.
const GROUPS_PER_FRAME: usize = 2;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The title and the digit lines (the first draw).
    Top,
    Title,
    Error,
}

impl NumberPadView {
    /// Keys with their top-left at `keys_origin`; title, digit lines and error
    /// in a text column at `text_origin`, `text_columns` tiles wide.
    pub fn new(
        pad: &NumberPad,
        title: &str,
        keys_origin: (i32, i32),
        text_origin: (i32, i32),
        text_columns: i32,
        palette: u8,
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
        let lines = pad.grouped_lines().len() as i32;
        // title + digit lines + a blank line + up to two lines of error
        let rows = ((lines + 4) * LINE_HEIGHT + 7) / 8;
        let mut title_text = heapless::String::new();
        for c in title.chars() {
            if title_text.push(c).is_err() {
                break;
            }
        }
        let mut view = Self {
            keys,
            pointer,
            keys_origin,
            text: TextBox::new(text_origin, text_columns, rows).with_palette(palette),
            title: title_text,
            // Drawn a line a frame by the digit loop (no real line is empty,
            // so these compare as changed), then the title types out: all at
            // once, title and lines took over half a frame.
            shown_lines: pad
                .grouped_lines()
                .into_iter()
                .map(|_| heapless::String::new())
                .collect(),
            shown_error: None,
            top_due: false,
            title_due: true,
            error_due: false,
            typing: None,
            pressed: None,
        };
        // Only the keys and the pointer this frame (the caller has just
        // cleared its screen for the pad): the text starts typing out next frame.
        view.place_pointer(pad);
        view
    }

    fn place_pointer(&mut self, pad: &NumberPad) {
        let (x, y) = pad.cursor();
        self.pointer.set_pos((
            self.keys_origin.0 + x as i32 * PITCH + 9,
            self.keys_origin.1 + y as i32 * PITCH + 8,
        ));
    }

    /// Bring text and key sprites up to date; `a_held` shows the key under the
    /// cursor pressed. Call from the app's update.
    pub fn update(&mut self, pad: &NumberPad, a_held: bool, layer: &mut RegularBackground) {
        let lines = pad.grouped_lines();
        // A changed digit line is redrawn at once (~40k cycles for a line),
        // so every key lands the frame it is pressed. One line a frame: a key
        // changes one, and lines left undrawn by an interrupted first draw
        // follow over the next frames.
        let changed = lines
            .iter()
            .enumerate()
            .find(|(index, line)| self.shown_lines.get(*index) != Some(*line));
        let redrew = changed.is_some();
        if let Some((index, line)) = changed {
            self.interrupt();
            self.text
                .retype_lines(index as i32 + 1, 1, spaced(line).as_str());
            let _ = self.text.advance(layer, usize::MAX);
            if let Some(shown) = self.shown_lines.get_mut(index) {
                shown.clone_from(line);
            }
        }
        if self.shown_error != pad.error() {
            self.shown_error = pad.error();
            self.error_due = true;
        }
        // The title (with the digits, on the first draw) and the error type
        // out over frames.
        if !self.text.is_drawing() {
            if core::mem::take(&mut self.title_due) {
                self.text.retype_lines(0, 1, &self.title);
                self.typing = Some(Part::Title);
            } else if core::mem::take(&mut self.top_due) {
                let mut top = alloc::string::String::from(self.title.as_str());
                for line in &lines {
                    top.push('\n');
                    top.push_str(&spaced(line));
                }
                self.text.retype_lines(0, lines.len() as i32 + 1, &top);
                self.typing = Some(Part::Top);
            } else if core::mem::take(&mut self.error_due) {
                let error_line = lines.len() as i32 + 2;
                self.text
                    .retype_lines(error_line, 2, pad.error().unwrap_or(""));
                self.typing = Some(Part::Error);
            }
        }
        // Not in a frame that already redrew digits.
        if !redrew && self.text.advance(layer, GROUPS_PER_FRAME) {
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

    /// A part cut short by a digit redraw is typed again later. A first
    /// draw cut short leaves only the title to retype; the digit lines count
    /// as undrawn, so the digit loop brings them back a line at a time.
    fn interrupt(&mut self) {
        if self.text.is_drawing() {
            match self.typing {
                Some(Part::Top) => {
                    self.title_due = true;
                    // No real line is empty: these compare as changed.
                    self.shown_lines.iter_mut().for_each(|line| line.clear());
                }
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

    /// Take the pad's text away (sprites go with the view). Released, not
    /// unmapped: see `TextBox::release`.
    pub fn clear(&mut self) {
        self.text.release();
    }
}

/// "1234____" -> "1 2 3 4 _ _ _ _": wider digits read better at 5px.
fn spaced(text: &str) -> heapless::String<64> {
    let mut out = heapless::String::new();
    for (i, c) in text.chars().enumerate() {
        if i > 0 {
            let _ = out.push(' ');
        }
        let _ = out.push(c);
    }
    out
}
