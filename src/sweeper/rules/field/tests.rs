use super::{Field, Mines, Place, Size};
use crate::{GameState, Outcome, Square, SquareFlags};
use shared::random::Rng;

/// The standard fields, the extremes of the custom ones, and the pocket
/// board's own size.
fn sizes() -> [Size; 7] {
    let size = |width, height, mines| Size::new(width, height, mines).expect("a playable size");
    [
        Size::BEGINNER,
        Size::INTERMEDIATE,
        Size::EXPERT,
        size(8, 8, 10),
        size(30, 16, 435),
        size(8, 16, 30),
        size(14, 6, 15),
    ]
}

/// A field already playing with `mines`, nothing revealed.
fn field_with(size: Size, mines: &Mines) -> Field {
    let mut field = Field::new(size, false);
    field.lay_mines(mines);
    field
}

fn places(size: Size) -> impl Iterator<Item = Place> {
    (0..size.height()).flat_map(move |y| (0..size.width()).map(move |x| Place::new(x, y)))
}

fn revealed(field: &Field) -> Vec<Place> {
    places(field.size())
        .filter(|&place| {
            field
                .square(place)
                .is_some_and(|square| square.is_revealed())
        })
        .collect()
}

/// Textbook reference for a reveal from `start`: grow through zeros over
/// plain x/y loops until nothing changes.
fn naive_flood(field: &Field, start: Place) -> Vec<Place> {
    let (width, height) = (
        i32::from(field.size().width()),
        i32::from(field.size().height()),
    );
    let mut open = vec![vec![false; width as usize]; height as usize];
    open[usize::from(start.y)][usize::from(start.x)] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for y in 0..height {
            for x in 0..width {
                let square = field
                    .square(Place::new(x as u8, y as u8))
                    .expect("on the field");
                if !open[y as usize][x as usize] || square.neighbours() != 0 {
                    continue;
                }
                for ny in (y - 1).max(0)..=(y + 1).min(height - 1) {
                    for nx in (x - 1).max(0)..=(x + 1).min(width - 1) {
                        if !open[ny as usize][nx as usize] {
                            open[ny as usize][nx as usize] = true;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    places(field.size())
        .filter(|place| open[usize::from(place.y)][usize::from(place.x)])
        .collect()
}

#[test]
fn floods_match_a_naive_fill_on_every_size() {
    let mut rng = Rng::new(2026);
    // Miri (far slower) fills the largest fields once each.
    let all = sizes();
    let chosen = if cfg!(miri) { &all[2..5] } else { &all[..] };
    for &size in chosen {
        for _ in 0..if cfg!(miri) { 1 } else { 200 } {
            let first = Place::new(
                rng.below(u32::from(size.width())) as u8,
                rng.below(u32::from(size.height())) as u8,
            );
            let mines = Mines::random(size, first, &mut rng);
            let mut field = field_with(size, &mines);
            let expected = naive_flood(&field, first);
            let flood = field.flood_reveal(first);
            assert_eq!(revealed(&field), expected, "{size:?} from {first:?}");
            // A seed is a zero it opened, none queued twice.
            let zeros = expected
                .iter()
                .filter(|&&place| field.square(place).is_some_and(|s| s.neighbours() == 0))
                .count();
            assert!(usize::from(flood.pushed) <= zeros, "{} seeds", flood.pushed);
            assert_eq!(usize::from(flood.revealed), expected.len());
            let safe = size.squares() - usize::from(size.mines());
            assert_eq!(usize::from(flood.covered_safe), safe - expected.len());
        }
    }
}

#[test]
fn the_first_reveal_is_safe_and_opens_on_every_size() {
    let mut rng = Rng::new(7);
    for size in sizes() {
        for _ in 0..if cfg!(miri) { 2 } else { 100 } {
            let mut field = Field::new(size, false);
            let first = Place::new(
                rng.below(u32::from(size.width())) as u8,
                rng.below(u32::from(size.height())) as u8,
            );
            let outcome = field.act(first, &mut rng);
            assert!(matches!(outcome, Outcome::Revealed { .. } | Outcome::Won));
            assert_eq!(field.mine_count(), size.mines());
            let square = field.square(first).expect("on the field");
            assert_eq!(square.neighbours(), 0, "the first reveal opens an area");
            assert_eq!(field.first_reveal(), Some(first));
            assert_eq!(field.clicks(), 1);
        }
    }
}

#[test]
fn the_densest_custom_field_still_opens_and_can_be_won() {
    let size = Size::custom(30, 16, 435).expect("the densest custom field");
    let mut rng = Rng::new(11);
    let mut field = Field::new(size, false);
    let first = Place::new(15, 8);
    assert!(matches!(
        field.act(first, &mut rng),
        Outcome::Revealed { .. }
    ));
    // Open every safe square left, one by one: the last one wins.
    let mut outcome = Outcome::Ignored;
    for place in places(size) {
        let square = field.square(place).expect("on the field");
        if !square.is_mine() && !square.is_revealed() {
            outcome = field.act(place, &mut rng);
        }
    }
    assert_eq!(outcome, Outcome::Won);
    assert_eq!(field.state(), GameState::Won);
    assert_eq!(field.flag_count(), 435, "a win flags every mine");
    assert_eq!(field.mines_left(), 0);
}

/// 3BV counted the plain way: openings found by a search over zeros, plus
/// the numbered safe squares next to no zero.
fn naive_three_bv(field: &Field) -> u16 {
    let size = field.size();
    let (width, height) = (usize::from(size.width()), usize::from(size.height()));
    let square = |x: usize, y: usize| {
        field
            .square(Place::new(x as u8, y as u8))
            .expect("on the field")
    };
    let near = |x: usize, y: usize| {
        let mut list = Vec::new();
        for ny in y.saturating_sub(1)..=(y + 1).min(height - 1) {
            for nx in x.saturating_sub(1)..=(x + 1).min(width - 1) {
                list.push((nx, ny));
            }
        }
        list
    };
    let mut seen = vec![false; width * height];
    let mut count = 0;
    for y in 0..height {
        for x in 0..width {
            let zero = !square(x, y).is_mine() && square(x, y).neighbours() == 0;
            if !zero || seen[y * width + x] {
                continue;
            }
            count += 1;
            let mut stack = vec![(x, y)];
            seen[y * width + x] = true;
            while let Some((x, y)) = stack.pop() {
                for (nx, ny) in near(x, y) {
                    if square(nx, ny).neighbours() == 0 && !seen[ny * width + nx] {
                        seen[ny * width + nx] = true;
                        stack.push((nx, ny));
                    }
                }
            }
        }
    }
    for y in 0..height {
        for x in 0..width {
            let lone = !square(x, y).is_mine()
                && square(x, y).neighbours() > 0
                && near(x, y)
                    .into_iter()
                    .all(|(nx, ny)| square(nx, ny).is_mine() || square(nx, ny).neighbours() > 0);
            count += u16::from(lone);
        }
    }
    count
}

#[test]
fn three_bv_matches_a_plain_count_on_every_size() {
    let mut rng = Rng::new(3);
    for size in sizes() {
        for _ in 0..if cfg!(miri) { 1 } else { 100 } {
            let first = Place::new(0, 0);
            let field = field_with(size, &Mines::random(size, first, &mut rng));
            assert_eq!(field.three_bv(), naive_three_bv(&field), "{size:?}");
        }
        assert_eq!(Field::new(size, false).three_bv(), 0);
    }
}

#[test]
fn a_losing_chord_puts_its_false_flag_back_and_opens_the_safe_squares() {
    // Expert: a mine at (29, 15) in the far corner, (28, 14) a 1.
    let size = Size::EXPERT;
    let mut field = field_with(
        size,
        &Mines::at(size, [Place::new(29, 15), Place::new(0, 0)]),
    );
    let number = Place::new(28, 14);
    assert!(matches!(
        field.reveal(number),
        Outcome::Revealed { count: 1 }
    ));
    // The wrong neighbour flagged: the chord sets off the mine.
    assert_eq!(field.toggle_flag(Place::new(27, 13)), Outcome::Flagged);
    assert_eq!(field.chord(number), Outcome::Lost);
    let corner = field.square(Place::new(29, 15)).expect("on the field");
    assert!(corner.is_detonated());
    let flag = field.square(Place::new(27, 13)).expect("on the field");
    assert!(
        flag.is_flagged() && !flag.is_revealed(),
        "the mistake shows"
    );
    // Its other safe neighbours opened.
    assert!(
        field
            .square(Place::new(29, 14))
            .is_some_and(|s| s.is_revealed())
    );
}

#[test]
fn a_winning_chord_on_a_big_field_floods_and_wins() {
    let size = Size::INTERMEDIATE;
    let mut field = field_with(size, &Mines::at(size, [Place::new(15, 15)]));
    let number = Place::new(14, 14);
    assert!(matches!(
        field.reveal(number),
        Outcome::Revealed { count: 1 }
    ));
    assert_eq!(field.toggle_flag(Place::new(15, 15)), Outcome::Flagged);
    assert_eq!(field.chord(number), Outcome::Won);
    assert_eq!(field.revealed_count(), 255);
}

#[test]
fn question_marks_cycle_after_the_flag() {
    let size = Size::BEGINNER;
    let mut field = field_with(size, &Mines::at(size, [Place::new(8, 8)]));
    let place = Place::new(4, 4);
    assert_eq!(field.cycle_mark(place, true), Outcome::Flagged);
    assert_eq!(field.cycle_mark(place, true), Outcome::Questioned);
    assert!(field.is_questioned(place));
    assert_eq!(field.cycle_mark(place, true), Outcome::Unquestioned);
    assert_eq!(field.cycle_mark(place, false), Outcome::Flagged);
    assert_eq!(field.cycle_mark(place, false), Outcome::Unflagged);
    assert_eq!(field.clicks(), 5);
}

#[test]
fn places_off_the_field_are_ignored() {
    let mut rng = Rng::new(1);
    for size in sizes() {
        let mut field = Field::new(size, false);
        for place in [
            Place::new(size.width(), 0),
            Place::new(0, size.height()),
            Place::new(255, 255),
            Place::new(31, 31),
        ] {
            assert_eq!(field.act(place, &mut rng), Outcome::Ignored);
            assert_eq!(field.toggle_flag(place), Outcome::Ignored);
            assert_eq!(field.chord(place), Outcome::Ignored);
            assert!(!field.set_cursor(place));
            assert_eq!(field.square(place), None);
            assert_eq!(field.neighbours(place).count(), 0);
            assert!(field.pressed_preview(place).is_empty());
        }
        assert_eq!(field, Field::new(size, false), "nothing changed");
    }
}

#[test]
fn random_play_with_wild_input_never_panics() {
    let mut rng = Rng::new(99);
    for game in 0..if cfg!(miri) { 3 } else { 2_000 } {
        let size = sizes()[game % sizes().len()];
        let mut field = Field::new(size, game % 5 == 0);
        for _ in 0..200 {
            let place = Place::new(rng.below(34) as u8, rng.below(20) as u8);
            match rng.below(6) {
                0 | 1 => {
                    if field.act(place, &mut rng) == Outcome::NeedsLayout {
                        let mines = Mines::random(size, place, &mut rng);
                        assert!(!matches!(
                            field.start_with_layout(place, &mines),
                            Outcome::Ignored | Outcome::Lost
                        ));
                    }
                }
                2 => {
                    field.cycle_mark(place, true);
                }
                3 => {
                    field.chord(place);
                }
                4 => {
                    field.move_cursor(rng.below(5) as i8 - 2, rng.below(5) as i8 - 2);
                    assert!(size.contains(field.cursor()));
                }
                _ => field.tick_frame(),
            }
            assert!(field.flag_count() <= size.squares() as u16);
            if field.state() != GameState::Fresh {
                assert_eq!(field.mine_count(), size.mines());
            }
            // The counts, four squares a word, against one square at a time.
            let count = |has: fn(&Square) -> bool| {
                field.slots().iter().filter(|square| has(square)).count() as u16
            };
            assert_eq!(field.flag_count(), count(|square| square.is_flagged()));
            assert_eq!(field.revealed_count(), count(|square| square.is_revealed()));
            if field.state() != GameState::Fresh {
                assert_eq!(field.mine_count(), count(|square| square.is_mine()));
            }
        }
    }
}

#[test]
fn the_cursor_stops_at_the_edges_of_any_size() {
    for size in sizes() {
        let mut field = Field::new(size, false);
        assert_eq!(
            field.cursor(),
            Place::new(size.width() / 2, size.height() / 2)
        );
        while field.move_cursor(-1, -1) {}
        assert_eq!(field.cursor(), Place::new(0, 0));
        while field.move_cursor(7, 5) {}
        assert_eq!(
            field.cursor(),
            Place::new(size.width() - 1, size.height() - 1)
        );
    }
}

#[test]
fn a_flag_before_the_first_move_stays_and_guards_its_square() {
    let size = Size::EXPERT;
    let mut rng = Rng::new(5);
    let mut field = Field::new(size, false);
    let flagged = Place::new(3, 3);
    assert_eq!(field.toggle_flag(flagged), Outcome::Flagged);
    assert_eq!(field.act(flagged, &mut rng), Outcome::Ignored);
    assert!(matches!(
        field.act(Place::new(20, 10), &mut rng),
        Outcome::Revealed { .. }
    ));
    let square = field.square(flagged).expect("on the field");
    assert!(square.flags().contains(SquareFlags::FLAGGED) && !square.is_revealed());
}

#[test]
fn a_no_guess_field_waits_for_its_layout() {
    let size = Size::INTERMEDIATE;
    let mut rng = Rng::new(8);
    let mut field = Field::new(size, true);
    let first = Place::new(2, 13);
    assert_eq!(field.act(first, &mut rng), Outcome::NeedsLayout);
    assert_eq!(field.awaiting_layout(), Some(first));
    assert_eq!(field.clicks(), 0);
    let mines = Mines::random(size, first, &mut rng);
    assert!(matches!(
        field.start_with_layout(first, &mines),
        Outcome::Revealed { .. }
    ));
    assert_eq!(field.awaiting_layout(), None);
    assert_eq!(field.first_reveal(), Some(first));
    assert_eq!(field.clicks(), 1);
}

#[test]
fn mines_off_the_field_are_left_out_of_the_counts() {
    // A layout made for Intermediate, laid on Beginner: its mines in row 9
    // and column 9 are off the field, and no number on the field counts them.
    let mines = Mines::at(
        Size::INTERMEDIATE,
        [Place::new(4, 9), Place::new(9, 4), Place::new(9, 9)],
    );
    let field = field_with(Size::BEGINNER, &mines);
    assert_eq!(field.mine_count(), 0);
    for y in 0..9 {
        for x in 0..9 {
            let square = field.square(Place::new(x, y)).expect("on the field");
            assert_eq!(square.neighbours(), 0, "({x}, {y})");
        }
    }
}

#[test]
fn beginning_then_opening_is_the_first_reveal() {
    let mut rng = Rng::new(7);
    for round in 0..if cfg!(miri) { 4 } else { 300 } {
        let size = sizes()[round % sizes().len()];
        let mut field = Field::new(size, false);
        field.set_deal(rng.below(65_536) as u16);
        let first = Place::new(
            rng.below(u32::from(size.width())) as u8,
            rng.below(u32::from(size.height())) as u8,
        );
        // A flag elsewhere before the first move stays, as with `act`.
        let flag = Place::new(0, 0);
        if first != flag {
            let _ = field.toggle_flag(flag);
        }
        let mut acted = field.clone();
        let seed = field.code().seed();
        let outcome = acted.act(first, &mut Rng::new(seed));
        let mines = Mines::random(size, first, &mut Rng::new(seed));
        let mut begun = field.clone();
        assert!(begun.begin(first, &mines));
        assert_eq!(begun.state(), GameState::Playing);
        assert!(
            begun
                .square(first)
                .is_some_and(|square| !square.is_revealed())
        );
        assert_eq!(begun.open_first(), outcome);
        assert_eq!(begun, acted, "round {round}");
        // Once open, or on a field never begun, opening again does nothing.
        assert_eq!(begun.open_first(), Outcome::Ignored);
        assert_eq!(field.clone().open_first(), Outcome::Ignored);
    }
    // Where `start_with_layout` would ignore the layout, `begin` does too.
    let mut field = Field::new(Size::BEGINNER, false);
    let _ = field.toggle_flag(Place::new(4, 4));
    let mines = Mines::random(Size::BEGINNER, Place::new(4, 4), &mut Rng::new(1));
    assert!(!field.clone().begin(Place::new(4, 4), &mines));
    assert!(!field.begin(Place::new(40, 4), &mines));
}

/// The clock in whole seconds is its hundredths cut down, a frame at a
/// time as the game runs (59.7275 frames a second).
#[test]
fn elapsed_seconds_follow_the_hundredths() {
    let mut field = Field::new(Size::BEGINNER, false);
    let mut rng = Rng::new(3);
    assert!(field.place_mines(Place::new(4, 4), &mut rng));
    assert_eq!(field.state(), GameState::Playing);
    for frame in 0..400u32 {
        assert_eq!(
            u32::from(field.elapsed_seconds()),
            field.elapsed_hundredths() / 100,
            "frame {frame}"
        );
        field.tick_frame();
    }
    assert_eq!(field.elapsed_seconds(), 6, "400 frames are 6.7 seconds");
}
