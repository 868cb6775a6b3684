//! The `settle` measure: how many frames the player waits, after a key press,
//! until the picture stops changing.
//!
//! Every new key going down opens a *press*, which lasts until the next one.
//! Its settle time counts from the frame the press began (or, for keys held
//! longer than a tap, from the frame they were let go, as a held direction
//! repeats on purpose) to the last frame inside the press whose picture
//! differs from the frame before. Two kinds of change do not count:
//! - inside a box the ROM names as ticking (`event settle.ignore id=.. x=..
//!   y=.. w=.. h=..`, until `event settle.unignore id=..`): clocks, a pulsing
//!   cursor, which change with no key pressed;
//! - during a window's opening or closing animation (from `event
//!   anim.start window=..` to `event anim.end window=..`), and before its
//!   end: the animation may take its frames, the content may not, so a
//!   press's time counts from its end instead (and a press that the next
//!   one cuts short while the animation runs took none). A search the player waits
//!   for (a check, a hint, a board or a puzzle being made) ends the same way
//!   (`anim.end search=..`): its own time is a budget of `just bench`'s
//!   (`polarium.check`, `sweeper.generate.no_guess`, ...), and what its
//!   answer changes on screen is measured from the answer.
//!
//! A box the ROM names as showing which key is held (`event settle.held
//! id=.. x=.. y=.. w=.. h=..`, until `event settle.unheld id=..`: a number
//! pad's keys, drawn pressed while A is down) answers the key going down and
//! coming up alike: a change inside it counts from the last key change
//! before it, press or release, so a tap's key coming back up is the
//! answer to the release. A change there that the press alone made still
//! counts from the press, as long as no key changed in between.
//!
//! A soft reset (`event system.reset`) ends the press under way, as a
//! reboot does: the splash that follows is the ROM starting, not an answer.
//!
//! A press that brings a new board (a puzzle, a game or a size not shown
//! before: `event settle.board`) is marked so: its goal is a frame longer
//! (`just bench`'s table).
use std::collections::BTreeMap;

use crate::core::WIDTH;
use crate::log::field;

/// A tap: a key let go within this many frames of going down counts from
/// the press, not from the release.
const TAP_FRAMES: u64 = 4;

#[derive(Clone, Debug)]
pub struct Press {
    /// The script line that pressed (number and text).
    pub line: usize,
    pub text: String,
    /// Frames from the press (or release, or animation end) to the last change.
    pub frames: u64,
    /// Where the last change was: x0, y0, x1, y1 (inclusive).
    pub last_change: Option<[usize; 4]>,
    /// Whether it brought a new board (`settle.board`).
    pub board: bool,
}

#[derive(Default)]
pub struct Settle {
    frame: u64,
    keys: u16,
    previous: Option<Vec<u32>>,
    ignored: BTreeMap<String, [usize; 4]>,
    held: BTreeMap<String, [usize; 4]>,
    open: Option<Open>,
    /// A window's animation is under way: its changes are its own.
    animating: bool,
    /// Every finished press, in order.
    pub presses: Vec<Press>,
    /// The script line being run.
    line: (usize, String),
}

struct Open {
    line: (usize, String),
    /// The frame the time counts from.
    from: u64,
    last_down: u64,
    last_change: Option<(u64, [usize; 4])>,
    /// The frame a key last went down or up.
    last_key: u64,
    /// The latest change inside a held-key box, counted from the key
    /// change before it: frames and where.
    held_change: Option<(u64, [usize; 4])>,
    /// The ROM said a new board came with it.
    board: bool,
}

impl Open {
    /// The press's time counts from `frame` on: what changed before it, in
    /// a held-key box too, was part of what came before (an animation, a
    /// key held on purpose).
    fn count_from(&mut self, frame: u64) {
        if frame > self.from {
            self.from = frame;
            self.held_change = None;
        }
    }

    fn finish(self) -> Press {
        let (mut frames, mut last_change) = match self.last_change {
            Some((frame, at)) if frame > self.from => (frame - self.from, Some(at)),
            _ => (0, None),
        };
        if let Some((held, at)) = self.held_change
            && held > frames
        {
            (frames, last_change) = (held, Some(at));
        }
        Press {
            line: self.line.0,
            text: self.line.1,
            frames,
            last_change,
            board: self.board,
        }
    }
}

impl Settle {
    /// The script line now running: presses it makes are named after it.
    pub fn at_line(&mut self, number: usize, text: &str) {
        self.line = (number, text.to_string());
    }

    /// A reboot: the picture starts again, and the ROM names its boxes again.
    pub fn reboot(&mut self) {
        self.finish();
        self.previous = None;
        self.ignored.clear();
        self.held.clear();
        self.animating = false;
        self.keys = 0;
    }

    /// One emulated frame: the keys it ran with, its picture, the events it logged.
    pub fn frame(&mut self, keys: u16, screen: &[u32], events: &[String]) {
        self.frame += 1;
        let frame = self.frame;
        let pressed = keys & !self.keys;
        let released = self.keys & !keys;
        self.keys = keys;
        if pressed != 0 {
            self.finish();
            self.open = Some(Open {
                line: self.line.clone(),
                from: frame,
                last_down: frame,
                last_change: None,
                last_key: frame,
                held_change: None,
                board: false,
            });
        }
        if let Some(open) = &mut self.open
            && released != 0
        {
            open.last_key = frame;
        }
        if let Some(open) = &mut self.open
            && released != 0
            && frame - open.last_down >= TAP_FRAMES
        {
            open.count_from(frame);
        }
        if events.iter().any(|event| event.starts_with("system.reset")) {
            // The ROM restarts itself (a soft reset): as at a reboot, the
            // press that asked for it ends with it.
            self.finish();
            self.previous = None;
            self.ignored.clear();
            self.held.clear();
            self.animating = false;
            return;
        }
        for event in events {
            if event.starts_with("settle.board") {
                if let Some(open) = &mut self.open {
                    open.board = true;
                }
            } else if event.starts_with("anim.start window") {
                self.animating = true;
            } else if event.starts_with("anim.end") {
                if event.starts_with("anim.end window") {
                    self.animating = false;
                }
                if let Some(open) = &mut self.open {
                    open.count_from(frame);
                }
            } else if let Some(rest) = event.strip_prefix("settle.ignore ") {
                if let Some((id, area)) = named_box(rest) {
                    self.ignored.insert(id, area);
                }
            } else if let Some(rest) = event.strip_prefix("settle.unignore ")
                && let Some(id) = field(rest, "id")
            {
                self.ignored.remove(id);
            } else if let Some(rest) = event.strip_prefix("settle.held ") {
                if let Some((id, area)) = named_box(rest) {
                    self.held.insert(id, area);
                }
            } else if let Some(rest) = event.strip_prefix("settle.unheld ")
                && let Some(id) = field(rest, "id")
            {
                self.held.remove(id);
            }
        }
        if let Some(previous) = &self.previous
            && let Some(open) = &mut self.open
            && !self.animating
        {
            let outside = self.ignored.values().chain(self.held.values());
            if let Some(changed) = changed_box(previous, screen, outside, None) {
                open.last_change = Some((frame, changed));
            }
            let inside = self.held.values().collect::<Vec<_>>();
            if let Some(changed) =
                changed_box(previous, screen, self.ignored.values(), Some(&inside))
            {
                let frames = frame - open.last_key.max(open.from);
                if open.held_change.is_none_or(|(held, _)| frames >= held) {
                    open.held_change = Some((frames, changed));
                }
            }
        }
        match &mut self.previous {
            Some(previous) => previous.copy_from_slice(screen),
            None => self.previous = Some(screen.to_vec()),
        }
    }

    /// Ends the press under way (at a new press, a reboot or the script's end).
    pub fn finish(&mut self) {
        if let Some(open) = self.open.take() {
            self.presses.push(open.finish());
        }
    }

    /// The press that kept the player waiting longest (the first, on a tie).
    pub fn worst(&self) -> Option<&Press> {
        self.presses.iter().reduce(|worst, press| {
            if press.frames > worst.frames {
                press
            } else {
                worst
            }
        })
    }
}

/// A box named in an event: `id=.. x=.. y=.. w=.. h=..`, as its id and
/// its corners (inclusive).
fn named_box(fields: &str) -> Option<(String, [usize; 4])> {
    let number = |key| field(fields, key).and_then(|v| v.parse::<usize>().ok());
    let (id, x, y, w, h) = (
        field(fields, "id")?,
        number("x")?,
        number("y")?,
        number("w")?,
        number("h")?,
    );
    (w > 0 && h > 0).then(|| (id.to_string(), [x, y, x + w - 1, y + h - 1]))
}

/// The bounding box of the pixels that differ between `a` and `b` outside
/// the `ignored` boxes (and, given `only`, inside one of those), if any do.
fn changed_box<'a>(
    a: &[u32],
    b: &[u32],
    ignored: impl Iterator<Item = &'a [usize; 4]> + Clone,
    only: Option<&[&[usize; 4]]>,
) -> Option<[usize; 4]> {
    let inside = |boxes: &mut dyn Iterator<Item = &[usize; 4]>, x: usize, y: usize| {
        for &[x0, y0, x1, y1] in boxes {
            if (x0..=x1).contains(&x) && (y0..=y1).contains(&y) {
                return true;
            }
        }
        false
    };
    let mut found: Option<[usize; 4]> = None;
    for (y, (row_a, row_b)) in a.chunks(WIDTH).zip(b.chunks(WIDTH)).enumerate() {
        if row_a == row_b {
            continue;
        }
        for (x, (pa, pb)) in row_a.iter().zip(row_b).enumerate() {
            if pa == pb
                || inside(&mut ignored.clone(), x, y)
                || only.is_some_and(|only| !inside(&mut only.iter().copied(), x, y))
            {
                continue;
            }
            found = Some(match found {
                None => [x, y, x, y],
                Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::HEIGHT;

    fn screen(paint: &[(usize, usize)]) -> Vec<u32> {
        let mut s = vec![0; WIDTH * HEIGHT];
        for &(x, y) in paint {
            s[y * WIDTH + x] = 0xFFFFFF;
        }
        s
    }

    const A: u16 = 1;

    #[test]
    fn a_press_settles_at_its_last_change() {
        let mut settle = Settle::default();
        settle.at_line(3, "press A");
        let blank = screen(&[]);
        settle.frame(0, &blank, &[]);
        settle.frame(A, &blank, &[]);
        settle.frame(A, &screen(&[(5, 5)]), &[]);
        settle.frame(0, &screen(&[(5, 5), (9, 9)]), &[]);
        for _ in 0..10 {
            settle.frame(0, &screen(&[(5, 5), (9, 9)]), &[]);
        }
        settle.finish();
        let press = settle.worst().unwrap();
        assert_eq!((press.line, press.frames), (3, 2));
        assert_eq!(press.last_change, Some([9, 9, 9, 9]));
    }

    #[test]
    fn a_press_that_brings_a_new_board_is_marked() {
        let mut settle = Settle::default();
        let blank = screen(&[]);
        settle.at_line(3, "press A");
        settle.frame(0, &blank, &[]);
        settle.frame(1, &blank, &["settle.board".to_string()]);
        settle.at_line(4, "press B");
        settle.frame(2, &blank, &[]);
        settle.finish();
        let marks: Vec<bool> = settle.presses.iter().map(|p| p.board).collect();
        assert_eq!(marks, [true, false]);
    }

    #[test]
    fn a_soft_reset_ends_the_press_that_made_it() {
        let mut settle = Settle::default();
        let blank = screen(&[]);
        settle.frame(0, &blank, &[]);
        settle.frame(A, &screen(&[(5, 5)]), &[]);
        settle.frame(A, &screen(&[(5, 5)]), &["system.reset".into()]);
        // The splash and desktop drawing after it are the ROM starting.
        for i in 0..40 {
            settle.frame(A, &screen(&[(i, 9)]), &[]);
        }
        settle.finish();
        assert_eq!(settle.presses.len(), 1);
        assert_eq!(settle.worst().unwrap().frames, 0);
    }

    #[test]
    fn ignored_boxes_and_animations_do_not_count() {
        let mut settle = Settle::default();
        let blank = screen(&[]);
        let ignore = "settle.ignore id=clock x=100 y=0 w=10 h=10".to_string();
        settle.frame(0, &blank, &[ignore]);
        settle.frame(A, &blank, &[]);
        // A clock ticks 20 frames later: not the press's doing.
        for i in 0..30 {
            settle.frame(0, &screen(&[(100 + i / 20, 0)]), &[]);
        }
        settle.finish();
        assert_eq!(settle.worst().unwrap().frames, 0);
        // An animation of 20 frames, then content 2 frames after it ends.
        settle.frame(A, &blank, &[]);
        for i in 0..20 {
            settle.frame(0, &screen(&[(i, 50)]), &[]);
        }
        settle.frame(0, &screen(&[(19, 50)]), &["anim.end".into()]);
        settle.frame(0, &screen(&[(19, 50)]), &[]);
        settle.frame(0, &screen(&[(19, 50), (0, 80)]), &[]);
        settle.finish();
        assert_eq!(settle.presses[1].frames, 2);
        // Once unignored, the clock counts.
        settle.frame(0, &blank, &["settle.unignore id=clock".into()]);
        settle.frame(A, &blank, &[]);
        settle.frame(0, &blank, &[]);
        settle.frame(0, &screen(&[(100, 0)]), &[]);
        settle.finish();
        assert_eq!(settle.presses[2].frames, 2);
    }

    #[test]
    fn a_window_animation_cut_short_by_the_next_press_is_not_the_press_time() {
        let mut settle = Settle::default();
        let blank = screen(&[]);
        settle.frame(0, &blank, &[]);
        // START: a line of the screen changes at once, then the window
        // closes over 10 frames; the next press comes at the fifth.
        settle.at_line(1, "press START");
        settle.frame(A, &screen(&[(0, 0)]), &[]);
        settle.frame(0, &screen(&[(0, 0), (1, 1)]), &[]);
        settle.frame(
            0,
            &screen(&[(0, 0), (2, 2)]),
            &["anim.start window=closing".into()],
        );
        for i in 3..5 {
            settle.frame(0, &screen(&[(0, 0), (i, i)]), &[]);
        }
        // The next press, still inside the animation: its frames are the
        // animation's until it ends, and its own time counts from there.
        settle.at_line(2, "press A");
        settle.frame(2, &screen(&[(0, 0), (5, 5)]), &[]);
        for i in 6..10 {
            settle.frame(0, &screen(&[(0, 0), (i, i)]), &[]);
        }
        settle.frame(0, &blank, &["anim.end window=closing".into()]);
        settle.frame(0, &screen(&[(9, 60)]), &[]);
        settle.frame(0, &screen(&[(9, 60)]), &[]);
        settle.finish();
        assert_eq!(
            (settle.presses[0].line, settle.presses[0].frames),
            (1, 1),
            "START's time is its change before the animation"
        );
        assert_eq!((settle.presses[1].line, settle.presses[1].frames), (2, 1));
        // Without the animation's start, the same frames would count.
        let mut plain = Settle::default();
        plain.frame(0, &blank, &[]);
        plain.frame(A, &screen(&[(0, 0)]), &[]);
        for i in 1..5 {
            plain.frame(0, &screen(&[(0, 0), (i, i)]), &[]);
        }
        plain.finish();
        assert_eq!(plain.presses[0].frames, 4);
    }

    #[test]
    fn a_held_key_box_answers_the_release_too() {
        let mut settle = Settle::default();
        let blank = screen(&[]);
        let held = "settle.held id=keys x=50 y=50 w=10 h=10".to_string();
        settle.frame(0, &blank, &[held]);
        // A tap: the key drawn down at once, a digit two frames on, the key
        // up the frame after the release.
        settle.frame(A, &screen(&[(55, 55)]), &[]);
        settle.frame(A, &screen(&[(55, 55), (5, 5)]), &[]);
        settle.frame(0, &screen(&[(55, 55), (5, 5)]), &[]);
        settle.frame(0, &screen(&[(5, 5)]), &[]);
        for _ in 0..5 {
            settle.frame(0, &screen(&[(5, 5)]), &[]);
        }
        settle.finish();
        assert_eq!(settle.presses[0].frames, 1, "{:?}", settle.presses[0]);
        // A key slow to go down still counts from the press.
        settle.frame(A, &screen(&[(5, 5)]), &[]);
        settle.frame(A, &screen(&[(5, 5)]), &[]);
        settle.frame(A, &screen(&[(5, 5)]), &[]);
        settle.frame(A, &screen(&[(5, 5), (52, 52)]), &[]);
        settle.finish();
        assert_eq!(settle.presses[1].frames, 3);
        // Outside the box, a change after the release counts from the press.
        settle.frame(0, &blank, &[]);
        settle.finish();
        settle.frame(A, &blank, &[]);
        settle.frame(0, &blank, &[]);
        settle.frame(0, &screen(&[(9, 9)]), &[]);
        settle.finish();
        assert_eq!(settle.presses[2].frames, 2);
    }

    #[test]
    fn a_held_key_box_waits_for_the_animation_too() {
        let mut settle = Settle::default();
        let blank = screen(&[]);
        settle.frame(0, &blank, &[]);
        // A window opens over frames, naming its held-key box at once: what
        // changes in it before the animation ends is the animation's.
        settle.frame(
            A,
            &screen(&[(55, 55)]),
            &["settle.held id=keys x=50 y=50 w=10 h=10".to_string()],
        );
        for i in 0..8 {
            settle.frame(A, &screen(&[(50 + i, 51)]), &[]);
        }
        settle.frame(0, &screen(&[(52, 52)]), &["anim.end".to_string()]);
        settle.frame(0, &screen(&[(53, 53)]), &[]);
        settle.frame(0, &screen(&[(53, 53)]), &[]);
        settle.finish();
        assert_eq!(settle.presses[0].frames, 1, "{:?}", settle.presses[0]);
    }

    #[test]
    fn a_held_key_counts_from_its_release() {
        let mut settle = Settle::default();
        let mut s = screen(&[]);
        settle.frame(0, &s, &[]);
        for i in 0..30 {
            if i % 5 == 0 {
                s[i] = 1;
            }
            settle.frame(A, &s, &[]);
        }
        settle.frame(0, &s, &[]);
        s[100] = 1;
        settle.frame(0, &s, &[]);
        settle.finish();
        assert_eq!(settle.worst().unwrap().frames, 1);
    }
}
