//! Confirm and alert dialogs: a question with A = yes / B = no, or a message
//! with A = OK. Pure model; apps draw `lines()` in a panel on their text layer.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DialogKind {
    Confirm,
    Alert,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    Waiting,
    Yes,
    No,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dialog {
    pub kind: DialogKind,
    pub message: &'static str,
}

impl Dialog {
    pub const fn confirm(message: &'static str) -> Self {
        Self {
            kind: DialogKind::Confirm,
            message,
        }
    }

    pub const fn alert(message: &'static str) -> Self {
        Self {
            kind: DialogKind::Alert,
            message,
        }
    }

    /// A alone says yes, B alone says no (an alert takes either as OK); A and B
    /// together, START and everything else are ignored, so a button mash never
    /// confirms by accident.
    pub fn update(&self, a: bool, b: bool) -> Answer {
        match (self.kind, a, b) {
            (_, true, true) => Answer::Waiting,
            (_, true, false) => Answer::Yes,
            (DialogKind::Confirm, false, true) => Answer::No,
            (DialogKind::Alert, false, true) => Answer::Yes,
            _ => Answer::Waiting,
        }
    }

    pub fn prompt(&self) -> &'static str {
        match self.kind {
            DialogKind::Confirm => "A: Yes    B: No",
            DialogKind::Alert => "A: OK",
        }
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
        let alert = Dialog::alert("Saved.");
        assert_eq!(alert.update(false, true), Answer::Yes);
    }
}
