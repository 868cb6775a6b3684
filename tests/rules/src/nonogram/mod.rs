//! `crate::nonogram` of the ROM, with only its pure part.
#[path = "../../../../src/nonogram/cell_art.rs"]
pub mod cell_art;
#[path = "../../../../src/nonogram/glyphs.rs"]
pub mod glyphs;
#[path = "../../../../src/nonogram/layout.rs"]
pub mod layout;
#[path = "../../../../src/nonogram/records.rs"]
pub mod records;
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
