//! A full-size field's screen, filling the window: the squares on the
//! drawing plane below four rows for the mines counter, the face and the
//! clock. Each square is its look's 8x8 tile of gfx/sweeper-field.png
//! copied into the plane's tile under it (the sheet is in the app's
//! colours, which the plane takes), so showing a square is copying 32
//! bytes. The view keeps the looks it drew and copies only the squares
//! whose look changed: it notices its own changes.

use agb::display::{
    Priority,
    object::{Object, SpriteVram},
};
use alloc::{boxed::Box, vec, vec::Vec};

use super::art::{BOARD_FRAMES, FACE_FRAMES, Face, icon, sprites};
use super::messages;
use super::rules::field::{Field, MAX_SQUARES, Place, SLOTS, STRIDE};
use super::rules::{GameState, Square};
use super::view::{self, look};
use crate::framework::{
    canvas::Canvas,
    frame_time, plane,
    transition::Area,
    widgets::{
        prepared::{PreparedLine, prepared_all},
        text::TextBox,
        timer::{format_hundredths, format_time},
        window::{self, ICON_CLOCK},
    },
};
use sweeper_core::field_records::FieldLine;

/// Tile rows above the field for the counter, the face and the clock.
pub const TOP_ROWS: i32 = 4;
/// Tile rows the field may take below them.
const FIELD_ROWS: i32 = plane::ROWS as i32 - TOP_ROWS;
/// A look no square has: a square not drawn yet.
const UNDRAWN: u8 = u8::MAX;
/// The kinds of piece the view draws, each timed as it goes
/// ([`frame_time::Piece`]): a row of squares, and one of its texts.
static ROW: frame_time::Piece = frame_time::Piece::new();
static TEXT: frame_time::Piece = frame_time::Piece::new();
/// The clock's icon's plane tile: clear of the desktop's saving mark,
/// which shows over a window at the status bar's place.
const CLOCK_ICON: (i32, i32) = (23, 0);
/// The face, centred over the field.
const FACE_POS: (i32, i32) = (104, 0);

/// The window of a field: the whole screen.
pub const WINDOW: Area = Area::new(0, 0, 240, 160);

pub struct FieldView {
    /// The look each square was drawn with, row-major.
    looks: Box<[u8]>,
    /// What the squares were as the last call saw them: walking the
    /// squares is most of a frame's drawing, and most frames change
    /// nothing.
    drawn_from: DrawnFrom,
    /// `drawn_from` holds what the last call saw.
    drawn_from_valid: bool,
    /// Rows whose looks may differ from the field's (bit y for row y),
    /// left for a frame with room.
    rows_to_draw: u32,
    /// What the counter, the clock and the lines say, as drawn.
    shown_mines: Option<i16>,
    /// The mines left, counted when a square last changed.
    mines_left: i16,
    shown_time: Option<Time>,
    shown_line: Option<(GameState, bool, bool)>,
    counter: TextBox,
    clock: TextBox,
    /// Under the counter: the field's size, or how the game ended.
    status: TextBox,
    /// Under the clock: the size's best time.
    best: TextBox,
    face: Object,
    face_shown: Face,
    cursor: Object,
    /// Every face in video memory while the view is up, so a face first
    /// seen mid-game never allocates.
    face_frames: Vec<SpriteVram>,
    /// The icons are on the plane.
    icons_drawn: bool,
}

/// Everything the squares' looks depend on.
struct DrawnFrom {
    slots: Box<[Square]>,
    state: GameState,
    pressed: Option<Place>,
    /// The rows the pressed squares were drawn in (bit y for row y).
    pressed_rows: u32,
}

impl DrawnFrom {
    /// The rows whose looks may differ from those drawn, for `field` with
    /// `pressed_rows` drawn pressed: where a square changed, and where
    /// squares were or are pressed (all of them if the game's state
    /// changed: a loss shows every mine).
    fn changed_rows(&self, field: &Field, pressed_rows: u32) -> u32 {
        if self.state != field.state() {
            return u32::MAX;
        }
        rows_differing(&self.slots, field.slots()) | self.pressed_rows | pressed_rows
    }
}

/// The rows (bit y) whose squares differ between `was` and `is`, `STRIDE`
/// squares a row. Asked every frame, of every row: as ARM code in IWRAM, a
/// word (four squares) at a time, it costs far less than comparing squares
/// one by one in the cartridge did.
fn rows_differing(was: &[Square], is: &[Square]) -> u32 {
    const _: () = assert!(STRIDE.is_multiple_of(4) && size_of::<Square>() == 1);
    let rows = (was.len().min(is.len()) / STRIDE).min(32);
    let aligned = (was.as_ptr() as usize | is.as_ptr() as usize).is_multiple_of(4);
    if aligned {
        // SAFETY: `rows` whole rows are in both, word aligned (checked),
        // and a row is a whole number of words.
        unsafe { aligned_rows_differing(was.as_ptr().cast(), is.as_ptr().cast(), rows) }
    } else {
        // (Not met as the field and its copy are allocated: both are word
        // aligned.)
        was.chunks_exact(STRIDE)
            .zip(is.chunks_exact(STRIDE))
            .take(rows)
            .enumerate()
            .filter(|(_, (was, is))| was != is)
            .fold(0, |differing, (row, _)| differing | 1 << row)
    }
}

/// `rows_differing` over word-aligned rows.
///
/// # Safety
/// `was` and `is` hold `rows` rows of `STRIDE / 4` words each.
#[inline(never)]
#[unsafe(link_section = ".iwram.rows_differing")]
#[instruction_set(arm::a32)]
unsafe fn aligned_rows_differing(was: *const u32, is: *const u32, rows: usize) -> u32 {
    const WORDS: usize = STRIDE / 4;
    let mut differing = 0;
    let mut word = 0;
    // One loop over every word (plain, so it stays small and in IWRAM).
    while word < rows * WORDS {
        // SAFETY: `word` is within the rows, as the caller promises.
        if unsafe { *was.add(word) != *is.add(word) } {
            let row = word / WORDS;
            differing |= 1 << row;
            word = (row + 1) * WORDS;
        } else {
            word += 1;
        }
    }
    differing
}

/// The rows of `places` (bit y for row y).
fn rows_of(places: &[Place]) -> u32 {
    places
        .iter()
        .fold(0, |rows, place| rows | 1 << (place.y & 31))
}

/// The clock as shown: whole seconds while playing, hundredths once won.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Time {
    Seconds(u16),
    Hundredths(u32),
}

/// The lines the view shows that are known as the ROM is built.
static KNOWN: [&PreparedLine; 8] = prepared_all![
    messages::FIELD_NAMES[0],
    messages::FIELD_NAMES[1],
    messages::FIELD_NAMES[2],
    messages::FIELD_NAMES[3],
    messages::FIELD_WON,
    messages::FIELD_RECORD,
    messages::FIELD_LOST,
    messages::FIELD_SEARCHING,
];

impl FieldView {
    /// A view with nothing drawn: the first `draw` calls draw every square.
    #[must_use]
    pub fn new() -> Self {
        let mut face = Object::new(sprites::FACES.sprite(Face::Idle as usize));
        face.set_pos(FACE_POS).set_priority(Priority::P1);
        let mut cursor = Object::new(sprites::SWEEPER_FIELD_CURSOR.sprite(0));
        cursor.set_priority(Priority::P0);
        // The face blinks by itself: the harness's settle measure leaves it
        // out (tests/src/settle.rs).
        crate::event!(
            "settle.ignore id=sweeper_field_face x={} y={} w=32 h=32",
            FACE_POS.0,
            FACE_POS.1
        );
        announce_field_held(true);
        Self {
            // Made on the heap: the view is boxed, and its arrays would
            // otherwise be made on the stack first.
            looks: vec![UNDRAWN; MAX_SQUARES].into_boxed_slice(),
            drawn_from: DrawnFrom {
                slots: vec![Square::EMPTY; SLOTS].into_boxed_slice(),
                state: GameState::Fresh,
                pressed: None,
                pressed_rows: 0,
            },
            drawn_from_valid: false,
            rows_to_draw: 0,
            shown_mines: None,
            mines_left: 0,
            shown_time: None,
            shown_line: None,
            counter: TextBox::new((18, 2), 4, 1),
            clock: TextBox::new((CLOCK_ICON.0 * 8 + 10, 2), 5, 1).ticking("sweeper_field_clock"),
            status: TextBox::new((8, 18), 12, 1).knowing(&KNOWN),
            best: TextBox::new((140, 18), 12, 1),
            face,
            face_shown: Face::Idle,
            cursor,
            face_frames: (0..FACE_FRAMES)
                .map(|frame| SpriteVram::from(sprites::FACES.sprite(frame)))
                .collect(),
            icons_drawn: false,
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

    /// Bring the screen up to date with `field`: the squares whose look
    /// changed (a frame's worth at most, the rest next frame), the cursor,
    /// the face, the counter, the clock and the lines under them (one text
    /// a frame). True once every square shows its look.
    pub fn draw(
        &mut self,
        field: &Field,
        pressed: Option<Place>,
        face: Face,
        best: Option<&FieldLine>,
    ) -> bool {
        if !self.icons_drawn {
            self.icons_drawn = true;
            if let Some(mines) = icon::MINES.tile_settings.first() {
                plane::put(1, 0, icon::MINES.tiles.get_tile_data(mines.tile_id()));
            }
            plane::put_from(
                CLOCK_ICON.0,
                CLOCK_ICON.1,
                window::pixels(ICON_CLOCK),
                window::palette(),
            );
        }
        let preview = pressed.map(|place| field.pressed_preview(place));
        let preview = preview.as_deref().unwrap_or(&[]);
        let pressed_rows = rows_of(preview);
        // The rows that changed since the last call join those still to
        // draw: only they are walked.
        let changed = if self.drawn_from_valid {
            self.drawn_from.changed_rows(field, pressed_rows)
        } else {
            u32::MAX
        };
        let unchanged = changed == 0;
        if !unchanged {
            self.rows_to_draw |= changed & ((1 << field.size().height()) - 1);
            let from = &mut self.drawn_from;
            from.slots.copy_from_slice(field.slots());
            (from.state, from.pressed, from.pressed_rows) = (field.state(), pressed, pressed_rows);
            self.drawn_from_valid = true;
        }
        // The text first (a counter, the clock or a line, a frame), then a
        // row at a time while the frame has room (a frame that ran a save's
        // slice first has less): the rest waits for the next.
        self.sync_text(field, best, !unchanged);
        while self.rows_to_draw != 0 && ROW.room() {
            let row = self.rows_to_draw & self.rows_to_draw.wrapping_neg();
            let _ = self.sync(field, preview, usize::MAX, row);
            self.rows_to_draw &= !row;
        }
        let complete = self.rows_to_draw == 0;
        let (x, y) = Self::tile_of(field, field.cursor());
        self.cursor.set_pos((x * 8 - 2, y * 8 - 2));
        if face != self.face_shown {
            self.face_shown = face;
            if let Some(sprite) = self.face_frames.get(face as usize) {
                self.face.set_sprite(sprite.clone());
            }
        }
        complete
    }

    /// The texts that changed, the counter, the clock and the lines, while
    /// the frame has room (laying out text is the costly part of a frame).
    fn sync_text(&mut self, field: &Field, best: Option<&FieldLine>, squares_changed: bool) {
        // Counted only when a square changed: it walks the field.
        if squares_changed || self.shown_mines.is_none() {
            self.mines_left = field.mines_left();
        }
        let time = match field.state() {
            GameState::Won => Time::Hundredths(field.elapsed_hundredths()),
            _ => Time::Seconds(field.elapsed_seconds()),
        };
        let line = (
            field.state(),
            field.new_record(),
            field.awaiting_layout().is_some(),
        );
        // As many of them as the frame has room for (a win changes all
        // three), room asked only for one that changed.
        let mines = self.mines_left;
        while (self.shown_mines != Some(mines)
            || self.shown_time != Some(time)
            || self.shown_line != Some(line))
            && TEXT.room()
        {
            if self.shown_mines != Some(mines) {
                self.shown_mines = Some(mines);
                self.counter.set(&view::counter_text(mines));
            } else if self.shown_time != Some(time) {
                self.shown_time = Some(time);
                match time {
                    Time::Seconds(seconds) => self.clock.set(&format_time(seconds)),
                    Time::Hundredths(hundredths) => self.clock.set(&format_hundredths(hundredths)),
                }
            } else if self.shown_line != Some(line) {
                self.shown_line = Some(line);
                self.status
                    .set(messages::field_status(field.size(), line.0, line.1, line.2));
                match best.and_then(|line| line.best().first()) {
                    Some(win) => self.best.set(&alloc::format!(
                        "Best {}",
                        format_hundredths(win.hundredths())
                    )),
                    None => self.best.blank(),
                }
            }
        }
    }

    /// Draw the squares whose look changed since they were last drawn (all
    /// of them the first time), `pressed` drawn pressed, `most` of them at
    /// the most, in the rows of `rows` (bit y for row y; the others are
    /// known not to have changed). How many were drawn.
    #[inline(never)]
    pub fn sync(&mut self, field: &Field, pressed: &[Place], most: usize, rows: u32) -> usize {
        let size = field.size();
        let state = field.state();
        let width = usize::from(size.width());
        // Looked up once: the plane's tiles, each look's pixels, the looks.
        let plane = plane::tiles();
        let art: [&[u32; 8]; BOARD_FRAMES] = core::array::from_fn(|look| square_tile(look as u8));
        let table = &LOOKS[state as usize % 4];
        let (left, top) = Self::tile_of(field, Place::new(0, 0));
        let mut drawn = 0;
        let mut draw = |shown: &mut u8, wanted: u8, tile: &plane::PlaneTile| {
            if *shown == wanted {
                return true;
            }
            if drawn == most {
                return false;
            }
            *shown = wanted;
            if let Some(pixels) = art.get(usize::from(wanted)) {
                // Word by word: video RAM takes no byte writes.
                for (word, &pixels) in tile.data_mut().iter_mut().zip(pixels.iter()) {
                    *word = pixels;
                }
            }
            drawn += 1;
            true
        };
        for y in 0..size.height() {
            if rows >> y & 1 == 0 {
                continue;
            }
            let start = (top as usize + usize::from(y)) * plane::COLUMNS + left as usize;
            let first = usize::from(y) * width;
            let (Some(tiles), Some(looks)) = (
                plane.get(start..start + width),
                self.looks.get_mut(first..first + width),
            ) else {
                break;
            };
            for (x, ((square, shown), tile)) in
                field.row(y).iter().zip(looks).zip(tiles).enumerate()
            {
                // A square held down is drawn once, pressed, below.
                if !pressed.is_empty() && pressed.contains(&Place::new(x as u8, y)) {
                    continue;
                }
                if !draw(shown, table[usize::from(square.bits())], tile) {
                    return drawn;
                }
            }
        }
        // Held down: drawn pressed over what the rows drew.
        for &place in pressed
            .iter()
            .filter(|place| rows >> (place.y & 31) & 1 != 0)
        {
            let (Some(square), (column, row)) = (field.square(place), Self::tile_of(field, place))
            else {
                continue;
            };
            let index = usize::from(place.y) * width + usize::from(place.x);
            let tile = plane.get(row as usize * plane::COLUMNS + column as usize);
            if let (Some(shown), Some(tile)) = (self.looks.get_mut(index), tile)
                && !draw(shown, look(square, state, true), tile)
            {
                break;
            }
        }
        drawn
    }

    /// Put the face, and the cursor while the game goes on.
    pub fn show(&self, field: &Field, canvas: &mut Canvas) {
        canvas.object(&self.face);
        if !field.state().is_over() {
            canvas.object(&self.cursor);
        }
    }

    /// The view is going (another screen in the window's place): the plane
    /// is blanked whole, the field's squares and text with it.
    pub fn take_off(&self) {
        plane::clear();
    }
}

impl Drop for FieldView {
    fn drop(&mut self) {
        crate::event!("settle.unignore id=sweeper_field_face");
        announce_field_held(false);
    }
}

/// While the field takes input, the window is a held-key box for the
/// harness's settle measure (tests/src/settle.rs): a reveal counts from
/// A's release (see `view::announce_board_held`).
fn announce_field_held(held: bool) {
    view::announce_held("sweeper_field", WINDOW, held);
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

/// The pixels of look `look`'s square (8 words; blank if the sheet had
/// none, which a test rules out).
fn square_tile(look: u8) -> &'static [u32; 8] {
    icon::FIELD
        .tile_settings
        .get(usize::from(look))
        .and_then(|setting| {
            icon::FIELD
                .tiles
                .get_tile_data(setting.tile_id())
                .try_into()
                .ok()
        })
        .unwrap_or(&[0; 8])
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
    fn rows_that_differ_are_found_word_aligned_or_not(_gba: &mut agb::Gba) {
        // Two copies of 16 rows, one row apart in a few squares; each also
        // a byte into a larger buffer, which is not word aligned.
        let rows = 16;
        let mut was = alloc::vec![Square::EMPTY; rows * STRIDE + 1];
        let mut is = was.clone();
        for (index, square) in was.iter_mut().enumerate() {
            *square = Square::from_bits((index * 7 % 256) as u8);
        }
        is.clone_from(&was);
        for (row, column) in [(0, 0), (3, 31), (9, 17), (15, 4)] {
            let square = &mut is[row * STRIDE + column];
            *square = Square::from_bits(square.bits() ^ 0x10);
        }
        let expected = 1 | 1 << 3 | 1 << 9 | 1 << 15;
        let aligned = (&was[..rows * STRIDE], &is[..rows * STRIDE]);
        assert!((aligned.0.as_ptr() as usize).is_multiple_of(4));
        assert_eq!(rows_differing(aligned.0, aligned.1), expected);
        // The same rows a byte on: the squares compared one by one.
        let mut was_on = alloc::vec![Square::EMPTY; 1];
        was_on.extend_from_slice(aligned.0);
        let mut is_on = alloc::vec![Square::EMPTY; 1];
        is_on.extend_from_slice(aligned.1);
        assert_eq!(rows_differing(&was_on[1..], &is_on[1..]), expected);
        assert_eq!(rows_differing(aligned.0, aligned.0), 0);
    }

    #[test_case]
    fn every_square_shows_its_look_and_only_changes_are_drawn(_gba: &mut agb::Gba) {
        plane::build();
        let size = Size::EXPERT;
        let mut field = Field::new(size, false);
        let mut view = FieldView::new();
        // All, the first time, half a field a call.
        let half = size.squares() / 2;
        assert_eq!(view.sync(&field, &[], half, u32::MAX), half);
        assert_eq!(view.sync(&field, &[], half, u32::MAX), half);
        assert_eq!(
            view.sync(&field, &[], usize::MAX, u32::MAX),
            0,
            "nothing changed"
        );
        // A corner mine: the opposite corner floods the rest.
        field.lay_mines(&Mines::at(size, [Place::new(29, 15)]));
        let _ = field.reveal(Place::new(0, 0));
        let _ = field.toggle_flag(Place::new(29, 15));
        let drawn = view.sync(&field, &[], usize::MAX, u32::MAX);
        assert_eq!(drawn, size.squares(), "every square changed look");
        let expect = |place: Place, wanted: Look| {
            let (column, row) = FieldView::tile_of(&field, place);
            assert_eq!(&tile_at(column, row), square_tile(wanted as u8));
        };
        expect(Place::new(0, 0), Look::Empty);
        expect(Place::new(29, 15), Look::Flag);
        // (28, 14) touches the mine: a 1, frame 3.
        let (column, row) = FieldView::tile_of(&field, Place::new(28, 14));
        assert_eq!(&tile_at(column, row), square_tile(3));
        // Held down: one square drawn pressed, then back.
        let mut small = Field::new(Size::BEGINNER, false);
        let mut rng = Rng::new(1);
        let _ = small.act(Place::new(4, 4), &mut rng);
        let covered = (0..81)
            .map(|i| Place::new(i % 9, i / 9))
            .find(|&p| small.square(p).is_some_and(|s| !s.is_revealed()))
            .expect("a covered square");
        let mut view = FieldView::new();
        let _ = view.sync(&small, &[], usize::MAX, u32::MAX);
        assert_eq!(view.sync(&small, &[covered], usize::MAX, u32::MAX), 1);
        let (column, row) = FieldView::tile_of(&small, covered);
        assert_eq!(&tile_at(column, row), square_tile(Look::Pressed as u8));
        assert_eq!(view.sync(&small, &[], usize::MAX, u32::MAX), 1);
    }

    #[test_case]
    fn only_the_rows_that_changed_are_walked_again(_gba: &mut agb::Gba) {
        plane::build();
        let mut field = Field::new(Size::EXPERT, false);
        let mut view = FieldView::new();
        // A row at a time while the frame has room: each call a frame.
        let draw = |view: &mut FieldView, field: &Field, pressed| {
            agb::display::busy_wait_for_vblank();
            frame_time::mark_frame_end();
            frame_time::begin_frame(false);
            view.draw(field, pressed, Face::Idle, None)
        };
        while !draw(&mut view, &field, None) {}
        assert_eq!(view.drawn_from.changed_rows(&field, 0), 0, "all drawn");
        let _ = field.toggle_flag(Place::new(3, 5));
        assert_eq!(view.drawn_from.changed_rows(&field, 0), 1 << 5);
        assert!(draw(&mut view, &field, None));
        let (column, row) = FieldView::tile_of(&field, Place::new(3, 5));
        assert_eq!(&tile_at(column, row), square_tile(Look::Flag as u8));
        // Pressed: its rows, and the rows it was pressed in once let go.
        let place = Place::new(7, 9);
        assert!(draw(&mut view, &field, Some(place)));
        assert_eq!(view.drawn_from.changed_rows(&field, 0), 1 << 9);
        let (column, row) = FieldView::tile_of(&field, place);
        assert_eq!(&tile_at(column, row), square_tile(Look::Pressed as u8));
        assert!(draw(&mut view, &field, None));
        assert_eq!(&tile_at(column, row), square_tile(Look::Covered as u8));
        // A new state: every row (a loss shows every mine).
        let _ = field.act(Place::new(15, 8), &mut Rng::new(3));
        assert_eq!(view.drawn_from.changed_rows(&field, 0), u32::MAX);
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
