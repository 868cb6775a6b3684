//! Prints built-in puzzles with the stroke that solves each, for writing
//! e2e scripts that play them:
//! `POLARIUM_SHOW=0,1 cargo test --release --manifest-path <repo>/Cargo.toml -p rules-host show_polarium_builtins -- --ignored --nocapture`
//! (from /). Each board is drawn in ringed-grid coordinates (the ring is
//! row and column 0 and the last ones): `#` black, `.` white, `S` and `E`
//! the hints on the ring; then the stroke's cells in order, `(y, x)`.

use std::println;
use std::string::String;

use super::candidates;
use super::rules::builtin;
use super::rules::solver::{Progress, Solver};

#[test]
#[ignore = "a tool: prints the built-ins named by POLARIUM_SHOW"]
fn show_polarium_builtins() {
    let wanted = std::env::var("POLARIUM_SHOW").unwrap_or_else(|_| "0".into());
    let mut space = candidates::rom_space();
    for index in wanted
        .split(',')
        .filter_map(|n| n.trim().parse::<usize>().ok())
    {
        let Some(puzzle) = builtin::puzzle(index) else {
            println!("{index}: no such built-in");
            continue;
        };
        let board = puzzle.board;
        println!(
            "built-in {index} (No.{}): {}x{}, hints {:?}",
            index + 1,
            board.width(),
            board.height(),
            puzzle.hints
        );
        for y in 0..board.height() + 2 {
            let mut line = String::new();
            for x in 0..board.width() + 2 {
                let cell = super::rules::board::Cell::new(y, x);
                let hint = puzzle.hints.map(|(start, end)| {
                    if start == cell {
                        'S'
                    } else if end == cell {
                        'E'
                    } else {
                        ' '
                    }
                });
                let ring = y == 0 || x == 0 || y == board.height() + 1 || x == board.width() + 1;
                line.push(match (ring, hint) {
                    (true, Some(c)) if c != ' ' => c,
                    (true, _) => '+',
                    (false, _) if board.is_black(cell) => '#',
                    (false, _) => '.',
                });
            }
            println!("  {line}");
        }
        let mut solver = Solver::new(&puzzle, &mut space);
        match solver.solve(&mut space) {
            Progress::Solved(solution) => {
                let cells: std::vec::Vec<String> = solution
                    .stroke
                    .cells()
                    .iter()
                    .map(|cell| std::format!("({},{})", cell.y, cell.x))
                    .collect();
                println!(
                    "  stroke ({} cells, {} solutions): {}",
                    cells.len(),
                    solution.count,
                    cells.join(" ")
                );
            }
            other => println!("  not solved: {other:?}"),
        }
    }
}
