//! The number pad for level codes: a 0-9 grid with backspace, cancel and OK.
//! D-pad moves, A types the key under the cursor, B deletes, START confirms.
//! A validator turns the digits into a value or an error message shown
//! inline; the digits stay so the player can fix one. Nothing typed can crash it.
//!
//! Two kinds of pad:
//!
//! - **Fixed** ([`NumberPad::new`]): a code of exactly `length` digits (at
//!   most [`MAX_DIGITS`]), all on one screen, in lines of `group` digits the
//!   way the code is written (Polarium passwords: three lines of ten).
//! - **Paged** ([`NumberPad::paged`], see [`PagedCode`]): a long code of
//!   groups (nonogram share codes: groups of five, up to 125 digits) whose
//!   length is read from its first group, shown a page of groups at a time.
//!
//! How a paged pad behaves, as a player would expect it:
//!
//! - Until the first group is typed the length is unknown: only that group
//!   can be typed, and the page line says `Page 1/?`. Once it is complete
//!   and passes its check, its length reader gives the whole length: the page
//!   line says `Page 1/4`, and every digit still to type shows as `_`.
//! - Each group is checked the moment its last digit is typed. A bad group is
//!   marked ([`NumberPad::bad_group`]; drawn in brackets, which the view
//!   also colours), its check's message (which should name the group:
//!   "Group 3 has a typo.") is shown, and further digits are refused:
//!   typing on past a typo would only bury it.
//!   B (or ←) deletes back into the group, which clears the mark and the
//!   message; the group is checked again when it is complete. A first group
//!   whose length cannot be read is treated the same way, with the length
//!   reader's message.
//! - The page shown is the one holding the next digit to type (or the
//!   marked group): filling a page turns to the next, deleting back past its
//!   start turns back. L and R look at other pages without changing
//!   anything; the next digit typed or deleted turns back to the cursor's page.
//! - START (or the OK key) on a complete code runs the validator; on an
//!   incomplete one it says "Code is too short.", as the fixed pad does.
//!
//! This file is the pure model ([`NumberPad`]), host-tested from tests/rules;
//! `numpad_view.rs` draws it and maps buttons to [`PadInput`]. The text of
//! each line comes from here ([`NumberPad::write_line`]) into a small buffer,
//! so nothing big is built on the stack (the GBA's is small).

use core::fmt::{Display, Write};

/// The most digits a pad shows at once: the longest fixed code (Polarium's
/// 30) and the most a page of a paged code can hold.
pub const MAX_DIGITS: usize = 30;
/// The longest code any pad takes (a paged one: nonogram share codes, 25
/// groups of 5).
pub const MAX_CODE_DIGITS: usize = 125;
/// Room for one line of text from [`NumberPad::write_line`]: the most is a
/// paged pad's page of one-digit groups on one line, each with its two
/// spaces or brackets (a fixed pad's 30 digits with spaces take 59).
pub const LINE_CAPACITY: usize = 3 * MAX_DIGITS;

/// One line of the pad's text, as the view draws it.
pub type Line = heapless::String<LINE_CAPACITY>;

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
    /// Typing past the code's length or past a bad group, the ← key with
    /// nothing typed, turning past the first or last page: a gentle "no".
    Refused,
    /// The cancel key, or B with nothing typed (B is "back" everywhere else).
    Cancelled,
    /// The validator accepted the digits.
    Accepted,
    /// The validator refused, or (paged pads) the group just completed
    /// failed its check (the digit stays typed, the group is marked);
    /// `error()` holds the message.
    Rejected,
    /// L/R showed another page of a paged pad (nothing changed).
    Turned,
}

/// Player input the pad understands (mapped from buttons by the view).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PadInput {
    Move(i8, i8),
    Press,
    Delete,
    Confirm,
    /// Look at the previous (-1) or next (+1) page of a paged pad.
    Page(i8),
}

/// Checks a whole code: `Ok(())` or why not, as the code's own error type
/// `E`, whose `Display` is the line shown under the digits.
pub type Validator<E> = fn(&[u8]) -> Result<(), E>;
/// Reads the whole code's length in digits from its first group (passed
/// alone, complete and already past its group check), or says why it cannot.
pub type LengthReader<E> = fn(&[u8]) -> Result<usize, E>;
/// Checks one complete group: its index in the whole code (from 0) and its
/// digits (the last group may be shorter when the length is not a multiple
/// of the group size). The error's message should name the group for the
/// player, counting from 1: "Group 3 has a typo.".
pub type GroupCheck<E> = fn(usize, &[u8]) -> Result<(), E>;

/// What a paged pad needs to know about its codes (see the module doc).
#[derive(Clone, Copy, Debug)]
pub struct PagedCode<E = &'static str> {
    /// Digits in a group (clamped to 1..=[`MAX_DIGITS`]).
    pub group: usize,
    /// Groups on a page (at most [`MAX_DIGITS`] digits' worth).
    pub groups_per_page: usize,
    /// Groups on one line of the page (the view's line width decides).
    pub groups_per_line: usize,
    /// The longest code (clamped to `group..=`[`MAX_CODE_DIGITS`]); a longer
    /// length from the reader refuses the first group.
    pub max_digits: usize,
    pub length: LengthReader<E>,
    pub check_group: GroupCheck<E>,
    pub validate: Validator<E>,
}

#[derive(Clone, Copy, Debug)]
enum Kind<E> {
    /// `length` digits in lines of `line`.
    Fixed {
        length: usize,
        line: usize,
    },
    Paged(PagedCode<E>),
}

/// The message when a length reader's answer is outside what the pad takes.
pub const LENGTH_OUT_OF_RANGE: &str = "Group 1 gives an impossible length.";
/// The message for confirming an incomplete code.
pub const TOO_SHORT: &str = "Code is too short.";
/// The message for the cancel key pressed with digits typed: it asks first.
pub const DROP_ASKED: &str = "\u{d7} again: close,\ndigits dropped.";

/// Why the pad refused what was typed: one of its own two reasons, or the
/// code's (`E`, from the app's validator and checks).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PadError<E> {
    /// Confirmed before every digit was typed.
    TooShort,
    /// The first group gives a length the pad cannot take.
    LengthOutOfRange,
    /// The cancel key with digits typed: a second press closes the pad,
    /// dropping them.
    DropAsked,
    Code(E),
}

impl<E: Display> Display for PadError<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::TooShort => f.write_str(TOO_SHORT),
            Self::LengthOutOfRange => f.write_str(LENGTH_OUT_OF_RANGE),
            Self::DropAsked => f.write_str(DROP_ASKED),
            Self::Code(error) => error.fmt(f),
        }
    }
}

/// A pad for codes whose errors are `E` (plain messages by default).
pub struct NumberPad<E = &'static str> {
    digits: heapless::Vec<u8, MAX_CODE_DIGITS>,
    kind: Kind<E>,
    /// A paged code's length, once read from its first group.
    known_length: Option<usize>,
    /// A paged code's group that failed its check (always the last group
    /// typed: nothing more can be typed until it is fixed).
    bad_group: Option<usize>,
    /// A page looked at with L/R, until the next edit.
    browsing: Option<usize>,
    cursor: (usize, usize),
    error: Option<PadError<E>>,
    /// The cancel key was pressed with digits typed and asked first: a
    /// second press drops them; anything else, and the question goes.
    drop_asked: bool,
    validator: Validator<E>,
}

impl<E: Copy> NumberPad<E> {
    /// A pad for codes of exactly `length` digits (1..=[`MAX_DIGITS`]) shown
    /// in lines of `group`.
    pub fn new(length: usize, group: usize, validator: Validator<E>) -> Self {
        Self::with_kind(
            Kind::Fixed {
                length: length.clamp(1, MAX_DIGITS),
                line: group.max(1),
            },
            validator,
        )
    }

    /// A pad for long codes typed a page at a time (see the module doc).
    pub fn paged(code: PagedCode<E>) -> Self {
        let group = code.group.clamp(1, MAX_DIGITS);
        let groups_per_page = code.groups_per_page.clamp(1, MAX_DIGITS / group);
        let code = PagedCode {
            group,
            groups_per_page,
            groups_per_line: code.groups_per_line.clamp(1, groups_per_page),
            max_digits: code.max_digits.clamp(group, MAX_CODE_DIGITS),
            ..code
        };
        Self::with_kind(Kind::Paged(code), code.validate)
    }

    fn with_kind(kind: Kind<E>, validator: Validator<E>) -> Self {
        Self {
            digits: heapless::Vec::new(),
            kind,
            known_length: None,
            bad_group: None,
            browsing: None,
            cursor: (0, 0),
            error: None,
            drop_asked: false,
            validator,
        }
    }

    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Why the last code or group was refused, until the next edit.
    pub fn error(&self) -> Option<PadError<E>> {
        if self.drop_asked {
            Some(PadError::DropAsked)
        } else {
            self.error
        }
    }

    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    pub fn is_paged(&self) -> bool {
        matches!(self.kind, Kind::Paged(_))
    }

    /// Whether the pad has a page line: a paged pad whose longest code
    /// takes more than a page (one whose codes all fit a page, their
    /// length read from the first group, shows just the digits).
    pub fn shows_pages(&self) -> bool {
        match self.kind {
            Kind::Paged(code) => code.max_digits > code.group * code.groups_per_page,
            Kind::Fixed { .. } => false,
        }
    }

    /// The whole code's length: a fixed pad's, or a paged one's once read
    /// from its first group.
    pub fn length(&self) -> Option<usize> {
        match self.kind {
            Kind::Fixed { length, .. } => Some(length),
            Kind::Paged(_) => self.known_length,
        }
    }

    /// The group (from 0, in the whole code) that failed its check, if any.
    #[cfg(any(test, feature = "testing"))]
    pub fn bad_group(&self) -> Option<usize> {
        self.bad_group
    }

    /// Digits on a page (a fixed pad has one page).
    fn page_digits(&self) -> usize {
        match self.kind {
            Kind::Fixed { length, .. } => length,
            Kind::Paged(code) => code.group * code.groups_per_page,
        }
    }

    /// Pages in the code, once its length is known.
    pub fn page_count(&self) -> Option<usize> {
        self.length()
            .map(|length| length.div_ceil(self.page_digits()).max(1))
    }

    /// The page on screen (from 0): one looked at with L/R, else the one
    /// holding the marked group, else the one holding the next digit to type.
    pub fn page(&self) -> usize {
        self.browsing.unwrap_or_else(|| self.cursor_page())
    }

    fn cursor_page(&self) -> usize {
        let position = match (self.bad_group, self.kind) {
            (Some(group), Kind::Paged(code)) => group * code.group,
            _ => self.digits.len(),
        };
        let last = self.page_count().unwrap_or(1) - 1;
        (position / self.page_digits()).min(last)
    }

    pub fn key_under_cursor(&self) -> Option<Key> {
        GRID.get(self.cursor.1)
            .and_then(|row| row.get(self.cursor.0))
            .copied()
            .flatten()
    }

    pub fn handle(&mut self, input: PadInput) -> PadEvent {
        let asked = core::mem::take(&mut self.drop_asked);
        match input {
            PadInput::Move(dx, dy) => {
                self.move_cursor(dx, dy);
                // Moving on the cancel key itself keeps the question.
                self.drop_asked = asked && self.key_under_cursor() == Some(Key::Cancel);
                PadEvent::Nothing
            }
            PadInput::Press => match self.key_under_cursor() {
                Some(Key::Digit(d)) => self.type_digit(d),
                Some(Key::Backspace) => self.delete(),
                // Digits typed (thirty, maybe) are not dropped at one press.
                Some(Key::Cancel) if !asked && !self.digits.is_empty() => {
                    self.drop_asked = true;
                    PadEvent::Refused
                }
                Some(Key::Cancel) => PadEvent::Cancelled,
                Some(Key::Ok) => self.confirm(),
                None => PadEvent::Nothing,
            },
            PadInput::Delete if self.digits.is_empty() => PadEvent::Cancelled,
            PadInput::Delete => self.delete(),
            PadInput::Confirm => self.confirm(),
            PadInput::Page(step) => self.turn(step),
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
        self.browsing = None;
        if self.bad_group.is_some() {
            // The mark and its message stay until the group is fixed.
            return PadEvent::Refused;
        }
        self.error = None;
        // Until a paged code's length is known, only its first group.
        let limit = match self.kind {
            Kind::Fixed { length, .. } => length,
            Kind::Paged(code) => self.known_length.unwrap_or(code.group),
        };
        if self.digits.len() >= limit || digit > 9 || self.digits.push(digit).is_err() {
            return PadEvent::Refused;
        }
        match self.kind {
            Kind::Fixed { .. } => PadEvent::Typed,
            Kind::Paged(code) => self.check_completed_group(code),
        }
    }

    /// After a digit on a paged pad: check the group it completed, if any
    /// (and read the length from the first).
    fn check_completed_group(&mut self, code: PagedCode<E>) -> PadEvent {
        let typed = self.digits.len();
        let length = self.known_length.unwrap_or(code.group);
        if !typed.is_multiple_of(code.group) && typed != length {
            return PadEvent::Typed;
        }
        let index = (typed - 1) / code.group;
        let start = index * code.group;
        let mut verdict =
            (code.check_group)(index, &self.digits[start..typed]).map_err(PadError::Code);
        if index == 0 && verdict.is_ok() {
            verdict = match (code.length)(&self.digits[..typed]) {
                Ok(length) if (code.group..=code.max_digits).contains(&length) => {
                    self.known_length = Some(length);
                    Ok(())
                }
                Ok(_) => Err(PadError::LengthOutOfRange),
                Err(error) => Err(PadError::Code(error)),
            };
        }
        match verdict {
            Ok(()) => PadEvent::Typed,
            Err(error) => {
                self.bad_group = Some(index);
                self.error = Some(error);
                PadEvent::Rejected
            }
        }
    }

    fn delete(&mut self) -> PadEvent {
        self.browsing = None;
        self.error = None;
        if self.digits.pop().is_none() {
            return PadEvent::Refused;
        }
        // Only the last group can be bad, so this digit was in it.
        self.bad_group = None;
        if let Kind::Paged(code) = self.kind
            && self.digits.len() < code.group
        {
            self.known_length = None;
        }
        PadEvent::Deleted
    }

    fn confirm(&mut self) -> PadEvent {
        self.browsing = None;
        if self.bad_group.is_some() {
            return PadEvent::Rejected;
        }
        if self
            .length()
            .is_none_or(|length| self.digits.len() < length)
        {
            self.error = Some(PadError::TooShort);
            return PadEvent::Rejected;
        }
        match (self.validator)(&self.digits) {
            Ok(()) => {
                self.error = None;
                PadEvent::Accepted
            }
            Err(error) => {
                self.error = Some(PadError::Code(error));
                PadEvent::Rejected
            }
        }
    }

    /// L/R on a paged pad whose length is known: another page, read only.
    fn turn(&mut self, step: i8) -> PadEvent {
        let Kind::Paged(_) = self.kind else {
            return PadEvent::Nothing;
        };
        let Some(pages) = self.page_count() else {
            return PadEvent::Refused;
        };
        let page = self.page() as i32 + i32::from(step.signum());
        if step == 0 || page < 0 || page >= pages as i32 {
            return PadEvent::Refused;
        }
        let page = page as usize;
        self.browsing = (page != self.cursor_page()).then_some(page);
        PadEvent::Turned
    }

    /// Lines of digits on a page, as [`write_line`](Self::write_line) writes them.
    pub fn line_count(&self) -> usize {
        match self.kind {
            Kind::Fixed { length, line } => length.div_ceil(line),
            Kind::Paged(code) => code.groups_per_page.div_ceil(code.groups_per_line),
        }
    }

    /// Line `index` of the page on screen (after `out` is cleared), ready to
    /// draw: digits typed, `_` for digits still to type.
    ///
    /// A fixed pad spaces every digit ("1 2 3 _ _": wider digits read better
    /// at 5px). A paged pad writes whole groups with a space either side,
    /// the marked group in brackets instead (" 12345  [67890]"); groups past
    /// the code's end are left out, and so is everything after the first
    /// group until the length is known.
    pub fn write_line(&self, index: usize, out: &mut Line) {
        out.clear();
        let shown = |position: usize| {
            self.digits
                .get(position)
                .map_or('_', |&digit| char::from(b'0' + digit.min(9)))
        };
        match self.kind {
            Kind::Fixed { length, line } => {
                let start = index.saturating_mul(line).min(length);
                for (i, position) in (start..(start + line).min(length)).enumerate() {
                    if i > 0 {
                        let _ = out.push(' ');
                    }
                    let _ = out.push(shown(position));
                }
            }
            Kind::Paged(code) => {
                if index >= self.line_count() {
                    return;
                }
                let end = self.known_length.unwrap_or(code.group);
                let first = self.page() * code.groups_per_page + index * code.groups_per_line;
                let on_line = code
                    .groups_per_line
                    .min(code.groups_per_page - index * code.groups_per_line);
                for group in first..first + on_line {
                    let start = group * code.group;
                    if start >= end {
                        break;
                    }
                    let (open, close) = if self.bad_group == Some(group) {
                        ('[', ']')
                    } else {
                        (' ', ' ')
                    };
                    let _ = out.push(open);
                    for position in start..(start + code.group).min(end) {
                        let _ = out.push(shown(position));
                    }
                    let _ = out.push(close);
                }
            }
        }
    }

    /// A paged pad's page line ("Page 2/4", "Page 1/?" until the length is
    /// known); `false` (and `out` empty) for a fixed pad, which has none.
    pub fn write_page_line(&self, out: &mut Line) -> bool {
        out.clear();
        if !self.is_paged() {
            return false;
        }
        let _ = write!(out, "Page {}/", self.page() + 1);
        let _ = match self.page_count() {
            Some(pages) => write!(out, "{pages}"),
            None => out.write_char('?'),
        };
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::damm;

    fn only_even_sum(digits: &[u8]) -> Result<(), &'static str> {
        if digits.iter().map(|&d| u32::from(d)).sum::<u32>() % 2 == 0 {
            Ok(())
        } else {
            Err("Checksum does not match.")
        }
    }

    /// Walk the cursor to the digit's key, as a player would, and press it.
    fn press_digit<E: Copy>(pad: &mut NumberPad<E>, digit: u8) -> PadEvent {
        let (x, y) = (0..ROWS)
            .flat_map(|y| (0..COLUMNS).map(move |x| (x, y)))
            .find(|&(x, y)| GRID[y][x] == Some(Key::Digit(digit)))
            .unwrap();
        pad.cursor = (x, y);
        pad.handle(PadInput::Press)
    }

    fn type_code<E: Copy>(pad: &mut NumberPad<E>, code: &[u8]) {
        for &digit in code {
            assert_eq!(press_digit(pad, digit), PadEvent::Typed);
        }
    }

    fn line<E: Copy>(pad: &NumberPad<E>, index: usize) -> Line {
        let mut line = Line::new();
        pad.write_line(index, &mut line);
        line
    }

    fn page_line<E: Copy>(pad: &NumberPad<E>) -> Line {
        let mut line = Line::new();
        assert!(pad.write_page_line(&mut line));
        line
    }

    #[test]
    fn typed_digits_group_like_the_written_code() {
        let mut pad = NumberPad::new(30, 10, only_even_sum);
        type_code(&mut pad, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2]);
        assert_eq!(pad.line_count(), 3);
        assert_eq!(line(&pad, 0).as_str(), "1 2 3 4 5 6 7 8 9 0");
        assert_eq!(line(&pad, 1).as_str(), "1 2 _ _ _ _ _ _ _ _");
        assert_eq!(line(&pad, 2).as_str(), "_ _ _ _ _ _ _ _ _ _");
        assert_eq!(line(&pad, 3).as_str(), "");
        let mut page = Line::new();
        assert!(!pad.write_page_line(&mut page));
        assert_eq!((pad.page(), pad.page_count()), (0, Some(1)));
        assert_eq!(pad.handle(PadInput::Page(1)), PadEvent::Nothing);
    }

    #[test]
    fn validator_error_keeps_the_digits() {
        let mut pad = NumberPad::new(4, 4, only_even_sum);
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Rejected);
        assert_eq!(pad.error(), Some(PadError::TooShort));
        type_code(&mut pad, &[1, 2, 3, 5]);
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Rejected);
        assert_eq!(
            pad.error(),
            Some(PadError::Code("Checksum does not match."))
        );
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
    fn the_cancel_key_asks_before_dropping_typed_digits() {
        let mut pad = NumberPad::new(30, 10, only_even_sum);
        type_code(&mut pad, &[1, 2, 3]);
        pad.cursor = (3, 1); // the cancel key
        assert_eq!(pad.key_under_cursor(), Some(Key::Cancel));
        assert_eq!(pad.handle(PadInput::Press), PadEvent::Refused);
        assert_eq!(pad.error(), Some(PadError::DropAsked));
        assert_eq!(pad.digits(), &[1, 2, 3]);
        // Anything else and the question goes, the digits kept.
        pad.handle(PadInput::Move(-1, 0));
        assert_eq!(pad.error(), None);
        pad.handle(PadInput::Move(1, 0));
        assert_eq!(pad.handle(PadInput::Press), PadEvent::Refused);
        // Asked, a second press drops them.
        assert_eq!(pad.handle(PadInput::Press), PadEvent::Cancelled);
        // With nothing typed, one press cancels.
        let mut empty = NumberPad::new(30, 10, only_even_sum);
        empty.cursor = (3, 1);
        assert_eq!(empty.handle(PadInput::Press), PadEvent::Cancelled);
    }

    #[test]
    fn b_with_nothing_typed_goes_back() {
        let mut pad = NumberPad::new(4, 4, only_even_sum);
        type_code(&mut pad, &[2]);
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Cancelled);
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
            PadInput::Page(1),
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

    // ---- paged pads: a toy code shaped like the nonogram's share codes ----
    //
    // Groups of four data digits and a Damm digit started from the group's
    // index; the first group is 1, the group count (two digits), one more.

    /// The toy code's errors, typed as an app's are: the message is
    /// written once, in `Display`.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum ToyError {
        /// A group (from 0) fails its check digit.
        Typo(usize),
        UnknownVersion,
        CheckFailed,
    }

    impl Display for ToyError {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            match self {
                Self::Typo(group) => write!(f, "Group {} has a typo.", group + 1),
                Self::UnknownVersion => f.write_str("Unknown code version."),
                Self::CheckFailed => f.write_str("Code check failed."),
            }
        }
    }

    fn check_group(index: usize, digits: &[u8]) -> Result<(), ToyError> {
        if damm::is_valid((index % 10) as u8, digits) {
            Ok(())
        } else {
            Err(ToyError::Typo(index))
        }
    }

    fn read_length(first: &[u8]) -> Result<usize, ToyError> {
        if first.first() != Some(&1) {
            return Err(ToyError::UnknownVersion);
        }
        Ok((usize::from(first[1]) * 10 + usize::from(first[2])) * 5)
    }

    /// Accepts a code whose data digits add up to an even number.
    fn even_data(digits: &[u8]) -> Result<(), ToyError> {
        let sum: u32 = digits
            .chunks(5)
            .flat_map(|group| &group[..group.len().min(4)])
            .map(|&d| u32::from(d))
            .sum();
        if sum.is_multiple_of(2) {
            Ok(())
        } else {
            Err(ToyError::CheckFailed)
        }
    }

    const TOY: PagedCode<ToyError> = PagedCode {
        group: 5,
        groups_per_page: 6,
        groups_per_line: 2,
        max_digits: 125,
        length: read_length,
        check_group,
        validate: even_data,
    };

    /// A toy code of `groups` groups (its data digits from `seed`), with an
    /// even data sum.
    fn toy_code(groups: usize, seed: u32) -> std::vec::Vec<u8> {
        let mut data = std::vec![1, (groups / 10) as u8, (groups % 10) as u8];
        let mut seed = seed;
        while data.len() < groups * 4 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            data.push(((seed >> 16) % 10) as u8);
        }
        let sum: u32 = data.iter().map(|&d| u32::from(d)).sum();
        if sum % 2 == 1 {
            let last = data.len() - 1;
            data[last] = if data[last] == 9 { 8 } else { data[last] + 1 };
        }
        let mut code = std::vec::Vec::new();
        for (index, group) in data.chunks(4).enumerate() {
            code.extend_from_slice(group);
            code.push(damm::check_digit((index % 10) as u8, group));
        }
        code
    }

    /// The digit at `position` changed to another one.
    fn typo(code: &[u8], position: usize) -> std::vec::Vec<u8> {
        let mut code = code.to_vec();
        code[position] = (code[position] + 1) % 10;
        code
    }

    #[test]
    fn a_long_code_types_page_by_page() {
        let code = toy_code(20, 7); // 100 digits: pages of 30, 30, 30, 10
        let mut pad = NumberPad::paged(TOY);
        assert!(pad.is_paged());
        assert_eq!(pad.line_count(), 3);
        for (position, &digit) in code.iter().enumerate() {
            assert_eq!(pad.page(), position / 30, "before digit {position}");
            assert_eq!(press_digit(&mut pad, digit), PadEvent::Typed);
        }
        assert_eq!(pad.length(), Some(100));
        assert_eq!(pad.page_count(), Some(4));
        // Complete: the last page stays on screen.
        assert_eq!(pad.page(), 3);
        assert_eq!(page_line(&pad).as_str(), "Page 4/4");
        assert_eq!(
            line(&pad, 0).as_str(),
            std::format!(
                " {}  {} ",
                digits_text(&code[90..95]),
                digits_text(&code[95..])
            )
        );
        // The last page has two groups: its other lines are empty.
        assert_eq!(line(&pad, 1).as_str(), "");
        assert_eq!(line(&pad, 2).as_str(), "");
        // Nothing past the end.
        assert_eq!(press_digit(&mut pad, 1), PadEvent::Refused);
        assert_eq!(pad.digits().len(), 100);
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Accepted);
        assert_eq!(pad.digits(), &code[..]);
    }

    fn digits_text(digits: &[u8]) -> std::string::String {
        digits.iter().map(|&d| char::from(b'0' + d)).collect()
    }

    #[test]
    fn the_length_comes_from_the_first_group() {
        let code = toy_code(8, 3); // 40 digits: two pages
        let mut pad = NumberPad::paged(TOY);
        assert_eq!(pad.length(), None);
        assert_eq!(page_line(&pad).as_str(), "Page 1/?");
        // Only the first group shows until the length is known.
        assert_eq!(line(&pad, 0).as_str(), " _____ ");
        assert_eq!(line(&pad, 1).as_str(), "");
        type_code(&mut pad, &code[..4]);
        assert_eq!(
            line(&pad, 0).as_str(),
            std::format!(" {}_ ", digits_text(&code[..4]))
        );
        assert_eq!(pad.length(), None);
        type_code(&mut pad, &code[4..5]);
        assert_eq!(pad.length(), Some(40));
        assert_eq!(page_line(&pad).as_str(), "Page 1/2");
        assert_eq!(
            line(&pad, 0).as_str(),
            std::format!(" {}  _____ ", digits_text(&code[..5]))
        );
        assert_eq!(line(&pad, 2).as_str(), " _____  _____ ");
        // Too short to confirm.
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Rejected);
        assert_eq!(pad.error(), Some(PadError::TooShort));
        // Deleting into the first group forgets the length again.
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        assert_eq!(pad.error(), None);
        assert_eq!(pad.length(), None);
        assert_eq!(page_line(&pad).as_str(), "Page 1/?");
    }

    #[test]
    fn a_first_group_with_no_length_says_why() {
        // Version 2: the reader's own message, group 1 marked.
        let mut first = [2, 0, 8, 5, 0];
        first[4] = damm::check_digit(0, &first[..4]);
        let mut pad = NumberPad::paged(TOY);
        type_code(&mut pad, &first[..4]);
        assert_eq!(press_digit(&mut pad, first[4]), PadEvent::Rejected);
        assert_eq!(pad.error(), Some(PadError::Code(ToyError::UnknownVersion)));
        assert_eq!(pad.bad_group(), Some(0));
        assert_eq!(pad.length(), None);
        assert_eq!(
            line(&pad, 0).as_str(),
            "[20850]".replace("20850", &digits_text(&first))
        );
        assert_eq!(press_digit(&mut pad, 1), PadEvent::Refused);
        assert_eq!(pad.error(), Some(PadError::Code(ToyError::UnknownVersion)));
        // 30 groups: more than the 125 digits the pad takes.
        let mut first = [1, 3, 0, 0, 0];
        first[4] = damm::check_digit(0, &first[..4]);
        let mut pad = NumberPad::paged(TOY);
        type_code(&mut pad, &first[..4]);
        assert_eq!(press_digit(&mut pad, first[4]), PadEvent::Rejected);
        assert_eq!(pad.error(), Some(PadError::LengthOutOfRange));
        // Zero groups: shorter than a group.
        let mut first = [1, 0, 0, 0, 0];
        first[4] = damm::check_digit(0, &first[..4]);
        let mut pad = NumberPad::paged(TOY);
        type_code(&mut pad, &first[..4]);
        assert_eq!(press_digit(&mut pad, first[4]), PadEvent::Rejected);
        assert_eq!(pad.error(), Some(PadError::LengthOutOfRange));
        assert_eq!(pad.bad_group(), Some(0));
        // A typo in the first group is its check's message, not the length's.
        let code = toy_code(4, 1);
        let mut pad = NumberPad::paged(TOY);
        let bad = typo(&code, 2);
        type_code(&mut pad, &bad[..4]);
        assert_eq!(press_digit(&mut pad, bad[4]), PadEvent::Rejected);
        assert_eq!(pad.error(), Some(PadError::Code(ToyError::Typo(0))));
        assert_eq!(
            pad.error().map(|error| std::format!("{error}")).as_deref(),
            Some("Group 1 has a typo.")
        );
    }

    #[test]
    fn a_typo_marks_its_group_until_it_is_fixed() {
        let code = toy_code(9, 11); // 45 digits
        for group in [1, 2, 5, 6, 8] {
            let position = group * 5 + 1;
            let bad = typo(&code, position);
            let mut pad = NumberPad::paged(TOY);
            type_code(&mut pad, &bad[..group * 5 + 4]);
            assert_eq!(pad.bad_group(), None);
            // The group's last digit completes it: checked at once.
            assert_eq!(
                press_digit(&mut pad, bad[group * 5 + 4]),
                PadEvent::Rejected
            );
            assert_eq!(pad.bad_group(), Some(group));
            assert_eq!(pad.error(), Some(PadError::Code(ToyError::Typo(group))));
            // The page holding it stays on screen, even when it ends a page.
            assert_eq!(pad.page(), group / 6, "group {group}");
            let on_page = group % 6;
            let text = line(&pad, on_page / 2);
            let marked = std::format!("[{}]", digits_text(&bad[group * 5..group * 5 + 5]));
            assert!(text.contains(marked.as_str()), "{text:?} for group {group}");
            assert_eq!(text.matches('[').count(), 1);
            // Nothing more can be typed, the message stays; confirming says it again.
            assert_eq!(press_digit(&mut pad, 0), PadEvent::Refused);
            assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Rejected);
            assert_eq!(pad.error(), Some(PadError::Code(ToyError::Typo(group))));
            assert_eq!(pad.digits().len(), group * 5 + 5);
            // Deleting into the group clears the mark and the message.
            assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
            assert_eq!(pad.bad_group(), None);
            assert_eq!(pad.error(), None);
            assert!(!line(&pad, on_page / 2).contains('['));
            // Back to the typo, fixed, and on to the end.
            for _ in position..group * 5 + 4 {
                assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
            }
            type_code(&mut pad, &code[position..]);
            assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Accepted);
        }
    }

    #[test]
    fn the_validator_runs_on_a_complete_code() {
        let mut code = toy_code(3, 5);
        // An odd data sum, every group still valid.
        code[8] = (code[8] + 1) % 10;
        code[9] = damm::check_digit(1, &code[5..9]);
        let mut pad = NumberPad::paged(TOY);
        type_code(&mut pad, &code);
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Rejected);
        assert_eq!(pad.error(), Some(PadError::Code(ToyError::CheckFailed)));
        assert_eq!(pad.bad_group(), None);
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        assert_eq!(pad.error(), None);
    }

    #[test]
    fn deleting_across_a_page_boundary_turns_back() {
        let code = toy_code(14, 9); // 70 digits: 30, 30, 10
        let mut pad = NumberPad::paged(TOY);
        type_code(&mut pad, &code[..61]);
        assert_eq!(pad.page(), 2);
        assert_eq!(page_line(&pad).as_str(), "Page 3/3");
        assert_eq!(
            line(&pad, 0).as_str(),
            std::format!(" {}____  _____ ", code[60])
        );
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        // 60 typed: the next digit is the first of page 3.
        assert_eq!(pad.page(), 2);
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        assert_eq!(pad.page(), 1);
        assert_eq!(page_line(&pad).as_str(), "Page 2/3");
        assert_eq!(
            line(&pad, 2).as_str(),
            std::format!(
                " {}  {}_ ",
                digits_text(&code[50..55]),
                digits_text(&code[55..59])
            )
        );
        for _ in 0..29 {
            assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        }
        assert_eq!(pad.page(), 1);
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        assert_eq!(pad.page(), 0);
        // Typing on turns the page again.
        type_code(&mut pad, &code[29..31]);
        assert_eq!(pad.page(), 1);
    }

    #[test]
    fn l_and_r_look_at_other_pages_without_changing_anything() {
        let code = toy_code(14, 4);
        let mut pad = NumberPad::paged(TOY);
        // No length yet: nowhere to turn.
        assert_eq!(pad.handle(PadInput::Page(1)), PadEvent::Refused);
        type_code(&mut pad, &code[..37]);
        assert_eq!(pad.page(), 1);
        assert_eq!(pad.handle(PadInput::Page(-1)), PadEvent::Turned);
        assert_eq!(pad.page(), 0);
        assert_eq!(
            line(&pad, 0).as_str(),
            std::format!(
                " {}  {} ",
                digits_text(&code[..5]),
                digits_text(&code[5..10])
            )
        );
        assert_eq!(pad.handle(PadInput::Page(-1)), PadEvent::Refused);
        assert_eq!(pad.handle(PadInput::Page(1)), PadEvent::Turned);
        assert_eq!(pad.handle(PadInput::Page(1)), PadEvent::Turned);
        assert_eq!(pad.page(), 2);
        assert_eq!(page_line(&pad).as_str(), "Page 3/3");
        assert_eq!(line(&pad, 0).as_str(), " _____  _____ ");
        assert_eq!(pad.handle(PadInput::Page(1)), PadEvent::Refused);
        assert_eq!(pad.digits(), &code[..37]);
        // Typing goes back to the cursor's page.
        type_code(&mut pad, &code[37..38]);
        assert_eq!(pad.page(), 1);
        assert_eq!(pad.handle(PadInput::Page(1)), PadEvent::Turned);
        assert_eq!(pad.handle(PadInput::Delete), PadEvent::Deleted);
        assert_eq!(pad.page(), 1);
    }

    #[test]
    fn odd_shapes_are_clamped() {
        // Groups that do not fit a page, a page wider than the pad shows,
        // a code length that is not a whole number of groups.
        fn seven(_: &[u8]) -> Result<usize, ToyError> {
            Ok(7)
        }
        fn any_group(_: usize, _: &[u8]) -> Result<(), ToyError> {
            Ok(())
        }
        let mut pad = NumberPad::paged(PagedCode {
            group: 3,
            groups_per_page: 50,
            groups_per_line: 0,
            max_digits: 1000,
            length: seven,
            check_group: any_group,
            validate: |_| Ok(()),
        });
        assert_eq!(pad.line_count(), 10);
        type_code(&mut pad, &[1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(press_digit(&mut pad, 8), PadEvent::Refused);
        assert_eq!(line(&pad, 2).as_str(), " 7 ");
        assert_eq!(pad.handle(PadInput::Confirm), PadEvent::Accepted);
        let pad = NumberPad::paged(PagedCode {
            group: 0,
            max_digits: 0,
            ..TOY
        });
        assert_eq!(pad.page_count(), None);
        assert_eq!(line(&pad, 0).as_str(), " _ ");
        // The widest line: a page of one-digit groups, all on one line.
        fn ninety(_: &[u8]) -> Result<usize, ToyError> {
            Ok(90)
        }
        let mut pad = NumberPad::paged(PagedCode {
            group: 1,
            groups_per_page: 30,
            groups_per_line: 30,
            length: ninety,
            check_group: any_group,
            ..TOY
        });
        type_code(&mut pad, &[1]);
        assert_eq!(line(&pad, 0).len(), LINE_CAPACITY);
        assert!(line(&pad, 0).starts_with(" 1  _ "));
        assert!(line(&pad, 0).ends_with(" _ "));
    }

    #[test]
    fn paged_mashing_never_panics() {
        let code = toy_code(25, 2);
        let inputs = [
            PadInput::Press,
            PadInput::Move(1, 0),
            PadInput::Move(0, 1),
            PadInput::Move(-1, -1),
            PadInput::Delete,
            PadInput::Confirm,
            PadInput::Page(1),
            PadInput::Page(-1),
        ];
        let mut seed = 99u32;
        let mut pad = NumberPad::paged(TOY);
        let mut text = Line::new();
        for step in 0..20_000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let choice = (seed >> 16) as usize % (inputs.len() + 2);
            // Mostly the right next digit, so long codes do get typed.
            if let Some(input) = inputs.get(choice) {
                let _ = pad.handle(*input);
            } else if let Some(&digit) = code.get(pad.digits().len()) {
                let _ = press_digit(&mut pad, digit);
            }
            assert!(pad.digits().len() <= MAX_CODE_DIGITS);
            assert!(pad.page() < pad.page_count().unwrap_or(1), "step {step}");
            for index in 0..pad.line_count() {
                pad.write_line(index, &mut text);
            }
            assert!(pad.write_page_line(&mut text));
        }
    }
}
