//! The number pad screen: typing a Polarium DS password (the solver checks
//! it before play) or an endless puzzle's code. B on an empty pad (or its
//! cancel key) goes back to the list.

use alloc::boxed::Box;

use super::{
    game::Source,
    next::{Next, PadFor, Refusal},
    rules::{builtin, endless::EndlessCode, password},
    search::{Goal, Search},
    session::Session,
    view::Scene,
};
use crate::framework::{
    System,
    assets::sfx,
    canvas::Canvas,
    widgets::{
        numpad::NumberPad,
        pad_panel::{PadOutcome, PadPanel, PadPlace},
        text::Ink,
    },
};

/// The pad and what it is typing.
pub struct Pad {
    purpose: PadFor,
    /// Boxed: it holds up to 125 digits, which no other screen needs.
    pad: Box<PadPanel<Refusal>>,
}

/// Where the pad goes: keys on the right, digits where the panel was.
const fn place(title: &'static str) -> PadPlace {
    PadPlace {
        title,
        keys_origin: (136, 52),
        text_origin: (20, 28),
        text_columns: 12,
        ink: Ink::DARK,
    }
}

impl Pad {
    /// Put up the number pad for `purpose`.
    #[inline(never)]
    pub fn open(purpose: PadFor, session: &mut Session, system: &mut System) -> Self {
        let pad = match purpose {
            PadFor::Password => {
                NumberPad::new(password::DIGITS, password::LINE_DIGITS, validate_password)
            }
            PadFor::EndlessCode => {
                NumberPad::new(super::rules::endless::DIGITS, 4, validate_endless_code)
            }
        };
        let title = match purpose {
            PadFor::Password => "Type a password:",
            PadFor::EndlessCode => "Puzzle code:",
        };
        session.panel().clear_list();
        session.panel().open_pad();
        let pad = Box::new(PadPanel::new(pad, place(title), purpose.owner()));
        system.sound.play(sfx::OPEN);
        crate::event!("{} open", purpose.owner());
        Self { purpose, pad }
    }

    /// The pad takes the window: the board area makes way for it.
    pub const fn scene(&self) -> Scene<'static> {
        Scene::EMPTY
    }

    /// The pad's digits and keys, on the drawing plane.
    pub fn pad(&mut self) -> &mut PadPanel<Refusal> {
        &mut self.pad
    }

    pub fn show(&self, canvas: &mut Canvas) {
        self.pad.show(canvas);
    }

    /// The pad, for the view to take off the screen once this screen goes.
    pub fn into_panel(self) -> Box<PadPanel<Refusal>> {
        self.pad
    }

    /// Typing: an accepted password is checked by the solver, then played;
    /// an accepted endless code makes its puzzle.
    #[inline(never)]
    pub fn update(&mut self, session: &mut Session, system: &mut System) -> Next {
        let owner = self.purpose.owner();
        match self.pad.update(system) {
            PadOutcome::Typing => Next::Stay,
            PadOutcome::Cancelled => {
                session.panel().close_pad();
                crate::event!("{} cancelled", owner);
                Next::BackToList(self.purpose.offer())
            }
            PadOutcome::Accepted => {
                session.panel().close_pad();
                system.sound.play(sfx::CONFIRM);
                crate::event!("{} accepted", owner);
                self.accept(session)
            }
        }
    }

    /// An accepted code: its puzzle is played. Out of line, so the
    /// solver's stack is not reserved by every frame of typing.
    #[inline(never)]
    fn accept(&self, session: &mut Session) -> Next {
        match self.purpose {
            PadFor::Password => match password::decode(self.pad.digits()) {
                Ok(puzzle) => {
                    // A built-in's password is that numbered puzzle.
                    let lines = password::lines(&puzzle);
                    let source = match builtin::index_of(lines) {
                        Some(index) => Source::Builtin(index as u16),
                        None => Source::Password(lines),
                    };
                    session.start(source);
                    match Search::start(session.puzzle(), Goal::Stroke) {
                        Some(search) => Next::Check(search),
                        None => Next::Play,
                    }
                }
                Err(_) => Next::Play,
            },
            PadFor::EndlessCode => match EndlessCode::parse(self.pad.digits()) {
                Ok(code) => Next::Make(code),
                Err(_) => Next::Play,
            },
        }
    }
}

fn validate_password(digits: &[u8]) -> Result<(), Refusal> {
    password::decode(digits)
        .map(|_| ())
        .map_err(Refusal::Password)
}

/// The pad's check of an endless code as it is confirmed.
fn validate_endless_code(digits: &[u8]) -> Result<(), Refusal> {
    EndlessCode::parse(digits)
        .map(|_| ())
        .map_err(Refusal::EndlessCode)
}
