//! The puzzle being played, which every screen may look at: where it comes
//! from, the marks on its board, its clock; and the save section, which the
//! screens reach through `save` rather than through the app's type.

use alloc::{boxed::Box, vec};

use super::{
    layout::Layout,
    records::{Custom, NonogramSave},
    rules::{
        Greying, Grid, PuzzleClues, builtin, grey,
        play::{Board, Brush, HISTORY_CHANGES, History, Mark, Marks, PACKED_BYTES, Painted},
    },
    shelf::{SHELF_PUZZLES, Shelf, ShelfPuzzle, Shelved},
};
use crate::framework::{System, widgets::timer::Timer};

/// The app's id: its events and its save section go by it.
/// What greying every line of a board afresh may take, in display lines
/// (`just bench` holds `nonogram.hint.board` to it): an opening does it in
/// a frame with that much room left.
pub const REGRADE_LINES: u32 = 30;

pub const ID: &str = "nonogram";

/// The app's save section, to change.
pub fn save<'a>(system: &'a mut System<'_>) -> &'a mut NonogramSave {
    system.storage.section::<NonogramSave>(ID)
}

/// The app's save section, to read.
pub fn saved<'a>(system: &'a mut System<'_>) -> &'a NonogramSave {
    system.storage.read::<NonogramSave>(ID)
}

/// The shelf's name for `source`'s puzzle, whose picture is `solution`:
/// built-in puzzles and the player's own only (a random or shared puzzle's
/// picture is kept for the one being played alone).
pub fn shelf_puzzle(source: Source, solution: &Grid) -> Option<ShelfPuzzle> {
    match source {
        Source::Builtin(index) => Some(ShelfPuzzle::Builtin(index)),
        Source::Custom(slot) => Some(ShelfPuzzle::Custom {
            slot,
            picture: fingerprint(solution),
        }),
        Source::Random(_) | Source::Shared => None,
    }
}

/// The shelf's name for the puzzle `source` opens, from the save section
/// (a player's slot by the picture it holds now).
pub fn shelf_puzzle_of(source: Source, save: &NonogramSave) -> Option<ShelfPuzzle> {
    match source {
        Source::Builtin(index) => Some(ShelfPuzzle::Builtin(index)),
        Source::Custom(slot) => {
            let picture = save.custom(usize::from(slot))?.picture()?;
            shelf_puzzle(source, &picture)
        }
        Source::Random(_) | Source::Shared => None,
    }
}

/// Take off the shelf the games on the player's slots that no longer hold
/// their pictures (redrawn, deleted): they could never be taken back. The
/// shelf is written again only if one went.
pub fn prune_shelf(system: &mut System) {
    // A copy: the shelf and the pictures are both in the save.
    let mut shelf = system.storage.read::<Shelf>(Shelf::OWNER).clone();
    let held = shelf.len();
    let save = saved(system);
    shelf.retain(|puzzle| match puzzle {
        ShelfPuzzle::Builtin(_) => true,
        ShelfPuzzle::Custom { slot, .. } => {
            shelf_puzzle_of(Source::Custom(slot), save) == Some(puzzle)
        }
    });
    if shelf.len() != held {
        *system.storage.section::<Shelf>(Shelf::OWNER) = shelf;
        system.storage.commit_quietly();
    }
}

/// A picture's fingerprint: its size and rows.
pub fn fingerprint(picture: &Grid) -> u32 {
    crate::fnv::hash(
        [picture.width() as u32, picture.height() as u32]
            .into_iter()
            .chain((0..picture.height()).map(|y| picture.row(y))),
    )
}

/// The shelf's puzzles and their clocks, as the list shows them: kept with
/// the screens while the window is open (the shelf's section is read as
/// the window opens, and let go of as it closes).
pub type OnShelf = heapless::Vec<(ShelfPuzzle, u16), SHELF_PUZZLES>;

/// `shelf`'s puzzles and their clocks.
pub fn on_shelf(shelf: &Shelf) -> OnShelf {
    shelf
        .iter()
        .take(SHELF_PUZZLES)
        .map(|game| (game.puzzle, game.seconds))
        .collect()
}

/// The puzzles the list shows as left unfinished, with their clocks: those
/// on the shelf but the one being played (its board shows its own clock).
#[derive(Clone, Copy)]
pub struct Unfinished<'a> {
    pub on_shelf: &'a [(ShelfPuzzle, u16)],
    pub playing: Option<ShelfPuzzle>,
    /// The one being played is begun and not solved.
    pub playing_begun: bool,
}

impl<'a> Unfinished<'a> {
    pub fn of(on_shelf: Option<&'a OnShelf>, game: &Game) -> Self {
        Self {
            on_shelf: on_shelf.map_or(&[], |shelf| shelf.as_slice()),
            playing: shelf_puzzle(game.source, game.solution()),
            playing_begun: game.is_under_way(),
        }
    }

    /// `puzzle`'s clock as it was left, if it is on the shelf.
    pub fn seconds(&self, puzzle: ShelfPuzzle) -> Option<u16> {
        if Some(puzzle) == self.playing {
            return None;
        }
        self.on_shelf
            .iter()
            .find(|(held, _)| *held == puzzle)
            .map(|&(_, seconds)| seconds)
    }

    /// How many puzzles are begun and not solved.
    pub fn count(&self) -> usize {
        let shelved = self
            .on_shelf
            .iter()
            .filter(|(held, _)| Some(*held) != self.playing)
            .count();
        shelved + usize::from(self.playing_begun)
    }
}

/// What survives while the window is closed: the game in progress, kept,
/// and whether the window closed on the editor. A picture not built in is
/// in the save section (`NonogramSave::playing`, the player's slots), as
/// is the editor's drawing.
pub struct Persistent {
    pub game: KeptGame,
    /// The window closed on the editor: it opens there again.
    pub editing: bool,
}

/// The game in progress as it is kept while the window is closed (and, by
/// `suspended.rs`, across power-off): [`Game`]'s own progress, with its
/// marks packed two bits a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KeptGame {
    pub source: Source,
    pub cursor: (u8, u8),
    pub seconds: u16,
    pub mistakes: u8,
    pub solved: bool,
    pub counted: bool,
    /// Opened with the start hint's row and column: not a clean solve.
    pub start_hint: bool,
    pub marks: [u8; PACKED_BYTES],
}

impl KeptGame {
    /// `source`'s puzzle, not yet played.
    pub const fn new(source: Source) -> Self {
        Self {
            source,
            cursor: (0, 0),
            seconds: 0,
            mistakes: 0,
            solved: false,
            counted: false,
            start_hint: false,
            marks: [0; PACKED_BYTES],
        }
    }
}

/// Where the puzzle on the board comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    Builtin(u16),
    /// The player's own, from this slot.
    Custom(u8),
    /// Made by the generator from this seed.
    Random(u32),
    /// Typed in as a share code.
    Shared,
}

/// As the event log names it: a built-in by its index.
impl core::fmt::Display for Source {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Builtin(index) => write!(f, "{index}"),
            Self::Custom(slot) => write!(f, "mine{slot}"),
            Self::Random(seed) => write!(f, "random{seed}"),
            Self::Shared => write!(f, "shared"),
        }
    }
}

/// The puzzle being played, while the window is open: where it comes from,
/// how far the player has got (the cursor, the clock, mistakes), and the
/// board with its clues, undo history and the hint guide's greying.
/// `kept` and `resume` convert it to and from [`KeptGame`].
pub struct Game {
    pub source: Source,
    pub cursor: (u8, u8),
    /// The time played, ticked by the frames the board is played in, with
    /// the mistakes' penalties.
    pub clock: Timer,
    pub mistakes: u8,
    pub solved: bool,
    /// It has had its first mark: begun, and worth keeping on the shelf if
    /// another puzzle opens before it is solved.
    pub counted: bool,
    /// Opened with the start hint's row and column solved: its solve is
    /// not clean (nor is one with a mistake).
    pub start_hint: bool,
    /// The lesson's picture: not in the statistics or the records, and
    /// its marks not checked for mistakes (the lesson says what is wrong).
    pub practice: bool,
    /// A new number for each puzzle loaded, so the view knows to redraw.
    serial: u32,
    layout: Layout,
    clues: PuzzleClues,
    solution: Grid,
    board: Board<Box<[u16]>>,
    /// The hint guide's greying of each row and column, for `graded`.
    rows: [Greying; 15],
    columns: [Greying; 20],
    graded: Option<Marks>,
    /// A new best time was set by the solve on screen.
    new_best: bool,
    /// A note in the corner and the frames it has left.
    note: Option<(Note, u8)>,
}

/// What a note in the corner says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Note {
    /// The puzzle's number, as it starts where the title's line is the
    /// zoom's.
    Number,
    /// The minutes a mistake added to the clock.
    Penalty { minutes: u16 },
}

/// Frames a note in the corner (a mistake's penalty) stays before the title
/// comes back.
const NOTE_FRAMES: u8 = 90;

impl Game {
    /// The game `kept` again, with its marks. Its undo history comes with
    /// [`Game::make_history`], which the window's opening calls in a frame
    /// of its own: clearing the history's room takes a tenth of a frame.
    pub fn resume(kept: &KeptGame, system: &mut System) -> Box<Self> {
        Self::load(kept, Some(&kept.marks), system)
    }

    /// Whether the undo history has its room yet (see [`Game::resume`]).
    pub fn has_history(&self) -> bool {
        self.board.history.has_room()
    }

    /// Give the undo history its room, and take up `changes` (a history kept
    /// as the window closed, see [`Game::undo_history`]) if they lead to the
    /// marks on the board: how many steps they hold (0 if refused).
    pub fn make_history(&mut self, changes: impl DoubleEndedIterator<Item = u16> + Clone) -> usize {
        self.board.history = History::new(history_room());
        self.restore_undo(changes)
    }

    /// `source`'s puzzle from a blank board (with the start hint, if that
    /// option is on).
    pub fn start(source: Source, system: &mut System) -> Box<Self> {
        let mut game = Self::load(&KeptGame::new(source), None, system);
        game.board.history = History::new(history_room());
        game
    }

    /// The puzzle `kept` names with `marks` (or a blank board).
    #[inline(never)]
    fn load(kept: &KeptGame, marks: Option<&[u8; PACKED_BYTES]>, system: &mut System) -> Box<Self> {
        let save = saved(system);
        let solution = match kept.source {
            Source::Builtin(index) => builtin::picture(usize::from(index)),
            Source::Custom(slot) => save.custom(usize::from(slot)).and_then(Custom::picture),
            Source::Random(_) | Source::Shared => save.playing.as_ref().and_then(Custom::picture),
        };
        // A picture the save no longer holds (a damaged save, a deleted slot):
        // the first built-in instead, its marks dropped.
        let marks = marks.filter(|_| solution.is_some());
        let solution = solution
            .or_else(|| builtin::picture(0))
            .unwrap_or_else(|| Grid::new(5, 5));
        let serial = system.frame;
        let (width, height) = (solution.width(), solution.height());
        let options = self::saved(system).options;
        let fresh = marks.is_none();
        let mut start_hint = kept.start_hint;
        let marks = match marks {
            Some(bytes) => Marks::unpack(width, height, bytes),
            None => {
                let mut marks = Marks::new(width, height);
                if options.start_hint {
                    // A row and a column at random, as Picross S's roulette.
                    let x = system.rng.below(width as u32) as usize;
                    let y = system.rng.below(height as u32) as usize;
                    marks.reveal_lines(&solution, x, y);
                    start_hint = true;
                    crate::event!("nonogram.start_hint row={y} column={x}");
                }
                marks
            }
        };
        let mut game = Self::with_marks(solution, marks, serial, options.auto_cross);
        // A cursor kept for a puzzle that is no longer there (one back from
        // power-off, whose slot was emptied) stays on the board loaded.
        let (width, height) = game.size();
        game.source = kept.source;
        game.cursor = (
            kept.cursor.0.min(width.saturating_sub(1) as u8),
            kept.cursor.1.min(height.saturating_sub(1) as u8),
        );
        game.clock = Timer::at(kept.seconds);
        game.mistakes = kept.mistakes;
        game.solved = kept.solved;
        game.counted = kept.counted;
        game.start_hint = start_hint;
        if fresh && options.auto_cross {
            // Lines complete before the first mark (0 lines, lines the start
            // hint finished) are crossed as a fill completing them would be.
            game.board.marks.cross_complete_lines(&game.clues);
        }
        game
    }

    /// `source`'s puzzle as the shelf kept it (`shelved`), with room for
    /// undo at once, as `start`.
    pub fn from_shelf(source: Source, shelved: &Shelved, system: &mut System) -> Box<Self> {
        let kept = KeptGame {
            cursor: shelved.cursor,
            seconds: shelved.seconds,
            mistakes: shelved.mistakes,
            counted: true,
            start_hint: shelved.start_hint,
            marks: shelved.packed_marks(),
            ..KeptGame::new(source)
        };
        let mut game = Self::load(&kept, Some(&kept.marks), system);
        game.board.history = History::new(history_room());
        game
    }

    /// Begun, not solved and not the lesson's: one to keep on the shelf (a
    /// built-in or the player's own) if another puzzle opens.
    pub fn is_under_way(&self) -> bool {
        self.counted && !self.solved && !self.practice
    }

    /// The game as the shelf keeps it, if it is one to keep there: under
    /// way, and a built-in or the player's own.
    pub fn shelved(&self) -> Option<Shelved> {
        if !self.is_under_way() {
            return None;
        }
        let puzzle = shelf_puzzle(self.source, &self.solution)?;
        let cells = self.solution.width() * self.solution.height();
        Some(Shelved {
            puzzle,
            cursor: self.cursor,
            seconds: self.clock.seconds(),
            mistakes: self.mistakes,
            start_hint: self.start_hint,
            marks: Shelved::marks_of(&self.board.marks.pack(), cells),
        })
    }

    /// The lesson's picture, blank (`serial`: a new number for the view).
    pub fn practice(solution: Grid, serial: u32, auto_cross: bool) -> Box<Self> {
        let marks = Marks::new(solution.width(), solution.height());
        let mut game = Self::with_marks(solution, marks, serial, auto_cross);
        game.board.history = History::new(history_room());
        game.practice = true;
        game
    }

    /// The game as it is kept while the window is closed.
    pub fn kept(&self) -> KeptGame {
        KeptGame {
            source: self.source,
            cursor: self.cursor,
            seconds: self.clock.seconds(),
            mistakes: self.mistakes,
            solved: self.solved,
            counted: self.counted,
            start_hint: self.start_hint,
            marks: self.board.marks.pack(),
        }
    }

    #[inline(never)]
    fn with_marks(solution: Grid, marks: Marks, serial: u32, auto_cross: bool) -> Box<Self> {
        let clues = PuzzleClues::of_picture(&solution);
        let layout = Layout::of(&clues);
        // No room for undo yet: `resume`'s caller gives it, in a frame of
        // its own; `start` and `practice` at once.
        let mut board = Board::new(marks, Box::default());
        board.auto_cross = auto_cross;
        Box::new(Self {
            source: Source::Builtin(0),
            cursor: (0, 0),
            mistakes: 0,
            solved: false,
            counted: false,
            start_hint: false,
            practice: false,
            serial,
            layout,
            clues,
            solution,
            board,
            rows: [Greying::default(); 15],
            columns: [Greying::default(); 20],
            graded: None,
            clock: Timer::new(),
            new_best: false,
            note: None,
        })
    }

    pub fn serial(&self) -> u32 {
        self.serial
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    pub fn clues(&self) -> &PuzzleClues {
        &self.clues
    }

    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    pub fn marks(&self) -> &Marks {
        &self.board.marks
    }

    /// The mark on the cell at `(x, y)`.
    pub fn mark_at(&self, (x, y): (u8, u8)) -> Mark {
        self.board.marks.get(usize::from(x), usize::from(y))
    }

    /// Marks from here to the next `begin_stroke` are undone together.
    pub fn begin_stroke(&mut self) {
        self.board.history.begin_step();
    }

    /// Paint the cell at `(x, y)` with `brush`; a mark against the
    /// solution is a mistake when `check` (the option) is on.
    pub fn paint(&mut self, brush: Brush, (x, y): (usize, usize), check: bool) -> Painted {
        let solution = check.then_some(&self.solution);
        self.board.paint(brush, (x, y), &self.clues, solution)
    }

    /// Undo (or redo) the last stroke; true if there was one.
    pub fn undo_or_redo(&mut self, undo: bool) -> bool {
        if undo {
            self.board.undo()
        } else {
            self.board.redo()
        }
    }

    /// The undo history's newest whole steps, at most `most` changes, to
    /// keep while the window is closed.
    pub fn undo_history(&self, most: usize) -> impl Iterator<Item = u16> + '_ {
        self.board.history.newest_steps(most)
    }

    /// Take up a kept undo history (see `undo_history`) if it leads to the
    /// marks on the board; how many steps it holds (0 if refused).
    pub fn restore_undo(&mut self, changes: impl DoubleEndedIterator<Item = u16> + Clone) -> usize {
        self.board.restore_history(changes).unwrap_or(0)
    }

    /// The fills satisfy every clue.
    pub fn is_solved(&self) -> bool {
        self.board.is_solved(&self.clues)
    }

    /// The picture is done: crosses and history go.
    pub fn finish(&mut self, new_best: bool) {
        self.board.marks.clear_crosses();
        self.board.history.clear();
        self.new_best = new_best;
    }

    /// The solve on screen set a new best time.
    pub fn new_best(&self) -> bool {
        self.new_best
    }

    pub fn set_auto_cross(&mut self, on: bool) {
        self.board.auto_cross = on;
    }

    /// Put a note in the corner for a while.
    pub fn show_note(&mut self, note: Note) {
        self.note = Some((note, NOTE_FRAMES));
    }

    /// The note up in the corner, if one is.
    pub fn note(&self) -> Option<Note> {
        self.note.map(|(note, _)| note)
    }

    /// A frame of the note in the corner; true on the frame it ends.
    pub fn note_ending(&mut self) -> bool {
        let Some((_, frames)) = &mut self.note else {
            return false;
        };
        *frames -= 1;
        if *frames > 0 {
            return false;
        }
        self.note = None;
        true
    }

    /// The picture's width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.solution.width(), self.solution.height())
    }

    /// Whether the hint guide has greyed the board at least once.
    pub fn is_graded(&self) -> bool {
        self.graded.is_some()
    }

    /// The hint guide's greying by row and by column.
    pub fn greying(&self) -> (&[Greying], &[Greying]) {
        (&self.rows[..], &self.columns[..])
    }

    /// Re-grey the lines whose marks changed since the last call (every
    /// line, the first time: at most [`REGRADE_LINES`]).
    pub fn regrade(&mut self) {
        let marks = &self.board.marks;
        let (rows, columns) = self
            .graded
            .as_ref()
            .map_or((u32::MAX, u32::MAX), |old| marks.changed_lines(old));
        if rows == 0 {
            return;
        }
        for y in (0..marks.height()).filter(|y| rows & 1 << y != 0) {
            self.rows[y] = grey(marks.row(y), self.clues.row(y));
        }
        for x in (0..marks.width()).filter(|x| columns & 1 << x != 0) {
            self.columns[x] = grey(marks.column(x), self.clues.column(x));
        }
        self.graded = Some(*marks);
    }
}

/// Move `cursor` by `(dx, dy)` on a board of `(width, height)` cells,
/// wrapping round the edges (`wrap`, when not painting) or stopping at
/// them; true if it moved. Play and the editor move their cursors alike.
pub fn step_cursor(
    cursor: &mut (u8, u8),
    (width, height): (usize, usize),
    (dx, dy): (i32, i32),
    wrap: bool,
) -> bool {
    let (width, height) = (width as i32, height as i32);
    let (x, y) = (i32::from(cursor.0), i32::from(cursor.1));
    let (nx, ny) = if wrap {
        ((x + dx).rem_euclid(width), (y + dy).rem_euclid(height))
    } else {
        ((x + dx).clamp(0, width - 1), (y + dy).clamp(0, height - 1))
    };
    *cursor = (nx as u8, ny as u8);
    (nx, ny) != (x, y)
}

/// The undo history's room, cleared.
fn history_room() -> Box<[u16]> {
    vec![0u16; HISTORY_CHANGES].into_boxed_slice()
}
