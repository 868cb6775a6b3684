//! Share codes: a nonogram picture as digits to type on the number pad, so
//! players can pass puzzles around. The puzzle is the picture's clues; the app
//! checks separately that the picture is their only solution.
//!
//! # Format (version 1)
//!
//! A code is groups of [`GROUP_DIGITS`] digits: four data digits, then a
//! Damm check digit that catches any one mistyped digit and any swap of
//! neighbours in the group. Group `g` (from 0) runs its check from `g mod 10`,
//! so a group typed in the wrong place fails as well. The pad takes a long
//! code a page ([`PAGE_GROUPS`] groups) at a time.
//!
//! The data digits, all groups' in order:
//! - 1 digit: the version, `1`. Every version keeps the first group's shape
//!   (four data digits and a Damm digit, the version first) so an older app
//!   can tell that a code is newer rather than mistyped.
//! - 2 digits: the number of groups in the whole code, so the app knows the
//!   code's length as soon as the first group is in ([`code_length`]).
//! - The payload, one number in decimal, with leading zeros to fill the groups.
//! - 2 digits: the whole-code check (ISO 7064 MOD 97-10): all the data
//!   digits read as one number leave 1 when divided by 97. It catches most
//!   of what the group checks miss: two groups ten apart swapped (their
//!   checks start alike), two typos in one group.
//!
//! The payload packs fields by mixed radix, the first in the lowest place
//! (each is the remainder after dividing by its radix, the rest goes on):
//! - width - 1 (radix [`MAX_WIDTH`]), height - 1 (radix [`MAX_HEIGHT`]): no
//!   value is out of range, so there is no size to refuse;
//! - the layout (radix 8, see `picture_data.rs`): plain or compressed, and
//!   whether the picture is mirror-symmetric so only half is written;
//! - then the written cells as a plain binary number, the first bit lowest,
//!   with no trailing zeros: one bit a cell row by row (filled = 1), or the
//!   arithmetic coder's output when compressed. The coder and its model
//!   (`arithmetic_coder.rs`, `cell_model.rs`) are part of the format: any
//!   change to them is a new version (the golden codes in the tests guard it).
//!
//! The payload gets as many digits as the largest payload with that many
//! picture bits, and the code the fewest groups that hold it all.
//!
//! Only the code the encoder would write for the decoded picture, in the
//! code's layout, is accepted: decoding writes the picture again and compares
//! every digit, so nothing typed can go unread (padding, bits left over).

mod arithmetic_coder;
mod big_number;
mod bits;
mod cell_model;
use crate::damm;
mod error;
mod picture_data;
#[cfg(all(test, not(target_arch = "arm")))]
mod tests;

pub use error::CodeError;

use super::grid::Grid;
use super::{MAX_HEIGHT, MAX_WIDTH};
use big_number::BigNumber;
use picture_data::{Layout, read_cells, write_cells};

/// The format version, the code's first digit.
pub const VERSION: u8 = 1;
/// Digits in a group: data digits, then the Damm check digit.
pub const GROUP_DIGITS: usize = 5;
/// Data digits in a group.
const GROUP_DATA: usize = GROUP_DIGITS - 1;
/// Groups on one page of the number pad.
pub const PAGE_GROUPS: usize = 6;
/// Digits on one page: what the number pad holds at once.
pub const PAGE_DIGITS: usize = PAGE_GROUPS * GROUP_DIGITS;
/// Groups in the longest code (a 20x15 picture written one bit a cell).
pub const MAX_GROUPS: usize = 25;
/// Digits in the longest code.
pub const MAX_DIGITS: usize = MAX_GROUPS * GROUP_DIGITS;
/// Groups in the shortest well-formed code: the header and the check need two.
const MIN_GROUPS: usize = 2;
/// Data digits before the payload: the version and the group count.
const HEADER_DIGITS: usize = 3;
/// Data digits of the whole-code check.
const CHECK_DIGITS: usize = 2;
/// The whole-code check's modulus.
const CHECK_MODULUS: u32 = 97;

/// A picture's share code: its digits, each 0-9.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareCode {
    digits: heapless::Vec<u8, MAX_DIGITS>,
}

impl ShareCode {
    /// Every digit, in typing order.
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The groups, each [`GROUP_DIGITS`] digits.
    pub fn groups(&self) -> core::slice::Chunks<'_, u8> {
        self.digits.chunks(GROUP_DIGITS)
    }

    /// The pages the pad takes one after another: [`PAGE_DIGITS`] digits,
    /// the last one possibly fewer.
    pub fn pages(&self) -> core::slice::Chunks<'_, u8> {
        self.digits.chunks(PAGE_DIGITS)
    }
}

/// The share code of `picture`: the shortest of the layouts it allows (on a
/// tie, the lowest numbered). Refuses a picture with no filled cell.
pub fn encode(picture: &Grid) -> Result<ShareCode, CodeError> {
    if picture.is_empty() {
        return Err(CodeError::EmptyPicture);
    }
    (0..Layout::COUNT)
        .map(Layout::from_index)
        .filter(|layout| layout.fits(picture))
        .filter_map(|layout| write_cells(picture, layout).map(|bits| (layout, bits)))
        .min_by_key(|(layout, bits)| (bits.bit_len(), layout.index()))
        .and_then(|(layout, bits)| assemble(picture.width(), picture.height(), layout, bits))
        // Plain one bit a cell always fits, so this is never reached.
        .ok_or(CodeError::DataTooLong)
}

/// The picture a typed code names. Every refusal says why.
pub fn decode(digits: &[u8]) -> Result<Grid, CodeError> {
    if digits.is_empty() {
        return Err(CodeError::Empty);
    }
    if digits.iter().any(|&digit| digit > 9) {
        return Err(CodeError::NotADigit);
    }
    if digits.len() > MAX_DIGITS {
        return Err(CodeError::TooLong);
    }
    let declared_length = code_length(digits)?;
    check_groups(digits)?;
    if digits.len() < declared_length {
        return Err(CodeError::MissingGroups);
    }
    if digits.len() > declared_length {
        return Err(CodeError::ExtraGroups);
    }

    let mut data = [0u8; MAX_GROUPS * GROUP_DATA];
    let data_len = digits.len() / GROUP_DIGITS * GROUP_DATA;
    for (slot, group) in data.chunks_mut(GROUP_DATA).zip(digits.chunks(GROUP_DIGITS)) {
        slot.copy_from_slice(&group[..GROUP_DATA]);
    }
    let data = &data[..data_len];
    if remainder(data) != 1 {
        return Err(CodeError::ChecksumFailed);
    }

    let mut payload = BigNumber::from_decimal(&data[HEADER_DIGITS..data_len - CHECK_DIGITS]);
    let width = payload.div_rem(MAX_WIDTH as u32) as usize + 1;
    let height = payload.div_rem(MAX_HEIGHT as u32) as usize + 1;
    let layout = Layout::from_index(payload.div_rem(Layout::COUNT));
    let picture = read_cells(width, height, layout, payload);

    let rewritten =
        write_cells(&picture, layout).and_then(|bits| assemble(width, height, layout, bits));
    let Some(rewritten) = rewritten else {
        return Err(CodeError::DataTooShort);
    };
    match rewritten.digits().len().cmp(&digits.len()) {
        core::cmp::Ordering::Greater => return Err(CodeError::DataTooShort),
        core::cmp::Ordering::Less => return Err(CodeError::DataTooLong),
        core::cmp::Ordering::Equal if rewritten.digits() != digits => {
            return Err(CodeError::DataMismatch);
        }
        core::cmp::Ordering::Equal => {}
    }
    if picture.is_empty() {
        return Err(CodeError::EmptyPicture);
    }
    Ok(picture)
}

/// The whole code's length in digits, read from its first group (the first
/// [`GROUP_DIGITS`] of `digits`; the rest is ignored), so the pad can be
/// sized before the rest is typed.
pub fn code_length(digits: &[u8]) -> Result<usize, CodeError> {
    let Some(first) = digits.get(..GROUP_DIGITS) else {
        return Err(if digits.is_empty() {
            CodeError::Empty
        } else {
            CodeError::IncompleteGroup { group: 0 }
        });
    };
    check_groups(first)?;
    if first[0] != VERSION {
        return Err(CodeError::UnknownVersion);
    }
    let groups = usize::from(first[1]) * 10 + usize::from(first[2]);
    if !(MIN_GROUPS..=MAX_GROUPS).contains(&groups) {
        return Err(CodeError::InvalidGroupCount);
    }
    Ok(groups * GROUP_DIGITS)
}

/// Checks each group of a code typed from its start: the first bad one is
/// named. A last group with too few digits is refused too (pass only whole
/// groups to check while the player is still typing).
pub fn check_groups(digits: &[u8]) -> Result<(), CodeError> {
    check_groups_from(0, digits)
}

/// Checks group `index` (from 0) of a code, given its digits: the number
/// pad checks each group as it is typed.
pub fn check_group(index: usize, digits: &[u8]) -> Result<(), CodeError> {
    check_groups_from(index, digits)
}

/// [`check_groups`] for page `page` (from 0) of a code: groups are numbered
/// in the whole code.
pub fn check_page(page: usize, digits: &[u8]) -> Result<(), CodeError> {
    check_groups_from(page.saturating_mul(PAGE_GROUPS), digits)
}

fn check_groups_from(first_group: usize, digits: &[u8]) -> Result<(), CodeError> {
    if digits.iter().any(|&digit| digit > 9) {
        return Err(CodeError::NotADigit);
    }
    for (index, group_digits) in digits.chunks(GROUP_DIGITS).enumerate() {
        let group = first_group.saturating_add(index);
        if group_digits.len() < GROUP_DIGITS {
            return Err(CodeError::IncompleteGroup { group });
        }
        if !damm::is_valid((group % 10) as u8, group_digits) {
            return Err(CodeError::BadGroup { group });
        }
    }
    Ok(())
}

/// The code for a picture of this size written in `layout` as `bits`;
/// `None` if it would take more than [`MAX_GROUPS`].
fn assemble(width: usize, height: usize, layout: Layout, bits: BigNumber) -> Option<ShareCode> {
    // The largest payload with as many picture bits sets the digit count,
    // so the count does not depend on the picture's leading digits.
    let mut largest = BigNumber::default();
    for bit in 0..bits.bit_len() {
        largest.set_bit(bit);
    }
    let largest = payload(
        MAX_WIDTH,
        MAX_HEIGHT,
        Layout::from_index(Layout::COUNT - 1),
        largest,
    );
    let needed = HEADER_DIGITS + largest.decimal_len() + CHECK_DIGITS;
    write_groups(
        &payload(width, height, layout, bits),
        needed.div_ceil(GROUP_DATA),
    )
}

/// The payload number: the size and layout fields, then the picture's bits.
fn payload(width: usize, height: usize, layout: Layout, bits: BigNumber) -> BigNumber {
    // Fields go in last first, so the first comes out lowest.
    let mut payload = bits;
    payload.mul_add(Layout::COUNT, layout.index());
    payload.mul_add(MAX_HEIGHT as u32, height as u32 - 1);
    payload.mul_add(MAX_WIDTH as u32, width as u32 - 1);
    payload
}

/// A code of `groups` groups around `payload` (its digits past the room
/// left are dropped); `None` if `groups` is not a possible count.
fn write_groups(payload: &BigNumber, groups: usize) -> Option<ShareCode> {
    if !(MIN_GROUPS..=MAX_GROUPS).contains(&groups) {
        return None;
    }
    let data_len = groups * GROUP_DATA;
    let mut data = [0u8; MAX_GROUPS * GROUP_DATA];
    data[0] = VERSION;
    data[1] = (groups / 10) as u8;
    data[2] = (groups % 10) as u8;
    payload.write_decimal(&mut data[HEADER_DIGITS..data_len - CHECK_DIGITS]);
    // With the check digits still 0 the number is `rest * 100`; adding
    // `98 - (rest * 100 mod 97)` (from 2 to 98) leaves 1 mod 97.
    let check = CHECK_MODULUS + 1 - remainder(&data[..data_len]);
    data[data_len - 2] = (check / 10) as u8;
    data[data_len - 1] = (check % 10) as u8;

    let mut digits = heapless::Vec::new();
    for (group, group_data) in data[..data_len].chunks(GROUP_DATA).enumerate() {
        digits.extend_from_slice(group_data).ok()?;
        digits
            .push(damm::check_digit((group % 10) as u8, group_data))
            .ok()?;
    }
    Some(ShareCode { digits })
}

/// `digits` read as one decimal number, mod [`CHECK_MODULUS`].
fn remainder(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |rest, &digit| {
        (rest * 10 + u32::from(digit)) % CHECK_MODULUS
    })
}
