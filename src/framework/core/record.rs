//! One line of records (best time, wins, games played) as the older save
//! layouts kept them, for the migrations that read those layouts.

use serde::{Deserialize, Serialize};

/// One line of records, e.g. Sweeper on Hard with no-guess boards.
#[derive(Serialize, Deserialize, Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Record {
    /// Best time in seconds; `None` until the first win.
    pub best_seconds: Option<u16>,
    pub wins: u16,
    pub played: u16,
}

impl Record {
    /// Count a finished game (as those layouts' ROMs did, to make samples of
    /// them); returns true when it set a new best time.
    #[cfg(any(test, feature = "testing"))]
    pub fn finish(&mut self, won: bool, seconds: u16) -> bool {
        self.played = self.played.saturating_add(1);
        if !won {
            return false;
        }
        self.wins = self.wins.saturating_add(1);
        let better = self.best_seconds.is_none_or(|best| seconds < best);
        if better {
            self.best_seconds = Some(seconds);
        }
        better
    }
}

#[cfg(test)]
mod tests {
    use super::Record;

    #[test]
    fn record_keeps_the_best_time() {
        let mut record = Record::default();
        assert!(!record.finish(false, 10));
        assert!(record.finish(true, 50));
        assert!(!record.finish(true, 60));
        assert!(record.finish(true, 40));
        assert_eq!(
            record,
            Record {
                best_seconds: Some(40),
                wins: 3,
                played: 4
            }
        );
    }
}
