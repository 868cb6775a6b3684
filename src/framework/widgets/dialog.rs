//! Confirm dialogs: a question with A = yes / B = no. Pure model; apps draw
//! the message and `prompt()` in a panel on the drawing plane.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    Waiting,
    Yes,
    No,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dialog {
    pub message: &'static str,
}

impl Dialog {
    pub const fn confirm(message: &'static str) -> Self {
        Self { message }
    }

    /// A alone says yes, B alone says no; A and B together, START and
    /// everything else are ignored, so a button mash never confirms by
    /// accident.
    pub fn update(&self, a: bool, b: bool) -> Answer {
        match (a, b) {
            (true, false) => Answer::Yes,
            (false, true) => Answer::No,
            _ => Answer::Waiting,
        }
    }

    pub fn prompt(&self) -> &'static str {
        "A: Yes    B: No"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test_case]
    fn dialogs_answer_only_on_a_clear_press(_gba: &mut agb::Gba) {
        let confirm = Dialog::confirm("Erase all data?");
        assert_eq!(confirm.update(false, false), Answer::Waiting);
        assert_eq!(confirm.update(true, true), Answer::Waiting);
        assert_eq!(confirm.update(true, false), Answer::Yes);
        assert_eq!(confirm.update(false, true), Answer::No);
    }
}
