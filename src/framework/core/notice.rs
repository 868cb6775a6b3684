//! The one-line notice the desktop shows at boot when the save was not
//! loaded as-is, and its wording. Pure, so the host tests check every
//! wording fits the desktop's hint line.

use alloc::{format, string::String, vec::Vec};

use crate::section::DESK;

/// Why the save was not loaded as-is; shown once as a one-line notice at boot.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Notice {
    NewSave,
    ForeignSave,
    HeaderRepaired,
    Cleared,
    Updated,
    Damaged(Loss),
    Unavailable,
}

/// What damage to the save cost.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Loss {
    /// Owners of the sections known to be lost (each now its default).
    pub lost: Vec<&'static str>,
    /// A damaged slot no longer says whose it was, and a section came back
    /// new: that section may have been lost too.
    pub unnamed: bool,
    /// Some section was read back from its slot.
    pub kept: bool,
}

impl Notice {
    /// The variant's name, as logged in `save.loaded` and `save.notice`
    /// events (one word, so the harness reads it as one field).
    pub fn name(&self) -> &'static str {
        match self {
            Notice::NewSave => "NewSave",
            Notice::ForeignSave => "ForeignSave",
            Notice::HeaderRepaired => "HeaderRepaired",
            Notice::Cleared => "Cleared",
            Notice::Updated => "Updated",
            Notice::Damaged(_) => "Damaged",
            Notice::Unavailable => "Unavailable",
        }
    }

    /// The line shown; `label` names a section's owner as the player knows
    /// it (its app's label).
    pub fn text(&self, label: &dyn Fn(&str) -> &'static str) -> String {
        let fixed = match self {
            Notice::NewSave => "Welcome! Progress saves as you play.",
            Notice::ForeignSave => "Save was from another game: starting fresh.",
            Notice::HeaderRepaired => "Save header was damaged and has been repaired.",
            Notice::Cleared => "Unused save data was damaged and cleared.",
            Notice::Updated => "Save updated for this version: all kept.",
            Notice::Unavailable => "Save memory not found: progress won't be kept.",
            Notice::Damaged(loss) => return loss.text(label),
        };
        String::from(fixed)
    }
}

impl Loss {
    fn text(&self, label: &dyn Fn(&str) -> &'static str) -> String {
        let names: Vec<&str> = self
            .lost
            .iter()
            .map(|&owner| owner_label(owner, label))
            .collect();
        // Longer lists would not fit the one line: they are counted instead.
        let listed = match names.as_slice() {
            [] => None,
            [one] => Some(String::from(*one)),
            [first, second] => Some(format!("{first}, {second}")),
            more => Some(format!("{} saves", more.len())),
        };
        match (listed, self.unnamed, self.kept) {
            (None, _, true) => String::from("Some save data was damaged and reset; rest kept."),
            (None, _, false) => String::from("Save data was damaged and reset."),
            (Some(names), true, _) => format!("Damaged and reset: {names}; maybe more."),
            (Some(names), false, true) if self.lost.len() == 1 => {
                format!("Damaged and reset: {names}; the rest was kept.")
            }
            (Some(names), false, true) => format!("Damaged and reset: {names}; rest kept."),
            (Some(names), false, false) => format!("Damaged and reset: {names}."),
        }
    }
}

/// The framework's own section is the settings (and the play time).
fn owner_label(owner: &str, label: &dyn Fn(&str) -> &'static str) -> &'static str {
    if owner == DESK {
        "Settings"
    } else {
        label(owner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// The apps' labels as the desktop shows them.
    fn label(owner: &str) -> &'static str {
        match owner {
            "sweeper" => "Sweeper",
            "polarium" => "Polarium",
            "nonogram" => "Picross",
            _ => "?",
        }
    }

    /// Pixel width of `text` in the ROM's font: each glyph advances its
    /// width in gfx/font/glyphs.txt plus one.
    fn width(text: &str) -> usize {
        let glyphs = include_str!("../../../gfx/font/glyphs.txt");
        let mut advances = std::collections::HashMap::new();
        let mut current = None;
        for line in glyphs.lines() {
            if let Some(name) = line.strip_prefix("@ ") {
                let glyph = match name {
                    "space" => ' ',
                    _ => match name.strip_prefix("U+") {
                        Some(hex) => char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap(),
                        None => name.chars().next().unwrap(),
                    },
                };
                advances.insert(glyph, 1);
                current = Some(glyph);
            } else if let Some(glyph) = current
                && !line.is_empty()
                && line.chars().all(|c| c == '#' || c == '.')
            {
                let advance = advances.entry(glyph).or_insert(1);
                *advance = (*advance).max(line.len() + 1);
            }
        }
        text.chars()
            .map(|c| {
                *advances
                    .get(&c)
                    .unwrap_or_else(|| panic!("no glyph for {c:?}"))
            })
            .sum()
    }

    /// The desktop's hint line: 29 tiles of 8 pixels.
    /// The desktop's bottom line, from x = 12 to the screen's edge.
    const LINE_PIXELS: usize = 240 - 12;

    fn loss(lost: &[&'static str], unnamed: bool, kept: bool) -> Notice {
        Notice::Damaged(Loss {
            lost: lost.to_vec(),
            unnamed,
            kept,
        })
    }

    #[test]
    fn damage_names_whose_data_was_lost_and_what_was_kept() {
        let text = |notice: Notice| notice.text(&label);
        assert_eq!(
            text(loss(&["sweeper"], false, true)),
            "Damaged and reset: Sweeper; the rest was kept."
        );
        assert_eq!(
            text(loss(&[DESK, "nonogram"], false, true)),
            "Damaged and reset: Settings, Picross; rest kept."
        );
        assert_eq!(
            text(loss(&[DESK], false, false)),
            "Damaged and reset: Settings."
        );
        assert_eq!(
            text(loss(&["polarium"], true, true)),
            "Damaged and reset: Polarium; maybe more."
        );
        assert_eq!(
            text(loss(&[], true, true)),
            "Some save data was damaged and reset; rest kept."
        );
        assert_eq!(
            text(loss(&[], true, false)),
            "Save data was damaged and reset."
        );
        assert_eq!(
            text(loss(&[DESK, "sweeper", "polarium"], false, true)),
            "Damaged and reset: 3 saves; rest kept."
        );
        for notice in [loss(&["sweeper"], false, true), loss(&[], true, false)] {
            assert!(!text(notice).contains("fresh"));
        }
    }

    #[test]
    fn every_notice_fits_the_hint_line() {
        let owners = [DESK, "sweeper", "polarium", "nonogram"];
        let mut notices = vec![
            Notice::NewSave,
            Notice::ForeignSave,
            Notice::HeaderRepaired,
            Notice::Cleared,
            Notice::Updated,
            Notice::Unavailable,
        ];
        // Every set of lost owners, with and without the other flags.
        for set in 0..1u32 << owners.len() {
            let lost: Vec<&'static str> = (0..owners.len())
                .filter(|&i| set & 1 << i != 0)
                .map(|i| owners[i])
                .collect();
            for flags in 0..4 {
                notices.push(loss(&lost, flags & 1 != 0, flags & 2 != 0));
            }
        }
        for notice in notices {
            let text = notice.text(&label);
            assert!(
                width(&text) <= LINE_PIXELS,
                "{text:?} is {} pixels wide",
                width(&text)
            );
        }
    }
}
