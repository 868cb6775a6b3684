//! Differential test: the real rules against a deliberately naive Minesweeper
//! written from the Poop Sweeper write-up (plain arrays of booleans, a
//! recursive floodfill, no bit tricks), over many random games. After every
//! action both must agree on every square byte, the game state, the outcome
//! and the click count.

use crate::random::Rng;
use crate::sweeper::rules::{Board, Difficulty, GameState, Layout, Outcome, Pos, SQUARE_COUNT};

const W: usize = 14;
const H: usize = 6;

/// Games per run; Miri runs a handful (it is thousands of times slower).
const GAMES: u32 = if cfg!(miri) { 12 } else { 100_000 };
/// Actions at most per game (most games end sooner).
const MAX_ACTIONS: u32 = 120;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Fresh,
    Playing,
    Dead,
    Won,
}

#[derive(Clone)]
struct Reference {
    mines: u8,
    mine: [[bool; W]; H],
    revealed: [[bool; W]; H],
    flagged: [[bool; W]; H],
    detonated: [[bool; W]; H],
    count: [[u8; W]; H],
    state: State,
    clicks: u16,
}

/// The up-to-eight neighbours of (x, y), row by row.
fn neighbours(x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut list = Vec::new();
    for ny in y.saturating_sub(1)..=(y + 1).min(H - 1) {
        for nx in x.saturating_sub(1)..=(x + 1).min(W - 1) {
            if (nx, ny) != (x, y) {
                list.push((nx, ny));
            }
        }
    }
    list
}

impl Reference {
    fn new(mines: u8) -> Self {
        Self {
            mines,
            mine: [[false; W]; H],
            revealed: [[false; W]; H],
            flagged: [[false; W]; H],
            detonated: [[false; W]; H],
            count: [[0; W]; H],
            state: State::Fresh,
            clicks: 0,
        }
    }

    /// The square's byte as the real board stores it: mine, revealed,
    /// flagged, detonated in bits 0-3, the count in the high nibble.
    fn byte(&self, x: usize, y: usize) -> u8 {
        u8::from(self.mine[y][x])
            | u8::from(self.revealed[y][x]) << 1
            | u8::from(self.flagged[y][x]) << 2
            | u8::from(self.detonated[y][x]) << 3
            | self.count[y][x] << 4
    }

    /// First-move safety as the real rules do it: the mines go on squares
    /// outside the 3x3 around the first one, drawn with a partial shuffle of
    /// those squares (in board order) from the same random numbers.
    fn place_mines(&mut self, fx: usize, fy: usize, rng: &mut Rng) {
        let mut candidates: Vec<(usize, usize)> = Vec::new();
        for y in 0..H {
            for x in 0..W {
                if x.abs_diff(fx) > 1 || y.abs_diff(fy) > 1 {
                    candidates.push((x, y));
                }
            }
        }
        for i in 0..usize::from(self.mines) {
            let pick = i + rng.below((candidates.len() - i) as u32) as usize;
            candidates.swap(i, pick);
            let (x, y) = candidates[i];
            self.mine[y][x] = true;
        }
        for y in 0..H {
            for x in 0..W {
                self.count[y][x] = neighbours(x, y)
                    .into_iter()
                    .filter(|&(nx, ny)| self.mine[ny][nx])
                    .count() as u8;
            }
        }
        self.state = State::Playing;
    }

    /// Opens a safe square and, from a zero, its neighbours, recursively.
    /// A false flag in the way is removed (the GNOME Mines rule).
    fn open(&mut self, x: usize, y: usize) -> u8 {
        if self.revealed[y][x] || self.mine[y][x] {
            return 0;
        }
        self.revealed[y][x] = true;
        self.flagged[y][x] = false;
        let mut opened = 1;
        if self.count[y][x] == 0 {
            for (nx, ny) in neighbours(x, y) {
                opened += self.open(nx, ny);
            }
        }
        opened
    }

    fn cleared(&self) -> bool {
        (0..H).all(|y| (0..W).all(|x| self.mine[y][x] || self.revealed[y][x]))
    }

    /// No safe square is covered but those under (false) flags.
    fn cleared_but_flags(&self) -> bool {
        (0..H).all(|y| (0..W).all(|x| self.mine[y][x] || self.revealed[y][x] || self.flagged[y][x]))
    }

    /// Every safe square open: the mines get flags and the game is won.
    fn win(&mut self) -> Outcome {
        for y in 0..H {
            for x in 0..W {
                if self.mine[y][x] {
                    self.flagged[y][x] = true;
                }
            }
        }
        self.state = State::Won;
        Outcome::Won
    }

    fn blow_up(&mut self, x: usize, y: usize) {
        self.detonated[y][x] = true;
        self.state = State::Dead;
    }

    fn reveal(&mut self, x: usize, y: usize) -> Outcome {
        if self.mine[y][x] {
            self.blow_up(x, y);
            return Outcome::Lost;
        }
        let count = self.open(x, y);
        if self.cleared() {
            return self.win();
        }
        Outcome::Revealed { count }
    }

    /// Chording: on a revealed number with exactly that many flags around,
    /// open every other covered neighbour at once. Any mine among them loses
    /// (the safe ones still open); otherwise it wins if no safe square is
    /// left covered. On a loss, false flags around the number go back to
    /// covered and flagged.
    fn chord(&mut self, x: usize, y: usize) -> Outcome {
        if self.count[y][x] == 0 || self.mine[y][x] {
            return Outcome::Ignored;
        }
        let around = neighbours(x, y);
        let flags = around
            .iter()
            .filter(|&&(nx, ny)| self.flagged[ny][nx])
            .count();
        if flags != usize::from(self.count[y][x]) {
            return Outcome::ChordRefused;
        }
        let false_flags: Vec<_> = around
            .iter()
            .copied()
            .filter(|&(nx, ny)| self.flagged[ny][nx] && !self.mine[ny][nx])
            .collect();
        let targets: Vec<_> = around
            .iter()
            .copied()
            .filter(|&(nx, ny)| !self.flagged[ny][nx] && !self.revealed[ny][nx])
            .collect();
        if targets.is_empty() {
            return Outcome::Ignored;
        }
        let mut count = 0;
        for &(nx, ny) in &targets {
            count += self.open(nx, ny);
        }
        for &(nx, ny) in &targets {
            if self.mine[ny][nx] {
                self.blow_up(nx, ny);
            }
        }
        if self.state == State::Dead {
            for (fx, fy) in false_flags {
                self.revealed[fy][fx] = false;
                self.flagged[fy][fx] = true;
            }
            return Outcome::Lost;
        }
        if self.cleared() {
            return self.win();
        }
        Outcome::Chorded { count }
    }

    fn act(&mut self, x: usize, y: usize, rng: &mut Rng) -> Outcome {
        let outcome = match self.state {
            State::Dead | State::Won => Outcome::Ignored,
            // A flag placed before the first move guards its square.
            State::Fresh if self.flagged[y][x] => Outcome::Ignored,
            State::Fresh => {
                self.place_mines(x, y, rng);
                self.reveal(x, y)
            }
            State::Playing if self.revealed[y][x] => self.chord(x, y),
            State::Playing if self.flagged[y][x] => Outcome::Ignored,
            State::Playing => self.reveal(x, y),
        };
        self.click(outcome)
    }

    fn toggle_flag(&mut self, x: usize, y: usize) -> Outcome {
        if matches!(self.state, State::Dead | State::Won) || self.revealed[y][x] {
            return Outcome::Ignored;
        }
        self.flagged[y][x] = !self.flagged[y][x];
        let outcome = if self.flagged[y][x] {
            Outcome::Flagged
        } else {
            Outcome::Unflagged
        };
        self.click(outcome)
    }

    fn click(&mut self, outcome: Outcome) -> Outcome {
        if outcome != Outcome::Ignored {
            self.clicks += 1;
        }
        outcome
    }
}

#[derive(Clone, Copy, Debug)]
enum Action {
    Act(usize, usize),
    Flag(usize, usize),
    /// Act, but only if the square is still covered when its turn comes (an
    /// earlier flood may have opened it, and acting then would chord).
    OpenIfCovered(usize, usize),
}

impl Action {
    /// The same action on the board mirrored left-right and/or up-down.
    fn mirrored(self, flip_x: bool, flip_y: bool) -> Self {
        let at = |x: usize, y: usize| {
            (
                if flip_x { W - 1 - x } else { x },
                if flip_y { H - 1 - y } else { y },
            )
        };
        match self {
            Action::Act(x, y) => {
                let (x, y) = at(x, y);
                Action::Act(x, y)
            }
            Action::Flag(x, y) => {
                let (x, y) = at(x, y);
                Action::Flag(x, y)
            }
            Action::OpenIfCovered(x, y) => {
                let (x, y) = at(x, y);
                Action::OpenIfCovered(x, y)
            }
        }
    }
}

/// A plan that ends in a chord whose flood clears the board: every safe
/// square is opened except those one covered safe neighbour `target` of a
/// number would flood, then the number's neighbours are flagged (half the
/// time wrongly, so a mine stays among the chord's targets) and it is
/// chorded. Random play reaches such chords only about once in a thousand
/// games; they are where the order of a chord's targets could decide the game.
fn plan_clearing_chord(reference: &Reference, rng: &mut Rng, plan: &mut Vec<Action>) -> bool {
    let squares = || (0..H).flat_map(|y| (0..W).map(move |x| (x, y)));
    let unflagged_number = |&(x, y): &(usize, usize)| {
        reference.revealed[y][x]
            && reference.count[y][x] > 0
            && neighbours(x, y)
                .into_iter()
                .all(|(nx, ny)| !reference.flagged[ny][nx])
            && neighbours(x, y)
                .into_iter()
                .any(|(nx, ny)| !reference.revealed[ny][nx] && !reference.mine[ny][nx])
    };
    let numbers: Vec<_> = squares().filter(unflagged_number).collect();
    let Some(&(x, y)) = numbers.get(rng.below(numbers.len().max(1) as u32) as usize) else {
        return false;
    };
    let around = neighbours(x, y);
    let safe: Vec<_> = around
        .iter()
        .copied()
        .filter(|&(nx, ny)| !reference.revealed[ny][nx] && !reference.mine[ny][nx])
        .collect();
    let mines: Vec<_> = around
        .iter()
        .copied()
        .filter(|&(nx, ny)| reference.mine[ny][nx])
        .collect();
    let target = safe[rng.below(safe.len() as u32) as usize];
    // Flags: the mines, or (when there is a second safe neighbour to flag
    // instead) all but one of them and that safe square.
    let mut flags = mines.clone();
    let wrong = safe.iter().copied().find(|&square| square != target);
    if let Some(wrong) = wrong.filter(|_| rng.below(2) == 0) {
        flags.swap_remove(rng.below(flags.len() as u32) as usize);
        flags.push(wrong);
    }
    let mut flooded = Reference {
        ..reference.clone()
    };
    flooded.open(target.0, target.1);
    plan.push(Action::Act(x, y));
    for &(fx, fy) in &flags {
        plan.push(Action::Flag(fx, fy));
    }
    for (ox, oy) in squares() {
        let left = !flooded.revealed[oy][ox] && !flooded.mine[oy][ox];
        if left && !flags.contains(&(ox, oy)) && !around.contains(&(ox, oy)) {
            plan.push(Action::OpenIfCovered(ox, oy));
        }
    }
    true
}

/// Picks the next action, peeking at the mines like a player who is mostly
/// right: usually a safe square or a true flag, sometimes a random square or
/// a wrong flag, and often flags around a number followed by a chord on it
/// (so chords win, lose and clear boards).
fn choose(reference: &Reference, rng: &mut Rng, plan: &mut Vec<Action>) -> Action {
    if plan.is_empty() && rng.below(12) == 0 {
        plan_clearing_chord(reference, rng, plan);
    }
    while let Some(action) = plan.pop() {
        match action {
            Action::OpenIfCovered(x, y) if reference.revealed[y][x] => {}
            Action::OpenIfCovered(x, y) => return Action::Act(x, y),
            action => return action,
        }
    }
    let squares = || (0..H).flat_map(|y| (0..W).map(move |x| (x, y)));
    let covered = |(x, y): (usize, usize)| !reference.revealed[y][x];
    let numbers: Vec<_> = squares()
        .filter(|&(x, y)| reference.revealed[y][x] && reference.count[y][x] > 0)
        .collect();
    let covered_safe: Vec<_> = squares()
        .filter(|&(x, y)| covered((x, y)) && !reference.mine[y][x])
        .collect();
    let covered_mines: Vec<_> = squares()
        .filter(|&(x, y)| covered((x, y)) && reference.mine[y][x])
        .collect();
    let pick = |list: &[(usize, usize)], rng: &mut Rng| {
        let any = rng.below(SQUARE_COUNT as u32) as usize;
        list.get(rng.below(list.len() as u32) as usize)
            .copied()
            .unwrap_or((any % W, any / W))
    };
    match rng.below(20) {
        0..=6 => {
            let (x, y) = pick(&covered_safe, rng);
            Action::Act(x, y)
        }
        7 => {
            let (x, y) = pick(&[], rng);
            Action::Act(x, y)
        }
        8 | 9 => {
            let (x, y) = pick(&covered_mines, rng);
            Action::Flag(x, y)
        }
        10 => {
            let (x, y) = pick(&[], rng);
            Action::Flag(x, y)
        }
        11..=17 if !numbers.is_empty() => {
            // Flag as many covered neighbours of a number as it shows, the
            // mines first unless this player errs, then chord it.
            let (x, y) = pick(&numbers, rng);
            plan.push(Action::Act(x, y));
            let errs = rng.below(4) == 0;
            let mut candidates: Vec<_> = neighbours(x, y)
                .into_iter()
                .filter(|&(nx, ny)| covered((nx, ny)) && !reference.flagged[ny][nx])
                .filter(|&(nx, ny)| errs || reference.mine[ny][nx])
                .collect();
            let have = neighbours(x, y)
                .into_iter()
                .filter(|&(nx, ny)| reference.flagged[ny][nx])
                .count();
            for _ in have..usize::from(reference.count[y][x]) {
                if candidates.is_empty() {
                    break;
                }
                let i = rng.below(candidates.len() as u32) as usize;
                let (fx, fy) = candidates.swap_remove(i);
                plan.push(Action::Flag(fx, fy));
            }
            plan.pop().unwrap_or(Action::Act(x, y))
        }
        _ => {
            let (x, y) = pick(&numbers, rng);
            Action::Act(x, y)
        }
    }
}

fn game_state(state: State) -> GameState {
    match state {
        State::Fresh => GameState::Fresh,
        State::Playing => GameState::Playing,
        State::Dead => GameState::Dead,
        State::Won => GameState::Won,
    }
}

/// Plays `action` on the real board (the first reveal draws from `rng`).
fn play(board: &mut Board, action: Action, rng: &mut Rng) -> Outcome {
    match action {
        Action::Act(x, y) | Action::OpenIfCovered(x, y) => {
            board.act(Pos::new(x as u8, y as u8), rng)
        }
        Action::Flag(x, y) => board.toggle_flag(Pos::new(x as u8, y as u8)),
    }
}

#[test]
fn real_rules_match_a_naive_reference() {
    let mut actions = 0u64;
    let (mut won, mut lost, mut chorded, mut losing_chords, mut winning_chords) =
        (0u32, 0u32, 0u64, 0u32, 0u32);
    // Chords after which no safe square is covered: won, or lost to a mine
    // among the targets (the case a target order could get wrong).
    let (mut clearing_won, mut clearing_lost) = (0u32, 0u32);
    for game in 0..GAMES {
        let mut picker = Rng::new(game.wrapping_mul(0x9E37_79B9) ^ 0xD1FF);
        let difficulty = Difficulty::ALL[picker.below(3) as usize];
        let seed = picker.next_u32();
        let (mut real_rng, mut reference_rng) = (Rng::new(seed), Rng::new(seed));
        let mut board = Board::new(difficulty, false);
        let mut reference = Reference::new(difficulty.mines());
        let mut plan = Vec::new();
        for step in 0..MAX_ACTIONS {
            if reference.state == State::Dead || reference.state == State::Won {
                break;
            }
            let action = choose(&reference, &mut picker, &mut plan);
            let chord = matches!(action, Action::Act(x, y) if reference.revealed[y][x]);
            let real = play(&mut board, action, &mut real_rng);
            let expected = match action {
                Action::Act(x, y) | Action::OpenIfCovered(x, y) => {
                    reference.act(x, y, &mut reference_rng)
                }
                Action::Flag(x, y) => reference.toggle_flag(x, y),
            };
            actions += 1;
            let context =
                || format!("game {game} ({difficulty:?}, seed {seed}) step {step}: {action:?}");
            assert_eq!(real, expected, "outcome, {}", context());
            assert_eq!(
                board.state(),
                game_state(reference.state),
                "state, {}",
                context()
            );
            assert_eq!(board.clicks(), reference.clicks, "clicks, {}", context());
            for (index, square) in board.squares().iter().enumerate() {
                let (x, y) = (index % W, index / W);
                assert_eq!(
                    square.bits(),
                    reference.byte(x, y),
                    "square ({x}, {y}), {}",
                    context()
                );
            }
            if chord && !matches!(real, Outcome::Ignored | Outcome::ChordRefused) {
                chorded += 1;
                losing_chords += u32::from(real == Outcome::Lost);
                winning_chords += u32::from(real == Outcome::Won);
                if reference.cleared_but_flags() {
                    clearing_won += u32::from(real == Outcome::Won);
                    clearing_lost += u32::from(real == Outcome::Lost);
                }
            }
        }
        won += u32::from(reference.state == State::Won);
        lost += u32::from(reference.state == State::Dead);
    }
    println!(
        "differential: {GAMES} games ({won} won, {lost} lost), {actions} actions, \
         {chorded} chords ({losing_chords} lost, {winning_chords} won); \
         chords whose floods cleared the board: {clearing_won} won, {clearing_lost} lost to a mine"
    );
    // The action mix must reach every kind of ending, or the test proves little.
    if !cfg!(miri) {
        assert!(
            won > GAMES / 20 && lost > GAMES / 5,
            "{won} won, {lost} lost"
        );
        assert!(losing_chords > 1000 && winning_chords > 100);
        assert!(
            clearing_won > GAMES / 50 && clearing_lost > GAMES / 50,
            "clearing chords: {clearing_won} won, {clearing_lost} lost"
        );
    }
}

/// Games per mirror run (four boards each).
const MIRROR_GAMES: u32 = if cfg!(miri) { 4 } else { 20_000 };

/// The rules have no favourite direction: a game and its left-right, up-down
/// and point mirror images, played with mirrored actions, must agree on the
/// outcome, the state, the clicks and every (mirrored) square at every step.
/// Chords are where they could differ (their targets are handled in board
/// order), so the games are rich in chords whose floods clear the board.
#[test]
fn mirrored_games_play_the_same() {
    const MIRRORS: [(bool, bool); 3] = [(true, false), (false, true), (true, true)];
    let mut clearing_chords = 0u32;
    for game in 0..MIRROR_GAMES {
        let mut picker = Rng::new(game.wrapping_mul(0x2545_F491) ^ 0x5EED);
        let difficulty = Difficulty::ALL[picker.below(3) as usize];
        let mut rng = Rng::new(picker.next_u32());
        let mut reference = Reference::new(difficulty.mines());
        let mut board = Board::new(difficulty, false);
        let mut mirrors = MIRRORS.map(|_| Board::new(difficulty, false));
        let mut plan = Vec::new();
        for step in 0..MAX_ACTIONS {
            if matches!(board.state(), GameState::Dead | GameState::Won) {
                break;
            }
            let action = choose(&reference, &mut picker, &mut plan);
            let chord = matches!(action, Action::Act(x, y) if reference.revealed[y][x]);
            let fresh = board.state() == GameState::Fresh;
            let outcome = play(&mut board, action, &mut rng.clone());
            let first_move = fresh && board.state() != GameState::Fresh;
            // The reference only picks the actions: it follows the board.
            match action {
                Action::Act(x, y) | Action::OpenIfCovered(x, y) => reference.act(x, y, &mut rng),
                Action::Flag(x, y) => reference.toggle_flag(x, y),
            };
            for (mirror, &(flip_x, flip_y)) in mirrors.iter_mut().zip(&MIRRORS) {
                let at = |pos: Pos| {
                    let x = if flip_x {
                        W as u8 - 1 - pos.x()
                    } else {
                        pos.x()
                    };
                    let y = if flip_y {
                        H as u8 - 1 - pos.y()
                    } else {
                        pos.y()
                    };
                    Pos::new(x, y)
                };
                let mirrored = action.mirrored(flip_x, flip_y);
                let mirrored_outcome = if first_move {
                    // The same mines, mirrored, from the same first square.
                    let mines = Pos::all()
                        .filter(|&pos| board.square(pos).is_some_and(|square| square.is_mine()))
                        .map(at)
                        .collect();
                    let (Action::Act(x, y) | Action::OpenIfCovered(x, y) | Action::Flag(x, y)) =
                        mirrored;
                    mirror.start_with_layout(Pos::new(x as u8, y as u8), &Layout::from_mines(mines))
                } else {
                    play(mirror, mirrored, &mut Rng::new(0))
                };
                let context = || {
                    format!(
                        "game {game} step {step} ({difficulty:?}, mirrored x {flip_x} y {flip_y}): {action:?}"
                    )
                };
                assert_eq!(mirrored_outcome, outcome, "outcome, {}", context());
                assert_eq!(mirror.state(), board.state(), "state, {}", context());
                assert_eq!(mirror.clicks(), board.clicks(), "clicks, {}", context());
                for pos in Pos::all() {
                    assert_eq!(
                        mirror.square(at(pos)),
                        board.square(pos),
                        "square {pos:?}, {}",
                        context()
                    );
                }
            }
            if chord && reference.cleared_but_flags() {
                clearing_chords += 1;
            }
        }
    }
    println!(
        "mirrors: {MIRROR_GAMES} games, each on 4 boards; {clearing_chords} chords cleared the board"
    );
    if !cfg!(miri) {
        assert!(
            clearing_chords > MIRROR_GAMES / 20,
            "{clearing_chords} clearing chords"
        );
    }
}
