//! What Polarium's side panel says that is known when the ROM is built.
//! The panel's boxes are told these texts rendered at build time
//! ([`KNOWN`], [`KNOWN_INFO`], [`KNOWN_TITLES`]), so saying one is copying
//! its pixels, not typing it; what is made at run time (tries, a password,
//! a percentage) is typed.

use super::rules::lesson::Stage;
use crate::framework::{
    PreparedLine,
    widgets::prepared::{line_of, prepared_all},
};

/// Said once the lesson is skipped: where to find it again.
pub const SKIPPED: &str = "How to play:\nSELECT, then\n\u{2190}: last page.";
/// Said as the player's puzzle comes back after the lesson's last stage.
pub const FINISHED: &str = "Lesson done!\nNow for the\npuzzles.";

/// What the lesson says as the player tries things.
pub const RINGS_SHOWN: &str = "Start on the\nteal ring, end\non the red.";
pub const LET_GO: &str = "Let go: the\nline's tiles\nflip colour.";
pub const LINE_BACK: &str = "Its line is\nback: go back\none step.";
pub const STEPPED_BACK: &str = "Stepped back.\nLet go of A\nto flip.";
pub const RING_ONLY: &str = "Only tiles\nflip: draw\nover them.";
pub const STAGE_SOLVED: &str = "Solved!\nA: next";
pub const LAST_STAGE_SOLVED: &str = "Solved!\nA: start\nplaying";
pub const MIXED: &str = "Mixed rows\nmarked. Try\nagain!";
pub const MIXED_RING: &str = "Mixed rows\nmarked. Try\nthe border.";
pub const STILL_TOO_LONG: &str = "Still too\nlong: go back\none step.";

/// A lesson stage's title (with its number), what to do (the panel's upper
/// lines), and its goal (its message, until a try says something else).
pub const fn stage_lines(stage: Stage) -> [&'static str; 3] {
    match stage {
        Stage::Draw => [
            "Lesson 1/5",
            "Hold A (or L)\nand move to\ndraw a line.",
            "Make the row\none colour.",
        ],
        Stage::Rows => [
            "Lesson 2/5",
            "Each row may\nbe a colour\nof its own.",
            "Make every\nrow one\ncolour.",
        ],
        Stage::Ring => [
            "Lesson 3/5",
            "The dotted\nborder never\nflips: draw\nover it.",
            "Skip a tile:\nmake the row\none colour.",
        ],
        Stage::StepBack => [
            "Lesson 4/5",
            "This line is\none too long.\nHold A on its\nend, go back.",
            "Take back\none step and\nlet go.",
        ],
        Stage::Hint => [
            "Lesson 5/5",
            "Stuck? Press\nR: rings show\nwhere a line\nstarts, ends.",
            "Make every\nrow one\ncolour.",
        ],
        Stage::Done => ["", "", ""],
    }
}

/// A puzzle not tried yet: how a stroke is drawn (a new player's first
/// guess, A on a tile, flips that tile alone).
pub const HOW_TO_DRAW: &str = "Turn each row\none colour:\nhold A, move.";
/// A failed try's stroke waits to be fixed.
pub const FIX_THE_LINE: &str = "Rows stayed\nmixed. Fix\nthe line!";
/// The replay hint has drawn the whole stroke.
pub const LET_GO_ON_THE_END: &str = "Hold A on\nthe end and\nlet go.";
/// As a puzzle's rows clear.
pub const SOLVED_NOW: &str = "Solved!";
/// A puzzle solved with the solution shown: said, and kept, as such.
pub const SOLVED_WITH_HELP: &str = "Solved, with\nthe hint's\nhelp. A: next";

/// The editor's.
pub const EDITOR_HOW: &str = "A: paint\nSELECT: try\nit yourself";
pub const PROVE_IT: &str = "Solve it to\nprove it.";
pub const SLOTS_TAKEN: &str = "Proved, but\nall slots\nare taken.";
pub const SOLVE_BEFORE_SHARING: &str = "Solve it\nfirst, then\nshare it.";

/// Hints'.
pub const NO_ROOM_TO_THINK: &str = "No room to\nthink now.";
pub const TOO_MANY_WAYS: &str = "Too many\nways to\nshow one.";
pub const NO_STROKE_SOLVES: &str = "No stroke\nsolves this.";
pub const TOO_HARD: &str = "Too hard\nto check.";
pub const HINT_ENDS: &str = "Hint: start\non teal, end\non red.";
pub const HINT_CARRY_ON: &str = "Hint: hold A\non the end,\ncarry on.";
pub const HINT_WHOLE: &str = "Hint: the\nwhole stroke.";

/// The solver's verdicts on a typed puzzle.
pub const SOLVABLE_SHOWN: &str = "Solvable!\nR shows how.";
pub const SOLVABLE: &str = "Solvable!";
pub const UNSOLVABLE: &str = "No stroke\nfrom its hints\nsolves it.";
pub const TOO_HARD_HERE: &str = "Too hard to\ncheck here.";

/// Endless, while its next puzzle is made.
pub const MAKING: &str = "Making a\npuzzle...";

/// The panel's title while a puzzle shows.
pub const TITLE: &str = "Polarium";

/// Challenge's: the panel's message while paused, and on the warning.
pub const PAUSED: &str = "Paused\nA: play on\nSELECT twice:\ngive up";
pub const PAUSED_ASKED: &str = "Paused\nA: play on\nSELECT again:\ngive up";
/// Challenge's game over, its rank between the first line and the rest.
pub const GAME_OVER: &str = "Game over";
pub const NOT_RANKED: &str = "Not ranked";
pub const AGAIN_OR_MENU: &str = "A: again\nB: menu";
/// Challenge's numbers, under this line.
pub const SCORE: &str = "Score";

/// The message box's texts, rendered at build time.
pub static KNOWN: [&PreparedLine; 43] = prepared_all![
    PAUSED,
    PAUSED_ASKED,
    GAME_OVER,
    NOT_RANKED,
    line_of(AGAIN_OR_MENU, 0),
    line_of(AGAIN_OR_MENU, 1),
    SKIPPED,
    FINISHED,
    RINGS_SHOWN,
    LET_GO,
    LINE_BACK,
    STEPPED_BACK,
    RING_ONLY,
    STAGE_SOLVED,
    LAST_STAGE_SOLVED,
    MIXED,
    MIXED_RING,
    STILL_TOO_LONG,
    stage_lines(Stage::Draw)[2],
    stage_lines(Stage::Rows)[2],
    stage_lines(Stage::Ring)[2],
    stage_lines(Stage::StepBack)[2],
    HOW_TO_DRAW,
    FIX_THE_LINE,
    LET_GO_ON_THE_END,
    SOLVED_NOW,
    SOLVED_WITH_HELP,
    EDITOR_HOW,
    PROVE_IT,
    SLOTS_TAKEN,
    SOLVE_BEFORE_SHARING,
    NO_ROOM_TO_THINK,
    TOO_MANY_WAYS,
    NO_STROKE_SOLVES,
    TOO_HARD,
    HINT_ENDS,
    HINT_CARRY_ON,
    HINT_WHOLE,
    SOLVABLE_SHOWN,
    SOLVABLE,
    UNSOLVABLE,
    TOO_HARD_HERE,
    MAKING,
];

/// The puzzle box's texts known at build time: the lesson's stages'.
pub static KNOWN_INFO: [&PreparedLine; 6] = prepared_all![
    SCORE,
    stage_lines(Stage::Draw)[1],
    stage_lines(Stage::Rows)[1],
    stage_lines(Stage::Ring)[1],
    stage_lines(Stage::StepBack)[1],
    stage_lines(Stage::Hint)[1],
];

/// The title's: the game's name and the lesson's stages.
pub static KNOWN_TITLES: [&PreparedLine; 11] = prepared_all![
    TITLE,
    "More",
    "Customs",
    "Statistics",
    "Challenge",
    "Practice",
    stage_lines(Stage::Draw)[0],
    stage_lines(Stage::Rows)[0],
    stage_lines(Stage::Ring)[0],
    stage_lines(Stage::StepBack)[0],
    stage_lines(Stage::Hint)[0],
];
