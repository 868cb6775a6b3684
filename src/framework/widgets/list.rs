//! A list/select screen: rows of a label and a badge (a tick for solved, a best
//! time...), a cursor, A to choose, B to go back. The model is pure; `show`
//! draws it with text boxes on the app's text layer plus a cursor sprite.

use agb::display::{Priority, object::Object, tiled::RegularBackground};
use alloc::vec::Vec;

use super::text::{LINE_HEIGHT, TEXT_PALETTE, TextBox};
use crate::framework::{assets, canvas::Canvas};

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
    /// Top-left of the first row in pixels, and the list's width in tiles.
    origin: (i32, i32),
    columns: i32,
    labels: Vec<TextBox>,
    badges: Vec<TextBox>,
    dirty: bool,
    palette: u8,
}

impl List {
    pub fn new(rows: Vec<Row>, origin: (i32, i32), columns: i32) -> Self {
        Self {
            rows,
            selected: 0,
            origin,
            columns,
            labels: Vec::new(),
            badges: Vec::new(),
            dirty: true,
            palette: TEXT_PALETTE,
        }
    }

    /// Draw in another text palette (e.g. light text on a dark well).
    pub fn with_palette(mut self, palette: u8) -> Self {
        self.palette = palette;
        self
    }

    pub fn selected(&self) -> usize {
        self.selected
    }

    pub fn select(&mut self, index: usize) {
        self.selected = index.min(self.rows.len().saturating_sub(1));
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
        if a && !self.rows.is_empty() {
            return ListEvent::Chosen(self.selected);
        }
        if dy != 0 && !self.rows.is_empty() {
            let last = self.rows.len() as i32 - 1;
            let next = (self.selected as i32 + dy).clamp(0, last) as usize;
            if next != self.selected {
                self.selected = next;
                return ListEvent::Moved;
            }
        }
        ListEvent::Nothing
    }

    /// Remove the list's text from the layer.
    pub fn clear(&mut self, text_layer: &mut RegularBackground) {
        for text in self.labels.iter_mut().chain(self.badges.iter_mut()) {
            text.clear(text_layer);
        }
        self.labels.clear();
        self.badges.clear();
        self.dirty = true;
    }

    /// Redraw changed text; call from the app's update, not from `show`.
    pub fn draw(&mut self, text_layer: &mut RegularBackground) {
        if !self.dirty {
            return;
        }
        self.clear(text_layer);
        self.dirty = false;
        let badge_columns = 6;
        for (i, row) in self.rows.iter().enumerate() {
            let y = self.origin.1 + i as i32 * (LINE_HEIGHT + 5);
            let mut label = TextBox::new((self.origin.0 + 12, y), self.columns - badge_columns - 2, 1)
                .with_palette(self.palette);
            label.set(text_layer, &row.label);
            let badge_x = self.origin.0 + (self.columns - badge_columns) * 8;
            let mut badge = TextBox::new((badge_x, y), badge_columns, 1).with_palette(self.palette);
            badge.set_right(text_layer, &row.badge);
            self.labels.push(label);
            self.badges.push(badge);
        }
    }

    /// The cursor sprite beside the selected row.
    pub fn show(&self, canvas: &mut Canvas) {
        let y = self.origin.1 + self.selected as i32 * (LINE_HEIGHT + 5);
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
            vec![Row::new("Easy", "01:23"), Row::new("Medium", ""), Row::new("Hard", "")],
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
        let long = Row::new("a label far longer than twenty four characters", "123456789012345");
        assert_eq!(long.label.len(), 24);
        assert_eq!(long.badge.len(), 12);
    }
}
