//! The checking screen: the solver checks a typed puzzle before play
//! starts. The player waits, so it fills the frame.

use super::{
    messages,
    next::Next,
    rules::solver::Progress,
    search::{Pace, Search, Searched},
    session::Session,
    view::Scene,
};

pub struct Checking {
    /// `None` once the solver has answered.
    search: Option<Search>,
}

impl Checking {
    pub const fn new(search: Search) -> Self {
        Self {
            search: Some(search),
        }
    }

    /// The typed puzzle, as it will be played.
    pub fn scene<'a>(&self, session: &'a Session) -> Scene<'a> {
        Scene::still(session.board())
    }

    /// A frame of the check. The frame its verdict comes in goes on to
    /// play, so what the verdict changes is drawn in the next one.
    #[inline(never)]
    pub fn update(&mut self, session: &mut Session) -> Next {
        let Some(search) = self.search.take() else {
            return Next::Play;
        };
        let (search, searched) = search.step(Pace::Waiting);
        match searched {
            Searched::Working(percent) => {
                session.show_percent("Checking", percent);
                match search {
                    Some(search) => {
                        self.search = Some(search);
                        Next::Stay
                    }
                    None => Next::Play,
                }
            }
            Searched::Done(progress, _) => {
                session.search_done();
                checked(session, progress);
                Next::Play
            }
        }
    }
}

/// The solver's verdict on a typed puzzle; play starts either way.
#[inline(never)]
fn checked(session: &mut Session, progress: Progress) {
    let verdict = match progress {
        Progress::Solved(solution) => {
            session.found_solution(solution.stroke);
            messages::SOLVABLE_SHOWN
        }
        Progress::Solvable { .. } => messages::SOLVABLE,
        Progress::Unsolvable => messages::UNSOLVABLE,
        Progress::OutOfSpace | Progress::Working { .. } => messages::TOO_HARD_HERE,
    };
    crate::event!("polarium.checked verdict={}", verdict.replace('\n', " "));
    crate::framework::events::search_answered("polarium_check");
    session.panel().set_message(verdict);
}
