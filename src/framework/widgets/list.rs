//! A list/select screen: rows of a label and a badge (a tick for solved, a best
//! time...), a cursor, A to choose, B to go back. The model is pure; `show`
//! draws it with text boxes on the drawing plane plus a cursor sprite.

use agb::{
    display::{Priority, object::Object},
    input::Button,
};
use alloc::vec::Vec;

use super::{
    pager::{self, Ends},
    prepared::PreparedLine,
    text::{Ink, LINE_HEIGHT, TextBox},
};
use crate::framework::{
    assets::{self, sfx},
    canvas::Canvas,
    system::System,
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ListEvent {
    Nothing,
    Moved,
    Chosen(usize),
    Back,
}

/// One row: what it is, and a short badge at the right edge.
pub struct Row {
    pub label: heapless::String<24>,
    pub badge: heapless::String<12>,
}

impl Row {
    pub fn new(label: &str, badge: &str) -> Self {
        let mut row = Self {
            label: heapless::String::new(),
            badge: heapless::String::new(),
        };
        for c in label.chars() {
            if row.label.push(c).is_err() {
                break;
            }
        }
        for c in badge.chars() {
            if row.badge.push(c).is_err() {
                break;
            }
        }
        row
    }
}

pub struct List {
    rows: Vec<Row>,
    selected: usize,
    /// The rows the cursor can be on: the first this many (the rest, e.g.
    /// blank rows kept so the list matches another's size, are only shown).
    selectable: usize,
    /// Top-left of the first row in pixels, and the list's width in tiles.
    origin: (i32, i32),
    columns: i32,
    /// All labels in one box and all badges in another: boxes must not share
    /// tiles (each owns the tiles it draws), and one multi-line box per column
    /// lets rows sit one font line apart.
    labels: Option<TextBox>,
    badges: Option<TextBox>,
    dirty: bool,
    ink: Ink,
    /// Labels rendered at build time (see `knowing`).
    known: &'static [&'static PreparedLine],
}

/// Badge column width in tiles.
const BADGE_COLUMNS: i32 = 6;

impl List {
    pub fn new(rows: Vec<Row>, origin: (i32, i32), columns: i32) -> Self {
        Self {
            selectable: rows.len(),
            rows,
            selected: 0,
            origin,
            columns,
            labels: None,
            badges: None,
            dirty: true,
            known: &[],
            ink: Ink::DARK,
        }
    }

    /// Draw on the text boxes of `old`, a list of as many rows at the same
    /// place that has gone (see `blank`): their text buffers are reused, so
    /// the heap is the same however often a menu comes and goes.
    pub fn reusing(mut self, old: Option<alloc::boxed::Box<List>>) -> Self {
        if let Some(old) = old.filter(|old| {
            (old.origin, old.columns, old.rows.len(), old.ink)
                == (self.origin, self.columns, self.rows.len(), self.ink)
        }) {
            let List { labels, badges, .. } = *old;
            (self.labels, self.badges) = (labels, badges);
        }
        self
    }

    /// Labels its rows may have that were rendered at build time
    /// (`prepared_all![...]`): each goes up as a copy of its pixels.
    #[must_use]
    pub fn knowing(mut self, labels: &'static [&'static PreparedLine]) -> Self {
        self.known = labels;
        self
    }

    /// Only the first `count` rows can be chosen.
    pub fn with_selectable(mut self, count: usize) -> Self {
        self.selectable = count.min(self.rows.len());
        self.selected = self.selected.min(self.selectable.saturating_sub(1));
        self
    }

    /// Draw in another ink (e.g. light text on a dark well).
    pub fn with_ink(mut self, ink: Ink) -> Self {
        self.ink = ink;
        self
    }

    pub fn selected(&self) -> usize {
        self.selected
    }

    pub fn select(&mut self, index: usize) {
        self.selected = index.min(self.selectable.saturating_sub(1));
    }

    pub fn set_row(&mut self, index: usize, row: Row) {
        if let Some(slot) = self.rows.get_mut(index) {
            *slot = row;
            self.dirty = true;
        }
    }

    /// Feed one frame of input: vertical direction (repeat-aware), A, B.
    pub fn update(&mut self, dy: i32, a: bool, b: bool) -> ListEvent {
        if b {
            return ListEvent::Back;
        }
        if a && self.selectable > 0 {
            return ListEvent::Chosen(self.selected);
        }
        if dy != 0 && self.selectable > 0 {
            let next = pager::step(self.selected, dy, self.selectable, Ends::Stop);
            if next != self.selected {
                self.selected = next;
                return ListEvent::Moved;
            }
        }
        ListEvent::Nothing
    }

    /// A frame of the player's keys: the D-pad moves the cursor (with the
    /// cursor's sound), A chooses, and any of `back` goes back.
    pub fn read_keys(&mut self, system: &mut System, back: &[Button]) -> ListEvent {
        let input = &system.input;
        let (_, dy) = input.repeated_direction();
        let a = input.just_pressed(Button::A);
        let b = back.iter().any(|&button| input.just_pressed(button));
        let event = self.update(dy, a, b);
        if event == ListEvent::Moved {
            system.sound.play(sfx::CURSOR);
        }
        event
    }

    /// Take the list's text away; `draw` brings it back.
    pub fn blank(&mut self) {
        for text in self.boxes() {
            text.blank();
        }
        self.dirty = true;
    }

    /// The label and badge boxes that exist so far.
    fn boxes(&mut self) -> impl Iterator<Item = &mut TextBox> {
        [self.labels.as_mut(), self.badges.as_mut()]
            .into_iter()
            .flatten()
    }

    /// Redraw changed text, a few letters per call: call it every frame from
    /// the app's update (not from `show`) until the list is complete.
    /// Returns true once all its text is on screen.
    pub fn draw(&mut self) -> bool {
        if self.dirty {
            self.dirty = false;
            self.start();
        }
        // The labels first, then the badges, as the frame has room.
        if let Some(labels) = self.labels.as_mut()
            && !labels.advance()
        {
            return false;
        }
        self.badges.as_mut().is_none_or(|badges| badges.advance())
    }

    /// Lays the rows out in the two boxes, to be drawn by `advance`.
    fn start(&mut self) {
        let count = self.rows.len() as i32;
        let mut labels: alloc::string::String = alloc::string::String::new();
        let mut badges: alloc::string::String = alloc::string::String::new();
        for row in &self.rows {
            labels.push_str(&row.label);
            labels.push('\n');
            badges.push_str(&row.badge);
            badges.push('\n');
        }
        let height = (count * LINE_HEIGHT + 7) / 8;
        let label_columns = self.columns - BADGE_COLUMNS - 2;
        let label_box = self.labels.get_or_insert_with(|| {
            TextBox::new((self.origin.0 + 12, self.origin.1), label_columns, height)
                .with_ink(self.ink)
        });
        label_box.set_known(self.known);
        label_box.set_gradually(&labels);
        let badge_x = self.origin.0 + (self.columns - BADGE_COLUMNS) * 8;
        let badge_box = self.badges.get_or_insert_with(|| {
            TextBox::new((badge_x, self.origin.1), BADGE_COLUMNS, height).with_ink(self.ink)
        });
        badge_box.set_right_gradually(&badges);
    }

    /// The cursor sprite beside the selected row.
    pub fn show(&self, canvas: &mut Canvas) {
        let y = self.origin.1 + self.selected as i32 * LINE_HEIGHT;
        let mut cursor = Object::new(assets::sprites::POINTER.sprite(0));
        cursor
            .set_pos((self.origin.0 - 6, y - 4))
            .set_priority(Priority::P0);
        canvas.object(&cursor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test_case]
    fn list_cursor_stays_in_range_and_reports_choices(_gba: &mut agb::Gba) {
        let mut list = List::new(
            vec![
                Row::new("Easy", "01:23"),
                Row::new("Medium", ""),
                Row::new("Hard", ""),
            ],
            (16, 16),
            20,
        );
        assert_eq!(list.update(-1, false, false), ListEvent::Nothing);
        assert_eq!(list.update(1, false, false), ListEvent::Moved);
        assert_eq!(list.update(5, false, false), ListEvent::Moved);
        assert_eq!(list.selected(), 2);
        assert_eq!(list.update(1, false, false), ListEvent::Nothing);
        assert_eq!(list.update(0, true, false), ListEvent::Chosen(2));
        assert_eq!(list.update(0, true, true), ListEvent::Back);
        // Rows past the selectable ones are shown, never chosen.
        let mut some = List::new(
            vec![Row::new("On", ""), Row::new("Off", ""), Row::new("", "")],
            (16, 16),
            20,
        )
        .with_selectable(2);
        assert_eq!(some.update(5, false, false), ListEvent::Moved);
        assert_eq!(some.selected(), 1);
        some.select(2);
        assert_eq!(some.update(0, true, false), ListEvent::Chosen(1));
        let long = Row::new(
            "a label far longer than twenty four characters",
            "123456789012345",
        );
        assert_eq!(long.label.len(), 24);
        assert_eq!(long.badge.len(), 12);
    }
}
