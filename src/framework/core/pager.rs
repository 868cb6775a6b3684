//! Where the cursor is in a list of pages: a page, and a row on it. Every
//! list in the ROM moves its cursor through this (the framework's `List`,
//! Polarium's puzzle list, Picross's ring of pages and its text pages), so
//! stopping at an end or going round it works the same everywhere. Pure: the
//! apps draw their pages their own way (rows of text, pictures).

/// What a step past the first or last page (or row) does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ends {
    /// Stays at the end.
    Stop,
    /// Goes round to the other end.
    Wrap,
}

/// `index` moved `by` places among `count`, stopping at or going round the
/// ends; `index` itself when `count` is 0.
#[must_use]
pub fn step(index: usize, by: i32, count: usize, ends: Ends) -> usize {
    let (Ok(count), Ok(index)) = (i64::try_from(count), i64::try_from(index)) else {
        return index;
    };
    if count == 0 {
        return index as usize;
    }
    let moved = index + i64::from(by);
    let moved = match ends {
        Ends::Stop => moved.clamp(0, count - 1),
        Ends::Wrap => moved.rem_euclid(count),
    };
    moved as usize
}

/// A cursor on a page of a paged list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pager {
    page: usize,
    row: usize,
}

impl Pager {
    #[must_use]
    pub const fn new(page: usize, row: usize) -> Self {
        Self { page, row }
    }

    #[must_use]
    pub const fn page(self) -> usize {
        self.page
    }

    #[must_use]
    pub const fn row(self) -> usize {
        self.row
    }

    /// `by` pages on among `pages`; the row is kept where the new page has
    /// it (`rows_on(page)` rows), else its last. True if the page changed.
    pub fn turn(
        &mut self,
        by: i32,
        pages: usize,
        ends: Ends,
        rows_on: impl Fn(usize) -> usize,
    ) -> bool {
        let page = step(self.page, by, pages, ends);
        if page == self.page {
            return false;
        }
        self.page = page;
        self.row = self.row.min(rows_on(page).saturating_sub(1));
        true
    }

    /// `by` rows on among the page's `rows`. True if the row changed.
    pub fn move_row(&mut self, by: i32, rows: usize, ends: Ends) -> bool {
        let row = step(self.row, by, rows, ends);
        let moved = row != self.row;
        self.row = row;
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stop_or_go_round_at_the_ends() {
        assert_eq!(step(0, -1, 5, Ends::Stop), 0);
        assert_eq!(step(0, -1, 5, Ends::Wrap), 4);
        assert_eq!(step(4, 1, 5, Ends::Stop), 4);
        assert_eq!(step(4, 1, 5, Ends::Wrap), 0);
        assert_eq!(step(2, 7, 5, Ends::Wrap), 4);
        assert_eq!(step(2, 1, 0, Ends::Wrap), 2, "no rows: nowhere to go");
        for count in 1..8 {
            for index in 0..count {
                for by in -9..=9 {
                    let stop = step(index, by, count, Ends::Stop);
                    let wrap = step(index, by, count, Ends::Wrap);
                    assert!(stop < count && wrap < count);
                    assert_eq!(stop as i32, (index as i32 + by).clamp(0, count as i32 - 1));
                    assert_eq!(wrap as i32, (index as i32 + by).rem_euclid(count as i32));
                }
            }
        }
    }

    #[test]
    fn turning_keeps_the_row_where_the_next_page_has_it() {
        // Pages of 10, 10 and 3 rows.
        let rows_on = |page: usize| if page == 2 { 3 } else { 10 };
        let mut pager = Pager::new(1, 7);
        assert!(pager.turn(1, 3, Ends::Stop, rows_on));
        assert_eq!(pager, Pager::new(2, 2));
        assert!(!pager.turn(1, 3, Ends::Stop, rows_on), "the last page");
        assert!(pager.turn(1, 3, Ends::Wrap, rows_on));
        assert_eq!(pager, Pager::new(0, 2));
        assert!(pager.move_row(-5, 10, Ends::Stop));
        assert_eq!(pager.row(), 0);
        assert!(!pager.move_row(-1, 10, Ends::Stop));
        assert!(pager.move_row(-1, 10, Ends::Wrap));
        assert_eq!(pager.row(), 9);
    }
}
