//! The pause-menu desktop: wallpaper, app icons with labels, a cursor, the status
//! bar with the play-time clock, and the life cycle of the one open app.

use agb::{
    display::{
        Graphics, GraphicsFrame, Priority,
        object::Object,
        tiled::{RegularBackground, RegularBackgroundSize, TileFormat},
    },
    input::Button,
};

use super::{
    app::{AppSlot, Lifecycle, Request},
    assets, button_hints,
    canvas::Canvas,
    frame_time, plane,
    system::System,
    transition::{self, Area},
    widgets::{
        prepared::{PreparedLine, prepared},
        status_bar::{SAVING_MARK, StatusBar, hints},
        text::{Align, TextBox},
        timer::SecondClock,
        window,
    },
};

/// Icon grid: up to 4 apps per row.
const COLUMNS: usize = 4;
const ICON_SIZE: i32 = 32;
/// Where the first icon's 32x32 cell starts.
const GRID_LEFT: i32 = 24;
const GRID_TOP: i32 = 32;
const CELL_WIDTH: i32 = 56;
const CELL_HEIGHT: i32 = 56;
// Icons are background tiles: a cell off the 8 px grid would be drawn rounded
// down, away from its ring, label and window animation.
const _: () = assert!(GRID_LEFT % 8 == 0 && GRID_TOP % 8 == 0);
const _: () = assert!(CELL_WIDTH % 8 == 0 && CELL_HEIGHT % 8 == 0);
/// What the desktop's bottom line shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HintLine {
    /// The boot notice (save repaired, new save...).
    Notice,
    /// The desktop's buttons (and the way back from an app).
    Controls,
    /// Settings turned button hints off.
    Off,
}

/// The top bar's title, where an open app's button hints go.
const TITLE: &PreparedLine = hints!("Pocket Desk");

/// The desktop's buttons, on its bottom line.
const CONTROLS: &PreparedLine = prepared!("A: open    START in an app: back here");
const _: () = assert!(CONTROLS.width <= HINT_COLUMNS * 8);

/// Where the desktop's bottom line starts (it is cleared while a window is
/// open).
const HINT_ORIGIN: (i32, i32) = (12, 146);
/// The bottom line's width in tiles.
const HINT_COLUMNS: i32 = 29;

/// Frames an opening window waits at most for a save under way to go out a
/// slice at a time (`Desktop::waits_for_save`); then it goes out at once.
const SAVE_WAIT_FRAMES: u8 = 30;

/// How long the boot notice (save repaired, new save...) stays up.
const NOTICE_FRAMES: u32 = 60 * 5;

/// The window starts closing: the app pauses (`App::pause`), the desk's
/// tune comes back.
fn close(app: &mut dyn AppSlot, system: &mut System) -> Lifecycle {
    app.pause(system);
    system.sound.play(assets::sfx::CLOSE);
    system.sound.play_music(&assets::DESKTOP_TUNE);
    crate::event!("app.close name={}", app.info().id);
    crate::event!("anim.start window=closing");
    Lifecycle::Closing(0)
}

/// What the title's place shows while `app` is open: its button hints, or
/// the title when Settings turned them off or the app has none.
fn hints_of(app: &dyn AppSlot) -> &'static PreparedLine {
    let hints = if button_hints::shown() {
        app.button_hints()
    } else {
        None
    };
    hints.unwrap_or(TITLE)
}

/// What the desktop tells its host (see `framework/mod.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DesktopRequest {
    Stay,
    /// The player pressed B on the desktop: a game embedding the menu resumes.
    Leave,
}

pub struct Desktop {
    wallpaper: RegularBackground,
    desk: RegularBackground,
    status: StatusBar,
    hint: TextBox,
    selected: usize,
    active: Option<(usize, Lifecycle)>,
    app_count: usize,
    /// The play time's second under way.
    play_clock: SecondClock,
    /// The frame the play time last counted (`None` until the desktop first
    /// runs, and again after it hands the frame loop back to a game).
    last_counted_frame: Option<u32>,
    /// Desktop frames the boot notice stays up (counted from when the desktop
    /// first runs, not from when it was built behind the splash).
    notice_frames_left: u32,
    /// What the hint line shows, or `None` before its first drawing.
    hint_shows: Option<HintLine>,
    /// The boot notice's line, with the apps it names by their labels.
    notice: Option<alloc::string::String>,
    /// Frames the opening window has waited for a save under way.
    save_waited: u8,
    /// Heap accounting for debug/test builds (see `log_heap_after_close`);
    /// `None` while a save under way holds heap: measured once it is out.
    #[cfg(any(debug_assertions, feature = "events"))]
    heap_baseline: Option<usize>,
    /// An app closed whose heap is looked at once no save is under way.
    #[cfg(any(debug_assertions, feature = "events"))]
    heap_check: Option<(usize, &'static str)>,
    /// Kept so their text tiles live as long as the desktop.
    _labels: alloc::vec::Vec<TextBox>,
    /// Frame of the selection ring (it pulses).
    ring_frame: usize,
    /// START was pressed while the window opened: it closes once open.
    close_asked: bool,
    /// Frames until the boot logo, still on the drawing plane (`splash`),
    /// is blanked: once the desktop's first frame has replaced it on screen
    /// (`None`: done).
    splash_on_plane: Option<u8>,
}

impl Desktop {
    pub fn new(gfx: &mut Graphics, apps: &[&mut dyn AppSlot], system: &mut System) -> Self {
        gfx.set_background_palettes(assets::desktop::PALETTES);
        // Where an app's window has no tile, its fill shows (`window::put`).
        gfx.set_background_palette_colour(0, 0, window::fill_colour());
        assets::set_text_palettes(gfx);
        let mut wallpaper = RegularBackground::new(
            Priority::P3,
            RegularBackgroundSize::Background32x32,
            TileFormat::FourBpp,
        );
        wallpaper.fill_with(&assets::desktop::WALLPAPER);
        let mut desk = RegularBackground::new(
            Priority::P2,
            RegularBackgroundSize::Background32x32,
            TileFormat::FourBpp,
        );
        // Loaded now, with every other section (a power cut finds it so).
        let _ = button_hints::load(&mut system.storage);
        let status = StatusBar::new(&mut desk, TITLE);
        let mut labels = alloc::vec::Vec::with_capacity(apps.len());
        for (index, app) in apps.iter().enumerate() {
            let (x, y) = icon_position(index);
            let icon = &app.info().icon;
            let palette = assets::load_icon_palette(gfx, icon, index);
            assets::draw_icon(&mut desk, icon, palette, (x / 8, y / 8));
            let origin = (x - 12, y + ICON_SIZE + 2);
            plain_wallpaper(&mut wallpaper, origin, (7 * 8, LABEL_HEIGHT));
            let mut label = TextBox::on_layer(&mut desk, origin, 7, 2);
            label.set_centred(app.info().label);
            labels.push(label);
        }
        plain_wallpaper(
            &mut wallpaper,
            HINT_ORIGIN,
            (HINT_COLUMNS * 8, LABEL_HEIGHT),
        );
        let hint = TextBox::on_layer(&mut desk, HINT_ORIGIN, HINT_COLUMNS, 1);
        // An app's sections are its id's, and its game in progress's
        // (`sweeper.game`).
        let label = |owner: &str| {
            let app = owner.split('.').next().unwrap_or(owner);
            apps.iter()
                .map(|app| app.info())
                .find(|info| info.id == app)
                .map_or("an app", |info| info.label)
        };
        let notice = system
            .storage
            .notice
            .as_ref()
            .map(|notice| notice.text(&label));
        let notice_frames_left = if notice.is_some() { NOTICE_FRAMES } else { 0 };
        system.sound.play_music(&assets::DESKTOP_TUNE);
        let mut desktop = Self {
            wallpaper,
            desk,
            status,
            hint,
            selected: 0,
            active: None,
            app_count: apps.len(),
            play_clock: SecondClock::new(),
            last_counted_frame: None,
            notice_frames_left,
            hint_shows: None,
            notice,
            save_waited: 0,
            #[cfg(any(debug_assertions, feature = "events"))]
            heap_baseline: None,
            #[cfg(any(debug_assertions, feature = "events"))]
            heap_check: None,
            _labels: labels,
            ring_frame: assets::RING,
            close_asked: false,
            splash_on_plane: Some(1),
        };
        // First draw of the clock and hint now, while the splash is up.
        desktop.switch_hint_line();
        desktop.draw_status(system);
        desktop.hint.finish();
        announce_ring(desktop.selected);
        desktop
    }

    /// The app whose window is open or animating, if any.
    pub fn active(&self) -> Option<(usize, Lifecycle)> {
        self.active
    }

    /// Put the open app's game in progress in its section, to be written
    /// before a soft reset or a sleep.
    pub fn keep_open_game(&self, apps: &mut [&mut dyn AppSlot], system: &mut System) {
        if let Some((index, Lifecycle::Running)) = self.active
            && let Some(app) = apps.get_mut(index)
        {
            app.keep_game(system);
        }
    }

    pub fn update(&mut self, apps: &mut [&mut dyn AppSlot], system: &mut System) -> DesktopRequest {
        self.splash_on_plane = match self.splash_on_plane {
            Some(0) => {
                plane::clear();
                None
            }
            frames => frames.map(|frames| frames - 1),
        };
        self.tick_clock(system);
        self.status.catch_up();
        #[cfg(any(debug_assertions, feature = "events"))]
        self.check_heap_after_close(system);
        let was_open = self.active.is_some();
        let request = self.update_windows(apps, system);
        self.status.set_saving(system.storage.is_saving());
        // The clock and title catch up next frame when this one opened or
        // closed a window: together with that they took over half a frame.
        // (An open window's hints are set in `update_windows`.)
        if was_open == self.active.is_some() {
            if !matches!(
                self.active,
                Some((_, Lifecycle::Running | Lifecycle::Opening(_)))
            ) {
                self.status.set_title(TITLE);
            }
            self.switch_hint_line();
            self.draw_status(system);
        }
        request
    }

    /// The open app's button hints in the status bar (`hints_of`), now or
    /// first thing next frame (`StatusBar::set_title`).
    fn show_hints(&mut self, app: &dyn AppSlot) {
        self.status.set_title(hints_of(app));
    }

    /// The icons, or the open window's app and its opening and closing.
    fn update_windows(
        &mut self,
        apps: &mut [&mut dyn AppSlot],
        system: &mut System,
    ) -> DesktopRequest {
        let Some((index, lifecycle)) = self.active else {
            return self.update_icons(apps, system);
        };
        let Some(app) = apps.get_mut(index) else {
            self.active = None;
            return DesktopRequest::Stay;
        };
        self.active = match lifecycle {
            Lifecycle::Opening(step) => {
                // START while the window opens closes it once it is open
                // (the app gets no update before).
                self.close_asked |= system.input.just_pressed(Button::Start);
                if step == 0 {
                    if self.waits_for_save(system) {
                        return DesktopRequest::Stay;
                    }
                    self.open(index, &mut **app, system);
                }
                let prepared = app.prepare(system);
                if step > 0 && prepared {
                    // Up while the window opens, once the app has built
                    // what it shows, so they are there when it is.
                    self.show_hints(&**app);
                }
                if step < transition::FRAMES {
                    if step + 1 == transition::FRAMES {
                        crate::event!("anim.end window=opening");
                    }
                    Some((index, Lifecycle::Opening(step + 1)))
                } else if prepared && step == transition::FRAMES {
                    // Its last preparing may have filled this frame: the app
                    // runs, and its tune starts, from the next.
                    Some((index, Lifecycle::Opening(step + 1)))
                } else if prepared && core::mem::take(&mut self.close_asked) {
                    Some((index, close(&mut **app, system)))
                } else if prepared {
                    crate::event!("app.running name={}", app.info().id);
                    #[cfg(any(debug_assertions, feature = "events"))]
                    super::perf::log_memory(app.info().id);
                    // The app's tune once the window is open: switching
                    // trackers on top of the opening animation's frames
                    // would put one over budget.
                    system
                        .sound
                        .play_music(app.info().music.unwrap_or(&assets::DESKTOP_TUNE));
                    Some((index, Lifecycle::Running))
                } else {
                    Some((index, Lifecycle::Opening(step)))
                }
            }
            Lifecycle::Running => {
                let start_closes = system.input.just_pressed(Button::Start) && !app.claims_start();
                let wants_close = start_closes || app.update(system) == Request::Close;
                if wants_close {
                    Some((index, close(&mut **app, system)))
                } else {
                    // The hints of the screen the update chose, before its
                    // drawing (which a screen change makes heavy): while
                    // the display is still in vertical blank they go up with
                    // the press's own frame, else first thing next frame.
                    self.show_hints(&**app);
                    app.draw(system);
                    Some((index, Lifecycle::Running))
                }
            }
            Lifecycle::Closing(step) => {
                // The app lets go of its heavy parts over the animation's
                // frames (and after, if it needs more).
                let dismantled = app.dismantle();
                if step < transition::FRAMES || !dismantled {
                    if step + 1 == transition::FRAMES {
                        crate::event!("anim.end window=closing");
                    }
                    let step = step.saturating_add(1).min(transition::FRAMES);
                    self.active = Some((index, Lifecycle::Closing(step)));
                    return DesktopRequest::Stay;
                }
                app.close();
                // Out of sight now: the next app opens on a blank plane.
                plane::clear();
                // Heap accounting before the save below (agb's save slots
                // keep bookkeeping of their own that changes as they rotate),
                // once a save under way has gone out: it holds heap while it
                // does.
                #[cfg(any(debug_assertions, feature = "events"))]
                {
                    self.heap_check = Some((index, app.info().id));
                    self.check_heap_after_close(system);
                }
                // Closing an app is an event worth a save: it keeps the play
                // time (and anything the app changed) if the power goes. Done
                // next frame: freeing the window already fills this one.
                system.storage.commit_soon();
                announce_ring(self.selected);
                None
            }
        };
        DesktopRequest::Stay
    }

    /// Debug/test builds: heap accounting after a close, against the heap just
    /// before the same app opened. The first time, agb's sprite cache and tile
    /// tables may grow to a high-water mark and keep their capacity; on every
    /// later open/close the heap must come back exactly, or the app leaks.
    /// (Measured across one open/close only, so the desktop's own first-time
    /// allocations in between cannot be mistaken for the app's.)
    #[cfg(any(debug_assertions, feature = "events"))]
    fn check_heap_after_close(&mut self, system: &System) {
        if system.storage.is_idle()
            && let Some((index, id)) = self.heap_check.take()
        {
            self.log_heap_after_close(index, id);
        }
    }

    #[cfg(any(debug_assertions, feature = "events"))]
    fn log_heap_after_close(&mut self, index: usize, id: &str) {
        let heap = crate::framework::heap::in_use();
        let since_open = heap as isize - self.baseline() as isize;
        // Kept past the desktop: a game's pause menu is a new desktop each
        // time, the apps the same.
        static CLOSED_BEFORE: agb::external::portable_atomic::AtomicU32 =
            agb::external::portable_atomic::AtomicU32::new(0);
        let bit = 1u32.checked_shl(index as u32).unwrap_or(0);
        let before = CLOSED_BEFORE.fetch_or(bit, agb::external::portable_atomic::Ordering::Relaxed);
        if before & bit != 0 {
            crate::event!("app.closed name={} leak={} heap={}", id, since_open, heap);
        } else {
            crate::event!(
                "app.closed name={} leak=first heap={} since_open={}",
                id,
                heap,
                since_open
            );
        }
    }

    fn update_icons(
        &mut self,
        apps: &mut [&mut dyn AppSlot],
        system: &mut System,
    ) -> DesktopRequest {
        // The selection ring glows brighter for half of every second.
        self.ring_frame = if system.frame % 60 < 30 {
            assets::RING
        } else {
            assets::RING_BRIGHT
        };
        let (dx, dy) = system.input.repeated_direction();
        if (dx, dy) != (0, 0) {
            let moved = self.moved_selection(dx, dy);
            if moved != self.selected {
                self.selected = moved;
                announce_ring(moved);
                system.sound.play(assets::sfx::CURSOR);
                crate::event!("desktop.select index={}", moved);
            }
        }
        if system.input.just_pressed(Button::A) {
            // The moment the player presses A is the only entropy a GBA
            // without a clock has: mix it into the random numbers.
            system.rng.mix(system.frame);
            if self.selected < apps.len() {
                // The window opens from the next frame, which makes the
                // app's working state before the first of its drawing, so
                // that drawing knows the frame's room.
                system.sound.play(assets::sfx::OPEN);
                crate::event!("settle.unignore id=ring");
                crate::event!("anim.start window=opening");
                self.active = Some((self.selected, Lifecycle::Opening(0)));
                self.close_asked = false;
                #[cfg(any(debug_assertions, feature = "events"))]
                self.measure_heap_baseline(system);
            }
        } else if system.input.just_pressed(Button::B) {
            // The game's own frames until it pauses again are not play time here.
            self.last_counted_frame = None;
            return DesktopRequest::Leave;
        }
        DesktopRequest::Stay
    }

    /// Whether the window waits at its icon for a save under way (a window
    /// just closed keeps its game): the app starts on the heap as the
    /// desktop leaves it at rest. The frame loop's flush takes the write a
    /// slice at a time in what each frame has room for, which is most of
    /// a desktop frame; a frame or two of waiting, where finishing it in
    /// one frame would have run past the budget.
    fn waits_for_save(&mut self, system: &mut System) -> bool {
        if !system.storage.is_settled() {
            self.save_waited = self.save_waited.saturating_add(1);
            if self.save_waited < SAVE_WAIT_FRAMES {
                return true;
            }
            // Waited long enough: everything goes out now.
            system.storage.commit();
        }
        self.save_waited = 0;
        // Heap accounting (debug/test builds) once the save is out, in a
        // frame of its own: the probe and opening together could run past
        // the budget.
        #[cfg(any(debug_assertions, feature = "events"))]
        if self.heap_baseline.is_none() {
            self.measure_heap_baseline(system);
            return true;
        }
        false
    }

    /// Debug/test builds: the heap before an app opens, when no save holds
    /// any. The app's working state is what `open` allocates; after close
    /// the heap must be back here.
    #[cfg(any(debug_assertions, feature = "events"))]
    fn measure_heap_baseline(&mut self, system: &System) {
        self.heap_baseline = system
            .storage
            .is_settled()
            .then(crate::framework::heap::in_use);
    }

    #[cfg(any(debug_assertions, feature = "events"))]
    fn baseline(&self) -> usize {
        self.heap_baseline.unwrap_or(0)
    }

    /// The first frame of a window's opening: the app makes its working state.
    fn open(&mut self, index: usize, app: &mut dyn AppSlot, system: &mut System) {
        system.app_palette = assets::icon_palette_slot(index);
        if self.splash_on_plane.take().is_some() {
            plane::clear();
        }
        // The plane takes the app's colours: its art's, which its icon's are.
        if let Some(palette) = app.info().icon.palettes.first() {
            plane::set_palette(palette);
        }
        app.open(system);
        #[cfg(any(debug_assertions, feature = "events"))]
        crate::event!(
            "app.open name={} persistent={} working_heap={}",
            app.info().id,
            app.persistent_bytes(),
            crate::framework::heap::in_use() as isize - self.baseline() as isize
        );
    }

    fn moved_selection(&self, dx: i32, dy: i32) -> usize {
        if self.app_count == 0 {
            return 0;
        }
        let count = self.app_count as i32;
        let columns = COLUMNS as i32;
        let current = self.selected as i32;
        let mut column = current % columns + dx;
        let mut row = current / columns + dy;
        let rows = (count + columns - 1) / columns;
        row = row.clamp(0, rows - 1);
        column = column.clamp(0, columns - 1);
        let target = (row * columns + column).min(count - 1);
        target.max(0) as usize
    }

    fn tick_clock(&mut self, system: &mut System) {
        // Every frame since the last one counted: a frame spent saving,
        // when the desktop waits, is play time too.
        let frames = self
            .last_counted_frame
            .map_or(1, |last| system.frame.wrapping_sub(last));
        self.last_counted_frame = Some(system.frame);
        let seconds = self.play_clock.advance(frames);
        let desk = &mut system.storage.desk;
        desk.play_seconds = desk.play_seconds.saturating_add(seconds);
        // The notice's time runs only while it can be read: on the desktop.
        if self.active.is_none() {
            if self.notice_frames_left == 1 {
                // A timed message: what replaces it counts from here for the
                // harness's settle measure, as after an animation.
                crate::event!("anim.end note=desk_notice");
            }
            self.notice_frames_left = self.notice_frames_left.saturating_sub(1);
        }
    }

    /// Whether the boot notice still has time to be read.
    fn notice_due(&self) -> bool {
        self.notice_frames_left > 0 && self.notice.is_some()
    }

    /// Whether an app's window is on screen: opening, open, or closing
    /// until its animation ends (its app may let go of its tiles after).
    fn window_shown(&self) -> bool {
        match self.active {
            Some((_, Lifecycle::Opening(_) | Lifecycle::Running)) => true,
            Some((_, Lifecycle::Closing(step))) => step < transition::FRAMES,
            None => false,
        }
    }

    /// Redraw the clock where it changed, and type more of the notice.
    fn draw_status(&mut self, system: &System) {
        self.status.set_play_time(system.storage.desk.play_seconds);
        let _ = self.hint.advance();
    }

    /// Switch the bottom line to what it should show, where the frame has
    /// room (else next frame).
    fn switch_hint_line(&mut self) {
        // Nothing under an open window: a long line would show beside a
        // small one, and the desktop's buttons are not the window's.
        let wanted = if self.window_shown() || !button_hints::shown() && !self.notice_due() {
            HintLine::Off
        } else if self.notice_due() {
            HintLine::Notice
        } else {
            HintLine::Controls
        };
        static HINT_LINE: frame_time::Piece = frame_time::Piece::new();
        if self.hint_shows != Some(wanted) && HINT_LINE.room() {
            self.hint_shows = Some(wanted);
            // The notice, made at run time, is typed as the frames have
            // room; the rest goes up at once.
            match wanted {
                HintLine::Notice => self
                    .hint
                    .set_gradually(self.notice.as_deref().unwrap_or("")),
                HintLine::Controls => self.hint.show(CONTROLS, Align::Left),
                HintLine::Off => self.hint.blank(),
            }
            frame_time::piece_done();
        }
    }

    pub fn show(&mut self, apps: &mut [&mut dyn AppSlot], frame: &mut GraphicsFrame) -> usize {
        let mut canvas = Canvas::new(frame);
        canvas.background(&self.wallpaper);
        canvas.background(&self.desk);
        let desktop_layers: heapless::Vec<_, 2> = canvas.backgrounds().iter().copied().collect();
        let Some((index, lifecycle)) = self.active else {
            let (x, y) = icon_position(self.selected);
            let mut cursor = Object::new(assets::sprites::SELECTION.sprite(self.ring_frame));
            // The ring's frame is concentric with the icons', so it goes on
            // the icon's own cell; tests/e2e/desktop_ring.play checks it on
            // screen.
            cursor.set_pos((x, y)).set_priority(Priority::P2);
            canvas.object(&cursor);
            let objects = canvas.objects();
            self.show_saving_mark(&mut canvas);
            return objects;
        };
        let Some(app) = apps.get_mut(index) else {
            return canvas.objects();
        };
        // The app's text and pictures, over its window's layer.
        canvas.plane();
        app.show(&mut canvas);
        let objects = canvas.objects();
        // The window's rectangle shows the app's layers alone (over the
        // backdrop, its fill), growing from the icon as it opens.
        let step = match lifecycle {
            Lifecycle::Opening(step) => step,
            Lifecycle::Closing(step) => transition::FRAMES - step.min(transition::FRAMES),
            Lifecycle::Running => transition::FRAMES,
        };
        let (x, y) = icon_position(index);
        let icon = Area::new(x, y, ICON_SIZE, ICON_SIZE);
        let area = Area::between(icon, app.window(), step);
        let app_layers: heapless::Vec<_, 4> =
            canvas.backgrounds().iter().skip(2).copied().collect();
        // At its full size the window shows as it does open, border and
        // all, from the animation's last step: the running window then
        // looks the same, and its first frame changes nothing.
        let open = step >= transition::FRAMES;
        transition::mask(canvas.frame(), area, (&app_layers, &desktop_layers), open);
        if self.show_saving_mark(&mut canvas) && !open {
            // Outside an animating window sprites are off: the mark's own
            // window shows it.
            let (x, y) = SAVING_MARK;
            transition::keep_shown(canvas.frame(), Area::new(x, y, 8, 8), &desktop_layers);
        }
        objects
    }

    /// The saving mark, if it is up (true).
    fn show_saving_mark(&self, canvas: &mut Canvas) -> bool {
        if !self.status.saving_mark_shown() {
            return false;
        }
        let mut mark = Object::new(assets::sprites::SAVING.sprite(0));
        mark.set_pos(SAVING_MARK).set_priority(Priority::P0);
        canvas.object(&mark);
        true
    }
}

/// Events builds: where the selection ring pulses by itself, so the harness
/// does not take its pulse for the answer to a key press (tests/src/settle.rs).
fn announce_ring(index: usize) {
    let (x, y) = icon_position(index);
    let (w, h) = assets::sprites::SELECTION
        .sprite(0)
        .size()
        .to_width_height();
    crate::event!("settle.ignore id=ring x={x} y={y} w={w} h={h}");
}

/// The wallpaper's tile with neither dots nor a sparkle (the picture's
/// tile at column 0, row 2), in its tile settings, a row of 30 a row.
const PLAIN_WALLPAPER_TILE: usize = 2 * 30;
/// Pixels of a line of text, the descenders in.
const LABEL_HEIGHT: i32 = 12;

/// The wallpaper plain behind text at `origin` of `size` pixels: its dotted
/// lines would run through the letters.
fn plain_wallpaper(wallpaper: &mut RegularBackground, origin: (i32, i32), size: (i32, i32)) {
    let picture = &assets::desktop::WALLPAPER;
    let Some(&plain) = picture.tile_settings.get(PLAIN_WALLPAPER_TILE) else {
        return;
    };
    let ((x0, y0), (x1, y1)) = (
        (origin.0 / 8, origin.1 / 8),
        ((origin.0 + size.0 - 1) / 8, (origin.1 + size.1 - 1) / 8),
    );
    for y in y0..=y1.min(19) {
        for x in x0..=x1.min(29) {
            wallpaper.set_tile((x, y), &picture.tiles, plain);
        }
    }
}

/// Top-left pixel of app `index`'s 32x32 icon cell.
fn icon_position(index: usize) -> (i32, i32) {
    let column = (index % COLUMNS) as i32;
    let row = (index / COLUMNS) as i32;
    (
        GRID_LEFT + column * CELL_WIDTH,
        GRID_TOP + row * CELL_HEIGHT,
    )
}
