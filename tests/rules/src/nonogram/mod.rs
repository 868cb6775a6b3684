//! `crate::nonogram` of the ROM, with only its pure part.
pub use nonogram_core::{cell_art, glyphs, layout, records, shelf};
pub use nonogram_rules as rules;

#[cfg(test)]
mod tests {
    /// The editor and the extras page show a share code one page at a time
    /// on the number pad.
    #[test]
    fn a_share_code_page_is_what_the_number_pad_holds() {
        assert_eq!(
            super::rules::share_code::PAGE_DIGITS,
            crate::framework::widgets::numpad::MAX_DIGITS
        );
    }
}
