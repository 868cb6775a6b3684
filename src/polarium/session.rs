//! What the screens share, owned by the app and handed down to the screen
//! in charge: what survives while the window is closed ([`Persistent`]),
//! and the puzzle the window works on with what is known about it
//! ([`Session`]).

use super::{
    Polarium, records,
    rules::{
        Board, Cell, Puzzle, Stroke, builtin, endless::EndlessCode, password, stroke::PackedStroke,
    },
    search::{Goal, Pace, Search},
    view::Panel,
};
use crate::framework::{System, widgets::timer::Timer};

/// Where the puzzle being played came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    /// Built-in puzzle number (0-based).
    Builtin(u16),
    /// A typed password or a custom puzzle: its three line numbers.
    Password([u32; 3]),
    /// Made in the editor, not yet solved: its board (no hints).
    Made([u32; 3]),
    /// Endless mode: its code and the puzzle the generator made from it.
    Endless { code: EndlessCode, lines: [u32; 3] },
}

impl Source {
    pub fn puzzle(self) -> Puzzle {
        let found = match self {
            Self::Builtin(index) => builtin::puzzle(usize::from(index)),
            Self::Password(lines) | Self::Endless { lines, .. } => password::from_lines(lines).ok(),
            Self::Made(lines) => password::from_lines(lines).ok().map(|puzzle| Puzzle {
                hints: None,
                ..puzzle
            }),
        };
        found
            .or_else(|| builtin::puzzle(0))
            .or_else(|| Board::new(1, 1).map(|board| Puzzle { board, hints: None }))
            .unwrap_or_else(|| unreachable!("a 1x1 board is valid"))
    }
}

/// What survives while the window is closed: which puzzle, where the
/// cursor is, and the try in progress.
pub struct Persistent {
    pub source: Source,
    pub cursor: Cell,
    pub tries: u8,
    pub seconds: u16,
    pub solved: bool,
    /// The window closed in the editor: `source` is the board being painted
    /// (`Source::Made`), and the editor comes back with it.
    pub editing: bool,
    /// The stroke on the board when the window closed (kept after a failed
    /// try, to fix), drawn again when it opens.
    pub stroke: PackedStroke,
    /// The hints given on the puzzle being played: the next R goes on from
    /// there, and the start and end rings are shown again.
    pub hint: Hint,
}

/// Hints, in the order R gives them: each shows more.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Hint {
    None,
    /// Where the stroke starts and ends.
    Ends,
    /// The first steps of a solution, drawn for the player to carry on.
    FirstSteps,
    /// The whole solution, replayed cell by cell.
    Replay,
}

/// What the solver is running for while the puzzle is played (the check
/// of a typed puzzle is the checking screen's own).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    Hint(Hint),
    /// The solution behind hints given before the window closed.
    Recall,
    /// How hard an endless puzzle is.
    Rate,
}

impl Purpose {
    /// What the solver looks for: a stroke, or (rating) the effort.
    pub fn goal(self) -> Goal {
        match self {
            Self::Rate => Goal::Rating,
            Self::Hint(_) | Self::Recall => Goal::Stroke,
        }
    }

    /// Whether the player waits for the answer, or plays on meanwhile.
    pub fn pace(self) -> Pace {
        match self {
            Self::Hint(_) => Pace::Waiting,
            Self::Recall | Self::Rate => Pace::Background,
        }
    }
}

/// The puzzle the window works on, and what is known about it. It outlives
/// the screens: the list, the pad and the size chooser come and go over it.
pub struct Session {
    /// The board area's puzzle: the one played, or what a screen shows in
    /// its place (a preview in the list, the board being painted).
    pub puzzle: Puzzle,
    pub stroke: Stroke,
    /// After a failed try, until the stroke changes: rows left mixed.
    pub marks: Option<u8>,
    pub hint: Hint,
    /// A solution, once the solver has found one.
    pub solution: Option<Stroke>,
    /// The solver, at work for the puzzle being played.
    pub search: Option<(Search, Purpose)>,
    /// An endless puzzle's tier, once the solver has measured it.
    pub tier: Option<u8>,
    /// Counts frames into the seconds the puzzle has been played.
    pub clock: Timer,
    /// Percent last shown while a search the player waits for works.
    shown_percent: Option<u32>,
    /// What `update` changed on the panel, for `draw`.
    pub panel: Panel,
}

impl Session {
    pub fn new(
        puzzle: Puzzle,
        stroke: Stroke,
        hint: Hint,
        search: Option<(Search, Purpose)>,
    ) -> Self {
        Self {
            puzzle,
            stroke,
            marks: None,
            hint,
            solution: None,
            search,
            tier: None,
            clock: Timer::new(),
            shown_percent: None,
            panel: Panel::default(),
        }
    }

    /// Start playing the puzzle from `source`, fresh.
    pub fn start(&mut self, persistent: &mut Persistent, source: Source) {
        persistent.source = source;
        persistent.tries = 0;
        persistent.seconds = 0;
        persistent.solved = false;
        persistent.cursor = Cell::new(0, 0);
        persistent.hint = Hint::None;
        self.puzzle = source.puzzle();
        self.stroke.clear();
        self.marks = None;
        self.hint = Hint::None;
        self.solution = None;
        self.search = None;
        self.tier = None;
        self.clock = Timer::new();
        self.panel.clear_list();
        self.panel.set_message("");
        crate::event!(
            "polarium.start source={:?} size={}x{}",
            source,
            self.puzzle.board.width(),
            self.puzzle.board.height()
        );
    }

    /// A search the player waits for is `percent` done: say so, every ten
    /// percent (`doing`: what it is doing).
    pub fn show_percent(&mut self, doing: &str, percent: u32) {
        if self.shown_percent.is_none_or(|shown| percent >= shown + 10) {
            self.shown_percent = Some(percent);
            self.panel
                .set_message(alloc::format!("{doing}...\n{percent}%"));
        }
    }

    /// A search has answered: the next one's percent starts afresh.
    pub fn search_done(&mut self) {
        self.shown_percent = None;
    }
}

/// Sets of puzzles in the list.
pub fn sets() -> usize {
    builtin::COUNT.div_ceil(records::SET)
}

/// Built-in puzzles open to play (their sets are open).
pub fn open_puzzles(system: &mut System) -> usize {
    let open = system.save::<Polarium>().open_sets(sets());
    (open * records::SET).min(builtin::COUNT)
}
