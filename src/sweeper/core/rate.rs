//! 3BV a second, the Minesweeper player's measure of speed, kept and
//! shown in hundredths.

/// 3BV per second in hundredths, from the time in hundredths (a win in no
/// time at all counts as a hundredth).
pub fn rate_hundredths(three_bv: u16, hundredths: u32) -> u16 {
    let rate = u32::from(three_bv) * 10_000 / hundredths.max(1);
    rate.min(u32::from(u16::MAX)) as u16
}

/// "1.25", or "-" before the first win.
pub fn rate_text(hundredths: u16) -> heapless::String<8> {
    let mut text = heapless::String::new();
    if hundredths == 0 {
        let _ = text.push('-');
    } else {
        let _ = core::fmt::Write::write_fmt(
            &mut text,
            format_args!("{}.{:02}", hundredths / 100, hundredths % 100),
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_in_hundredths() {
        assert_eq!(rate_hundredths(10, 0), u16::MAX);
        assert_eq!(rate_hundredths(255, 100), 25500);
        assert_eq!(rate_hundredths(1, 300), 33);
        // 15 3BV in 814 frames (13.62 s): 1.10, not 15 / 13.
        assert_eq!(rate_hundredths(15, 1362), 110);
        assert_eq!(rate_text(125).as_str(), "1.25");
        assert_eq!(rate_text(5).as_str(), "0.05");
        assert_eq!(rate_text(0).as_str(), "-");
        assert_eq!(rate_text(u16::MAX).as_str(), "655.35");
    }
}
