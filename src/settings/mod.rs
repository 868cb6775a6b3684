//! Settings: music on/off, sound effects on/off, button hints on/off, erase
//! all data (confirmed).
//! Every change is written to SRAM, at the start of the next frame.

use agb::{display::tiled::RegularBackground, input::Button};
use alloc::vec;

use crate::framework::{
    App, AppInfo, Request, System,
    app::Icon,
    assets::sfx,
    button_hints,
    canvas::Canvas,
    save::DeskSave,
    transition::Area,
    widgets::{
        dialog::{Answer, Dialog},
        list::{List, ListEvent, Row},
        prepared::prepared_all,
        text::TextBox,
        window,
    },
};
use crate::framework::{PreparedLine, hints};

pub struct Settings;

agb::include_background_gfx!(mod icon, SETTINGS => "gfx/icons/settings.png");

const WINDOW: Area = Area::new(32, 32, 176, 104);
/// The window's title, rendered at build time: it goes up as a copy.
const TITLE: &str = "Settings";
static TITLE_KNOWN: [&PreparedLine; 1] = prepared_all![TITLE];
// Everything it takes: a player reads "records" as best times only.
const ERASE_QUESTION: Dialog =
    Dialog::confirm("Erase all records, settings\nand games in progress?\nThe lessons show again.");

/// The top bar's button hints (`App::button_hints`).
const LIST_HINTS: &PreparedLine = hints!("A: change  B: close");
const DIALOG_HINTS: &PreparedLine = hints!("A: yes  B: no");

const MUSIC: usize = 0;
const SOUND_EFFECTS: usize = 1;
const BUTTON_HINTS: usize = 2;
const ERASE: usize = 3;

/// The settings app remembers only which row the cursor was on.
pub struct Persistent {
    row: u8,
}

pub struct Working {
    frame_layer: RegularBackground,
    list: List,
    dialog: Option<Dialog>,
    /// Whether the dialog is shown (else the list), as last drawn.
    dialog_shown: bool,
    dialog_text: TextBox,
    title: TextBox,
    /// Steps of the window drawn so far (see `prepare`).
    built: u8,
    /// Everything was erased while the window is open: its row says so.
    erased: bool,
}

/// Window tile rows drawn per frame while opening (the whole window at once
/// would overrun the frame).
const ROWS_PER_STEP: i32 = 5;

impl App for Settings {
    type Persistent = Persistent;
    type Working = Working;
    type Save = ();
    type Suspend = ();

    const INFO: AppInfo = AppInfo {
        id: "settings",
        label: "Settings",
        icon: Icon {
            tiles: &icon::SETTINGS,
            palettes: &icon::PALETTES,
        },
        music: None,
        window: WINDOW,
    };

    fn boot(_system: &mut System) -> Persistent {
        Persistent { row: 0 }
    }

    fn open(persistent: &mut Persistent, system: &mut System) -> Working {
        let frame_layer = window::layer();
        let mut list = List::new(
            rows(&system.storage.desk, false),
            (WINDOW.x + 16, WINDOW.y + 26),
            19,
        )
        .knowing(&LABELS);
        list.select(usize::from(persistent.row));
        Working {
            frame_layer,
            list,
            dialog: None,
            dialog_shown: false,
            dialog_text: TextBox::new((WINDOW.x + 12, WINDOW.y + 26), 19, 6),
            title: TextBox::new((WINDOW.x + 8, WINDOW.y + 3), 12, 1).knowing(&TITLE_KNOWN),
            built: 0,
            erased: false,
        }
    }

    /// Window rows, then the title, then the list: one piece per frame.
    fn prepare(_persistent: &mut Persistent, working: &mut Working, _system: &mut System) -> bool {
        let window_steps = (WINDOW.height / 8 + ROWS_PER_STEP - 1) / ROWS_PER_STEP;
        let step = i32::from(working.built);
        if step < window_steps {
            let first = step * ROWS_PER_STEP;
            window::draw_window_rows(
                &mut working.frame_layer,
                WINDOW,
                true,
                first..first + ROWS_PER_STEP,
            );
        } else if step == window_steps {
            working.title.set(TITLE);
        } else {
            // The list's text, as the frames have room.
            return working.list.draw();
        }
        working.built += 1;
        false
    }

    fn update(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> Request {
        let a = system.input.just_pressed(Button::A);
        let b = system.input.just_pressed(Button::B);
        if let Some(dialog) = working.dialog {
            match dialog.update(a, b) {
                Answer::Waiting => {}
                Answer::Yes => {
                    // Erasing every slot of the chip is this frame's work,
                    // and the player waits for it.
                    let _ = crate::framework::frame_time::FrameFiller::start();
                    system.storage.erase_all();
                    system.apply_settings();
                    let _ = button_hints::load(&mut system.storage);
                    system.sound.play(sfx::CONFIRM);
                    crate::event!("settings.erased");
                    working.erased = true;
                    close_dialog(working, &system.storage.desk);
                }
                Answer::No => {
                    system.sound.play(sfx::CLOSE);
                    close_dialog(working, &system.storage.desk);
                }
            }
            return Request::Stay;
        }
        match working.list.read_keys(system, &[Button::B]) {
            ListEvent::Nothing | ListEvent::Moved => {}
            ListEvent::Back => return Request::Close,
            ListEvent::Chosen(ERASE) => {
                let text =
                    alloc::format!("{}\n\n{}", ERASE_QUESTION.message, ERASE_QUESTION.prompt());
                working.dialog_text.set_gradually(&text);
                working.dialog = Some(ERASE_QUESTION);
                system.sound.play(sfx::ERROR);
            }
            ListEvent::Chosen(BUTTON_HINTS) => {
                let shown = button_hints::toggle(&mut system.storage);
                system.sound.play(sfx::CONFIRM);
                crate::event!("settings.changed button_hints={shown}");
                refresh(working, &system.storage.desk);
            }
            ListEvent::Chosen(row) => {
                let settings = &mut system.storage.desk.settings;
                if row == MUSIC {
                    settings.music = !settings.music;
                } else if row == SOUND_EFFECTS {
                    settings.sound_effects = !settings.sound_effects;
                }
                system.apply_settings();
                system.storage.commit_soon();
                system.sound.play(sfx::CONFIRM);
                crate::event!(
                    "settings.changed music={} sfx={}",
                    system.storage.desk.settings.music,
                    system.storage.desk.settings.sound_effects
                );
                refresh(working, &system.storage.desk);
            }
        }
        persistent.row = working.list.selected() as u8;
        Request::Stay
    }

    fn draw(_persistent: &Persistent, working: &mut Working, _saved: &()) {
        let dialog_up = working.dialog.is_some();
        if dialog_up != working.dialog_shown {
            working.dialog_shown = dialog_up;
            if dialog_up {
                working.list.blank();
            } else {
                working.dialog_text.blank();
            }
        }
        if working.dialog.is_none() {
            let _ = working.list.draw();
        } else {
            // The question, as the frames have room.
            let _ = working.dialog_text.advance();
        }
    }

    fn button_hints(_persistent: &Persistent, working: &Working) -> Option<&'static PreparedLine> {
        Some(if working.dialog.is_some() {
            DIALOG_HINTS
        } else {
            LIST_HINTS
        })
    }

    fn show(_persistent: &Persistent, working: &mut Working, canvas: &mut Canvas) {
        canvas.background(&working.frame_layer);
        if working.dialog.is_none() {
            working.list.show(canvas);
        }
    }
}

/// The rows' labels, rendered at build time: the list goes up as copies.
static LABELS: [&PreparedLine; 4] =
    prepared_all!["Music", "Sound effects", "Button hints", "Erase all data"];

/// The rows; `erased`: the erase row says it is done.
fn rows(data: &DeskSave, erased: bool) -> alloc::vec::Vec<Row> {
    let on_off = |on: bool| if on { "On" } else { "Off" };
    let hints = button_hints::shown();
    let settings = data.settings;
    vec![
        Row::new(LABELS[0].text, on_off(settings.music)),
        Row::new(LABELS[1].text, on_off(settings.sound_effects)),
        Row::new(LABELS[2].text, on_off(hints)),
        Row::new(LABELS[3].text, if erased { "Done" } else { "" }),
    ]
}

fn refresh(working: &mut Working, data: &DeskSave) {
    for (i, row) in rows(data, working.erased).into_iter().enumerate() {
        working.list.set_row(i, row);
    }
}

fn close_dialog(working: &mut Working, data: &DeskSave) {
    working.dialog = None;
    refresh(working, data);
}
