//! One-line structured events in the mGBA debug log, e.g. `event app.open name=sweeper`.
//! The harness waits for and asserts on them. Compiled in for debug builds and for
//! the `events` feature (the test ROMs); the shipped `.gba` has none.

#[macro_export]
macro_rules! event {
    ($($arg:tt)*) => {{
        #[cfg(any(debug_assertions, feature = "events"))]
        agb::println!("event {}", format_args!($($arg)*));
    }};
}
