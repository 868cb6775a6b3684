//! One-line structured events in the mGBA debug log, e.g. `event app.open name=sweeper`.
//! The harness waits for and asserts on them. Compiled in for debug builds and for
//! the `events` feature (the test ROMs); the shipped `.gba` has none.

#[macro_export]
macro_rules! event {
    ($($arg:tt)*) => {{
        #[cfg(any(debug_assertions, feature = "events"))]
        {
            // Printing is slow and only test builds do it: the frame meter
            // leaves it out (see `cycles::exclude_since`).
            let start = $crate::framework::cycles::now();
            agb::println!("event {}", format_args!($($arg)*));
            $crate::framework::cycles::exclude_since(start);
        }
        // The shipped ROM prints nothing, but the arguments still type-check
        // (and count as used) without being evaluated.
        #[cfg(not(any(debug_assertions, feature = "events")))]
        if false {
            let _ = format_args!($($arg)*);
        }
    }};
}

/// A search the player waited for (a check, a hint, a board or a puzzle
/// being made) has its answer: the harness's settle measure counts what the
/// answer changes on screen from here, as it does after an animation (the
/// search's own time is a budget of `just bench`'s). Out of line: the
/// formatting would otherwise deepen the frames of the searches' callers.
#[inline(never)]
pub fn search_answered(search: &str) {
    crate::event!("anim.end search={search}");
}

/// The press being answered brings a new board (a puzzle, a game, a size
/// not shown before): the harness's settle measure marks it, and its goal
/// in `just bench` is a frame longer than a press's.
#[inline(never)]
pub fn new_board() {
    crate::event!("settle.board");
}
