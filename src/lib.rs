//! Pocket Desk: a pause-menu desktop of puzzle apps for the Game Boy Advance.
//!
//! - [`framework`]: the desktop, the app contract (`framework/app.rs`), widgets,
//!   sound and saving.
//! - the apps, one folder each, registered in the `apps!` list below:
//!   `sweeper` (Poop Sweeper), `polarium`, `nonogram`, `settings`.
//! - the pure code, crates of their own that cannot depend on agb: each
//!   app's `rules/` (`sweeper-rules`, ...), and `shared/` (seeded random
//!   numbers, check digits, hashing).
#![no_std]
#![feature(optimize_attribute)]
#![feature(allocator_api)]
#![cfg_attr(test, no_main)]
#![cfg_attr(test, feature(custom_test_frameworks))]
#![cfg_attr(test, reexport_test_harness_main = "test_main")]
#![cfg_attr(test, test_runner(agb::test_runner::test_runner))]

extern crate alloc;

mod framework;
#[cfg(test)]
mod rules_on_gba;

use shared::{fnv, random};

use framework::{AppSlot, System, input::Input, sound::Sound};

/// The desktop's apps, in the order it shows them: one line per app, naming
/// its folder under src/ and its `App` type. That line declares the folder's
/// module and boots the app.
macro_rules! apps {
    ($($folder:ident::$app:ident),* $(,)?) => {
        $(mod $folder;)*

        /// Every app's benchmarks (`just bench`), in the desktop's order.
        #[cfg(feature = "bench")]
        fn bench_apps(bench: &mut framework::bench::Bench) {
            framework::lessons::bench_largest(&[$(<$folder::$app as framework::App>::INFO.id),*]);
            $(<$folder::$app as framework::App>::bench(bench);)*
        }

        /// Every app's desktop icon is 32x32 in its first palette.
        #[cfg(test)]
        #[test_case]
        fn every_apps_icon_fits_its_slot(_gba: &mut agb::Gba) {
            $({
                let info = &<$folder::$app as framework::App>::INFO;
                framework::assets::check_icon(info.id, &info.icon);
            })*
        }

        /// Every app, booted (persistent state made, save section loaded).
        fn boot_apps(system: &mut System) -> alloc::vec::Vec<alloc::boxed::Box<dyn AppSlot>> {
            alloc::vec![$(framework::Slot::<$folder::$app>::boxed(system)),*]
        }
    };
}

apps! {
    sweeper::Sweeper,
    polarium::Polarium,
    nonogram::Nonogram,
    settings::Settings,
}

/// Boot the ROM: read the save, then hand the frame loop to the desktop.
pub fn main(mut gba: agb::Gba) -> ! {
    // Debug and event builds count cycles on timers 2 and 3 (the frame meter).
    #[cfg(any(debug_assertions, feature = "events"))]
    {
        framework::perf::paint_stack();
        framework::cycles::install(gba.timers.timers());
    }
    let mut gfx = gba.graphics.get();
    framework::plane::build();
    gfx.frame().commit();
    framework::sprite_cache::warm();
    // The benchmarks draw and let go of many tiles: video memory takes them
    // back when a frame is shown, before the next app's and the desktop's.
    #[cfg(feature = "bench")]
    {
        framework::bench::run(&mut || gfx.frame().commit(), bench_apps);
        // The benchmarks ran before the mixer took its IWRAM: painted again,
        // the stack is measured over the session after them, as in the
        // shipped ROM.
        framework::perf::paint_stack();
    }
    let mut system = boot_system(&mut gba.save, &mut gba.mixer);
    #[cfg(any(debug_assertions, feature = "events"))]
    framework::perf::log_iwram_allocations();
    system.apply_settings();
    let mut apps = boot_apps(&mut system);
    let mut apps: alloc::vec::Vec<&mut dyn AppSlot> = apps
        .iter_mut()
        .map(|app| app.as_mut() as &mut dyn AppSlot)
        .collect();
    framework::run(&mut gfx, &mut system, &mut apps)
}

/// Pocket Desk as a game's pause menu: every app booted beside the game,
/// shown when the game pauses ([`Desk::pause`]). The host-demo ROM
/// (src/host_demo/) is a whole game that uses it.
pub struct Desk<'gba> {
    system: alloc::boxed::Box<System<'gba>>,
    apps: alloc::vec::Vec<alloc::boxed::Box<dyn AppSlot>>,
}

impl<'gba> Desk<'gba> {
    /// Read the save and boot every app (their persistent state made, their
    /// save sections loaded): once, as the game starts, after it has loaded
    /// its backgrounds. `game_tiles` is how many background tiles those
    /// keep in video RAM: agb's table of tiles is grown now to hold the
    /// desk's beside them, so no pause grows it. The desk keeps the save
    /// chip, the mixer and the tone generators from here on.
    pub fn boot(
        save: &mut agb::save::SaveManager,
        mixer: &'gba mut agb::sound::mixer::MixerController,
        game_tiles: usize,
    ) -> Self {
        // Debug and event builds watch the stack's depth, as the ROM's own
        // do: painted, then the IWRAM the mixer takes logged for the
        // harness (not the frame meter's cycles: a game's timers are its own).
        #[cfg(any(debug_assertions, feature = "events"))]
        framework::perf::paint_stack();
        framework::plane::grow_tile_table(game_tiles);
        let mut system = boot_system(save, mixer);
        #[cfg(any(debug_assertions, feature = "events"))]
        framework::perf::log_iwram_allocations();
        system.apply_settings();
        let apps = boot_apps(&mut system);
        system.storage.settle();
        // Sections migrated from an older save are written back at once.
        system.storage.commit();
        Self { system, apps }
    }

    /// The game pauses: the desk runs the frame loop until the player
    /// leaves it (B on the desktop), then gives back the screen, its video
    /// memory and heap, and the game's background palettes. An app's game
    /// in progress stays for the next pause.
    pub fn pause(&mut self, gfx: &mut agb::display::Graphics) {
        // Keys held as the game paused (its START) are not a new press.
        self.system.input.update();
        let mut apps: alloc::vec::Vec<&mut dyn AppSlot> = self
            .apps
            .iter_mut()
            .map(|app| app.as_mut() as &mut dyn AppSlot)
            .collect();
        framework::pause(gfx, &mut self.system, &mut apps);
    }

    /// Early in every frame of the game's own, after it reads its keys:
    /// the sound is mixed, and a save under way goes on going out.
    pub fn beside_game(&mut self) {
        framework::beside_game(&mut self.system);
    }

    /// The heap in use, in bytes: a game can check a pause gives it back.
    #[cfg(any(debug_assertions, feature = "events"))]
    #[must_use]
    pub fn heap_in_use() -> usize {
        framework::heap::in_use()
    }
}

/// The services apps use, on the heap and built in a frame of their own:
/// everything runs on top of `main`, and the IWRAM stack is small.
#[inline(never)]
fn boot_system<'gba>(
    save: &mut agb::save::SaveManager,
    mixer: &'gba mut agb::sound::mixer::MixerController,
) -> alloc::boxed::Box<System<'gba>> {
    let (storage, rng) = framework::boot(save);
    alloc::boxed::Box::new(System {
        input: Input::new(),
        sound: Sound::new(mixer),
        storage,
        rng,
        frame: 0,
        app_palette: 0,
    })
}

/// The test ROM's entry point: agb's `entry` macro runs the `#[test_case]`s.
#[cfg(test)]
#[agb::entry]
fn test_entry(_gba: agb::Gba) -> ! {
    loop {
        agb::halt();
    }
}

#[cfg(test)]
mod tests {
    #[test_case]
    fn linker_script_is_ours(_gba: &mut agb::Gba) {
        unsafe extern "C" {
            static __pocket_desk_linker_script: u32;
        }
        // SAFETY: the symbol is defined in gba.ld as a 4-byte value in ROM.
        let marker = unsafe { core::ptr::read_volatile(&raw const __pocket_desk_linker_script) };
        assert_eq!(marker, 0x504B_4453);
    }
}
