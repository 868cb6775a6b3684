//! Endless mode: a fresh puzzle made on the cartridge, generator attempts
//! filling the frames the player waits through, named by an 8-digit code
//! anyone can type to get the same puzzle.
//! Its difficulty tier comes from the solver, run once it is made.

use alloc::format;

use super::{
    game::Source,
    messages,
    next::Next,
    rules::{
        difficulty::{Difficulty, TIERS, tier_name},
        endless::{self, EndlessCode},
        generator::Generator,
        password,
        solver::Progress,
    },
    search::{Goal, Search},
    session::{Purpose, Session},
    view::Scene,
};
use crate::framework::frame_time::fill_frame;

/// The making screen: an endless puzzle being made.
pub struct Making {
    code: EndlessCode,
    generator: Generator,
}

impl Making {
    /// Start making the puzzle `code` names (`None` if it names none).
    pub fn start(code: EndlessCode, session: &mut Session) -> Option<Self> {
        let generator = code.generator()?;
        session.panel().set_message(messages::MAKING);
        crate::event!("polarium.endless making code={}", code_text(code));
        Some(Self { code, generator })
    }

    /// The board area makes way while the player waits.
    pub const fn scene(&self) -> Scene<'static> {
        Scene::EMPTY
    }

    /// Generator attempts until one gives a puzzle: the player waits, so
    /// they fill each frame. The puzzle made is played at once.
    #[inline(never)]
    pub fn update(&mut self, session: &mut Session) -> Next {
        let Some(generated) = fill_frame(|| self.generator.attempt()) else {
            return Next::Stay;
        };
        let code = self.code;
        let lines = password::lines(&generated.puzzle);
        crate::event!(
            "polarium.endless made code={} lines={:?} attempts={}",
            code_text(code),
            lines,
            self.generator.attempts()
        );
        crate::framework::events::search_answered("polarium_endless");
        session.start(Source::Endless { code, lines });
        Next::Play
    }
}

/// Rate an endless puzzle that has no tier yet (just made, or reopened):
/// the solver runs in the background, started on a `quiet` board.
pub fn rate_if_needed(session: &mut Session, quiet: bool) {
    if matches!(session.game.source, Source::Endless { .. })
        && session.tier().is_none()
        && session.search_purpose().is_none()
        && quiet
        && let Some(search) = Search::start(session.puzzle(), Goal::Rating)
    {
        session.set_search(Some((search, Purpose::Rate)));
    }
}

/// The solver has measured the endless puzzle. A scan that ran out of room
/// had more states than any tier needs: the top tier, not another try.
pub fn rated(session: &mut Session, progress: &Progress, states: u32) {
    let tier = match Difficulty::from_progress(progress, states) {
        Some(difficulty) => {
            crate::event!(
                "polarium.endless rated tier={} count={} states={}",
                difficulty.tier(),
                difficulty.count,
                difficulty.states
            );
            difficulty.tier()
        }
        None => {
            crate::event!(
                "polarium.endless rated tier={} count=0 states={}",
                TIERS,
                states
            );
            TIERS
        }
    };
    session.set_tier(tier);
}

/// The panel's name for an endless puzzle: its code in two groups of four.
pub fn label(code: EndlessCode, tier: Option<u8>) -> alloc::string::String {
    let digits = code_text(code);
    let (first, second) = digits.split_at(4);
    let tier = tier.map(tier_name).unwrap_or("...");
    format!("Endless\n{first} {second}\n{tier}")
}

fn code_text(code: EndlessCode) -> heapless::String<{ endless::DIGITS }> {
    code.digits()
        .iter()
        .map(|&d| char::from(b'0' + d))
        .collect()
}
