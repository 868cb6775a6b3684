//! What the message line under the board says that is known when the ROM
//! is built: the lesson's lines, a lost board's, and a setting's line
//! before it has a best time. The line is told them rendered at build
//! time ([`KNOWN`]), so saying one is copying its pixels, not typing it;
//! a line with a time or a count in it is typed.

use super::rules::{Difficulty, GameState, field::Size, lesson::Slip, lesson::Step};
use crate::framework::{PreparedLine, widgets::prepared::prepared_all};

/// The statistics page's labels, and its heading for each record line
/// (`records::line`: a difficulty, then the same with no-guess boards).
pub const WON_PLAYED: &str = "Won / played";
pub const WIN_RATE: &str = "Win rate";
pub const STREAK_BEST: &str = "Streak, best";
pub const BEST_TIME: &str = "Best time";
pub const BEST_RATE: &str = "Best 3BV/s";
pub const STATS_HEADINGS: [&str; 6] = [
    "< Easy >",
    "< Easy no-guess >",
    "< Medium >",
    "< Medium no-guess >",
    "< Hard >",
    "< Hard no-guess >",
];

/// The statistics page's heading for each full-size field (`Size::STANDARD`'s
/// order, each plain then no-guess), after the pocket board's.
pub const FIELD_STATS_HEADINGS: [&str; 6] = [
    "< Beginner >",
    "< 9x9 no-guess >",
    "< Intermediate >",
    "< 16x16 no-guess >",
    "< Expert >",
    "< 30x16 no-guess >",
];

/// Said once the lesson is skipped: where to find it again.
pub const LESSON_SKIPPED: &str = "How to play is in SELECT, Options";
/// A lost board's.
pub const LOST: &str = "Boom! A: new board";

/// The lesson's line for where it is: what to do next, or what went wrong.
pub const fn lesson_line(step: Step, slip: Option<Slip>) -> &'static str {
    match (step, slip) {
        (Step::Lost, _) => "Boom! That was a poop. A: try again",
        // Where the game is left from, said once: no hint line has room.
        (Step::Done, _) => "Cleared! A: play. START: to the desk",
        (_, Some(Slip::WrongFlag)) => "No poop there: B takes the flag off",
        (_, Some(Slip::ChordRefused)) => "Flag its poops first, then A on it",
        // Said on the board, not only in the top bar's hints, which
        // Settings can turn off.
        (Step::Open, None) => "A opens a square. SELECT: skip",
        (Step::Flag, None) => "This 1 touches one hidden square: B flags it",
        (Step::Chord, None) => "A on a 1 by its flag opens the rest",
        (Step::Clear, None) => "Now open every square with no poop",
    }
}

/// The way to the menu, after a setting's name on its line before it has
/// a best time (a button hint: left out when Settings turns hints off).
const TO_THE_MENU: &str = "  SELECT: menu";

/// A setting's line before it has a best time: its name and the way to
/// the menu.
pub const fn unplayed_line(difficulty: Difficulty, no_guess: bool) -> &'static str {
    match (difficulty, no_guess) {
        (Difficulty::Easy, false) => "Easy  SELECT: menu",
        (Difficulty::Medium, false) => "Medium  SELECT: menu",
        (Difficulty::Hard, false) => "Hard  SELECT: menu",
        (Difficulty::Easy, true) => "Easy no-guess  SELECT: menu",
        (Difficulty::Medium, true) => "Medium no-guess  SELECT: menu",
        (Difficulty::Hard, true) => "Hard no-guess  SELECT: menu",
    }
}

/// A setting's name: its difficulty, and whether its boards need no guess
/// (its unplayed line without the way to the menu).
pub const fn setting_name(difficulty: Difficulty, no_guess: bool) -> &'static str {
    let line = unplayed_line(difficulty, no_guess);
    line.split_at(line.len() - TO_THE_MENU.len()).0
}

/// The full-size fields' names (`Size::STANDARD`'s order, then custom).
pub const FIELD_NAMES: [&str; 4] = ["Beginner", "Intermediate", "Expert", "Custom"];
/// A field's line under its counter when a game ends.
pub const FIELD_WON: &str = "Cleared!";
pub const FIELD_RECORD: &str = "New record!";
pub const FIELD_LOST: &str = "Boom! A: again";
/// A no-guess field's line while its layout is searched for.
pub const FIELD_SEARCHING: &str = "Thinking...";

/// A field's name.
pub const fn field_name(size: Size) -> &'static str {
    match size.standard() {
        Some(0) => FIELD_NAMES[0],
        Some(1) => FIELD_NAMES[1],
        Some(_) => FIELD_NAMES[2],
        None => FIELD_NAMES[3],
    }
}

/// A field's line under its counter: its name while the game goes on,
/// else how it ended (or that its layout is being searched for).
pub const fn field_status(
    size: Size,
    state: GameState,
    new_record: bool,
    searching: bool,
) -> &'static str {
    match state {
        _ if searching => FIELD_SEARCHING,
        GameState::Won if new_record => FIELD_RECORD,
        GameState::Won => FIELD_WON,
        GameState::Dead => FIELD_LOST,
        _ => field_name(size),
    }
}

/// The message line's texts, rendered at build time.
pub static KNOWN: [&PreparedLine; 22] = prepared_all![
    LESSON_SKIPPED,
    LOST,
    lesson_line(Step::Lost, None),
    lesson_line(Step::Done, None),
    lesson_line(Step::Open, Some(Slip::WrongFlag)),
    lesson_line(Step::Open, Some(Slip::ChordRefused)),
    lesson_line(Step::Open, None),
    lesson_line(Step::Flag, None),
    lesson_line(Step::Chord, None),
    lesson_line(Step::Clear, None),
    setting_name(Difficulty::Easy, false),
    setting_name(Difficulty::Medium, false),
    setting_name(Difficulty::Hard, false),
    setting_name(Difficulty::Easy, true),
    setting_name(Difficulty::Medium, true),
    setting_name(Difficulty::Hard, true),
    unplayed_line(Difficulty::Easy, false),
    unplayed_line(Difficulty::Medium, false),
    unplayed_line(Difficulty::Hard, false),
    unplayed_line(Difficulty::Easy, true),
    unplayed_line(Difficulty::Medium, true),
    unplayed_line(Difficulty::Hard, true),
];

#[cfg(test)]
mod tests {
    use super::{Difficulty, KNOWN, Slip, Step, lesson_line, setting_name, unplayed_line};

    /// Every line the lesson may say, and every setting's unplayed line,
    /// is known: none of them is typed.
    #[test_case]
    fn every_fixed_line_is_known(_gba: &mut agb::Gba) {
        let known = |text: &str| KNOWN.iter().any(|line| line.text == text);
        let steps = [
            Step::Open,
            Step::Flag,
            Step::Chord,
            Step::Clear,
            Step::Done,
            Step::Lost,
        ];
        let slips = [None, Some(Slip::WrongFlag), Some(Slip::ChordRefused)];
        for step in steps {
            for slip in slips {
                assert!(known(lesson_line(step, slip)), "{step:?} {slip:?}");
            }
        }
        for difficulty in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            for no_guess in [false, true] {
                let name = setting_name(difficulty, no_guess);
                assert!(known(name));
                let line = unplayed_line(difficulty, no_guess);
                assert_eq!(line, alloc::format!("{name}  SELECT: menu"));
                assert!(known(line));
            }
        }
    }
}
