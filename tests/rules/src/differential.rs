//! Differential test: the real rules against a deliberately naive Minesweeper
//! written from the Poop Sweeper write-up (plain arrays of booleans, a
//! recursive floodfill, no bit tricks), over many random games. After every
//! action both must agree on every square byte, the game state, the outcome
//! and the click count. It plays the pocket board, and fields of every
//! size: the standard three, custom ones, and 14x6, where the field and the
//! pocket board then agree with each other too.

use crate::random::Rng;
use crate::sweeper::rules::field::{Field, Mines, Place, Size};
use crate::sweeper::rules::{Board, Difficulty, GameState, Layout, Outcome, Pos};

/// Games per run; Miri runs a handful (it is thousands of times slower).
const GAMES: u32 = if cfg!(miri) { 6 } else { 100_000 };
/// Actions at most per game (most games end sooner).
const MAX_ACTIONS: u32 = 120;
/// Field games per run: a big field's game is longer and each action
/// looks at more squares.
const FIELD_GAMES: u32 = if cfg!(miri) { 1 } else { 6_000 };
const FIELD_MAX_ACTIONS: u32 = if cfg!(miri) { 12 } else { 400 };

/// A board under test: the pocket board or a field, driven by column and row.
trait Played: Clone {
    fn act(&mut self, x: usize, y: usize, rng: &mut Rng) -> Outcome;
    fn flag(&mut self, x: usize, y: usize) -> Outcome;
    fn state(&self) -> GameState;
    fn clicks(&self) -> u16;
    /// Square (x, y) as its byte.
    fn byte(&self, x: usize, y: usize) -> Option<u8>;
    /// Lays `mines` and reveals `first` (a mirror board's first move).
    fn start_with(&mut self, first: (usize, usize), mines: &[(usize, usize)]) -> Outcome;
}

impl Played for Board {
    fn act(&mut self, x: usize, y: usize, rng: &mut Rng) -> Outcome {
        Board::act(self, Pos::new(x as u8, y as u8), rng)
    }
    fn flag(&mut self, x: usize, y: usize) -> Outcome {
        self.toggle_flag(Pos::new(x as u8, y as u8))
    }
    fn state(&self) -> GameState {
        Board::state(self)
    }
    fn clicks(&self) -> u16 {
        Board::clicks(self)
    }
    fn byte(&self, x: usize, y: usize) -> Option<u8> {
        self.square(Pos::new(x as u8, y as u8))
            .map(|square| square.bits())
    }
    fn start_with(&mut self, (x, y): (usize, usize), mines: &[(usize, usize)]) -> Outcome {
        let mines = mines
            .iter()
            .map(|&(x, y)| Pos::new(x as u8, y as u8))
            .collect();
        self.start_with_layout(Pos::new(x as u8, y as u8), &Layout::from_mines(mines))
    }
}

impl Played for Field {
    fn act(&mut self, x: usize, y: usize, rng: &mut Rng) -> Outcome {
        Field::act(self, Place::new(x as u8, y as u8), rng)
    }
    fn flag(&mut self, x: usize, y: usize) -> Outcome {
        self.toggle_flag(Place::new(x as u8, y as u8))
    }
    fn state(&self) -> GameState {
        Field::state(self)
    }
    fn clicks(&self) -> u16 {
        Field::clicks(self)
    }
    fn byte(&self, x: usize, y: usize) -> Option<u8> {
        self.square(Place::new(x as u8, y as u8))
            .map(|square| square.bits())
    }
    fn start_with(&mut self, (x, y): (usize, usize), mines: &[(usize, usize)]) -> Outcome {
        let places = mines.iter().map(|&(x, y)| Place::new(x as u8, y as u8));
        let mines = Mines::at(self.size(), places);
        self.start_with_layout(Place::new(x as u8, y as u8), &mines)
    }
}

/// A field size for game `picker`'s next game: a standard one, 14x6, or a
/// custom one anywhere in the menu's limits (often with many mines).
fn field_size(picker: &mut Rng) -> Size {
    match picker.below(6) {
        0..=2 => Size::STANDARD[picker.below(3) as usize],
        3 => Size::new(14, 6, [10, 15, 20][picker.below(3) as usize]).unwrap_or(Size::EXPERT),
        _ => {
            let width = 8 + picker.below(23) as u8;
            let height = 8 + picker.below(9) as u8;
            let most = Size::most_mines(width, height);
            // Up to a third of the squares: denser fields end on the first
            // mistake and prove less.
            let mines = 10
                + picker.below(u32::from(
                    most.min(u16::from(width) * u16::from(height) / 3) - 9,
                )) as u16;
            Size::custom(width, height, mines).unwrap_or(Size::BEGINNER)
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Fresh,
    Playing,
    Dead,
    Won,
}

#[derive(Clone)]
struct Reference {
    width: usize,
    height: usize,
    mines: u16,
    mine: Vec<Vec<bool>>,
    revealed: Vec<Vec<bool>>,
    flagged: Vec<Vec<bool>>,
    detonated: Vec<Vec<bool>>,
    count: Vec<Vec<u8>>,
    state: State,
    clicks: u16,
}

impl Reference {
    fn new(width: usize, height: usize, mines: u16) -> Self {
        let grid = || vec![vec![false; width]; height];
        Self {
            width,
            height,
            mines,
            mine: grid(),
            revealed: grid(),
            flagged: grid(),
            detonated: grid(),
            count: vec![vec![0; width]; height],
            state: State::Fresh,
            clicks: 0,
        }
    }

    /// The up-to-eight neighbours of (x, y), row by row.
    fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let mut list = Vec::new();
        for ny in y.saturating_sub(1)..=(y + 1).min(self.height - 1) {
            for nx in x.saturating_sub(1)..=(x + 1).min(self.width - 1) {
                if (nx, ny) != (x, y) {
                    list.push((nx, ny));
                }
            }
        }
        list
    }

    /// Every square, row by row.
    fn squares(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (width, height) = (self.width, self.height);
        (0..height).flat_map(move |y| (0..width).map(move |x| (x, y)))
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
        for y in 0..self.height {
            for x in 0..self.width {
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
        for y in 0..self.height {
            for x in 0..self.width {
                self.count[y][x] = self
                    .neighbours(x, y)
                    .into_iter()
                    .filter(|&(nx, ny)| self.mine[ny][nx])
                    .count() as u8;
            }
        }
        self.state = State::Playing;
    }

    /// Opens a safe square and, from a zero, its neighbours, recursively.
    /// A false flag in the way is removed (the GNOME Mines rule).
    fn open(&mut self, x: usize, y: usize) -> u16 {
        if self.revealed[y][x] || self.mine[y][x] {
            return 0;
        }
        self.revealed[y][x] = true;
        self.flagged[y][x] = false;
        let mut opened = 1;
        if self.count[y][x] == 0 {
            for (nx, ny) in self.neighbours(x, y) {
                opened += self.open(nx, ny);
            }
        }
        opened
    }

    fn cleared(&self) -> bool {
        (0..self.height).all(|y| (0..self.width).all(|x| self.mine[y][x] || self.revealed[y][x]))
    }

    /// No safe square is covered but those under (false) flags.
    fn cleared_but_flags(&self) -> bool {
        (0..self.height).all(|y| {
            (0..self.width).all(|x| self.mine[y][x] || self.revealed[y][x] || self.flagged[y][x])
        })
    }

    /// Every safe square open: the mines get flags and the game is won.
    fn win(&mut self) -> Outcome {
        for y in 0..self.height {
            for x in 0..self.width {
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
        let around = self.neighbours(x, y);
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
    /// The same action at the square `map` takes its square to.
    fn moved(self, map: impl Fn((usize, usize)) -> (usize, usize)) -> Self {
        match self {
            Action::Act(x, y) => {
                let (x, y) = map((x, y));
                Action::Act(x, y)
            }
            Action::Flag(x, y) => {
                let (x, y) = map((x, y));
                Action::Flag(x, y)
            }
            Action::OpenIfCovered(x, y) => {
                let (x, y) = map((x, y));
                Action::OpenIfCovered(x, y)
            }
        }
    }

    fn square(self) -> (usize, usize) {
        let (Action::Act(x, y) | Action::Flag(x, y) | Action::OpenIfCovered(x, y)) = self;
        (x, y)
    }
}

/// A plan that ends in a chord whose flood clears the board: every safe
/// square is opened except those one covered safe neighbour `target` of a
/// number would flood, then the number's neighbours are flagged (half the
/// time wrongly, so a mine stays among the chord's targets) and it is
/// chorded. Random play reaches such chords only about once in a thousand
/// games; they are where the order of a chord's targets could decide the game.
fn plan_clearing_chord(reference: &Reference, rng: &mut Rng, plan: &mut Vec<Action>) -> bool {
    let squares = || reference.squares();
    let unflagged_number = |&(x, y): &(usize, usize)| {
        reference.revealed[y][x]
            && reference.count[y][x] > 0
            && reference
                .neighbours(x, y)
                .into_iter()
                .all(|(nx, ny)| !reference.flagged[ny][nx])
            && reference
                .neighbours(x, y)
                .into_iter()
                .any(|(nx, ny)| !reference.revealed[ny][nx] && !reference.mine[ny][nx])
    };
    let numbers: Vec<_> = squares().filter(unflagged_number).collect();
    let Some(&(x, y)) = numbers.get(rng.below(numbers.len().max(1) as u32) as usize) else {
        return false;
    };
    let around = reference.neighbours(x, y);
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
    let squares = || reference.squares();
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
        let any = rng.below((reference.width * reference.height) as u32) as usize;
        list.get(rng.below(list.len() as u32) as usize)
            .copied()
            .unwrap_or((any % reference.width, any / reference.width))
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
            let mut candidates: Vec<_> = reference
                .neighbours(x, y)
                .into_iter()
                .filter(|&(nx, ny)| covered((nx, ny)) && !reference.flagged[ny][nx])
                .filter(|&(nx, ny)| errs || reference.mine[ny][nx])
                .collect();
            let have = reference
                .neighbours(x, y)
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

/// Plays `action` on `board` (the first reveal draws from `rng`).
fn play(board: &mut impl Played, action: Action, rng: &mut Rng) -> Outcome {
    match action {
        Action::Act(x, y) | Action::OpenIfCovered(x, y) => board.act(x, y, rng),
        Action::Flag(x, y) => board.flag(x, y),
    }
}

/// What a run of games reached, so a test can insist its games reached
/// every kind of ending.
#[derive(Default, Debug)]
struct Reached {
    actions: u64,
    won: u32,
    lost: u32,
    chorded: u64,
    losing_chords: u32,
    winning_chords: u32,
    /// Chords after which no safe square is covered: won, or lost to a
    /// mine among the targets (the case a target order could get wrong).
    clearing_won: u32,
    clearing_lost: u32,
}

/// Plays `games` random games on the board `new` makes (with its naive
/// twin), at most `max_actions` actions each, checking the board against
/// the reference after every action.
fn against_reference<B: Played>(
    games: u32,
    max_actions: u32,
    salt: u32,
    new: impl Fn(&mut Rng) -> (B, Reference, String),
) -> Reached {
    let mut reached = Reached::default();
    for game in 0..games {
        let mut picker = Rng::new(game.wrapping_mul(0x9E37_79B9) ^ salt);
        let (mut board, mut reference, name) = new(&mut picker);
        let seed = picker.next_u32();
        let (mut real_rng, mut reference_rng) = (Rng::new(seed), Rng::new(seed));
        let mut plan = Vec::new();
        for step in 0..max_actions {
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
            reached.actions += 1;
            let context = || format!("game {game} ({name}, seed {seed}) step {step}: {action:?}");
            assert_eq!(real, expected, "outcome, {}", context());
            assert_eq!(
                board.state(),
                game_state(reference.state),
                "state, {}",
                context()
            );
            assert_eq!(board.clicks(), reference.clicks, "clicks, {}", context());
            for (x, y) in reference.squares() {
                assert_eq!(
                    board.byte(x, y),
                    Some(reference.byte(x, y)),
                    "square ({x}, {y}), {}",
                    context()
                );
            }
            if chord && !matches!(real, Outcome::Ignored | Outcome::ChordRefused) {
                reached.chorded += 1;
                reached.losing_chords += u32::from(real == Outcome::Lost);
                reached.winning_chords += u32::from(real == Outcome::Won);
                if reference.cleared_but_flags() {
                    reached.clearing_won += u32::from(real == Outcome::Won);
                    reached.clearing_lost += u32::from(real == Outcome::Lost);
                }
            }
        }
        reached.won += u32::from(reference.state == State::Won);
        reached.lost += u32::from(reference.state == State::Dead);
    }
    reached
}

#[test]
fn real_rules_match_a_naive_reference() {
    let reached = against_reference(GAMES, MAX_ACTIONS, 0xD1FF, |picker| {
        let difficulty = Difficulty::ALL[picker.below(3) as usize];
        let reference = Reference::new(14, 6, u16::from(difficulty.mines()));
        (
            Board::new(difficulty, false),
            reference,
            format!("{difficulty:?}"),
        )
    });
    println!("differential, pocket board: {GAMES} games, {reached:?}");
    // The action mix must reach every kind of ending, or the test proves little.
    if !cfg!(miri) {
        assert!(
            reached.won > GAMES / 20 && reached.lost > GAMES / 5,
            "{reached:?}"
        );
        assert!(reached.losing_chords > 1000 && reached.winning_chords > 100);
        assert!(
            reached.clearing_won > GAMES / 50 && reached.clearing_lost > GAMES / 50,
            "{reached:?}"
        );
    }
}

#[test]
fn fields_of_every_size_match_the_naive_reference() {
    let reached = against_reference(FIELD_GAMES, FIELD_MAX_ACTIONS, 0xF1E1D, |picker| {
        let size = field_size(picker);
        let (width, height) = (usize::from(size.width()), usize::from(size.height()));
        let reference = Reference::new(width, height, size.mines());
        (Field::new(size, false), reference, format!("{size:?}"))
    });
    println!("differential, fields: {FIELD_GAMES} games, {reached:?}");
    if !cfg!(miri) {
        assert!(
            reached.won > FIELD_GAMES / 20 && reached.lost > FIELD_GAMES / 5,
            "{reached:?}"
        );
        assert!(reached.losing_chords > 200 && reached.winning_chords > 20);
        assert!(
            reached.clearing_won > FIELD_GAMES / 100 && reached.clearing_lost > FIELD_GAMES / 100,
            "{reached:?}"
        );
    }
}

/// The pocket board and a field of 14x6, given the same moves and random
/// numbers, agree on every square after every move: the field's rules are
/// the pocket board's, whatever the size.
#[test]
fn a_field_of_14x6_plays_as_the_pocket_board() {
    for game in 0..if cfg!(miri) { 1 } else { 5_000 } {
        let mut picker = Rng::new(game ^ 0x0014_0006);
        let difficulty = Difficulty::ALL[picker.below(3) as usize];
        let size = Size::new(14, 6, u16::from(difficulty.mines())).expect("the pocket size");
        let seed = picker.next_u32();
        let (mut board_rng, mut field_rng) = (Rng::new(seed), Rng::new(seed));
        let mut reference_rng = Rng::new(seed);
        let mut board = Board::new(difficulty, false);
        let mut field = Field::new(size, false);
        let mut reference = Reference::new(14, 6, size.mines());
        let mut plan = Vec::new();
        for _ in 0..if cfg!(miri) { 30 } else { MAX_ACTIONS } {
            if board.state().is_over() {
                break;
            }
            let action = choose(&reference, &mut picker, &mut plan);
            let outcome = play(&mut board, action, &mut board_rng);
            assert_eq!(play(&mut field, action, &mut field_rng), outcome);
            let question = picker.below(8) == 0;
            let (x, y) = action.square();
            if question {
                let marked = board.cycle_mark(Pos::new(x as u8, y as u8), true);
                assert_eq!(field.cycle_mark(Place::new(x as u8, y as u8), true), marked);
            }
            // The reference only picks the actions ("?"s aside, it follows
            // the board).
            match action {
                Action::Act(x, y) | Action::OpenIfCovered(x, y) => {
                    reference.act(x, y, &mut reference_rng)
                }
                Action::Flag(x, y) => reference.toggle_flag(x, y),
            };
            assert_eq!(field.clicks(), board.clicks());
            assert_eq!(field.three_bv(), u16::from(board.three_bv()));
            assert_eq!(field.mines_left(), i16::from(board.mines_left()));
            for (x, y) in reference.squares() {
                assert_eq!(field.byte(x, y), board.byte(x, y), "game {game} ({x}, {y})");
            }
        }
    }
}

/// Games per mirror run (four boards each).
const MIRROR_GAMES: u32 = if cfg!(miri) { 2 } else { 20_000 };
const FIELD_MIRROR_GAMES: u32 = if cfg!(miri) { 1 } else { 2_000 };

/// Where a square of a field `width` x `height` goes in a mirror image.
type Map = fn(usize, usize, (usize, usize)) -> (usize, usize);

/// Plays `games` games on the board `new` makes and on its images under
/// each of `maps` (a mirror, or a turn of a square field), with the
/// actions mapped: all must agree on the outcome, the state, the clicks and
/// every (mapped) square at every step. The count of chords whose floods
/// cleared the board, where a chord's target order could tell them apart.
fn mapped_games_play_the_same<B: Played>(
    games: u32,
    max_actions: u32,
    salt: u32,
    new: impl Fn(&mut Rng) -> (B, Reference),
    maps: &[Map],
) -> u32 {
    let mut clearing_chords = 0u32;
    for game in 0..games {
        let mut picker = Rng::new(game.wrapping_mul(0x2545_F491) ^ salt);
        let (mut board, mut reference) = new(&mut picker);
        let (width, height) = (reference.width, reference.height);
        let mut rng = Rng::new(picker.next_u32());
        let mut images: Vec<B> = maps.iter().map(|_| board.clone()).collect();
        let mut plan = Vec::new();
        for step in 0..max_actions {
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
            for (index, (image, map)) in images.iter_mut().zip(maps).enumerate() {
                let at = |square| map(width, height, square);
                let moved = action.moved(at);
                let image_outcome = if first_move {
                    // The same mines, moved, from the same first square.
                    let mines: Vec<_> = reference
                        .squares()
                        .filter(|&(x, y)| reference.mine[y][x])
                        .map(at)
                        .collect();
                    image.start_with(moved.square(), &mines)
                } else {
                    play(image, moved, &mut Rng::new(0))
                };
                let context = || {
                    format!("game {game} step {step} ({width}x{height}, map {index}): {action:?}")
                };
                assert_eq!(image_outcome, outcome, "outcome, {}", context());
                assert_eq!(image.state(), board.state(), "state, {}", context());
                assert_eq!(image.clicks(), board.clicks(), "clicks, {}", context());
                for (x, y) in reference.squares() {
                    let (mx, my) = at((x, y));
                    assert_eq!(
                        image.byte(mx, my),
                        board.byte(x, y),
                        "square ({x}, {y}), {}",
                        context()
                    );
                }
            }
            if chord && reference.cleared_but_flags() {
                clearing_chords += 1;
            }
        }
    }
    clearing_chords
}

fn flip_x(width: usize, _: usize, (x, y): (usize, usize)) -> (usize, usize) {
    (width - 1 - x, y)
}

fn flip_y(_: usize, height: usize, (x, y): (usize, usize)) -> (usize, usize) {
    (x, height - 1 - y)
}

fn turn_half(width: usize, height: usize, (x, y): (usize, usize)) -> (usize, usize) {
    (width - 1 - x, height - 1 - y)
}

/// On a square field: the main diagonal's mirror.
fn transpose(_: usize, _: usize, (x, y): (usize, usize)) -> (usize, usize) {
    (y, x)
}

/// The rules have no favourite direction: a game and its left-right, up-down
/// and point mirror images, played with mirrored actions, must agree at
/// every step. Chords are where they could differ (their targets are
/// handled in board order), so the games are rich in chords whose floods
/// clear the board.
#[test]
fn mirrored_games_play_the_same() {
    let clearing_chords = mapped_games_play_the_same(
        MIRROR_GAMES,
        MAX_ACTIONS,
        0x5EED,
        |picker| {
            let difficulty = Difficulty::ALL[picker.below(3) as usize];
            let reference = Reference::new(14, 6, u16::from(difficulty.mines()));
            (Board::new(difficulty, false), reference)
        },
        &[flip_x, flip_y, turn_half],
    );
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

/// The same on fields of every size, and on Beginner and Intermediate (square
/// fields) the mirror across the diagonal too.
#[test]
fn mirrored_fields_play_the_same() {
    let mut clearing_chords = 0;
    for (index, size) in [Size::BEGINNER, Size::INTERMEDIATE].into_iter().enumerate() {
        clearing_chords += mapped_games_play_the_same(
            FIELD_MIRROR_GAMES / 4,
            FIELD_MAX_ACTIONS,
            0xD1A6 + index as u32,
            |_| {
                let side = usize::from(size.width());
                (
                    Field::new(size, false),
                    Reference::new(side, side, size.mines()),
                )
            },
            &[transpose, turn_half],
        );
    }
    clearing_chords += mapped_games_play_the_same(
        FIELD_MIRROR_GAMES,
        FIELD_MAX_ACTIONS,
        0xF11F,
        |picker| {
            let size = field_size(picker);
            let (width, height) = (usize::from(size.width()), usize::from(size.height()));
            (
                Field::new(size, false),
                Reference::new(width, height, size.mines()),
            )
        },
        &[flip_x, flip_y, turn_half],
    );
    println!("field mirrors: {clearing_chords} chords cleared the board");
    if !cfg!(miri) {
        assert!(
            clearing_chords > FIELD_MIRROR_GAMES / 50,
            "{clearing_chords} clearing chords"
        );
    }
}
