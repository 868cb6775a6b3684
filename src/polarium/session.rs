//! What the screens share, owned by the app and handed down to the screen
//! in charge: what survives while the window is closed ([`Persistent`]:
//! the game kept, the editor's and the lesson's place), and while it is
//! open the game being played with the puzzle the window shows and what is
//! known about it ([`Session`]).

use super::{
    Polarium,
    game::{Game, Hint, KeptGame, Source},
    messages::HOW_TO_DRAW,
    records,
    rules::{Board, Cell, Puzzle, Stroke, builtin, lesson::Stage, password, stroke::Step},
    search::{Goal, Pace, Search},
    view::Panel,
};
use crate::framework::System;

/// What survives while the window is closed: the puzzle in progress,
/// kept (the session plays it while the window is open), and where the
/// editor and the lesson go on from.
pub struct Persistent {
    pub game: KeptGame,
    /// The window closed in the editor: the game's source is the board
    /// being painted (`Source::Made`), and the editor comes back with it.
    pub editing: bool,
    /// Where the lesson goes on from, if the window closed on it.
    pub lesson_stage: Stage,
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

    /// What events call the search (`polarium_hint`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Self::Hint(_) => "polarium_hint",
            Self::Recall => "polarium_recall",
            Self::Rate => "polarium_rating",
        }
    }

    /// Whether the player waits for the answer, or plays on meanwhile.
    pub fn pace(self) -> Pace {
        match self {
            Self::Hint(_) => Pace::Waiting,
            Self::Rate => Pace::Eager,
            Self::Recall => Pace::Background,
        }
    }
}

/// The puzzle the window works on, and what is known about it. It outlives
/// the screens: the list, the pad and the size chooser come and go over it.
pub struct Session {
    /// The board area's puzzle: the one played, or what a screen shows in
    /// its place (a preview in the list, a blank board of a chosen size).
    puzzle: Puzzle,
    /// The puzzle in progress (`puzzle` may be a preview in its place).
    pub game: Game,
    /// After a failed try, until the stroke changes: rows left mixed.
    marks: Option<u8>,
    /// The stroke is the one that just failed, not changed since: letting
    /// go of it again would only fail again.
    tried: bool,
    /// A solution, once the solver has found one.
    solution: Option<Stroke>,
    /// The solver, at work for the puzzle being played.
    search: Option<(Search, Purpose)>,
    /// An endless puzzle's tier, once the solver has measured it.
    tier: Option<u8>,
    /// Percent last shown while a search the player waits for works.
    shown_percent: Option<u32>,
    /// What `update` changed on the panel, for `draw`.
    panel: Panel,
}

impl Session {
    /// Show `source`'s puzzle with its password in the panel (a built-in
    /// one's own hints, a kept one's from its proving stroke).
    pub fn show_password(&mut self, source: Source) {
        let puzzle = source.puzzle();
        let digits = password::encode(&puzzle);
        let mut text = alloc::string::String::from("Password:\n");
        for (i, digit) in digits.iter().enumerate() {
            text.push(char::from(b'0' + digit));
            if i % password::LINE_DIGITS == password::LINE_DIGITS - 1 {
                text.push('\n');
            }
        }
        crate::event!("polarium.password digits={}", text.replace('\n', " "));
        self.show(puzzle);
        self.panel().set_message(text);
    }

    pub fn new(puzzle: Puzzle, game: Game, search: Option<(Search, Purpose)>) -> Self {
        Self {
            puzzle,
            game,
            marks: None,
            tried: false,
            solution: None,
            search,
            tier: None,
            shown_percent: None,
            panel: Panel::default(),
        }
    }

    /// Start playing the puzzle from `source`, fresh.
    pub fn start(&mut self, source: Source) {
        self.game = Game::new(source);
        self.puzzle = source.puzzle();
        self.marks = None;
        self.solution = None;
        self.search = None;
        self.tier = None;
        self.panel.clear_list();
        self.panel.set_message(HOW_TO_DRAW);
        crate::framework::events::new_board();
        crate::event!(
            "polarium.start source={:?} size={}x{}",
            source,
            self.puzzle.board.width(),
            self.puzzle.board.height()
        );
    }

    pub const fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    pub const fn board(&self) -> &Board {
        &self.puzzle.board
    }

    /// The board area shows `puzzle` (a preview, a blank board, the puzzle
    /// played as its source gives it); the stroke and the hints stay.
    pub fn show(&mut self, puzzle: Puzzle) {
        if puzzle.board != self.puzzle.board {
            crate::framework::events::new_board();
        }
        self.puzzle = puzzle;
    }

    /// Flip the tiles the game's stroke crosses (flipping again undoes
    /// it): the board after.
    pub fn flip_stroke(&mut self) -> Board {
        self.puzzle.board = self.game.stroke.applied(&self.puzzle.board);
        self.puzzle.board
    }

    /// The game's stroke takes a step onto `cell` (or back from it).
    pub fn step_stroke(&mut self, cell: Cell) -> Step {
        let step = self.game.stroke.step(&self.puzzle.board, cell);
        if step != Step::Refused {
            self.tried = false;
            self.marks = None;
        }
        step
    }

    pub fn set_stroke(&mut self, stroke: Stroke) {
        self.game.stroke = stroke;
        self.tried = false;
    }

    pub fn clear_stroke(&mut self) {
        self.game.stroke.clear();
        self.tried = false;
    }

    /// The stroke just failed (see `is_tried`).
    pub fn mark_tried(&mut self) {
        self.tried = true;
    }

    /// Whether the stroke is the one that just failed, unchanged.
    pub const fn is_tried(&self) -> bool {
        self.tried
    }

    pub const fn marks(&self) -> Option<u8> {
        self.marks
    }

    /// A failed try left the rows in `mixed` (a bit a row) mixed.
    pub fn mark_rows(&mut self, mixed: u8) {
        self.marks = Some(mixed);
    }

    /// The rows are no longer marked; whether they were.
    pub fn unmark_rows(&mut self) -> bool {
        self.marks.take().is_some()
    }

    /// Hint `hint` shows now: the rows a failed try left mixed are no
    /// longer marked.
    pub fn give_hint(&mut self, hint: Hint) {
        self.game.hint = hint;
        self.marks = None;
    }

    pub const fn solution(&self) -> Option<&Stroke> {
        self.solution.as_ref()
    }

    pub fn found_solution(&mut self, solution: Stroke) {
        self.solution = Some(solution);
    }

    /// The start and end cells the hint rings mark: the puzzle's own, or
    /// the ends of the solution found.
    pub fn hint_ends(&self) -> Option<(Cell, Cell)> {
        self.puzzle.hints.or_else(|| {
            let solution = self.solution.as_ref()?;
            Some((solution.first()?, solution.last()?))
        })
    }

    /// What the solver at work is for, if it is at work.
    pub fn search_purpose(&self) -> Option<Purpose> {
        self.search.as_ref().map(|(_, purpose)| *purpose)
    }

    /// The solver at work goes on for another purpose (its answer serves).
    pub fn repurpose_search(&mut self, purpose: Purpose) {
        if let Some((_, now)) = self.search.as_mut() {
            *now = purpose;
        }
    }

    /// Put the solver to work for `purpose` (`None`: stop it).
    pub fn set_search(&mut self, search: Option<(Search, Purpose)>) {
        self.search = search;
    }

    /// The solver at work, taken out for a frame's step.
    pub fn take_search(&mut self) -> Option<(Search, Purpose)> {
        self.search.take()
    }

    pub const fn tier(&self) -> Option<u8> {
        self.tier
    }

    /// The solver has measured the endless puzzle.
    pub fn set_tier(&mut self, tier: u8) {
        self.tier = Some(tier);
    }

    /// The panel changes asked for this frame.
    pub fn panel(&mut self) -> &mut Panel {
        &mut self.panel
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
    let open = system.saved::<Polarium>().open_sets(sets());
    (open * records::SET).min(builtin::COUNT)
}
