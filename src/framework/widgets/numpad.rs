//! The number pad for level codes: a 0-9 grid with backspace, cancel and OK.
//! D-pad moves, A types the key under the cursor, B deletes, START confirms.
//! Digits are shown grouped the way the code is written (Polarium: three lines
//! of ten). A validator turns the digits into a value or an error message shown
//! inline; the digits stay so the player can fix one. Nothing typed can crash it.
//!
//! This file is the pure model ([`NumberPad`]); `numpad_view.rs` draws it and
//! maps buttons to [`PadInput`].

/// Longest code any app asks for (Polarium's 30 digits).
pub const MAX_DIGITS: usize = 30;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    Digit(u8),
    Backspace,
    Cancel,
    Ok,
}

/// The keys in a phone-style 4x4 grid (row-major); `None` cells are gaps.
pub const COLUMNS: usize = 4;
pub const ROWS: usize = 4;
pub const GRID: [[Option<Key>; COLUMNS]; ROWS] = [
    [
        Some(Key::Digit(7)),
        Some(Key::Digit(8)),
        Some(Key::Digit(9)),
        Some(Key::Backspace),
    ],
    [
        Some(Key::Digit(4)),
        Some(Key::Digit(5)),
        Some(Key::Digit(6)),
        Some(Key::Cancel),
    ],
    [
        Some(Key::Digit(1)),
        Some(Key::Digit(2)),
        Some(Key::Digit(3)),
        Some(Key::Ok),
    ],
    [None, Some(Key::Digit(0)), None, None],
];

/// What the pad's owner hears back after each input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PadEvent {
    Nothing,
    Typed,
    Deleted,
    /// Typing past the code's length, deleting from empty: a gentle "no".
    Refused,
    Cancelled,
    /// The validator accepted the digits.
    Accepted,
    /// The validator refused; `error()` holds its message.
    Rejected,
}

/// Player input the pad understands (mapped from buttons by the view).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PadInput {
    Move(i8, i8),
    Press,
    Delete,
    Confirm,
}

/// Checks a code: `Ok(())` or an error line to show under the digits.
pub type Validator = fn(&[u8]) -> Result<(), &'static str>;

pub struct NumberPad {
    digits: heapless::Vec<u8, MAX_DIGITS>,
    length: usize,
    group: usize,
    cursor: (usize, usize),
    error: Option<&'static str>,
    validator: Validator,
}

impl NumberPad {
    /// A pad for codes of exactly `length` digits shown in groups of `group`.
    pub fn new(length: usize, group: usize, validator: Validator) -> Self {
        Self {
            digits: heapless::Vec::new(),
            length: length.clamp(1, MAX_DIGITS),
            group: group.max(1),
            cursor: (0, 0),
            error: None,
            validator,
        }
    }

    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    pub fn error(&self) -> Option<&'static str> {
        self.error
    }

    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    pub fn key_under_cursor(&self) -> Option<Key> {
        GRID.get(self.cursor.1)
            .and_then(|row| row.get(self.cursor.0))
            .copied()
            .flatten()
    }

    pub fn handle(&mut self, input: PadInput) -> PadEvent {
        match input {
            PadInput::Move(dx, dy) => {
                self.move_cursor(dx, dy);
                PadEvent::Nothing
            }
            PadInput::Press => match self.key_under_cursor() {
                Some(Key::Digit(d)) => self.type_digit(d),
                Some(Key::Backspace) => self.delete(),
                Some(Key::Cancel) => PadEvent::Cancelled,
                Some(Key::Ok) => self.confirm(),
                None => PadEvent::Nothing,
            },
            PadInput::Delete => self.delete(),
            PadInput::Confirm => self.confirm(),
        }
    }

    /// One step in the direction; landing on a gap snaps to the nearest key in
    /// that row (so DOWN from 3 reaches 0), and the edges stop the cursor.
    fn move_cursor(&mut self, dx: i8, dy: i8) {
        let x = (self.cursor.0 as i32 + i32::from(dx.signum())).clamp(0, COLUMNS as i32 - 1);
        let y = (self.cursor.1 as i32 + i32::from(dy.signum())).clamp(0, ROWS as i32 - 1);
        let (x, y) = (x as usize, y as usize);
        if GRID[y][x].is_some() {
            self.cursor = (x, y);
        } else if dy != 0 {
            let nearest = (0..COLUMNS)
                .filter(|&column| GRID[y][column].is_some())
                .min_by_key(|&column| column.abs_diff(x));
            if let Some(column) = nearest {
                self.cursor = (column, y);
            }
        }
    }

    fn type_digit(&mut self, digit: u8) -> PadEvent {
        self.error = None;
        if self.digits.len() >= self.length || digit > 9 {
            return PadEvent::Refused;
        }
        match self.digits.push(digit) {
            Ok(()) => PadEvent::Typed,
            Err(_) => PadEvent::Refused,
        }
    }

    fn delete(&mut self) -> PadEvent {
        self.error = None;
        match self.digits.pop() {
            Some(_) => PadEvent::Deleted,
            None => PadEvent::Refused,
        }
    }

    fn confirm(&mut self) -> PadEvent {
        if self.digits.len() < self.length {
            self.error = Some("Code is too short.");
            return PadEvent::Rejected;
        }
        match (self.validator)(&self.digits) {
            Ok(()) => {
                self.error = None;
                PadEvent::Accepted
            }
            Err(message) => {
                self.error = Some(message);
                PadEvent::Rejected
            }
        }
    }

    /// The typed digits as the code is written: groups of `group` per line,
    /// with `_` for digits still to type.
    pub fn grouped_lines(&self) -> heapless::Vec<heapless::String<MAX_DIGITS>, MAX_DIGITS> {
        let mut lines = heapless::Vec::new();
        let mut line = heapless::String::new();
        for i in 0..self.length {
            let c = self
                .digits
                .get(i)
                .map_or('_', |&d| char::from(b'0' + d.min(9)));
            let _ = line.push(c);
            if (i + 1) % self.group == 0 || i + 1 == self.length {
                let _ = lines.push(core::mem::take(&mut line));
            }
        }
        lines
    }
}

#[cfg(all(test, not(target_arch = "arm")))]
mod tests {
    use super::*;

    fn only_even_sum(digits: &[u8]) -> Result<(), &'static str> {
        if digits.iter().map(|&d| u32::from(d)).sum::<u32>() % 2 == 0 {
            Ok(())
        } else {
            Err("Checksum does not match.")
        }
    }

    fn type_code(pad: &mut NumberPad, code: &[u8]) {
        for &digit in code {
            // Walk the cursor to the digit's key, as a player would.
            let (x, y) = (0..ROWS)
                .flat_map(|y| (0..COLUMNS).map(move |x| (x, y)))
                .find(|&(x, y)| GRID[y][x] == Some(Key::Digit(digit)))
                .unwrap();
            pad.cursor = (x, y);
            assert_eq!(pad.handle(PadInput::Press), PadEvent::Typed);
        }
    }

    #[test]
    fn typed_digits_group_like_the_written_code() {
        let mut pad = NumberPad::new(30, 10, only_even_sum);
        type_code(&mut pad, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2]);
        let lines = pad.grouped_lines();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].as_str(), "1234567890");
        assert_eq!(lines[1].as_str(), "12________");
        assert_eq!(lines[2].as_str(), "__________");
    }

    #[test]
    fn validator_error_keeps_the_digits() {
        let mut pad = NumberPad::new(4, 4, only_even_sum);
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Rejected);
        assert_eq!(pad.error(), Some("Code is too short."));
        type_code(&mut pad, &[1, 2, 3, 5]);
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Rejected);
        assert_eq!(pad.error(), Some("Checksum does not match."));
        assert_eq!(pad.digits(), &[1, 2, 3, 5]);
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        assert_eq!(pad.error(), None);
        type_code(&mut pad, &[4]);
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Accepted);
    }

    #[test]
    fn cursor_skips_gaps_and_stops_at_edges() {
        let mut pad = NumberPad::new(4, 4, only_even_sum);
        pad.cursor = (2, 2); // the 3
        pad.handle(PadInput::Move(0, 1));
        assert_eq!(pad.key_under_cursor(), Some(Key::Digit(0)));
        pad.handle(PadInput::Move(1, 0));
        assert_eq!(pad.key_under_cursor(), Some(Key::Digit(0)));
        pad.handle(PadInput::Move(0, -1));
        pad.handle(PadInput::Move(1, 0));
        pad.handle(PadInput::Move(1, 0));
        pad.handle(PadInput::Move(1, 0));
        assert_eq!(pad.key_under_cursor(), Some(Key::Ok));
        pad.handle(PadInput::Move(0, -1));
        assert_eq!(pad.key_under_cursor(), Some(Key::Cancel));
        assert_eq!(pad.handle(PadInput::Press), PadEvent::Cancelled);
    }

    #[test]
    fn mashing_never_overflows_or_panics() {
        let mut pad = NumberPad::new(30, 10, only_even_sum);
        let inputs = [
            PadInput::Press,
            PadInput::Move(1, 0),
            PadInput::Move(0, 1),
            PadInput::Move(-1, -1),
            PadInput::Delete,
            PadInput::Confirm,
            PadInput::Move(5, 5),
            PadInput::Press,
            PadInput::Press,
        ];
        let mut seed = 12345u32;
        for _ in 0..2000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let input = inputs[(seed >> 16) as usize % inputs.len()];
            let _ = pad.handle(input);
            assert!(pad.digits().len() <= 30);
            assert!(pad.cursor().0 < COLUMNS && pad.cursor().1 < ROWS);
        }
    }
}
