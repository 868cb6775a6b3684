//! A full-size field on the drawing plane: each square is its look's 8x8
//! tile of gfx/sweeper-field.png copied into the plane's tile under it (the
//! sheet is in the app's colours, which the plane takes), so showing a
//! square is copying 32 bytes. The view keeps the looks it drew and copies
//! only the squares whose look changed: it notices its own changes.

use super::art::icon::FIELD;
use super::rules::field::{Field, MAX_SQUARES, Place};
use super::view::look;
use crate::framework::plane;

/// Tile rows above the field for the counter, the face and the clock.
pub const TOP_ROWS: i32 = 4;
/// Tile rows the field may take below them.
const FIELD_ROWS: i32 = plane::ROWS as i32 - TOP_ROWS;
/// A look no square has: a square not drawn yet.
const UNDRAWN: u8 = u8::MAX;

pub struct FieldView {
    /// The look each square was drawn with, row-major.
    looks: [u8; MAX_SQUARES],
}

impl FieldView {
    /// A view with nothing drawn: the first `sync` draws every square.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            looks: [UNDRAWN; MAX_SQUARES],
        }
    }

    /// The plane tile `(column, row)` square `place` of `field` is drawn
    /// on: the field centred below the top rows.
    #[must_use]
    pub fn tile_of(field: &Field, place: Place) -> (i32, i32) {
        let size = field.size();
        let left = (plane::COLUMNS as i32 - i32::from(size.width())) / 2;
        let top = TOP_ROWS + (FIELD_ROWS - i32::from(size.height())) / 2;
        (left + i32::from(place.x), top + i32::from(place.y))
    }

    /// Draw every square whose look changed since the last `sync` (all of
    /// them the first time), `pressed` drawn pressed; how many were drawn.
    pub fn sync(&mut self, field: &Field, pressed: &[Place]) -> usize {
        let size = field.size();
        let mut drawn = 0;
        let mut index = 0;
        for y in 0..size.height() {
            for (x, &square) in field.row(y).iter().enumerate() {
                let place = Place::new(x as u8, y);
                let wanted = look(square, field.state(), pressed.contains(&place));
                if let Some(shown) = self.looks.get_mut(index)
                    && *shown != wanted
                {
                    *shown = wanted;
                    let (column, row) = Self::tile_of(field, place);
                    plane::put(column, row, square_tile(wanted));
                    drawn += 1;
                }
                index += 1;
            }
        }
        drawn
    }
}

impl Default for FieldView {
    fn default() -> Self {
        Self::new()
    }
}

/// The pixels of look `look`'s square (8 words).
fn square_tile(look: u8) -> &'static [u32] {
    FIELD
        .tile_settings
        .get(usize::from(look))
        .map_or(&[], |setting| FIELD.tiles.get_tile_data(setting.tile_id()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use crate::sweeper::art::Look;
    use crate::sweeper::rules::field::{Mines, Size};

    /// The plane tile's 8 words.
    fn tile_at(column: i32, row: i32) -> [u32; 8] {
        let tile = plane::tile_at(column, row);
        assert!(!tile.is_null(), "({column}, {row}) is on the plane");
        // SAFETY: a plane tile's 8 words.
        core::array::from_fn(|line| unsafe { tile.add(line).read_volatile() })
    }

    #[test_case]
    fn every_square_shows_its_look_and_only_changes_are_drawn(_gba: &mut agb::Gba) {
        plane::build();
        let size = Size::EXPERT;
        let mut field = Field::new(size, false);
        let mut view = FieldView::new();
        assert_eq!(view.sync(&field, &[]), size.squares(), "all, the first time");
        assert_eq!(view.sync(&field, &[]), 0, "nothing changed");
        // A corner mine: the opposite corner floods the rest.
        field.lay_mines(&Mines::at(size, [Place::new(29, 15)]));
        let _ = field.reveal(Place::new(0, 0));
        let _ = field.toggle_flag(Place::new(29, 15));
        let drawn = view.sync(&field, &[]);
        assert_eq!(drawn, size.squares(), "every square changed look");
        let expect = |place: Place, wanted: Look| {
            let (column, row) = FieldView::tile_of(&field, place);
            assert_eq!(tile_at(column, row).as_slice(), square_tile(wanted as u8));
        };
        expect(Place::new(0, 0), Look::Empty);
        expect(Place::new(29, 15), Look::Flag);
        // (28, 14) touches the mine: a 1, frame 3.
        let (column, row) = FieldView::tile_of(&field, Place::new(28, 14));
        assert_eq!(tile_at(column, row).as_slice(), square_tile(3));
        // Held down: one square drawn pressed, then back.
        let mut small = Field::new(Size::BEGINNER, false);
        let mut rng = Rng::new(1);
        let _ = small.act(Place::new(4, 4), &mut rng);
        let covered = (0..81)
            .map(|i| Place::new(i % 9, i / 9))
            .find(|&p| small.square(p).is_some_and(|s| !s.is_revealed()))
            .expect("a covered square");
        let mut view = FieldView::new();
        let _ = view.sync(&small, &[]);
        assert_eq!(view.sync(&small, &[covered]), 1);
        let (column, row) = FieldView::tile_of(&small, covered);
        assert_eq!(tile_at(column, row).as_slice(), square_tile(Look::Pressed as u8));
        assert_eq!(view.sync(&small, &[]), 1);
    }

    #[test_case]
    fn fields_sit_centred_below_the_top_rows(_gba: &mut agb::Gba) {
        let expert = Field::new(Size::EXPERT, false);
        assert_eq!(FieldView::tile_of(&expert, Place::new(0, 0)), (0, TOP_ROWS));
        assert_eq!(FieldView::tile_of(&expert, Place::new(29, 15)), (29, 19));
        let beginner = Field::new(Size::BEGINNER, false);
        assert_eq!(FieldView::tile_of(&beginner, Place::new(0, 0)), (10, TOP_ROWS + 3));
    }
}
