//! A game that pauses into Pocket Desk (`just host-demo`): the whole of
//! what a game does to use the desk as its pause menu. START pauses; B on
//! the desktop goes back to the game as it was.
#![no_std]
#![no_main]

extern crate alloc;

mod scene;

/// A one-line event in mGBA's debug log, for the harness
/// (tests/e2e/host_demo.demo.play).
macro_rules! event {
    ($($arg:tt)*) => {
        agb::println!("event {}", format_args!($($arg)*))
    };
}

use agb::{
    display::tiled::DynamicTile16,
    input::{Button, ButtonController},
};
use pocket_desk::Desk;

#[agb::entry]
fn entry(mut gba: agb::Gba) -> ! {
    let mut gfx = gba.graphics.get();
    let mut scene = scene::Scene::new(&mut gfx);
    // Once, as the game starts, its room loaded: the save read and every
    // app booted.
    let mut desk = Desk::boot(&mut gba.save, &mut gba.mixer, scene::TILES);
    let mut buttons = ButtonController::new();
    event!("demo.ready");
    // The heap in use as the game last paused, and frames until it is
    // compared with the heap back in the game: agb lets go of video memory's
    // bookkeeping as frames are shown.
    let mut heap_check: Option<(usize, u8)> = None;
    loop {
        // The keys first, as the vertical blank starts: how long the desk's
        // work beside the game takes then never decides which frame's keys
        // are read (a press would be missed or read twice).
        buttons.update();
        desk.beside_game();
        let paused = buttons.is_just_pressed(Button::Start);
        if paused {
            event!("demo.paused {}", scene.state());
            heap_check = Some((Desk::heap_in_use(), HEAP_CHECK_FRAMES));
            desk.pause(&mut gfx);
            // Keys held as the desk closed (its B) are not a new press.
            buttons.update();
        } else {
            // Shown as it was left: the frame back from a pause does not move.
            scene.update(&buttons);
        }
        let mut frame = gfx.frame();
        scene.show(&mut frame);
        frame.commit();
        if paused {
            event!("demo.resumed {}", scene.state());
        }
        heap_check = match heap_check {
            Some((heap, 0)) => {
                event!(
                    "demo.heap change={}",
                    Desk::heap_in_use() as isize - heap as isize
                );
                // The desk's video memory is back: a screen of tiles fits
                // beside the room again (agb stops the game if not).
                let screen: alloc::vec::Vec<DynamicTile16> =
                    (0..SCREEN_TILES).map(|_| DynamicTile16::new()).collect();
                event!("demo.video_ram free_tiles>={}", screen.len());
                None
            }
            Some((heap, frames)) => Some((heap, frames - 1)),
            None => None,
        };
    }
}

/// Frames after a pause until the heap is compared with what it was.
const HEAP_CHECK_FRAMES: u8 = 3;
/// A screen's worth of background tiles: what the desk's drawing plane
/// takes while it is shown.
const SCREEN_TILES: usize = 30 * 20;
