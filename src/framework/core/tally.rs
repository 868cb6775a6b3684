//! A game's statistics a player keeps: games played and won, and the runs of
//! wins. A game counts once it ends, or once the next one starts with it
//! unfinished (given up, as Windows 7's Minesweeper counts a quit game): a
//! game in progress, or kept across power-off, is not counted yet.

use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    pub played: u16,
    pub won: u16,
    /// Wins in a row up to the last game counted.
    pub streak: u16,
    pub best_streak: u16,
    /// A game has started and not ended.
    pub unfinished: bool,
}

impl Tally {
    /// A game starts (its first move): one left unfinished counts as lost.
    pub fn start(&mut self) {
        if self.unfinished {
            self.count(false);
        }
        self.unfinished = true;
    }

    /// The game under way ends, won or lost.
    pub fn finish(&mut self, won: bool) {
        self.count(won);
        self.unfinished = false;
    }

    fn count(&mut self, won: bool) {
        self.played = self.played.saturating_add(1);
        if won {
            self.won = self.won.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    /// Games won out of games played, in whole percent rounded down (so 100
    /// means every one); `None` before the first.
    pub fn win_percent(&self) -> Option<u16> {
        (self.played > 0).then(|| {
            let percent = u32::from(self.won.min(self.played)) * 100 / u32::from(self.played);
            percent as u16
        })
    }
}

/// "67%", or "-" before the first game.
pub fn percent_text(percent: Option<u16>) -> heapless::String<5> {
    let mut text = heapless::String::new();
    match percent {
        Some(percent) => {
            let _ = core::fmt::Write::write_fmt(&mut text, format_args!("{percent}%"));
        }
        None => {
            let _ = text.push('-');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_losses_and_given_up_games_count_once_each() {
        let mut tally = Tally::default();
        assert_eq!(tally.win_percent(), None);
        tally.start();
        // A game under way is not counted yet.
        assert_eq!(tally.played, 0);
        tally.finish(true);
        tally.start();
        tally.finish(true);
        tally.start();
        tally.finish(true);
        assert_eq!((tally.played, tally.won, tally.streak), (3, 3, 3));
        // Given up: counted as lost when the next starts.
        tally.start();
        tally.start();
        assert_eq!((tally.played, tally.won, tally.streak), (4, 3, 0));
        tally.finish(true);
        assert_eq!((tally.played, tally.won, tally.streak), (5, 4, 1));
        tally.start();
        tally.finish(false);
        assert_eq!(tally.best_streak, 3);
        assert_eq!(tally.win_percent(), Some(66));
        assert!(!tally.unfinished);
    }

    #[test]
    fn the_best_streak_is_the_longest_run_of_wins() {
        // Every sequence of 10 results, against a count of runs.
        for results in 0u32..1 << 10 {
            let mut tally = Tally::default();
            let (mut run, mut longest) = (0, 0);
            for bit in 0..10 {
                let won = results >> bit & 1 == 1;
                tally.start();
                tally.finish(won);
                run = if won { run + 1 } else { 0 };
                longest = longest.max(run);
            }
            assert_eq!(tally.best_streak, longest);
            assert_eq!(tally.streak, run);
            assert_eq!(u32::from(tally.won), results.count_ones());
        }
    }

    #[test]
    fn counts_hold_at_their_largest_and_percent_stays_in_range() {
        let mut tally = Tally {
            played: u16::MAX,
            won: u16::MAX,
            streak: u16::MAX,
            best_streak: u16::MAX,
            unfinished: false,
        };
        tally.finish(true);
        assert_eq!(tally.played, u16::MAX);
        assert_eq!(tally.win_percent(), Some(100));
        // A damaged save with more wins than games still reads as at most 100%.
        tally.played = 3;
        assert_eq!(tally.win_percent(), Some(100));
        assert_eq!(percent_text(Some(100)).as_str(), "100%");
        assert_eq!(percent_text(None).as_str(), "-");
    }
}
