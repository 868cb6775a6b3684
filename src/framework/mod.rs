//! The pause-menu framework: a desktop of apps that open and close as windows.
//!
//! # Embedding the menu in a game
//!
//! A game owns the `Gba` and its frame loop; [`crate::Desk`] boots the apps
//! once beside it and takes the frame loop while the game is paused. The
//! whole of it is the host demo's `main` (src/host_demo/main.rs, built by
//! `just host-demo` and played by tests/e2e/host_demo.demo.play):
//!
//! - at boot, once the game's backgrounds are loaded,
//!   `Desk::boot(&mut gba.save, &mut gba.mixer, game_tiles)`: the save read,
//!   every app booted. The desk keeps the save chip, the mixer and the
//!   tone generators (the music plays on them, `psg`): the game's own
//!   records and sounds go through it (`System`'s storage and sound) or it
//!   has none;
//! - early in every frame of the game's own, right after it reads its
//!   keys, `desk.beside_game()`: the sound is mixed, and a save under way
//!   goes on going out (its time varies, so the keys go first);
//! - on START, `desk.pause(&mut gfx)`: the desk runs frames ([`pause`])
//!   until the player presses B on the desktop, then lets go of its video
//!   memory and heap and puts the game's background palettes back. The
//!   game shows its own layers and sprites again from its next frame; an
//!   app's game in progress stays for the next pause. What a first pause,
//!   or an app's first open, grows for good (caches, a save section's
//!   first write) stays; after that a pause gives the heap back to the
//!   byte (the script checks).
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
pub mod psg;
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
    let mut frames = DeskFrames::new(apps);
    loop {
        // Nothing to go back to from the ROM's own desktop, so `Leave` is ignored.
        let _ = frames.run(gfx, &mut menu, apps, system);
    }
}

/// The desk as a game's pause menu: it takes the screen, the keys and the
/// sound until the player leaves it (B on the desktop), then gives back
/// what it took. The game's backgrounds and sprites stay its own (it shows
/// them again from its next frame); the desk's video memory and heap are
/// let go, and the game's background palettes put back. Between pauses the
/// game calls [`beside_game`] every frame.
pub fn pause(gfx: &mut agb::display::Graphics, system: &mut System, apps: &mut [&mut dyn AppSlot]) {
    let palettes = assets::BackgroundPalettes::read();
    // A frame of nothing first: the desk's palettes then never colour a
    // picture of the game's, and the game's never one of the desk's.
    gfx.frame().commit();
    plane::build_for_a_while();
    let mut menu = boxed_menu(gfx, apps, system);
    crate::event!("desk.paused");
    let mut frames = DeskFrames::new(apps);
    while frames.run(gfx, &mut menu, apps, system) != desktop::DesktopRequest::Leave {}
    drop(menu);
    gfx.frame().commit();
    // In the blank frame's vertical blank, before anything slower.
    palettes.write();
    // SAFETY: the desktop is gone, and no window was open: B leaves from
    // the desktop only, so no app holds a table of the plane's tiles.
    unsafe { plane::release() };
    system.sound.stop_music();
    // The blank frame again, after the slow part: the game's next frame
    // then waits for a vertical blank of its own (agb's wait returns at
    // once after a missed one).
    gfx.frame().commit();
    crate::event!("desk.left");
}

/// A game's frame while the desk is not shown, after it reads its keys: the
/// sound is mixed, and a save under way goes on going out, a little a
/// frame (a slice that has waited too long for room takes it first).
pub fn beside_game(system: &mut System) {
    frame_time::begin_frame(false);
    system.sound.frame();
    // The game's keys are its own: to the save, no press is recent.
    system.storage.flush_overdue(u8::MAX);
    system.storage.flush();
}

/// The desk's frame loop, a frame at a time: the ROM's own host ([`run`])
/// and a game's pause ([`pause`]) both run it.
struct DeskFrames {
    #[cfg(any(debug_assertions, feature = "events"))]
    meter: alloc::boxed::Box<perf::FrameMeter>,
    #[cfg(any(debug_assertions, feature = "events"))]
    labels: alloc::vec::Vec<&'static str>,
}

impl DeskFrames {
    fn new(#[allow(unused_variables)] apps: &[&mut dyn AppSlot]) -> Self {
        Self {
            #[cfg(any(debug_assertions, feature = "events"))]
            meter: alloc::boxed::Box::new(perf::FrameMeter::new()),
            #[cfg(any(debug_assertions, feature = "events"))]
            labels: apps.iter().map(|app| app.info().id).collect(),
        }
    }

    /// One frame of the desk; what the desktop asked for in it.
    fn run(
        &mut self,
        gfx: &mut agb::display::Graphics,
        menu: &mut PauseMenu,
        apps: &mut [&mut dyn AppSlot],
        system: &mut System,
    ) -> desktop::DesktopRequest {
        frame_time::begin_frame(window_moving(menu.active()));
        #[cfg(any(debug_assertions, feature = "events"))]
        self.meter.begin(phase(menu.active()));
        // The sound first: what it costs is then spent, and the drawing in
        // the update can take what is left of the frame's budget (see
        // `frame_time::Piece::room`). A sound asked for in the update is
        // mixed from the next frame.
        system.sound.frame();
        #[cfg(any(debug_assertions, feature = "events"))]
        self.meter.mark();
        system.input.update();
        system.storage.flush_overdue(system.input.quiet_frames());
        if reset::chord_made(&system.input) {
            menu.keep_open_game(apps, system);
            reset::restart(&mut system.storage);
        }
        let request = if sleep::chord_made(&system.input) {
            menu.keep_open_game(apps, system);
            // The frame that wakes shows the screen as it was.
            sleep::sleep(&mut system.storage, &mut system.input);
            system.sound.power_cycled();
            desktop::DesktopRequest::Stay
        } else {
            menu.update(apps, system)
        };
        frame_time::piece_done();
        // Saving runs beside the app, in what the frame has left: the
        // journal copies a little to SRAM every frame, and a section is put
        // into it where the frame has room for that.
        system.storage.flush();
        frame_time::mark_update_end();
        #[cfg(any(debug_assertions, feature = "events"))]
        self.meter.mark();
        #[cfg(any(debug_assertions, feature = "events"))]
        let menu_phase = menu.active();
        #[cfg(any(debug_assertions, feature = "events"))]
        let (meter, labels) = (&mut self.meter, &self.labels);
        show_frame(gfx, menu, apps, &mut || {
            #[cfg(any(debug_assertions, feature = "events"))]
            meter.end(phase(menu_phase), labels);
        });
        system.frame = system.frame.wrapping_add(1);
        request
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
