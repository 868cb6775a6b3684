//! What a move on the board does, whichever screen takes it: the board
//! screen, the search for a first move's layout and the wipe that opens a
//! shared board's first square. Below the screens; above the view.

use agb::input::Button;

use super::{
    Sweeper,
    next::Next,
    rules::{Board, GameState, Outcome, Pos},
    sounds,
    view::{self, View},
};
use crate::{
    framework::{System, assets::sfx},
    random::Rng,
};

/// A opened `pos` (its release): on a game over, a fresh board; a first
/// no-guess move waits for its layout; else the move is made. `Stay` when
/// the board goes on taking input.
pub fn open_square(board: &mut Board, view: &mut View, system: &mut System, pos: Pos) -> Next {
    if board.state().is_over() {
        return Next::Wipe(None);
    }
    let seed = board.code().seed();
    let fresh = board.state() == GameState::Fresh;
    let outcome = board.act(pos, &mut Rng::new(seed));
    if outcome == Outcome::NeedsLayout {
        return Next::Generate(pos);
    }
    finish_move(board, view, system, outcome, fresh);
    Next::Stay
}

/// This frame's direction moves the cursor, then B marks the square it is
/// on, unless that is `opening` (the first move, waiting for its layout).
pub fn move_and_mark(board: &mut Board, system: &mut System, opening: Option<Pos>) {
    let (dx, dy) = system.input.repeated_direction();
    if (dx, dy) != (0, 0) && board.move_cursor(dx as i8, dy as i8) {
        system.sound.play(sfx::CURSOR);
    }
    if system.input.just_pressed(Button::B) && opening != Some(board.cursor()) {
        let question_marks = system.saved::<Sweeper>().question_marks;
        let outcome = board.cycle_mark(board.cursor(), question_marks);
        play_outcome(system, outcome);
        log_move(board, outcome);
    }
}

/// After a move: its sound, and the statistics of a game it started
/// (`fresh`: the board had no mines before it) or ended.
pub fn finish_move(
    board: &mut Board,
    view: &mut View,
    system: &mut System,
    outcome: Outcome,
    fresh: bool,
) {
    play_outcome(system, outcome);
    if board.clicks() == 1 {
        log_layout(board);
    }
    log_move(board, outcome);
    let (difficulty, no_guess) = (board.difficulty(), board.no_guess());
    if fresh && board.state() != GameState::Fresh {
        system.save::<Sweeper>().start(difficulty, no_guess);
    }
    if !matches!(outcome, Outcome::Won | Outcome::Lost) {
        return;
    }
    let won = outcome == Outcome::Won;
    let hundredths = board.elapsed_hundredths();
    // Worked out once, for the records, the event and the line.
    let three_bv = view::win_three_bv(board);
    let finished = system
        .save::<Sweeper>()
        .finish(difficulty, no_guess, won, hundredths, three_bv);
    board.set_new_record(finished.best_time);
    system.storage.commit_soon();
    // The game as it ended too: a win or a loss is worth keeping.
    system.storage.suspend_soon();
    crate::event!(
        "sweeper.over won={} seconds={} new_record={} three_bv={} clicks={} best_rate={} hundredths={}",
        won,
        board.elapsed_seconds(),
        finished.best_time,
        three_bv,
        board.clicks(),
        finished.best_rate,
        hundredths
    );
    view.game_over_message(board, three_bv);
}

pub fn log_move(board: &Board, outcome: Outcome) {
    crate::event!(
        "sweeper.move outcome={:?} state={:?} mines_left={} cursor={},{}",
        outcome,
        board.state(),
        board.mines_left(),
        board.cursor().x(),
        board.cursor().y()
    );
    let _ = (board, outcome);
}

/// Debug/test builds: the mines, so harness scripts can plan a game.
fn log_layout(board: &Board) {
    #[cfg(any(debug_assertions, feature = "events"))]
    {
        let mines: alloc::string::String = board
            .squares()
            .iter()
            .map(|square| if square.is_mine() { '1' } else { '0' })
            .collect();
        crate::event!("sweeper.layout mines={}", mines);
    }
    let _ = board;
}

/// The sound of a move's outcome.
pub fn play_outcome(system: &mut System, outcome: Outcome) {
    let effect = match outcome {
        Outcome::Revealed { .. } => sounds::REVEAL,
        Outcome::Flagged | Outcome::Unflagged | Outcome::Questioned | Outcome::Unquestioned => {
            sounds::FLAG
        }
        Outcome::Chorded { .. } => sounds::CHORD,
        Outcome::ChordRefused => sfx::ERROR,
        Outcome::Lost => sounds::BOOM,
        Outcome::Won => sounds::WIN,
        Outcome::Ignored | Outcome::NeedsLayout => return,
    };
    system.sound.play(effect);
}

/// A hash of everything the player can see of the board (FNV-1a), so a test
/// can tell that leaving and reopening the app changed nothing.
pub fn fingerprint(board: &Board) -> u32 {
    let cursor = board.cursor();
    let extra = [
        board.state() as u8,
        cursor.x(),
        cursor.y(),
        board.elapsed_seconds() as u8,
        (board.elapsed_seconds() >> 8) as u8,
        board.difficulty() as u8,
        u8::from(board.no_guess()),
    ];
    crate::fnv::hash(
        board
            .squares()
            .iter()
            .map(|square| square.bits())
            .chain(extra)
            .map(u32::from),
    )
}
