//! A full-size field on the drawing plane: each square is its look's 8x8
//! tile of gfx/sweeper-field.png copied into the plane's tile under it (the
//! sheet is in the app's colours, which the plane takes), so showing a
//! square is copying 32 bytes. The view keeps the looks it drew and copies
//! only the squares whose look changed: it notices its own changes.

use super::art::{BOARD_FRAMES, icon::FIELD};
use super::rules::field::{Field, MAX_SQUARES, Place};
use super::rules::{GameState, Square};
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

    /// Draw the squares whose look changed since they were last drawn (all
    /// of them the first time), `pressed` drawn pressed, `most` of them at
    /// the most: a whole field's squares go up over three frames, the rest
    /// waiting for the next call. How many were drawn.
    #[inline(never)]
    pub fn sync(&mut self, field: &Field, pressed: &[Place], most: usize) -> usize {
        let size = field.size();
        let state = field.state();
        // Looked up once: the plane's tiles and each look's pixels.
        let plane = plane::tiles();
        let art: [&[u32]; BOARD_FRAMES] = core::array::from_fn(|look| square_tile(look as u8));
        let (left, top) = Self::tile_of(field, Place::new(0, 0));
        let mut drawn = 0;
        let mut looks = self.looks.iter_mut();
        for y in 0..size.height() {
            let start = (top + i32::from(y)) as usize * plane::COLUMNS + left as usize;
            let tiles = plane.get(start..).unwrap_or(&[]);
            for ((x, &square), tile) in field.row(y).iter().enumerate().zip(tiles) {
                let Some(shown) = looks.next() else {
                    return drawn;
                };
                let held = !pressed.is_empty() && pressed.contains(&Place::new(x as u8, y));
                let wanted = if held {
                    look(square, state, true)
                } else {
                    LOOKS[state as usize % 4][usize::from(square.bits())]
                };
                if *shown == wanted {
                    continue;
                }
                if drawn == most {
                    return drawn;
                }
                *shown = wanted;
                if let Some(pixels) = art.get(usize::from(wanted)) {
                    for (word, &pixels) in tile.data_mut().iter_mut().zip(pixels.iter()) {
                        *word = pixels;
                    }
                }
                drawn += 1;
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

/// Every square's look, by game state and the square's byte, worked out
/// as the ROM is built: a frame's worth of squares is then a table read
/// each, not the rules of `look` each.
static LOOKS: [[u8; 256]; 4] = {
    let mut table = [[0u8; 256]; 4];
    let mut state = 0;
    while state < GameState::ALL.len() {
        let mut bits = 0;
        while bits < 256 {
            let game = GameState::ALL[state];
            table[game as usize][bits] = look(Square::from_bits(bits as u8), game, false);
            bits += 1;
        }
        state += 1;
    }
    table
};

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
        // All, the first time, half a field a call.
        let half = size.squares() / 2;
        assert_eq!(view.sync(&field, &[], half), half);
        assert_eq!(view.sync(&field, &[], half), half);
        assert_eq!(view.sync(&field, &[], usize::MAX), 0, "nothing changed");
        // A corner mine: the opposite corner floods the rest.
        field.lay_mines(&Mines::at(size, [Place::new(29, 15)]));
        let _ = field.reveal(Place::new(0, 0));
        let _ = field.toggle_flag(Place::new(29, 15));
        let drawn = view.sync(&field, &[], usize::MAX);
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
        let _ = view.sync(&small, &[], usize::MAX);
        assert_eq!(view.sync(&small, &[covered], usize::MAX), 1);
        let (column, row) = FieldView::tile_of(&small, covered);
        assert_eq!(
            tile_at(column, row).as_slice(),
            square_tile(Look::Pressed as u8)
        );
        assert_eq!(view.sync(&small, &[], usize::MAX), 1);
    }

    #[test_case]
    fn the_table_of_looks_is_the_rules_of_look(_gba: &mut agb::Gba) {
        for state in GameState::ALL {
            for bits in 0..=255 {
                let square = Square::from_bits(bits);
                assert_eq!(
                    LOOKS[state as usize][usize::from(bits)],
                    look(square, state, false)
                );
            }
        }
    }

    #[test_case]
    fn fields_sit_centred_below_the_top_rows(_gba: &mut agb::Gba) {
        let expert = Field::new(Size::EXPERT, false);
        assert_eq!(FieldView::tile_of(&expert, Place::new(0, 0)), (0, TOP_ROWS));
        assert_eq!(FieldView::tile_of(&expert, Place::new(29, 15)), (29, 19));
        let beginner = Field::new(Size::BEGINNER, false);
        assert_eq!(
            FieldView::tile_of(&beginner, Place::new(0, 0)),
            (10, TOP_ROWS + 3)
        );
    }
}
