//! The editor: draw a picture of up to 20x15, let the cartridge prove that
//! its clues have exactly one solution, and keep it in one of the player's
//! slots, to play and to share as a code.
//!
//! Drawing works as play does: A fills (or, started on a filled cell,
//! clears), B clears, hold and move to paint along a line, L and R undo and
//! redo. The clues follow the picture as it is drawn. SELECT opens the
//! editor's menu: the check (spread over frames, its progress shown), the
//! size, the share code, clearing and deleting. A picture whose clues allow
//! another solution is refused, and the cells that can go either way are
//! marked on the board until the drawing changes.

use agb::input::Button;
use alloc::{boxed::Box, format, string::String, vec};
use core::cell::Cell;

use super::{
    CODE_CELLS_PER_SLICE,
    layout::Layout,
    next::Next,
    pages::{place_of_mine, rows_text, step_row},
    puzzle::{self, Game, Source, step_cursor},
    records::Custom,
    rules::{
        Grid, MAX_HEIGHT, MAX_WIDTH, PuzzleClues, UniquenessCheck, Verdict,
        play::{Board, Brush, Drag, HISTORY_CHANGES, Mark, Marks, Tool},
        share_code::{Encoding, ShareCode},
    },
    view::{self, Scene, View},
};
use crate::framework::{
    System,
    assets::sfx,
    frame_time::FrameFiller,
    widgets::prepared::{PreparedLine, line_of, prepared, prepared_all},
};

/// Units of the uniqueness check's work between looks at the clock (see
/// `nonogram.unique.slice` in `just bench` for a slice's cost).
pub const CHECK_WORK_PER_SLICE: u32 = 20;
/// A new slot's picture size.
const NEW_SIZE: (usize, usize) = (10, 10);

/// What the editor is doing, with what it works on.
enum Editing {
    Draw,
    /// A (`Tool::Fill`) or B (`Tool::Cross`, which clears here) held:
    /// painting along a line.
    Drag(Drag, Tool),
    Menu {
        row: usize,
    },
    /// The uniqueness check at work.
    Checking(Box<UniquenessCheck>),
    /// Writing the share code.
    Coding(Box<Encoding>),
    /// Showing the share code (boxed: it is large, and passed about).
    Code(Box<ShareCode>),
}

/// What the editor is doing, without its data: what tells one of its
/// screens from another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    Draw,
    Drag(Drag, Tool),
    Menu { row: usize },
    Checking,
    Coding,
    Code,
}

impl Editing {
    fn step(&self) -> Step {
        match self {
            Self::Draw => Step::Draw,
            Self::Drag(drag, tool) => Step::Drag(*drag, *tool),
            Self::Menu { row } => Step::Menu { row: *row },
            Self::Checking(_) => Step::Checking,
            Self::Coding(_) => Step::Coding,
            Self::Code(_) => Step::Code,
        }
    }
}

/// Where the editor goes from a frame: another of its own steps, or away.
enum Then {
    Edit(Editing),
    Leave(Next),
}

/// The list page showing the player's slot `slot`.
fn mine_page(slot: usize) -> Next {
    let (number, slot) = place_of_mine(slot);
    Next::Page { number, slot }
}

/// The editor's screen: the drawing and what is being done with it.
pub struct Editor {
    editing: Editing,
    slot: u8,
    board: Board<Box<[u16]>>,
    clues: PuzzleClues,
    layout: Layout,
    cursor: (u8, u8),
    /// A new number for each size, so the view lays the board out again.
    serial: u32,
    /// The size changed in the menu: leaving it shows a new board.
    resized: bool,
    /// Cells the last check found could go either way.
    ambiguous: Option<Grid>,
    /// The work a check under way has done, as its progress line shows
    /// it: updated a few times a second, not retyped every frame.
    work_shown: u32,
    /// A menu row that asked for a second A to confirm it.
    armed: Option<MenuRow>,
    /// What the last check or menu action said.
    message: String,
    /// The picture as last saved in the slot, if it has been.
    saved: Option<Grid>,
    /// Whether the last `draw` left the screen whole: a check or a code
    /// starts once its screen shows that it is under way.
    screen_whole: Cell<bool>,
}

impl Editor {
    fn new(
        slot: u8,
        picture: &Grid,
        cursor: (u8, u8),
        saved: Option<Grid>,
        serial: u32,
    ) -> Box<Self> {
        let blank = Grid::new(1, 1);
        let mut editor = Box::new(Self {
            editing: Editing::Draw,
            slot,
            board: Board::new(
                Marks::new(1, 1),
                vec![0u16; HISTORY_CHANGES].into_boxed_slice(),
            ),
            clues: PuzzleClues::of_picture(&blank),
            layout: Layout::for_any(1, 1),
            cursor,
            serial,
            resized: false,
            ambiguous: None,
            work_shown: 0,
            armed: None,
            message: String::new(),
            saved,
            screen_whole: Cell::new(false),
        });
        editor.start_over(picture, serial);
        editor
    }

    /// Draw on `picture` from here, afresh: its cells filled, no history,
    /// nothing checked (`serial`: a new number when the size changes).
    /// The editor changes in place, as it is too large to move about.
    fn start_over(&mut self, picture: &Grid, serial: u32) {
        let mut marks = Marks::new(picture.width(), picture.height());
        for y in 0..picture.height() {
            for x in (0..picture.width()).filter(|&x| picture.contains(x, y)) {
                marks.set(x, y, Mark::Filled);
            }
        }
        self.cursor = (
            self.cursor.0.min(picture.width() as u8 - 1),
            self.cursor.1.min(picture.height() as u8 - 1),
        );
        self.editing = Editing::Draw;
        self.board.start_again(marks);
        self.clues = PuzzleClues::of_picture(picture);
        self.layout = Layout::for_any(picture.width(), picture.height());
        self.serial = serial;
        self.resized = false;
        self.ambiguous = None;
        self.work_shown = 0;
        self.armed = None;
        self.message.clear();
        self.screen_whole.set(false);
    }

    /// What the editor is doing, which tells its screens apart.
    pub fn step(&self) -> Step {
        self.editing.step()
    }

    /// A check or a share code is being worked out: its text changes with
    /// time (see `work_shown`), and with the work's end.
    pub fn shows_work(&self) -> bool {
        matches!(self.editing, Editing::Checking(_) | Editing::Coding(_))
    }

    pub fn picture(&self) -> Grid {
        self.board.marks.picture()
    }

    /// After the drawing changed: new clues, old marks gone.
    fn changed(&mut self) {
        self.clues = PuzzleClues::of_picture(&self.picture());
        self.ambiguous = None;
    }

    /// Open the editor on the player's slot `slot`: the drawing kept from last
    /// time, or the slot's puzzle, or a blank picture.
    pub fn open(system: &mut System, slot: usize) -> Box<Self> {
        let save = puzzle::saved(system);
        let saved = save.custom(slot).and_then(Custom::picture);
        let picture = save
            .draft_for(slot)
            .or(saved)
            .unwrap_or_else(|| Grid::new(NEW_SIZE.0, NEW_SIZE.1));
        let editor = Self::new(slot as u8, &picture, (0, 0), saved, system.frame);
        system.sound.play(sfx::OPEN);
        crate::event!(
            "nonogram.edit slot={slot} size={}x{}",
            picture.width(),
            picture.height()
        );
        crate::framework::events::new_board();
        editor
    }

    /// The window opens on the editor it closed on.
    pub fn resume(system: &mut System) -> Option<Box<Self>> {
        let slot = puzzle::saved(system).draft.as_ref()?.0;
        Some(Self::open(system, usize::from(slot)))
    }

    /// Keep a drawing that differs from its slot's puzzle in the save section
    /// (the window is closing, or the player leaves the editor).
    pub fn keep_draft(&self, system: &mut System) {
        let picture = self.picture();
        let draft = (self.saved != Some(picture) && self.slot != DELETED)
            .then(|| (self.slot, Custom::new(&picture)));
        let save = puzzle::save(system);
        // An empty slot left as it was does not push out another slot's draft.
        let untouched = self.saved.is_none() && picture.is_empty();
        if untouched
            && save
                .draft
                .as_ref()
                .is_some_and(|(slot, _)| *slot != self.slot)
        {
            return;
        }
        if save.draft != draft {
            save.draft = draft;
            system.storage.commit_soon();
        }
    }

    /// Draw the editor's screen; true while drawing is left for later frames.
    pub fn draw(&self, view: &mut View) -> bool {
        let work_left = self.sync(view);
        self.screen_whole.set(!work_left);
        work_left
    }

    /// The view brought closer to the editor's screen; true while work is
    /// left.
    fn sync(&self, view: &mut View) -> bool {
        match &self.editing {
            Editing::Draw | Editing::Drag(..) => {
                let run = match self.editing {
                    Editing::Drag(drag, _) => Some(drag.length_to(self.cursor)),
                    _ => None,
                };
                let scene = Scene {
                    puzzle: self.serial,
                    layout: self.layout,
                    clues: &self.clues,
                    marks: &self.board.marks,
                    cursor: Some(self.cursor),
                    greying: None,
                    finished: false,
                    seconds: None,
                    run,
                    marked: self.ambiguous.as_ref(),
                    // The corner keeps the editor's title.
                    zoom: false,
                    reveal: None,
                };
                view.sync(&scene)
            }
            Editing::Code(code) => view.sync_code_page(code.digits()),
            Editing::Menu { .. } | Editing::Checking(_) | Editing::Coding(_) => {
                view.sync_text_page()
            }
        }
    }

    /// The editor's text for its step.
    pub fn text(&self, view: &mut View) {
        let slot = self.slot + 1;
        let picture = self.picture();
        match &self.editing {
            Editing::Draw | Editing::Drag(..) => {
                let title = if self.ambiguous.is_some() {
                    "Not unique".into()
                } else {
                    format!("Mine {slot}")
                };
                view.set_title(&title);
                // The buttons, as under a board being played, where the
                // board leaves a line and Settings has not turned hints off.
                let shown = crate::framework::button_hints::shown();
                let hints = if !shown {
                    ""
                } else if super::view::has_hint_line(&self.layout) {
                    EDITOR_HINTS
                } else {
                    match super::view::corner_help_lines(&self.layout) {
                        0 => "",
                        1 => CORNER_HINT,
                        _ => CORNER_HINTS,
                    }
                };
                view.set_lines_knowing(hints, &HINTS_KNOWN);
            }
            &Editing::Menu { row } => {
                let size = [
                    format!("Width: {}", picture.width()),
                    format!("Height: {}", picture.height()),
                ];
                let rows = [
                    CHECK_AND_SAVE.text,
                    size[0].as_str(),
                    size[1].as_str(),
                    SHARE_CODE.text,
                    CLEAR_THE_DRAWING.text,
                    DELETE_THIS_SLOT.text,
                    DONE.text,
                ];
                let help = if self.message.is_empty() {
                    MENU_HELP
                } else {
                    &self.message
                };
                let text = rows_text(&rows, row, help);
                view.set_title(&format!("Editing slot {slot}"));
                view.set_lines_knowing(&text, &MENU_KNOWN);
            }
            Editing::Checking(_) => {
                let work = self.work_shown;
                view.set_title(&format!("Editing slot {slot}"));
                view.set_lines(&format!("Checking... {work}\n\nB: cancel"));
            }
            Editing::Coding(_) => {
                view.set_title(&format!("Share code, slot {slot}"));
                view.set_lines("Writing the code...\n\nB: cancel");
            }
            Editing::Code(code) => {
                view.set_title(&format!("Share code, slot {slot}"));
                let digits = code.digits().len();
                let mut lines = "\n".repeat(view::line_after_code(digits));
                lines.push_str("Type it in Extras on\nany Pocket Desk. B: back");
                view.set_lines(&lines);
            }
        }
    }
}

/// The slot of an editor whose slot was just deleted.
const DELETED: u8 = u8::MAX;

/// The buttons while drawing, under the board; in the corner where the
/// board leaves no line, in as many lines as it has (the menu says the
/// rest, `MENU_HELP`).
const EDITOR_HINTS: &str = "A: fill  B: clear  SELECT: menu";
const CORNER_HINTS: &str = "A: fill B: clear\nSELECT: menu";
const CORNER_HINT: &str = "SELECT: menu";
/// The hint lines rendered at build time: each goes up as a copy.
static HINTS_KNOWN: [&PreparedLine; 4] = prepared_all![
    EDITOR_HINTS,
    line_of(CORNER_HINTS, 0),
    line_of(CORNER_HINTS, 1),
    CORNER_HINT,
];
/// Under the editor's menu, while it has nothing else to say.
const MENU_HELP: &str =
    "Drawing: A fills, B clears; hold and\nmove to paint a line. L: undo  R: redo";

/// The menu's rows that never change.
const CHECK_AND_SAVE: &PreparedLine = prepared!("Check and save");
const SHARE_CODE: &PreparedLine = prepared!("Share code");
const CLEAR_THE_DRAWING: &PreparedLine = prepared!("Clear the drawing");
const DELETE_THIS_SLOT: &PreparedLine = prepared!("Delete this slot");
const DONE: &PreparedLine = prepared!("Done");
/// The menu's lines rendered at build time: the menu goes up as copies of
/// them, and only the sizes and the slot's number are typed.
static MENU_KNOWN: [&PreparedLine; 7] = [
    CHECK_AND_SAVE,
    SHARE_CODE,
    CLEAR_THE_DRAWING,
    DELETE_THIS_SLOT,
    DONE,
    prepared!(line_of(MENU_HELP, 0)),
    prepared!(line_of(MENU_HELP, 1)),
];

impl Editor {
    /// A frame of the editor; the draft is the app's to keep when it
    /// leaves. Each of its steps is out of line, so that one's frame (a
    /// check's verdict, a share code) is not on the stack under another's.
    #[inline(never)]
    pub fn update(&mut self, game: &mut Game, system: &mut System) -> Next {
        let editor = self;
        let step = editor.step();
        let next = match step {
            Step::Draw | Step::Drag(..) => update_drawing(editor, step, system),
            Step::Menu { row } => update_menu(game, editor, row, system),
            Step::Checking => update_checking(editor, system),
            Step::Coding => update_coding(editor, system),
            Step::Code => {
                let input = &system.input;
                (input.just_pressed(Button::B) || input.just_pressed(Button::A)).then_some(
                    Then::Edit(Editing::Menu {
                        row: MenuRow::Share as usize,
                    }),
                )
            }
        };
        match next {
            Some(Then::Edit(editing)) => editor.editing = editing,
            Some(Then::Leave(next)) => return next,
            // The check's progress line, a few times a second.
            None if system.frame.is_multiple_of(8) => {
                if let Editing::Checking(check) = &editor.editing {
                    editor.work_shown = check.work_done();
                }
            }
            None => {}
        }
        Next::Stay
    }
}

/// Drawing on the board; the next step if it changes.
#[inline(never)]
fn update_drawing(editor: &mut Editor, step: Step, system: &mut System) -> Option<Then> {
    let input = &system.input;
    if let Step::Draw = step {
        if input.just_pressed(Button::Select) {
            system.sound.play(sfx::CONFIRM);
            return Some(Then::Edit(Editing::Menu { row: 0 }));
        }
        if input.just_pressed(Button::L) || input.just_pressed(Button::R) {
            let undo = input.just_pressed(Button::L);
            let done = if undo {
                editor.board.undo()
            } else {
                editor.board.redo()
            };
            system
                .sound
                .play(if done { sfx::CURSOR } else { sfx::ERROR });
            if done {
                editor.changed();
            }
            return None;
        }
        let (x, y) = (usize::from(editor.cursor.0), usize::from(editor.cursor.1));
        let pressed = if input.just_pressed(Button::A) {
            Some((
                Brush::starting_on(Tool::Fill, editor.board.marks.get(x, y)),
                Tool::Fill,
            ))
        } else if input.just_pressed(Button::B) {
            Some((Brush::Unfill, Tool::Cross))
        } else {
            None
        };
        let Some((brush, tool)) = pressed else {
            let step = input.repeated_direction();
            if step != (0, 0) && move_cursor(editor, step, true) {
                system.sound.play(sfx::CURSOR);
            }
            return None;
        };
        // The drag starts on the cursor's cell; a direction pressed in the
        // same frame carries on below, as in play.
        editor.board.history.begin_step();
        paint(editor, brush);
        return Some(drag_step(
            editor,
            Drag::new(brush, editor.cursor),
            tool,
            system,
        ));
    }
    let Step::Drag(drag, tool) = step else {
        return None;
    };
    let held = input.pressed(if tool == Tool::Fill {
        Button::A
    } else {
        Button::B
    });
    if !held {
        // A direction pressed as the button comes up still moves.
        let step = input.repeated_direction();
        if step != (0, 0) {
            move_cursor(editor, step, true);
        }
        return Some(Then::Edit(Editing::Draw));
    }
    Some(drag_step(editor, drag, tool, system))
}

/// A frame of painting along the drag's line.
fn drag_step(editor: &mut Editor, mut drag: Drag, tool: Tool, system: &System) -> Then {
    let step = drag.constrain(system.input.repeated_direction());
    if step != (0, 0) && move_cursor(editor, step, false) {
        paint(editor, drag.brush);
    }
    Then::Edit(Editing::Drag(drag, tool))
}

/// Move the cursor, wrapping round the edges unless painting; true if it moved.
fn move_cursor(editor: &mut Editor, step: (i32, i32), wrap: bool) -> bool {
    let size = (editor.board.marks.width(), editor.board.marks.height());
    step_cursor(&mut editor.cursor, size, step, wrap)
}

fn paint(editor: &mut Editor, brush: Brush) {
    let (x, y) = (usize::from(editor.cursor.0), usize::from(editor.cursor.1));
    if editor.board.paint(brush, (x, y), &editor.clues, None)
        != super::rules::play::Painted::Unchanged
    {
        editor.changed();
        crate::event!("nonogram.draw x={x} y={y} brush={brush:?}");
    }
}

/// The editor menu's rows, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MenuRow {
    Check,
    Width,
    Height,
    Share,
    Clear,
    Delete,
    Done,
}

const MENU_ROWS: [MenuRow; 7] = [
    MenuRow::Check,
    MenuRow::Width,
    MenuRow::Height,
    MenuRow::Share,
    MenuRow::Clear,
    MenuRow::Delete,
    MenuRow::Done,
];

#[inline(never)]
fn update_menu(
    game: &mut Game,
    editor: &mut Editor,
    row: usize,
    system: &mut System,
) -> Option<Then> {
    let input = &system.input;
    if input.just_pressed(Button::B) || input.just_pressed(Button::Select) {
        if editor.resized {
            editor.resized = false;
            crate::framework::events::new_board();
        }
        return Some(Then::Edit(Editing::Draw));
    }
    let (dx, _) = input.repeated_direction();
    let chosen = MENU_ROWS.get(row).copied().unwrap_or(MenuRow::Done);
    if let Some(row) = step_row(system, row, MENU_ROWS.len()) {
        if editor.armed.take().is_some() {
            editor.message.clear();
        }
        return Some(Then::Edit(Editing::Menu { row }));
    }
    if dx != 0 && matches!(chosen, MenuRow::Width | MenuRow::Height) {
        resize(editor, chosen == MenuRow::Width, dx, system);
        return Some(Then::Edit(Editing::Menu { row }));
    }
    if !system.input.just_pressed(Button::A) {
        return None;
    }
    // Clearing and deleting lose work: they ask for a second A.
    if matches!(chosen, MenuRow::Clear | MenuRow::Delete) && editor.armed != Some(chosen) {
        editor.armed = Some(chosen);
        editor.message = if chosen == MenuRow::Clear {
            "Press A again to clear it.".into()
        } else {
            "Press A again to delete it.".into()
        };
        system.sound.play(sfx::ERROR);
        crate::event!("nonogram.confirm row={chosen:?}");
        return Some(Then::Edit(Editing::Menu { row }));
    }
    editor.armed = None;
    match chosen {
        MenuRow::Check => start_check(editor, system),
        MenuRow::Width | MenuRow::Height => None,
        MenuRow::Share => share(editor, system),
        MenuRow::Clear => {
            let (width, height) = (editor.board.marks.width(), editor.board.marks.height());
            let serial = editor.serial;
            editor.start_over(&Grid::new(width, height), serial);
            system.sound.play(sfx::CONFIRM);
            crate::event!("nonogram.cleared");
            Some(Then::Edit(Editing::Draw))
        }
        MenuRow::Delete => {
            let slot = usize::from(editor.slot);
            let save = puzzle::save(system);
            save.delete_custom(slot);
            if game.source == Source::Custom(editor.slot)
                && let Some(played) = editor.saved
            {
                // The puzzle being played stays on the board, as a shared one.
                save.playing = Some(Custom::new(&played));
                game.source = Source::Shared;
            }
            if save
                .draft
                .as_ref()
                .is_some_and(|(draft_slot, _)| *draft_slot == editor.slot)
            {
                save.draft = None;
            }
            system.storage.commit_soon();
            // Nothing of it is kept when the editor closes.
            editor.slot = DELETED;
            system.sound.play(sfx::CONFIRM);
            crate::event!("nonogram.deleted slot={slot}");
            Some(Then::Leave(mine_page(slot)))
        }
        MenuRow::Done => Some(Then::Leave(mine_page(usize::from(editor.slot)))),
    }
}

/// Change the picture's width or height by one, keeping what fits.
fn resize(editor: &mut Editor, width: bool, step: i32, system: &mut System) {
    let old = editor.picture();
    let (mut w, mut h) = (old.width() as i32, old.height() as i32);
    if width {
        w = (w + step.signum()).clamp(1, MAX_WIDTH as i32);
    } else {
        h = (h + step.signum()).clamp(1, MAX_HEIGHT as i32);
    }
    let (w, h) = (w as usize, h as usize);
    if (w, h) == (old.width(), old.height()) {
        system.sound.play(sfx::ERROR);
        return;
    }
    let mut picture = Grid::new(w, h);
    for y in 0..h.min(old.height()) {
        for x in (0..w.min(old.width())).filter(|&x| old.contains(x, y)) {
            picture.set(x, y, true);
        }
    }
    let serial = editor.serial.wrapping_add(1);
    editor.start_over(&picture, serial);
    editor.resized = true;
    system.sound.play(sfx::CURSOR);
}

fn start_check(editor: &mut Editor, system: &mut System) -> Option<Then> {
    let picture = editor.picture();
    if picture.is_empty() {
        editor.message = "Draw something first.".into();
        system.sound.play(sfx::ERROR);
        return Some(Then::Edit(Editing::Menu { row: 0 }));
    }
    // The player waits for the verdict from here: setting the check up is
    // this frame's share of it.
    let _ = FrameFiller::start();
    let mut check = new_check();
    check.restart(&editor.clues, Some(&picture), true);
    editor.work_shown = 0;
    crate::event!("nonogram.check started");
    Some(Then::Edit(Editing::Checking(check)))
}

/// A check on the heap, built there: it is too big for the stack.
#[inline(never)]
fn new_check() -> Box<UniquenessCheck> {
    let mut check = Box::new_uninit();
    check.write(UniquenessCheck::new(&PuzzleClues::of_picture(&Grid::new(
        1, 1,
    ))));
    // SAFETY: written on the line above.
    unsafe { check.assume_init() }
}

#[inline(never)]
fn update_checking(editor: &mut Editor, system: &mut System) -> Option<Then> {
    if system.input.just_pressed(Button::B) {
        editor.message = "Check cancelled.".into();
        return Some(Then::Edit(Editing::Menu { row: 0 }));
    }
    let Editing::Checking(check) = &mut editor.editing else {
        return None;
    };
    if !editor.screen_whole.get() {
        return None;
    }
    // The player waits for the verdict: the check fills the frame.
    // The verdict is large: kept out of an `Option` (the stack is small).
    let mut frame = FrameFiller::start();
    let verdict = loop {
        match frame.slice(|| check.step(CHECK_WORK_PER_SLICE)) {
            Verdict::Working if frame.has_room() => {}
            verdict => break verdict,
        }
    };
    let work = check.work_done();
    if !matches!(verdict, Verdict::Working) {
        // What the verdict changes on screen counts from here (the check's
        // own time is `nonogram.unique`'s budget).
        crate::framework::events::search_answered("nonogram_check");
    }
    match verdict {
        Verdict::Working => None,
        Verdict::Unique {
            solution,
            line_solvable,
        } => {
            let slot = usize::from(editor.slot);
            let save = puzzle::save(system);
            save.keep_custom(slot, &solution);
            save.draft = None;
            system.storage.commit_soon();
            editor.saved = Some(solution);
            editor.ambiguous = None;
            editor.message = format!(
                "Saved in slot {}: one solution,\n{}.",
                slot + 1,
                if line_solvable {
                    "line by line"
                } else {
                    "needs a guess"
                }
            );
            system.sound.play(sfx::CONFIRM);
            crate::event!(
                "nonogram.checked verdict=unique line_solvable={line_solvable} work={work} slot={slot}"
            );
            Some(Then::Edit(Editing::Menu {
                row: MenuRow::Share as usize,
            }))
        }
        Verdict::NotUnique(ambiguity) => {
            let cells = ambiguity.differing.count();
            editor.ambiguous = Some(ambiguity.differing);
            editor.message = format!("Not unique: {cells} marked cells\ncan go either way.");
            system.sound.play(sfx::ERROR);
            crate::event!("nonogram.checked verdict=not_unique cells={cells} work={work}");
            Some(Then::Edit(Editing::Draw))
        }
        Verdict::NoSolution | Verdict::Stalled { .. } => {
            editor.message = "The check failed.".into();
            system.sound.play(sfx::ERROR);
            crate::event!("nonogram.checked verdict=failed work={work}");
            Some(Then::Edit(Editing::Menu { row: 0 }))
        }
    }
}

fn share(editor: &mut Editor, system: &mut System) -> Option<Then> {
    let refused = if editor.saved != Some(editor.picture()) {
        String::from("Check and save it first.")
    } else {
        match Encoding::new(&editor.picture()) {
            Ok(encoding) => {
                return Some(Then::Edit(Editing::Coding(Box::new(encoding))));
            }
            Err(error) => format!("{error}"),
        }
    };
    system.sound.play(sfx::ERROR);
    crate::event!("nonogram.share refused message={refused}");
    editor.message = refused;
    Some(Then::Edit(Editing::Menu {
        row: MenuRow::Share as usize,
    }))
}

/// Writing the share code, filling the frames the player waits through;
/// shown once written.
#[inline(never)]
fn update_coding(editor: &mut Editor, system: &mut System) -> Option<Then> {
    if system.input.just_pressed(Button::B) {
        return Some(Then::Edit(Editing::Menu {
            row: MenuRow::Share as usize,
        }));
    }
    let Editing::Coding(encoding) = &mut editor.editing else {
        return None;
    };
    if !editor.screen_whole.get() {
        return None;
    }
    // The code is large: written into one place, not passed through `fill_frame`.
    let mut frame = FrameFiller::start();
    let written = loop {
        if let Some(written) = frame.slice(|| encoding.step(CODE_CELLS_PER_SLICE)) {
            break written;
        }
        if !frame.has_room() {
            return None;
        }
    };
    // What the code changes on screen counts from here (the writing's own
    // time is `nonogram.share.encode`'s budget).
    crate::framework::events::search_answered("nonogram_code");
    let code = match written {
        Ok(code) => code,
        Err(error) => {
            editor.message = format!("{error}");
            system.sound.play(sfx::ERROR);
            return Some(Then::Edit(Editing::Menu {
                row: MenuRow::Share as usize,
            }));
        }
    };
    crate::event!(
        "nonogram.share digits={} code={}",
        code.digits().len(),
        code_text(&code)
    );
    system.sound.play(sfx::CONFIRM);
    Some(Then::Edit(Editing::Code(Box::new(code))))
}

/// The groups, a space between each.
fn code_text(code: &ShareCode) -> String {
    let mut text = String::new();
    for group in code.groups() {
        if !text.is_empty() {
            text.push(' ');
        }
        text.extend(group.iter().map(|&digit| char::from(b'0' + digit.min(9))));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{CORNER_HINT, CORNER_HINTS, EDITOR_HINTS, MENU_HELP};
    use crate::{
        framework::widgets::font,
        nonogram::{
            layout::Layout,
            rules::{MAX_HEIGHT, MAX_WIDTH},
            view::{self, corner_help_left, corner_help_lines, has_hint_line, hint_line_width},
        },
    };

    /// Every size the editor draws at shows its buttons: under the board,
    /// or in the corner's lines, each in its room; the menu's help fits its
    /// page.
    #[test_case]
    fn every_editor_layout_shows_its_buttons(_gba: &mut agb::Gba) {
        for width in 1..=MAX_WIDTH {
            for height in 1..=MAX_HEIGHT {
                let layout = Layout::for_any(width, height);
                if has_hint_line(&layout) {
                    font::assert_fits(EDITOR_HINTS, hint_line_width(&layout));
                } else {
                    let lines = corner_help_lines(&layout);
                    assert!(lines >= 1, "{width}x{height}: {layout:?}");
                    let text = if lines == 1 {
                        CORNER_HINT
                    } else {
                        CORNER_HINTS
                    };
                    // Its lines are 63 pixels of advance at the most, so
                    // the last lit pixel is 61 past the left; inside the
                    // screen, it is as far from the first column's clues
                    // (past the board's edge) as a row's clues are apart.
                    font::assert_fits(text, 63);
                    let left = corner_help_left(&layout);
                    assert!(left >= 2, "{width}x{height}: {layout:?}");
                    assert!(layout.board_x - left - 61 >= 3, "{width}x{height}");
                }
            }
        }
        font::assert_fits(MENU_HELP, view::TEXT_PAGE_WIDTH);
    }
}
