//! Which line of the saved record table a game counts towards.

use super::rules::Difficulty;

/// Sweeper's table in `SaveData::records`.
pub const TABLE: usize = 0;

/// One record line per difficulty, plain and no-guess: 6 of the 8 lines.
pub fn variant(difficulty: Difficulty, no_guess: bool) -> usize {
    difficulty as usize * 2 + usize::from(no_guess)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn every_setting_has_its_own_record_line(_gba: &mut agb::Gba) {
        let mut seen = [false; crate::framework::save::RECORD_VARIANTS];
        for difficulty in Difficulty::ALL {
            for no_guess in [false, true] {
                let line = variant(difficulty, no_guess);
                assert!(!seen[line]);
                seen[line] = true;
            }
        }
    }
}
