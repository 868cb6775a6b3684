//! The pause-menu framework: a desktop of apps that open and close as windows.
//!
//! # Embedding the menu in a game
//!
//! A host game owns the `Gba` and the frame loop. It boots the apps once and
//! keeps their [`Slot`]s; to pause, it builds a [`PauseMenu`] and hands it the
//! frame loop until the menu says `Leave`. (The crate is `no_std` for the GBA,
//! so this is not a doctest; every name in it is the real API, the same calls
//! as [`run`] and `main` in `lib.rs`.)
//!
//! ```ignore
//! use crate::framework::{self, AppSlot, PauseMenu, Slot, System};
//! use crate::framework::{desktop::DesktopRequest, input::Input, sound::Sound};
//! use crate::sweeper::Sweeper;
//!
//! // At boot, with the `mut gba: agb::Gba` that `main` gets: the services apps
//! // use, then each app booted once (its persistent state made, its save
//! // section loaded). Keep the slots for good.
//! let mut gfx = gba.graphics.get();
//! let (storage, rng) = framework::boot(&mut gba.save);
//! let mut system = System {
//!     input: Input::new(),
//!     sound: Sound::new(&mut gba.mixer),
//!     storage,
//!     rng,
//!     frame: 0,
//!     app_palette: 0,
//! };
//! system.apply_settings();
//! let mut sweeper = Slot::<Sweeper>::new(&mut system);
//! system.storage.settle();
//! system.storage.commit();
//! let mut apps: [&mut dyn AppSlot; 1] = [&mut sweeper];
//!
//! // The game pauses: hand the frame loop to the menu until it says `Leave`.
//! let mut menu = PauseMenu::new(&mut gfx, &apps, &mut system);
//! loop {
//!     // A save that waited for room goes out first (see `run`).
//!     system.input.update();
//!     system.storage.flush_overdue(system.input.quiet_frames());
//!     if menu.update(&mut apps, &mut system) == DesktopRequest::Leave {
//!         break;
//!     }
//!     let mut frame = gfx.frame();
//!     menu.show(&mut apps, &mut frame);
//!     // Saves go out a little every frame, beside the game.
//!     system.storage.flush();
//!     system.sound.frame();
//!     frame.commit();
//!     system.frame = system.frame.wrapping_add(1);
//! }
//! drop(menu); // the desktop's backgrounds and sprites are released; the apps'
//!             // persistent state (the `Slot`s) stays with the game for next time.
//! ```
//!
//! The ROM's own host is [`run`]: a splash, then the menu forever (B on the desktop
//! has nowhere to go back to, so `Leave` is ignored).
//!
//! The app contract is in [`app`]; widgets shared by apps are in [`widgets`].

pub mod app;
pub mod assets;
#[cfg(feature = "bench")]
pub mod bench;
pub mod button_hints;
pub mod canvas;
#[cfg(any(debug_assertions, feature = "events"))]
pub mod cycles;
pub mod desktop;
pub mod events;
pub mod fiber;
pub mod frame_time;
pub mod heap;
pub mod input;
pub mod lessons;
#[cfg(any(debug_assertions, feature = "events"))]
pub mod perf;
pub mod plane;
pub mod reset;
pub mod save;
pub mod sleep;
pub mod sound;
pub mod splash;
pub mod sprite_cache;
pub mod system;
pub mod transition;
pub mod widgets;

pub use app::{App, AppInfo, AppSlot, Request, Slot};
pub use desktop::Desktop as PauseMenu;
pub use system::System;
pub(crate) use widgets::{
    prepared::{PreparedLine, prepared},
    status_bar::hints,
};

use crate::random::Rng;

/// The ROM's host: splash screen, then the desktop forever.
pub fn run(
    gfx: &mut agb::display::Graphics,
    system: &mut System,
    apps: &mut [&mut dyn AppSlot],
) -> ! {
    system.storage.settle();
    // Sections migrated from an older save are written back before anything
    // else, so a power cut now cannot lose them.
    system.storage.commit();
    let mut menu = None;
    splash::show(gfx, system, &mut |gfx, system| {
        menu = Some(boxed_menu(gfx, apps, system));
    });
    let mut menu = menu.unwrap_or_else(|| boxed_menu(gfx, apps, system));
    crate::event!(
        "desktop.ready apps={} play_seconds={}",
        apps.len(),
        system.storage.desk.play_seconds
    );
    #[cfg(any(debug_assertions, feature = "events"))]
    perf::log_memory("rest");
    #[cfg(any(debug_assertions, feature = "events"))]
    let mut meter = alloc::boxed::Box::new(perf::FrameMeter::new());
    #[cfg(any(debug_assertions, feature = "events"))]
    let labels: alloc::vec::Vec<&str> = apps.iter().map(|app| app.info().id).collect();
    loop {
        frame_time::begin_frame(window_moving(menu.active()));
        #[cfg(any(debug_assertions, feature = "events"))]
        meter.begin(phase(menu.active()));
        // The sound first: what it costs is then spent, and the drawing in
        // the update can take what is left of the frame's budget (see
        // `frame_time::room_to_draw`). A sound asked for in the update is
        // mixed from the next frame.
        system.sound.frame();
        #[cfg(any(debug_assertions, feature = "events"))]
        meter.mark();
        system.input.update();
        system.storage.flush_overdue(system.input.quiet_frames());
        if reset::chord_made(&system.input) {
            menu.keep_open_game(apps, system);
            reset::restart(&mut system.storage);
        }
        if sleep::chord_made(&system.input) {
            menu.keep_open_game(apps, system);
            // The frame that wakes shows the screen as it was.
            sleep::sleep(&mut system.storage, &mut system.input);
        } else {
            // Nothing to go back to from the ROM's own desktop, so `Leave` is ignored.
            let _ = menu.update(apps, system);
        }
        // Saving runs beside the app, in what the frame has left: the
        // journal copies a little to SRAM every frame, and a section is put
        // into it where the frame has room for that.
        system.storage.flush();
        frame_time::mark_update_end();
        #[cfg(any(debug_assertions, feature = "events"))]
        meter.mark();
        #[cfg(any(debug_assertions, feature = "events"))]
        let menu_phase = menu.active();
        show_frame(gfx, &mut menu, apps, &mut || {
            #[cfg(any(debug_assertions, feature = "events"))]
            meter.end(phase(menu_phase), &labels);
        });
        system.frame = system.frame.wrapping_add(1);
    }
}

/// Show the frame: out of line, so the graphics frame is on the stack only
/// while it is shown, not under every app's update.
#[inline(never)]
fn show_frame(
    gfx: &mut agb::display::Graphics,
    menu: &mut PauseMenu,
    apps: &mut [&mut dyn AppSlot],
    before_commit: &mut dyn FnMut(),
) {
    let mut frame = gfx.frame();
    menu.show(apps, &mut frame);
    frame_time::mark_frame_end();
    before_commit();
    frame.commit();
}

/// The desktop on the heap, built in a frame of its own: the loop's stack
/// frame stays small, and every app runs on top of it.
#[inline(never)]
fn boxed_menu(
    gfx: &mut agb::display::Graphics,
    apps: &[&mut dyn AppSlot],
    system: &mut System,
) -> alloc::boxed::Box<PauseMenu> {
    alloc::boxed::Box::new(PauseMenu::new(gfx, apps, system))
}

/// Whether a window is opening or closing.
fn window_moving(active: Option<(usize, app::Lifecycle)>) -> bool {
    matches!(
        active,
        Some((_, app::Lifecycle::Opening(_) | app::Lifecycle::Closing(_)))
    )
}

/// What the frame meter calls the desktop's state.
#[cfg(any(debug_assertions, feature = "events"))]
fn phase(active: Option<(usize, app::Lifecycle)>) -> perf::Phase {
    match active {
        None => perf::Phase::Desktop,
        Some((index, app::Lifecycle::Running)) => perf::Phase::App(index),
        Some(_) => perf::Phase::Transition,
    }
}

/// Build the services apps use; reads the save and applies settings.
pub fn boot(chip: &mut agb::save::SaveManager) -> (save::Storage, Rng) {
    heap::total();
    let storage = save::Storage::open(chip);
    // Seeded from the play time in the save; the desktop stirs in the frame
    // at which the player presses A, so boards differ between sessions, while
    // a harness run (same SRAM, same key timing) stays reproducible.
    let rng = Rng::new(storage.desk.play_seconds ^ 0x5EED_CAFE);
    (storage, rng)
}
