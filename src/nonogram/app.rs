//! The nonogram's side of the app contract: which screen is up, and the
//! way from one to the next. Each screen owns what it works on and says
//! where to go (`Next`); the puzzle being played (`Game`), the view and
//! the save section are handed down to the screens that need them.
//!
//! - `play.rs`: the board; `menu.rs`: the puzzle lists, a slot of the
//!   player's and the options, in SELECT's ring of pages (`pages.rs`);
//!   `extras.rs`: random puzzles and share codes; `editor.rs`: drawing,
//!   checking and sharing a puzzle.

use alloc::boxed::Box;

use super::{
    art::{self, Colours},
    editor::Editor,
    extras::{self, CodePad, ExtrasPage, Generating, ReadingCode},
    lesson::{self, LessonScreen},
    menu::{ListPage, OptionsPage, SlotPage},
    next::Next,
    pages::{self, Page},
    play::Play,
    puzzle::{self, Game, KeptGame, Note, OnShelf, Persistent, Source, Unfinished},
    records::{Custom, NonogramSave, Options},
    rules::{CodeError, Grid},
    shelf::Shelf,
    stats_page::StatsPage,
    suspended::{SuspendedPuzzle, UNDO_KEPT},
    view::{self, View},
};
use crate::framework::{
    App, AppInfo, Request, System,
    app::Icon,
    assets::sfx,
    canvas::Canvas,
    frame_time,
    lessons::{self, SkippedNote},
    save::Suspended,
};

use super::Nonogram;

/// The screen up: exactly one at a time, holding what it works on.
enum Mode {
    Play(Play),
    List(Box<ListPage>),
    Slot(SlotPage),
    Options(OptionsPage),
    Extras(ExtrasPage),
    Statistics(StatsPage),
    Generating(Generating),
    CodePad(CodePad),
    ReadingCode(ReadingCode),
    Edit(Box<Editor>),
    /// How to play, on a picture of its own. Boxed: it holds a board.
    Lesson(Box<LessonScreen>),
}

impl Mode {
    /// Its text shows work under way (a puzzle being made, a check), which
    /// changes with time, not only with the buttons.
    fn shows_work(&self) -> bool {
        match self {
            Self::Generating(_) => true,
            Self::Edit(editor) => editor.shows_work(),
            Self::Play(play) => play.is_revealing(),
            _ => false,
        }
    }

    /// The board takes the player's marks: the clock runs.
    fn is_playing(&self) -> bool {
        matches!(self, Self::Play(play) if play.is_playing())
    }

    /// Draw the screen a step; true while drawing is left for later frames.
    fn draw(&mut self, game: &mut Game, options: &Options, view: &mut View) -> bool {
        match self {
            Self::Play(play) => play.draw(game, options.hint_guide, view),
            Self::List(list) => list.draw(view),
            Self::Slot(page) => page.draw(view),
            Self::Options(page) => page.draw(view),
            Self::Extras(page) => page.draw(view),
            Self::Statistics(page) => page.draw(view),
            Self::Generating(generating) => generating.draw(view),
            Self::CodePad(pad) => pad.draw(view),
            Self::ReadingCode(reading) => reading.draw(view),
            Self::Edit(editor) => editor.draw(view),
            Self::Lesson(lesson) => lesson.draw(options.hint_guide, view),
        }
    }
}

/// The large parts are boxed (the view, the game, the bigger screens):
/// built on the small IWRAM stack and moved about by value, they would
/// overflow it.
pub struct Working {
    view: Box<View>,
    mode: Mode,
    game: Box<Game>,
    /// Why the last share code typed was refused, shown on the extras page
    /// until another is typed.
    code_refusal: Option<CodeError>,
    /// The screen has been drawn whole since it last changed: the clock
    /// runs only then, never while the board is still being drawn.
    complete: bool,
    /// The lesson was skipped: the line under the board says where it is,
    /// until the first mark.
    skipped_note: SkippedNote,
    /// The lesson comes up as the window finishes opening.
    lesson_due: bool,
    /// The window is closing: the game is kept with its undo history (the
    /// writes while it runs leave it out, as it would make each several
    /// blocks long).
    closing: bool,
    /// The list page SELECT goes to from the board, which the view paints
    /// ahead.
    ahead: Option<ListAhead>,
    /// The shelf's puzzles and their clocks (`None` until its section is
    /// read, in a frame of the window's opening).
    on_shelf: Option<OnShelf>,
}

/// The list page SELECT goes to from the board, made for the view to paint
/// ahead (`View::paint_ahead`).
struct ListAhead {
    /// The puzzle it was made for, and whether it was solved then.
    made_for: (Source, bool),
    /// `None`: the puzzle's place is the extras page, not a list.
    page: Option<Box<ListPage>>,
}

/// What giving the undo history its room takes at most, in display lines:
/// clearing it and taking up the history kept (`Game::make_history`).
const HISTORY_LINES: u32 = 24;

impl App for Nonogram {
    type Persistent = Persistent;
    type Working = Working;
    type Save = NonogramSave;
    type Suspend = SuspendedPuzzle;

    const INFO: AppInfo = AppInfo {
        id: puzzle::ID,
        label: "Picross",
        icon: Icon {
            tiles: &art::tiles::NONOGRAM,
            palettes: &art::tiles::PALETTES,
        },
        music: None,
        window: view::WINDOW,
    };

    #[cfg(feature = "bench")]
    fn bench(bench: &mut crate::framework::bench::Bench) {
        super::bench::run(bench);
    }

    fn boot(system: &mut System) -> Persistent {
        let save = puzzle::saved(system);
        crate::event!(
            "nonogram.records solved={} played={} won={} streak={} seconds={}",
            save.solved(),
            save.tally.played,
            save.tally.won,
            save.tally.streak,
            save.solving_seconds
        );
        let first = save.first_unsolved_from(0);
        // Read as the window opens; looked at now as every section is.
        system.storage.verify::<Shelf>(Shelf::OWNER);
        Persistent {
            game: KeptGame::new(Source::Builtin(first as u16)),
            editing: false,
        }
    }

    fn suspend(persistent: &Persistent, working: &Working, system: &mut System) -> SuspendedPuzzle {
        let editing = matches!(working.mode, Mode::Edit(_));
        if let Mode::Edit(editor) = &working.mode {
            let before = puzzle::saved(system).draft.clone();
            editor.keep_draft(system);
            if puzzle::saved(system).draft != before {
                // Kept as the game in progress is: no saving mark over the
                // board at every stroke.
                system.storage.commit_quietly();
            }
        }
        let most = if working.closing { UNDO_KEPT } else { 0 };
        if !working.game.has_history() {
            // Closed before its history came: the history kept stays.
            let kept = system
                .storage
                .section::<SuspendedPuzzle>(SuspendedPuzzle::OWNER);
            let undo = kept.undo_for(&persistent.game).take(most);
            return SuspendedPuzzle::of(&working.game.kept(), editing, undo);
        }
        let undo = working.game.undo_history(most);
        SuspendedPuzzle::of(&working.game.kept(), editing, undo)
    }

    fn resume(persistent: &mut Persistent, puzzle: SuspendedPuzzle) {
        if let Some((game, editing)) = puzzle.restore() {
            persistent.game = game;
            persistent.editing = editing;
            crate::event!(
                "nonogram.resumed puzzle={} seconds={} mistakes={} marks={:08x}",
                game.source,
                game.seconds,
                game.mistakes,
                crate::fnv::hash(game.marks.iter().map(|&byte| u32::from(byte)))
            );
        } else if !puzzle.is_empty() {
            crate::event!("nonogram.resume refused");
        }
    }

    fn open(persistent: &mut Persistent, system: &mut System) -> Working {
        // Its undo history comes in the opening's first frame with room.
        let game = Game::resume(&persistent.game, system);
        let options = puzzle::saved(system).options;
        let view = boxed_view(Colours::new(options.high_contrast));
        let editor = if persistent.editing {
            Editor::resume(system)
        } else {
            None
        };
        // The first time (until it is done or skipped): how to play, put up
        // once the window is built (its picture would overfill this frame).
        let lesson_due = editor.is_none() && !lessons::seen(&mut system.storage, Self::INFO.id);
        let mode = editor.map_or_else(|| Mode::Play(Play::resume(&game)), Mode::Edit);
        crate::event!(
            "nonogram.opened puzzle={} size={}x{}",
            game.source,
            game.solution().width(),
            game.solution().height()
        );
        crate::event!("nonogram.opening lesson={lesson_due}");
        Working {
            view,
            mode,
            game,
            code_refusal: None,
            complete: false,
            skipped_note: SkippedNote::default(),
            lesson_due,
            closing: false,
            ahead: None,
            on_shelf: None,
        }
    }

    fn prepare(persistent: &mut Persistent, working: &mut Working, system: &mut System) -> bool {
        if !working.game.has_history() {
            if !frame_time::room_for_work(HISTORY_LINES) {
                return false;
            }
            // The undo history kept as the window closed (in SRAM, so a
            // power cut after the close keeps it too), if it leads to these
            // marks.
            let kept = system
                .storage
                .section::<SuspendedPuzzle>(SuspendedPuzzle::OWNER);
            let steps = working.game.make_history(kept.undo_for(&persistent.game));
            crate::event!("nonogram.undo_kept steps={steps}");
            return false;
        }
        if working.on_shelf.is_none() {
            if !frame_time::room_for_work(SHELF_READ_LINES) {
                return false;
            }
            puzzle::prune_shelf(system);
            let shelf = system.storage.read::<Shelf>(Shelf::OWNER);
            working.on_shelf = Some(puzzle::on_shelf(shelf));
            crate::event!("nonogram.shelf puzzles={}", shelf.len());
            return false;
        }
        if working.lesson_due {
            if !frame_time::room_for_work(lesson::SETUP_LINES) {
                return false;
            }
            working.lesson_due = false;
            go(working, system, Next::Lesson);
            refresh_text(working, system);
            return false;
        }
        if !working.game.is_graded() {
            if !frame_time::room_for_work(puzzle::REGRADE_LINES) {
                return false;
            }
            working.game.regrade();
            refresh_text(working, system);
            working.view.draw_text();
            return false;
        }
        let options = puzzle::saved(system).options;
        let Working {
            view,
            mode,
            game,
            complete,
            ..
        } = working;
        *complete = !mode.draw(game, &options, view);
        // The text goes up while the window still opens (a solved board's
        // name and lines wait for the board below them).
        if *complete {
            view.advance_text();
        }
        *complete
    }

    /// The rest of the opening animation: the screen is whole, so drawing
    /// it again only takes the copy of its board and then the list page
    /// that SELECT finds, as in `draw`.
    fn prepare_ahead(_persistent: &mut Persistent, working: &mut Working, system: &mut System) {
        let saved = puzzle::saved(system);
        let Working {
            view,
            mode,
            game,
            ahead,
            on_shelf,
            ..
        } = working;
        view.advance_text();
        if !mode.draw(game, &saved.options, view) {
            paint_list_ahead(mode, game, ahead, saved, on_shelf.as_ref(), view);
        }
    }

    fn update(_persistent: &mut Persistent, working: &mut Working, system: &mut System) -> Request {
        // Work under way changes the text as it goes and as it ends.
        let showed_work = working.mode.shows_work();
        // The note on a skipped lesson goes with the first mark.
        let _ = working.skipped_note.first_move(&system.input);
        let Working {
            mode,
            game,
            code_refusal,
            ..
        } = working;
        let next = match mode {
            Mode::Play(play) => play.update(game, system),
            Mode::List(list) => list.update(game, system),
            Mode::Slot(page) => page.update(game, system),
            Mode::Options(page) => page.update(game, system),
            Mode::Extras(page) => page.update(system),
            Mode::Statistics(page) => page.update(system),
            Mode::Generating(generating) => generating.update(system),
            Mode::CodePad(pad) => pad.update(system),
            Mode::ReadingCode(reading) => reading.update(code_refusal, system),
            Mode::Edit(editor) => editor.update(game, system),
            Mode::Lesson(lesson) => lesson.update(system),
        };
        let mut changed = go(working, system, next);
        if working.game.note_ending() && working.mode.is_playing() {
            // A note (a mistake's penalty) shows for its time, then the
            // title comes back: to the settle measure, an animation.
            crate::event!("anim.end note=nonogram");
            changed = true;
        }
        if working.mode.is_playing() && working.complete {
            let _ = working.game.clock.tick();
        }
        // The screen's text follows its state, which changes with a press,
        // a new screen, a note's end or, where work under way is shown, with
        // time: then it is worked out again, and the view types only what
        // differs from what it shows.
        if changed || system.input.acted() || showed_work {
            refresh_text(working, system);
        }
        Request::Stay
    }

    fn draw(_persistent: &Persistent, working: &mut Working, saved: &NonogramSave) {
        let options = &saved.options;
        let Working {
            view,
            mode,
            game,
            complete,
            ahead,
            on_shelf,
            ..
        } = working;
        view.set_colours(Colours::new(options.high_contrast));
        view.follow_pad(matches!(mode, Mode::CodePad(_)));
        view.draw_text();
        if !mode.draw(game, options, view) {
            *complete = true;
            view.advance_text();
            view.keep_first_copy();
            paint_list_ahead(mode, game, ahead, saved, on_shelf.as_ref(), view);
        }
    }

    fn show(_persistent: &Persistent, working: &mut Working, canvas: &mut Canvas) {
        // Its picture is all on the drawing plane: only a pad's sprites.
        if let Mode::CodePad(pad) = &working.mode {
            pad.show(canvas);
        }
    }

    /// START confirms a share code instead of closing the window.
    fn claims_start(_persistent: &Persistent, working: &Working) -> bool {
        matches!(working.mode, Mode::CodePad(_))
    }

    fn dismantle(working: &mut Working) -> bool {
        working.view.forget_kept_board();
        true
    }

    fn pause(persistent: &mut Persistent, working: &mut Working, system: &mut System) {
        persistent.game = working.game.kept();
        persistent.editing = matches!(working.mode, Mode::Edit(_));
        if let Mode::Edit(editor) = &working.mode {
            editor.keep_draft(system);
        }
        working.closing = true;
        // The shelf is read again as the window next opens: none of it
        // stays in RAM on the desktop.
        system.storage.release(Shelf::OWNER);
    }
}

/// Put up the screen `next` asks for. Out of line, like the text: the
/// screens' updates run on a small stack, and need not hold this frame.
#[inline(never)]
fn go(working: &mut Working, system: &mut System, next: Next) -> bool {
    if matches!(next, Next::Stay) {
        return false;
    }
    // Leaving the editor: an unsaved drawing is kept.
    if let Mode::Edit(editor) = &working.mode {
        editor.keep_draft(system);
    }
    let mode = match next {
        Next::Stay => return false,
        Next::Game => Mode::Play(Play::resume(&working.game)),
        Next::LessonOver { skipped } => {
            if skipped {
                working.skipped_note.skipped();
            }
            Mode::Play(Play::resume(&working.game))
        }
        Next::List => list_at_puzzle(working, system),
        Next::Page { number, slot } => {
            let unfinished = Unfinished::of(working.on_shelf.as_ref(), &working.game);
            page_screen(number, slot, system, unfinished)
        }
        Next::Slot(slot) => Mode::Slot(SlotPage::new(slot)),
        Next::Edit(slot) => Mode::Edit(Editor::open(system, slot)),
        Next::Lesson => Mode::Lesson(LessonScreen::boxed(system.frame)),
        Next::Extras(row) => Mode::Extras(ExtrasPage::new(row)),
        Next::Generate(size) => Mode::Generating(Generating::start(system, size)),
        Next::CodePad => {
            working.code_refusal = None;
            // The pad's text goes on the page's paper, in its colours.
            let colours = Colours::new(puzzle::saved(system).options.high_contrast);
            Mode::CodePad(CodePad::open(system, art::colour(colours.paper)))
        }
        Next::ReadCode(reading) => {
            working.code_refusal = None;
            Mode::ReadingCode(ReadingCode::new(reading))
        }
        Next::Start { source, picture } => {
            start_puzzle(working, system, source, picture.as_ref());
            Mode::Play(Play::Idle)
        }
    };
    // The new screen is drawn from here on: the clock waits for it.
    working.complete = false;
    // A pad's text leaves the screen in `draw`, with the page that follows.
    if let Mode::CodePad(pad) = core::mem::replace(&mut working.mode, mode) {
        working.view.retire_pad(pad.into_panel());
    }
    true
}

/// The view, on the heap. Out of line: built in `open`'s own frame, it
/// would add to the deepest stack the window's opening reaches.
#[inline(never)]
fn boxed_view(colours: Colours) -> Box<View> {
    Box::new(View::new(colours))
}

/// Page `number` of the ring with `slot` (or row 0) chosen.
fn page_screen(number: usize, slot: usize, system: &mut System, unfinished: Unfinished) -> Mode {
    match pages::page(number) {
        Page::Builtin { .. } | Page::Mine { .. } => Mode::List(Box::new(ListPage::new(
            number,
            slot,
            puzzle::saved(system),
            unfinished,
        ))),
        Page::Extras => Mode::Extras(ExtrasPage::new(0)),
        Page::Statistics => {
            Mode::Statistics(StatsPage::open(puzzle::saved(system), unfinished.count()))
        }
        Page::Options => Mode::Options(OptionsPage::new()),
    }
}

/// SELECT from the board: the page showing the puzzle being played.
fn list_at_puzzle(working: &Working, system: &mut System) -> Mode {
    let game = &working.game;
    let (page, slot) = pages::place_of(game.source);
    let mode = match pages::page(page) {
        // A random or shared puzzle: its own row of the extras page.
        Page::Extras => Mode::Extras(ExtrasPage::new(extras::row_of(game.source, game.size()))),
        _ => page_screen(
            page,
            slot,
            system,
            Unfinished::of(working.on_shelf.as_ref(), game),
        ),
    };
    crate::event!("nonogram.list page={page}");
    mode
}

/// What reading the shelf's section takes at most, in display lines (agb's
/// read of a few blocks, and decoding them).
const SHELF_READ_LINES: u32 = 24;

/// What making a list page to paint ahead takes at most, in display lines:
/// the page's entries and text, its view and a page of tiles to paint on.
const AHEAD_SETUP_LINES: u32 = 28;

/// While the board is drawn whole: the list page SELECT goes to, made
/// again when the puzzle or its being solved changes (its time and picture
/// then show), for the view to paint ahead. The lesson's board is read a
/// while: the page is ready for the puzzle's board after it. A picture
/// being revealed changes as it goes: the page waits for the end.
fn paint_list_ahead(
    mode: &Mode,
    game: &Game,
    ahead: &mut Option<ListAhead>,
    saved: &NonogramSave,
    on_shelf: Option<&OnShelf>,
    view: &mut View,
) {
    if !matches!(mode, Mode::Play(_) | Mode::Lesson(_)) || mode.shows_work() || !view.paints_ahead()
    {
        return;
    }
    let key = (game.source, game.solved);
    match ahead {
        Some(ListAhead {
            made_for,
            page: Some(list),
        }) if *made_for == key => view.paint_ahead(&list.scene()),
        Some(ListAhead {
            made_for,
            page: None,
        }) if *made_for == key => {}
        // Making the page and its view takes a light frame's share.
        _ if !frame_time::room_ahead(AHEAD_SETUP_LINES) => {}
        _ => {
            let (number, slot) = pages::place_of(game.source);
            let list = matches!(
                pages::page(number),
                Page::Builtin { .. } | Page::Mine { .. }
            )
            .then(|| {
                let unfinished = Unfinished::of(on_shelf, game);
                Box::new(ListPage::new(number, slot, saved, unfinished))
            });
            if let Some(list) = &list {
                view.set_ahead_text(|ahead| list.text(saved, ahead));
            }
            *ahead = Some(ListAhead {
                made_for: key,
                page: list,
            });
        }
    }
}

/// Play a puzzle from a blank board (`picture`, for a random or shared
/// puzzle, goes into the save section first).
#[inline(never)]
fn start_puzzle(
    working: &mut Working,
    system: &mut System,
    source: Source,
    picture: Option<&Grid>,
) {
    if let Some(picture) = picture.filter(|_| matches!(source, Source::Random(_) | Source::Shared))
    {
        puzzle::save(system).playing = Some(Custom::new(picture));
        system.storage.commit_soon();
    }
    // The player waits for the board: setting it up is this frame's work,
    // and its first pieces draw after it (a waiting frame's budget).
    let _ = frame_time::FrameFiller::start();
    frame_time::draw_after_work();
    working.game = shelve_and_take(&working.game, source, system)
        .unwrap_or_else(|| Game::start(source, system));
    if let Some(shelf) = working.on_shelf.as_mut() {
        *shelf = puzzle::on_shelf(system.storage.read::<Shelf>(Shelf::OWNER));
    }
    // Where the title's line is the zoom's, the puzzle's number shows
    // there for a moment first.
    if working.game.layout().zooms() && !working.game.practice {
        working.game.show_note(Note::Number);
    }
    system.sound.play(sfx::OPEN);
    crate::event!("nonogram.start puzzle={source}");
    crate::framework::events::new_board();
}

/// A nonogram has no losing: the puzzle under way, begun and not solved,
/// goes on the shelf as it was left, and the one `source` opens comes off
/// it if it is there (as it was left; `None` if it was not).
fn shelve_and_take(leaving: &Game, source: Source, system: &mut System) -> Option<Box<Game>> {
    let wanted = puzzle::shelf_puzzle_of(source, puzzle::saved(system));
    let left = leaving.shelved();
    puzzle::prune_shelf(system);
    let shelf = system.storage.section::<Shelf>(Shelf::OWNER);
    if let Some(game) = left {
        crate::event!(
            "nonogram.shelved puzzle={} seconds={}",
            leaving.source,
            game.seconds
        );
        shelf.put(game);
    } else if let Some(solved) = puzzle::shelf_puzzle(leaving.source, leaving.solution()) {
        // Solved (or its lesson): an older game of it on the shelf is done.
        let _ = shelf.take(solved);
    }
    let taken = wanted.and_then(|wanted| shelf.take(wanted));
    system.storage.commit_quietly();
    let taken = taken?;
    crate::event!(
        "nonogram.unshelved puzzle={source} seconds={}",
        taken.seconds
    );
    Some(Game::from_shelf(source, &taken, system))
}

/// The screen's text: the corner's title and the lines below it.
#[inline(never)]
fn refresh_text(working: &mut Working, system: &mut System) {
    let Working {
        view,
        mode,
        game,
        code_refusal,
        skipped_note,
        ..
    } = working;
    let save = puzzle::saved(system);
    match mode {
        Mode::Play(play) => {
            play.text(game, save, view);
            if skipped_note.is_up() && play.is_playing() {
                view.set_lines(lesson::SKIPPED);
            }
        }
        Mode::Lesson(lesson) => lesson.text(view),
        Mode::List(list) => list.text(save, view),
        Mode::Slot(page) => page.text(save, view),
        Mode::Options(page) => page.text(&save.options, view),
        Mode::Extras(page) => page.text(*code_refusal, view),
        Mode::Statistics(page) => page.text(save, view),
        Mode::Generating(generating) => generating.text(view),
        Mode::CodePad(_) => {}
        Mode::ReadingCode(reading) => reading.text(view),
        Mode::Edit(editor) => editor.text(view),
    }
}
