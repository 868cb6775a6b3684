//! The app contract: everything an app for the desktop must provide.
//!
//! An app has two kinds of state:
//! - **persistent** (`App::Persistent`): small (at most [`PERSISTENT_BUDGET`] bytes,
//!   checked at compile time), lives as long as the ROM runs, survives while the app
//!   is closed. Poop Sweeper keeps its whole board here; a game whose playing
//!   form is larger keeps a packed form here and plays the unpacked one in
//!   `Working`, converting between the two in one place (`open`, `pause`),
//!   as Polarium's `KeptGame` does.
//! - **working** (`App::Working`): allocated on the heap when the app opens and
//!   dropped when it closes. Backgrounds, sprites, text buffers and animation state
//!   belong here, so a closed app holds no video memory and no heap.
//!
//! Lifecycle, driven by the desktop ([`Lifecycle`]):
//! `Closed -> Opening -> Running -> Closing -> Closed`.
//! `open` runs in the opening animation's first frame, before that frame's
//! `prepare`, and should be cheap; `prepare` runs once per frame during the
//! animation to build the rest piece by piece, drawing as much as the frame
//! has room for (`frame_time::Piece::room`), so that the window is whole
//! when the animation ends, and `prepare_ahead` in the frames it leaves;
//! `update` runs only while `Running`, and `draw` after it brings the window's
//! tiles up to date;
//! `show` runs while opening, running and closing (the window mask animates over
//! what it shows); `dismantle` runs once per frame while closing, to let go of
//! what is costly to drop at once (hundreds of tiles), and the working state is
//! dropped once the closing animation ends and `dismantle` says it is done.
//! Saves never take a frame from the app: they go out beside it.
//! START while running asks to close (unless the app claims it, see
//! `claims_start`): the desktop comes back, and because the persistent state
//! stays, reopening shows the app exactly as it was.
//!
//! What an app gets:
//! - [`System`]: input with key repeat, sound (`play`, `play_music`), random
//!   numbers, the frame, and the app's own save section (`system.save::<Self>()`,
//!   an `App::Save` loaded at power-on; call `system.storage.commit_soon()` on
//!   events such as a win, and only what changed is written, over the next
//!   frames, while the app goes on running). "Persistent" state is RAM that outlives the window, not
//!   SRAM: records that must survive power-off go in `App::Save`, whose `VERSION`
//!   and `migrate` carry players' records across format changes.
//! - **Suspend and resume**: a game in progress survives power-off through
//!   `App::Suspend`, a section of its own: the framework asks `suspend` for
//!   it as the window closes, while it runs every [`SUSPEND_FRAMES`] (a
//!   third of a second, in a frame with room for it, and at least once a
//!   second: a power cut costs at most the last second or so) and at once
//!   after `system.storage.suspend_soon()` (a win, a loss, a solve); it
//!   is written only when it changed, a little a frame beside the app. At power-on `resume` gets
//!   it back after `boot`. Like `Save`, it is versioned and migrates, and a
//!   damaged one is dropped with the boot notice.
//! - The drawing plane, a layer and the sprites: your text and pictures go on
//!   the drawing plane (`framework::plane`), a layer over the whole screen
//!   whose tiles were made at boot, so drawing is writing pixels (text boxes
//!   and raster areas do it for you); it shows over your window with your
//!   art's colours. The window's frame and wells go on a layer of your own
//!   (`window::layer`, priority 1), shown through the [`Canvas`]. Sprites
//!   beyond the hardware's 128 are dropped; tests can check
//!   `Canvas::objects`.
//! - **Button hints**: `button_hints` names the buttons that do something on
//!   the screen shown, in one short line the desktop's top bar shows while
//!   the window is open (Settings turns them off). Make each line with
//!   `hints!("A: open  B: flag")`: it is rendered as the ROM is built (a
//!   line too wide for the bar fails the build), so a screen change puts it
//!   up at once.
//! - **How to play**: a game's lesson comes up by itself on its first open
//!   and from its menu after; `lessons::seen` and `lessons::mark_seen` keep,
//!   by the app's id, whether it was done or skipped (ask `seen` in `boot`,
//!   so the section is read at power-on).
//! - The shared widgets in `framework/widgets/`: window frames, text boxes,
//!   lists, dialogs, the number pad, a timer.
//!
//! **Screens.** An app with more than one screen (a board, a menu, a pad)
//! holds one value of an enum, a variant per screen, each a type in a file
//! of its own that owns its state. A screen's `update` takes what the
//! screens share (the game, the view) and the [`System`], and answers what
//! comes next: the app's `Next` enum (stay, or which screen the player asked
//! for), never another screen's state. The app's `update` is one dispatch to
//! the screen up and a `go(next)` that puts up the screen named, handing on
//! what the old one owned; `draw` shows the screen up, `button_hints` and
//! `claims_start` answer for it. Adding a screen is its file, a variant,
//! and (if other screens lead to it) a `Next` variant. Poop Sweeper
//! (`src/sweeper/`: app.rs, next.rs and a file per screen) is the model.
//!
//! A minimal app is [`hello`] at the end of this file: compiled with the
//! in-ROM tests, which run it through its lifecycle, so it cannot go stale.
//! Register an app with one line in the `apps!` list in `src/lib.rs`,
//! `hello::Hello,` (its folder under src/ and its type; the desktop shows the
//! apps in that order). Its icon (`gfx/icons/hello.png`), music, sounds, art
//! and save section are declared in its own folder.

use alloc::boxed::Box;

pub use super::assets::Icon;
use super::{
    canvas::Canvas,
    save::{Saved, Suspended},
    system::System,
    transition::Area,
    widgets::prepared::PreparedLine,
};

/// Bytes an app may keep while closed (Goodboy Galaxy's Poop Sweeper kept 96).
pub const PERSISTENT_BUDGET: usize = 96;

/// Frames between an open app's suspend checks: a third of a second, so a
/// move is in SRAM within a second of being made (the check, the write's
/// slices into the journal, the journal copied), whatever the app.
pub const SUSPEND_FRAMES: u16 = 20;
/// Frames a periodic keep waits for room after the drawing before it
/// looks for room ahead of the drawing; and frames after which it runs
/// whatever the frame (outside the frames a search fills).
const KEEP_PATIENCE: u16 = 30;
/// The room a periodic keep looks for at least, in display lines: the last
/// keep's time says little when the game has just changed (a small board's
/// snapshot before a full-size field's), and a keep can wait for a lighter
/// frame.
const KEEP_LINES_AT_LEAST: u32 = 16;
const KEEP_AT_LATEST: u16 = 60;

/// How the app answers each update.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Request {
    /// Keep running.
    Stay,
    /// Close the app and go back to the desktop.
    Close,
}

/// What the desktop shows for an app.
pub struct AppInfo {
    /// Short id used in logged events (`event app.open name=sweeper`).
    pub id: &'static str,
    /// Label under the icon.
    pub label: &'static str,
    /// The app's desktop icon (gfx/icons/<app>.png).
    pub icon: Icon,
    /// Music while the app is open (its own `Tune`); `None` keeps the
    /// desktop's playing.
    pub music: Option<&'static super::sound::Tune>,
    /// Where the app's window sits once open; the open animation grows to it.
    /// Inside it only the app's layers show, over the windows' fill colour
    /// (`transition::mask`), so an app leaves its window's fill without
    /// tiles (`window::put` does). A window smaller than the screen has the
    /// UI's border, a tile all round; one the size of the screen has none.
    /// An app whose screens want another size says so in `App::window`.
    pub window: Area,
}

impl System<'_> {
    /// App `A`'s save section (see `App::Save`); write it with
    /// `storage.commit_soon()`.
    pub fn save<A: App>(&mut self) -> &mut A::Save {
        self.storage.section::<A::Save>(A::INFO.id)
    }

    /// App `A`'s save section, to read only: unlike `save`, asking adds
    /// nothing to the next save's work (a section asked for by `save` is
    /// encoded again as the next save starts, to see whether it changed).
    pub fn saved<A: App>(&mut self) -> &A::Save {
        self.storage.read::<A::Save>(A::INFO.id)
    }
}

/// Implement this for a zero-sized marker type to make an app.
pub trait App: 'static {
    type Persistent: 'static;
    type Working: 'static;
    /// What the app keeps in SRAM (its own versioned section); `()` for none.
    type Save: Saved;
    /// The game in progress as kept across power-off (a section of its own,
    /// see [`Suspended`]); `()` for none. See `suspend` and `resume`.
    type Suspend: Suspended;

    const INFO: AppInfo;

    /// The persistent state at power-on.
    fn boot(system: &mut System) -> Self::Persistent;
    /// Called as the window starts opening: build the working state.
    fn open(persistent: &mut Self::Persistent, system: &mut System) -> Self::Working;
    /// Called every frame from the start of the opening animation until it
    /// returns true: build the expensive parts of the working state (window
    /// tiles, sprites, text) a piece at a time, as many pieces a frame as
    /// the frame has room for, so no frame runs long and the window is whole
    /// when the animation ends (the player waits for what is still missing
    /// after it). The window stays in `Opening` until this is done; `update`
    /// starts after.
    fn prepare(
        _persistent: &mut Self::Persistent,
        _working: &mut Self::Working,
        _system: &mut System,
    ) -> bool {
        true
    }
    /// Called in the opening animation's frames left once `prepare` has
    /// returned true: work ahead, out of sight (a screen's tiles made before
    /// it is asked for). Nothing by default.
    fn prepare_ahead(
        _persistent: &mut Self::Persistent,
        _working: &mut Self::Working,
        _system: &mut System,
    ) {
    }
    /// One frame of logic while running: read the buttons, change the state,
    /// play sounds. START is handled by the desktop. No drawing: that is `draw`.
    fn update(
        persistent: &mut Self::Persistent,
        working: &mut Self::Working,
        system: &mut System,
    ) -> Request;
    /// Bring the window's tiles, text and sprites up to date with the state,
    /// after each `update` that keeps the app running. It reads the state and
    /// the app's save section (records to show); `&mut` is for the view's
    /// tiles and caches only. Saving runs beside it, a slice at a time in
    /// what the frame leaves (`save::Storage::flush`).
    fn draw(_persistent: &Self::Persistent, _working: &mut Self::Working, _saved: &Self::Save) {}
    /// Put the window's layers and sprites in this frame (agb's `show`). Runs
    /// every frame, save frames and animations included, so it only hands
    /// over what `prepare` and `draw` made.
    fn show(persistent: &Self::Persistent, working: &mut Self::Working, canvas: &mut Canvas);
    /// Where the window sits on the screen up: `INFO.window` unless a
    /// screen wants another size (Poop Sweeper's full-size fields fill the
    /// screen). Asked every frame once `open` has run; a change takes effect
    /// in the frame it is answered, with the screen that wants it.
    fn window(_persistent: &Self::Persistent, _working: &Self::Working) -> Area {
        Self::INFO.window
    }
    /// Whether START goes to the app this frame instead of closing it (a number
    /// pad confirms with START).
    fn claims_start(_persistent: &Self::Persistent, _working: &Self::Working) -> bool {
        false
    }
    /// The buttons that do something on the screen shown, as one short line
    /// made with [`hints!`](crate::framework::hints) (`hints!("A: open  B:
    /// flag")`, rendered as the ROM is built): the desktop shows it in its
    /// top bar while the window is open, unless Settings turned hints off
    /// (`button_hints`). An app whose window covers the bar shows its own;
    /// none by default.
    fn button_hints(
        _persistent: &Self::Persistent,
        _working: &Self::Working,
    ) -> Option<&'static PreparedLine> {
        None
    }
    /// Called when the app is about to close (START, or `Request::Close`), so
    /// named because the app's game is paused, not ended:
    /// pause timers, write records. The working state is dropped afterwards.
    fn pause(
        _persistent: &mut Self::Persistent,
        _working: &mut Self::Working,
        _system: &mut System,
    ) {
    }
    /// The game in progress, to be kept across power-off: asked for as the
    /// window closes (after `pause`; written once it has closed), and while
    /// it runs every
    /// [`SUSPEND_FRAMES`] and at once after `system.storage.suspend_soon()`,
    /// so keep it cheap: it is compared with what is kept. It may also
    /// bring the app's `Save` up to date (a draft kept there: `commit_soon`
    /// if it changed). The framework writes the game in progress only if it
    /// changed.
    /// The default keeps nothing.
    fn suspend(
        _persistent: &Self::Persistent,
        _working: &Self::Working,
        _system: &mut System,
    ) -> Self::Suspend {
        Self::Suspend::default()
    }
    /// At power-on, after `boot`: the game in progress last kept (the
    /// type's default when there is none, or when its section was damaged,
    /// which the boot notice says). Put it back into the persistent state.
    fn resume(_persistent: &mut Self::Persistent, _suspended: Self::Suspend) {}
    /// `prepare` in reverse: called every frame of the closing animation,
    /// after `pause`, until it returns true; let go of the expensive parts
    /// of the working state a piece at a time, so that dropping the rest at
    /// the end does not run long.
    fn dismantle(_working: &mut Self::Working) -> bool {
        true
    }
    /// `just bench` only (the `bench` feature): the app's own benchmarks,
    /// run at boot before the desktop, kept beside the app (see
    /// `framework/bench.rs` for the clock and the report). None by default.
    #[cfg(feature = "bench")]
    fn bench(_bench: &mut super::bench::Bench) {}
}

/// Where an app is in its lifecycle; the `u8` counts animation frames.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lifecycle {
    Opening(u8),
    Running,
    Closing(u8),
}

/// An app's persistent state plus, while open, its heap-allocated working state.
pub struct Slot<A: App> {
    persistent: A::Persistent,
    working: Option<Box<A::Working>>,
    /// `prepare` has returned true since the last open.
    prepared: bool,
    /// Frames run since the game in progress was last kept.
    unsuspended_frames: u16,
    /// Display lines the last keep took: what the next one looks for room
    /// for (a big game's snapshot takes a good share of a frame).
    keep_lines: u32,
}

impl<A: App> Slot<A> {
    const BUDGET_OK: () = assert!(
        core::mem::size_of::<A::Persistent>() <= PERSISTENT_BUDGET,
        "an app's persistent state is over budget"
    );

    pub fn new(system: &mut System) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::BUDGET_OK;
        if core::mem::size_of::<A::Save>() != 0 {
            // Loaded at power-on, so `boot` and every later frame find it.
            system.storage.section::<A::Save>(A::INFO.id);
        }
        // Whether its lesson was seen, read at power-on as every section is
        // (after the app's own section: a fresh chip's slots keep their order).
        super::lessons::load(&mut system.storage);
        let mut persistent = A::boot(system);
        if core::mem::size_of::<A::Suspend>() != 0 {
            let suspended = system
                .storage
                .section::<A::Suspend>(A::Suspend::OWNER)
                .clone();
            A::resume(&mut persistent, suspended);
        }
        Self {
            persistent,
            working: None,
            prepared: false,
            unsuspended_frames: 0,
            keep_lines: 0,
        }
    }

    /// Whether a periodic keep may run now: not while a write goes on (its
    /// slices would meet the keeping's work in the same frames, a period
    /// apart, and what it writes is what was kept before: the next keep
    /// follows it), and with room left in the frame (a big game's snapshot
    /// takes a good share of one).
    fn keep_fits(&self, system: &System) -> bool {
        system.storage.is_idle()
            && super::frame_time::room_for_work(self.keep_lines.max(KEEP_LINES_AT_LEAST))
    }

    /// Keep the game in progress in its section; if it changed and `now`,
    /// written at the start of a later frame (else with the next save).
    fn keep_suspended(&mut self, system: &mut System, write: Write) {
        if core::mem::size_of::<A::Suspend>() == 0 {
            return;
        }
        self.unsuspended_frames = 0;
        let Some(working) = self.working.as_deref() else {
            return;
        };
        let start = super::frame_time::lines_used();
        let game = A::suspend(&self.persistent, working, system);
        // Read first: a section asked for to change is encoded again as the
        // next save starts.
        let changed = *system.storage.read::<A::Suspend>(A::Suspend::OWNER) != game;
        if changed {
            *system.storage.section::<A::Suspend>(A::Suspend::OWNER) = game;
        }
        self.keep_lines = super::frame_time::lines_used().saturating_sub(start) + 1;
        if changed {
            match write {
                Write::WithNextSave => {}
                Write::Quietly => system.storage.commit_quietly(),
                Write::Soon => system.storage.commit_soon(),
            }
        }
    }

    /// A booted app on the heap, as the desktop holds it.
    pub fn boxed(system: &mut System) -> Box<dyn AppSlot> {
        Box::new(Self::new(system))
    }

    #[cfg(test)]
    pub fn persistent(&self) -> &A::Persistent {
        &self.persistent
    }

    #[cfg(test)]
    pub fn working(&self) -> Option<&A::Working> {
        self.working.as_deref()
    }
}

/// When a changed game in progress is written (`Slot::keep_suspended`).
#[derive(Clone, Copy)]
enum Write {
    /// With the next save asked for (the desktop's, as a window closes).
    WithNextSave,
    /// Soon, without the saving mark: the periodic keeping of every move.
    Quietly,
    /// Soon, the saving mark up: a win, a loss, a solve.
    Soon,
}

/// The object-safe face of a [`Slot`], so the desktop can hold different apps.
pub trait AppSlot {
    fn info(&self) -> &'static AppInfo;
    fn open(&mut self, system: &mut System);
    fn prepare(&mut self, system: &mut System) -> bool;
    fn update(&mut self, system: &mut System) -> Request;
    fn draw(&mut self, system: &mut System);
    fn show(&mut self, canvas: &mut Canvas);
    fn pause(&mut self, system: &mut System);
    fn claims_start(&self) -> bool;
    /// Where the window sits (`App::window`; `INFO.window` while closed).
    fn window(&self) -> Area;
    /// The open window's button hints (`App::button_hints`).
    fn button_hints(&self) -> Option<&'static PreparedLine>;
    fn dismantle(&mut self) -> bool;
    fn close(&mut self);
    /// Put the open app's game in progress in its section (written with
    /// the next save): before a soft reset or a sleep.
    fn keep_game(&mut self, system: &mut System);
    #[cfg(any(debug_assertions, feature = "events"))]
    fn persistent_bytes(&self) -> usize;
}

impl<A: App> AppSlot for Slot<A> {
    fn info(&self) -> &'static AppInfo {
        &A::INFO
    }

    fn open(&mut self, system: &mut System) {
        if self.working.is_none() {
            self.working = Some(Box::new(A::open(&mut self.persistent, system)));
            self.prepared = false;
        }
    }

    fn prepare(&mut self, system: &mut System) -> bool {
        match self.working.as_deref_mut() {
            Some(working) if self.prepared => {
                A::prepare_ahead(&mut self.persistent, working, system);
            }
            Some(working) => self.prepared = A::prepare(&mut self.persistent, working, system),
            None => self.prepared = true,
        }
        self.prepared
    }

    fn update(&mut self, system: &mut System) -> Request {
        let request = match self.working.as_deref_mut() {
            Some(working) => A::update(&mut self.persistent, working, system),
            None => Request::Close,
        };
        self.unsuspended_frames = self.unsuspended_frames.saturating_add(1);
        // Asked for (a win, a loss, a solve): kept now, to go out with the
        // records the same move changed. The periodic keep goes after the
        // drawing, in what the frame has left (`draw`); one that waited
        // `KEEP_PATIENCE` frames for that goes here, ahead of the drawing,
        // in a frame with room.
        let overdue = self.unsuspended_frames >= SUSPEND_FRAMES + KEEP_PATIENCE;
        let last_chance = self.unsuspended_frames >= KEEP_AT_LATEST
            && system.storage.is_idle()
            && !super::frame_time::is_waiting();
        if system.storage.take_suspend_request() {
            self.keep_suspended(system, Write::Soon);
        } else if (overdue && self.keep_fits(system)) || last_chance {
            self.keep_suspended(system, Write::Quietly);
        }
        request
    }

    fn draw(&mut self, system: &mut System) {
        if let Some(working) = self.working.as_deref_mut() {
            if core::mem::size_of::<A::Save>() == 0 {
                // An app that saves nothing has no section to lend (`new`).
                A::draw(&self.persistent, working, &A::Save::default());
            } else {
                // Read only: drawing leaves the next flush nothing to check.
                let saved = system.storage.read::<A::Save>(A::INFO.id);
                A::draw(&self.persistent, working, saved);
            }
        }
        if self.unsuspended_frames >= SUSPEND_FRAMES && self.keep_fits(system) {
            self.keep_suspended(system, Write::Quietly);
        }
    }

    fn show(&mut self, canvas: &mut Canvas) {
        if let Some(working) = self.working.as_deref_mut() {
            A::show(&self.persistent, working, canvas);
        }
    }

    fn pause(&mut self, system: &mut System) {
        if let Some(working) = self.working.as_deref_mut() {
            A::pause(&mut self.persistent, working, system);
        }
        // Written once the window has closed, with the desktop's save: a
        // closing animation's frames are the heaviest.
        self.keep_suspended(system, Write::WithNextSave);
    }

    fn claims_start(&self) -> bool {
        self.working
            .as_deref()
            .is_some_and(|working| A::claims_start(&self.persistent, working))
    }

    fn window(&self) -> Area {
        self.working.as_deref().map_or(A::INFO.window, |working| {
            A::window(&self.persistent, working)
        })
    }

    fn button_hints(&self) -> Option<&'static PreparedLine> {
        self.working
            .as_deref()
            .and_then(|working| A::button_hints(&self.persistent, working))
    }

    fn dismantle(&mut self) -> bool {
        self.working.as_deref_mut().is_none_or(A::dismantle)
    }

    fn close(&mut self) {
        self.working = None;
    }

    fn keep_game(&mut self, system: &mut System) {
        self.keep_suspended(system, Write::WithNextSave);
    }

    #[cfg(any(debug_assertions, feature = "events"))]
    fn persistent_bytes(&self) -> usize {
        core::mem::size_of::<A::Persistent>()
    }
}

/// The smallest complete app: a titled window that counts presses of A,
/// keeps the count in its save section (so it survives power-off) and
/// closes on B. Its folder would hold this file and `gfx/icons/hello.png`.
#[cfg(test)]
pub mod hello {
    use agb::{display::tiled::RegularBackground, input::Button};
    use serde::{Deserialize, Serialize};

    use crate::framework::{
        App, AppInfo, Request, System,
        app::Icon,
        assets::sfx,
        canvas::Canvas,
        save::{Saved, Suspended},
        transition::Area,
        widgets::{text::TextBox, window},
    };

    pub struct Hello;

    agb::include_background_gfx!(mod icon, HELLO => "gfx/icons/settings.png");

    const WINDOW: Area = Area::new(32, 32, 176, 96);
    /// Window tile rows drawn per frame while opening (each tile is costly
    /// to write, so a whole window at once would overrun the frame).
    const ROWS_PER_FRAME: i32 = 4;

    /// What survives power-off.
    #[derive(Serialize, Deserialize, Default)]
    pub struct HelloSave {
        presses: u16,
    }

    impl Saved for HelloSave {
        const VERSION: u8 = 1;
    }

    /// What it keeps of its "game in progress" across power-off: the times
    /// opened (`App::Suspend`; a game keeps its board here).
    #[derive(Serialize, Deserialize, Clone, Default, PartialEq)]
    pub struct HelloGame {
        opened: u8,
    }

    impl Saved for HelloGame {
        const VERSION: u8 = 1;
    }

    impl Suspended for HelloGame {
        const OWNER: &'static str = "hello.game";
    }

    pub struct Working {
        /// The window frame and its text (`window::layers`).
        frame_layer: RegularBackground,
        text: TextBox,
        /// Window rows drawn so far.
        built: i32,
    }

    impl App for Hello {
        /// Times opened: kept while closed, and across power-off through
        /// `suspend` and `resume`.
        type Persistent = u8;
        type Working = Working;
        type Save = HelloSave;
        type Suspend = HelloGame;

        const INFO: AppInfo = AppInfo {
            id: "hello",
            label: "Hello",
            icon: Icon {
                tiles: &icon::HELLO,
                palettes: &icon::PALETTES,
            },
            music: None,
            window: WINDOW,
        };

        fn boot(_system: &mut System) -> u8 {
            0
        }

        fn suspend(opened: &u8, _working: &Working, _system: &mut System) -> HelloGame {
            HelloGame { opened: *opened }
        }

        fn resume(opened: &mut u8, game: HelloGame) {
            *opened = game.opened;
        }

        fn open(opened: &mut u8, _system: &mut System) -> Working {
            *opened = opened.saturating_add(1);
            let frame_layer = window::layer();
            Working {
                frame_layer,
                text: TextBox::new((WINDOW.x + 8, WINDOW.y + 3), 20, 1),
                built: 0,
            }
        }

        fn prepare(_opened: &mut u8, working: &mut Working, system: &mut System) -> bool {
            let rows = WINDOW.height / 8;
            if working.built < rows {
                let first = working.built;
                window::draw_window_rows(
                    &mut working.frame_layer,
                    WINDOW,
                    true,
                    first..first + ROWS_PER_FRAME,
                );
                working.built += ROWS_PER_FRAME;
                return false;
            }
            let presses = system.save::<Hello>().presses;
            let title = alloc::format!("Hello: {presses}");
            working.text.set_gradually(&title);
            true
        }

        fn update(_opened: &mut u8, working: &mut Working, system: &mut System) -> Request {
            if system.input.just_pressed(Button::A) {
                let save = system.save::<Hello>();
                save.presses = save.presses.saturating_add(1);
                let title = alloc::format!("Hello: {}", save.presses);
                system.storage.commit_soon();
                system.sound.play(sfx::CONFIRM);
                working.text.set_gradually(&title);
            }
            if system.input.just_pressed(Button::B) {
                Request::Close
            } else {
                Request::Stay
            }
        }

        fn draw(_opened: &u8, working: &mut Working, _saved: &HelloSave) {
            // Text is drawn a line at a time, as the frame has room.
            let _ = working.text.advance();
        }

        fn show(_opened: &u8, working: &mut Working, canvas: &mut Canvas) {
            canvas.background(&working.frame_layer);
        }
    }

    #[test_case]
    fn hello_runs_through_its_lifecycle(gba: &mut agb::Gba) {
        use crate::framework::{AppSlot, Slot, input::Input, save::Storage, sound::Sound};
        let mut system = System {
            input: Input::new(),
            sound: Sound::new(&mut gba.mixer),
            storage: Storage::detached(),
            rng: crate::random::Rng::new(1),
            frame: 0,
            app_palette: 0,
        };
        let mut slot = Slot::<Hello>::new(&mut system);
        for times in 1..=2 {
            // The desktop sees every app through the object-safe `AppSlot`.
            let app: &mut dyn AppSlot = &mut slot;
            assert_eq!(app.info().id, "hello");
            app.open(&mut system);
            // Preparing ends, and with every row of the window drawn and
            // the title on its way.
            let rows = WINDOW.height / 8;
            let mut frames = 1;
            while !app.prepare(&mut system) {
                frames += 1;
                assert!(frames <= rows + 1, "still preparing after {frames} frames");
            }
            assert!(app.prepare(&mut system), "done stays done");
            let working = slot.working().expect("open: working state");
            assert!(
                working.built >= rows,
                "{} of {rows} rows drawn",
                working.built
            );
            assert!(working.text.is_drawing(), "the title waits to be drawn");
            let app: &mut dyn AppSlot = &mut slot;
            assert_eq!(app.update(&mut system), Request::Stay);
            for _ in 0..rows {
                // A frame's drawing starts as the display's blank does.
                agb::display::busy_wait_for_vblank();
                app.draw(&mut system);
            }
            let working = slot.working().expect("open: working state");
            assert!(!working.text.is_drawing(), "the title is drawn");
            let app: &mut dyn AppSlot = &mut slot;
            app.pause(&mut system);
            app.close();
            assert_eq!(
                app.update(&mut system),
                Request::Close,
                "closed: no working state"
            );
            assert_eq!(app.persistent_bytes(), 1);
            assert_eq!(*slot.persistent(), times);
        }
        // Power-on again with the same save: the count was kept as the
        // window closed, and is resumed.
        let again = Slot::<Hello>::new(&mut system);
        assert_eq!(*again.persistent(), 2);
    }
}
