//! Independent no-guess verifier, for tests only.
//!
//! Deliberately a different algorithm from the [solver](super::solver): it
//! enumerates every mine arrangement of the frontier that agrees with the
//! visible numbers and the total mine count (iterative backtracking over
//! fixed arrays), and calls a square provably safe only if it is safe in all
//! of them. Revealing those from the first click must clear the board.
//! Slower than the solver, but exact, so it catches unsound solver rules.

use super::SQUARE_COUNT;
use super::layout::Layout;
use super::pos::Pos;
use super::pos_set::PosSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Every safe square was reached by proof alone.
    Cleared,
    /// At some point no square was provably safe or provably a mine.
    NeedsGuess,
    /// The enumeration hit its node budget (never seen on 14x6).
    TooHard,
}

/// Backtracking nodes allowed per deduction round.
const NODE_BUDGET: u32 = 2_000_000;

/// A revealed number's unknown neighbours and the mines still hidden among them.
#[derive(Clone, Copy, Default)]
struct Constraint {
    unknown: PosSet,
    need: u8,
}

pub(super) fn verify(layout: &Layout, first: Pos) -> Verdict {
    let mines = layout.mines();
    // Numbers counted by walking neighbours, not with the solver's table.
    let mut counts = [0u8; SQUARE_COUNT];
    for pos in Pos::all() {
        if let Some(index) = pos.index() {
            counts[index] = pos.neighbours().filter(|&n| mines.contains(n)).count() as u8;
        }
    }
    let count = |pos: Pos| pos.index().map_or(0, |index| counts[index]);

    assert!(!mines.contains(first), "first click on a mine");
    let mut revealed = PosSet::EMPTY;
    revealed.insert(first);
    cascade(&mut revealed, &count);
    let mut known_mines = PosSet::EMPTY;
    let safe_squares = mines.complement();

    while revealed != safe_squares {
        let unknown = revealed.union(known_mines).complement();
        let mines_left = mines.len() - known_mines.len();

        let mut constraints = [Constraint::default(); SQUARE_COUNT];
        let mut constraint_count = 0;
        // Frontier squares in the order constraints meet them, so that each
        // constraint closes soon after its first square and prunes early.
        let mut order = [Pos::default(); SQUARE_COUNT];
        let mut order_len = 0;
        let mut frontier = PosSet::EMPTY;
        for pos in revealed {
            let around: PosSet = pos.neighbours().collect();
            let open = around.intersection(unknown);
            if open.is_empty() {
                continue;
            }
            let need = count(pos) - around.intersection(known_mines).len() as u8;
            constraints[constraint_count] = Constraint {
                unknown: open,
                need,
            };
            constraint_count += 1;
            for square in open {
                if frontier.insert(square) {
                    order[order_len] = square;
                    order_len += 1;
                }
            }
        }
        let constraints = &constraints[..constraint_count];
        let order = &order[..order_len];
        let others = unknown.difference(frontier).len();

        let Some(summary) = enumerate(constraints, order, frontier, mines_left, others) else {
            return Verdict::TooHard;
        };
        let provably_safe_frontier = frontier.difference(summary.ever_mine);
        let provably_mine_frontier = frontier.difference(summary.ever_safe);
        let mut safe = provably_safe_frontier;
        let mut proven_mines = provably_mine_frontier;
        if !summary.others_ever_mine {
            safe = safe.union(unknown.difference(frontier));
        }
        if !summary.others_ever_safe {
            proven_mines = proven_mines.union(unknown.difference(frontier));
        }
        if safe.is_empty() && proven_mines.is_empty() {
            return Verdict::NeedsGuess;
        }
        assert!(
            safe.intersection(mines).is_empty(),
            "verifier proved a mine safe"
        );
        assert!(
            proven_mines.is_subset(mines),
            "verifier proved a safe square a mine"
        );
        known_mines = known_mines.union(proven_mines);
        revealed = revealed.union(safe);
        cascade(&mut revealed, &count);
    }
    Verdict::Cleared
}

/// Grows `revealed` through zeros until nothing changes (a fixed point,
/// unlike the stack-based floodfills elsewhere).
fn cascade(revealed: &mut PosSet, count: &impl Fn(Pos) -> u8) {
    loop {
        let mut grown = *revealed;
        for pos in *revealed {
            if count(pos) == 0 {
                grown = grown.union(pos.neighbours().collect());
            }
        }
        if grown == *revealed {
            return;
        }
        *revealed = grown;
    }
}

/// What the consistent arrangements have in common.
struct Summary {
    ever_mine: PosSet,
    ever_safe: PosSet,
    /// Some arrangement leaves mines for the squares off the frontier.
    others_ever_mine: bool,
    /// Some arrangement leaves a square off the frontier without a mine.
    others_ever_safe: bool,
}

/// Backtracks over `order` (mine or safe per square), pruning on every
/// constraint and the global count. `None` if over [`NODE_BUDGET`].
fn enumerate(
    constraints: &[Constraint],
    order: &[Pos],
    frontier: PosSet,
    mines_left: u32,
    others: u32,
) -> Option<Summary> {
    let mut summary = Summary {
        ever_mine: PosSet::EMPTY,
        ever_safe: PosSet::EMPTY,
        others_ever_mine: false,
        others_ever_safe: false,
    };
    let mut record = |placed: PosSet| {
        let placed_count = placed.len();
        if placed_count > mines_left || mines_left - placed_count > others {
            return;
        }
        summary.ever_mine = summary.ever_mine.union(placed);
        summary.ever_safe = summary.ever_safe.union(frontier.difference(placed));
        summary.others_ever_mine |= mines_left > placed_count;
        summary.others_ever_safe |= mines_left - placed_count < others;
    };
    if order.is_empty() {
        record(PosSet::EMPTY);
        return Some(summary);
    }

    let consistent = |square: Pos, assigned: PosSet, placed: PosSet| {
        let unassigned = frontier.difference(assigned);
        if placed.len() > mines_left || placed.len() + unassigned.len() + others < mines_left {
            return false;
        }
        constraints
            .iter()
            .filter(|c| c.unknown.contains(square))
            .all(|c| {
                let mines = c.unknown.intersection(placed).len();
                let open = c.unknown.intersection(unassigned).len();
                mines <= u32::from(c.need) && u32::from(c.need) <= mines + open
            })
    };

    // tried[d]: 0 = nothing yet, 1 = tried safe, 2 = tried mine too.
    let mut tried = [0u8; SQUARE_COUNT];
    let mut assigned = PosSet::EMPTY;
    let mut placed = PosSet::EMPTY;
    let mut depth = 0usize;
    let mut nodes = 0u32;
    loop {
        if depth == order.len() {
            record(placed);
            depth -= 1;
            continue;
        }
        let square = order[depth];
        match tried[depth] {
            0 => {
                tried[depth] = 1;
                assigned.insert(square);
            }
            1 => {
                tried[depth] = 2;
                placed.insert(square);
            }
            _ => {
                tried[depth] = 0;
                assigned.remove(square);
                placed.remove(square);
                if depth == 0 {
                    return Some(summary);
                }
                depth -= 1;
                continue;
            }
        }
        nodes += 1;
        if nodes > NODE_BUDGET {
            return None;
        }
        if consistent(square, assigned, placed) {
            depth += 1;
        }
    }
}
