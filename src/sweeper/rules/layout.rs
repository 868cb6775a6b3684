//! Where the mines are, before they go onto a board.

use super::SQUARE_COUNT;
use super::pos::Pos;
use super::pos_set::PosSet;
use shared::random::Rng;

/// A mine layout: the set of mined squares.
///
/// Both the plain placement and the no-guess generator produce one; the board
/// copies it into its squares with [`Board::start_with_layout`](super::Board::start_with_layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Layout {
    mines: PosSet,
}

impl Layout {
    #[must_use]
    pub const fn from_mines(mines: PosSet) -> Self {
        Self { mines }
    }

    /// `mines` mines spread uniformly over the squares outside the 3x3 around
    /// `first`, so the first reveal always opens an area. Fewer if there is
    /// not room (never on this board: at most 20 mines on 75+ free squares).
    ///
    /// Picks with a partial Fisher-Yates shuffle over the allowed squares,
    /// so the work is bounded (no re-rolling on collisions).
    #[must_use]
    #[inline(never)]
    #[cfg_attr(target_arch = "arm", unsafe(link_section = ".iwram"))]
    pub fn random(first: Pos, mines: u8, rng: &mut Rng) -> Self {
        let mut candidates = [0u8; SQUARE_COUNT];
        let mut candidate_count = 0;
        for pos in Pos::all() {
            if !pos.is_within_one(first) || !first.is_on_board() {
                candidates[candidate_count] = pos.bits();
                candidate_count += 1;
            }
        }
        let wanted = usize::from(mines).min(candidate_count);
        let mut set = PosSet::EMPTY;
        for chosen in 0..wanted {
            let remaining = (candidate_count - chosen) as u32;
            let pick = chosen + rng.below(remaining) as usize;
            candidates.swap(chosen, pick);
            set.insert(Pos::from_bits(candidates[chosen]));
        }
        Self { mines: set }
    }

    #[must_use]
    pub const fn mines(&self) -> PosSet {
        self.mines
    }

    #[cfg(any(test, feature = "testing"))]
    #[must_use]
    pub const fn mine_count(&self) -> u8 {
        self.mines.len() as u8
    }

    #[must_use]
    pub const fn is_mine(&self, pos: Pos) -> bool {
        self.mines.contains(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::{Layout, Pos};
    use shared::random::Rng;

    #[test]
    fn random_layouts_avoid_the_first_square_and_have_exact_count() {
        let mut rng = Rng::new(99);
        for seed in 0..300u32 {
            let first = Pos::from_index((seed % 84) as usize).unwrap_or_default();
            let mines = [10, 15, 20][(seed % 3) as usize];
            let layout = Layout::random(first, mines, &mut rng);
            assert_eq!(layout.mine_count(), mines);
            assert!(layout.mines().iter().all(|mine| !mine.is_within_one(first)));
        }
    }
}
