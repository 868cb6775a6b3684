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
mod error;
mod picture_data;
mod reciprocal;
#[cfg(test)]
mod tests;

pub use error::CodeError;

use super::grid::Grid;
use super::{MAX_HEIGHT, MAX_WIDTH};
use big_number::BigNumber;
use bits::MAX_PICTURE_BITS;
use picture_data::{CellReader, CellWriter, Layout};
use shared::damm;

/// The format version, the code's first digit.
pub const VERSION: u8 = 1;
/// Digits in a group: data digits, then the Damm check digit.
pub const GROUP_DIGITS: usize = 5;
/// Data digits in a group.
const GROUP_DATA: usize = GROUP_DIGITS - 1;
/// Groups on one page of the number pad.
pub const PAGE_GROUPS: usize = 6;
/// Digits on one page: what the number pad holds at once.
#[cfg(any(test, feature = "testing"))]
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
    #[cfg(test)]
    pub fn pages(&self) -> core::slice::Chunks<'_, u8> {
        self.digits.chunks(PAGE_DIGITS)
    }
}

/// The share code of `picture`: the shortest of the layouts it allows (on a
/// tie, the lowest numbered). Refuses a picture with no filled cell.
#[cfg(any(test, feature = "testing"))]
pub fn encode(picture: &Grid) -> Result<ShareCode, CodeError> {
    let mut encoding = Encoding::new(picture)?;
    loop {
        if let Some(code) = encoding.step(usize::MAX) {
            return code;
        }
    }
}

/// The picture a typed code names. Every refusal says why.
#[cfg(any(test, feature = "testing"))]
pub fn decode(digits: &[u8]) -> Result<Grid, CodeError> {
    let mut decoding = Decoding::new(digits)?;
    loop {
        if let Some(result) = decoding.step(usize::MAX) {
            return result;
        }
    }
}

/// `encode` spread over calls: each writes about a budget of cells (whole
/// rows, at least one), so a big picture can be coded over a few frames.
#[derive(Clone, Debug)]
pub struct Encoding {
    picture: Grid,
    /// The next layout to try.
    next_layout: u32,
    /// The layout being written.
    writing: Option<(Layout, CellWriter)>,
    /// The shortest written so far.
    best: Option<(Layout, BigNumber)>,
    /// Its digits, once every layout is written.
    data: Option<DataDigits>,
}

impl Encoding {
    /// Ready to code `picture`; refuses one with no filled cell.
    pub fn new(picture: &Grid) -> Result<Self, CodeError> {
        if picture.is_empty() {
            return Err(CodeError::EmptyPicture);
        }
        Ok(Self {
            picture: *picture,
            next_layout: 0,
            writing: None,
            best: None,
            data: None,
        })
    }

    /// Writes about `cells` cells; `Some` with the code once every layout
    /// is written (an error is not reached: one bit a cell always fits).
    /// Writing the digits takes a call of its own, and so do their checks.
    pub fn step(&mut self, cells: usize) -> Option<Result<ShareCode, CodeError>> {
        let mut budget = cells;
        loop {
            if let Some((layout, writer)) = &mut self.writing {
                if !writer.write(&self.picture, &mut budget) {
                    return None;
                }
                let layout = *layout;
                if let Some((_, writer)) = self.writing.take()
                    && let Some(bits) = writer.finish()
                {
                    let shorter = self.best.as_ref().is_none_or(|(best_layout, best)| {
                        (bits.bit_len(), layout.index()) < (best.bit_len(), best_layout.index())
                    });
                    if shorter {
                        self.best = Some((layout, bits));
                    }
                }
                if budget == 0 {
                    return None;
                }
            } else if self.next_layout < Layout::COUNT {
                let layout = Layout::from_index(self.next_layout);
                self.next_layout += 1;
                if layout.fits(&self.picture) {
                    self.writing = Some((layout, CellWriter::new(&self.picture, layout)));
                }
            } else if budget < cells {
                return None;
            } else if let Some(data) = &self.data {
                return Some(finish_groups(data).ok_or(CodeError::DataTooLong));
            } else {
                let (width, height) = (self.picture.width(), self.picture.height());
                let data = self.best.and_then(|(layout, bits)| {
                    data_digits(&payload(width, height, layout, bits), groups_for(&bits))
                });
                let Some(data) = data else {
                    return Some(Err(CodeError::DataTooLong));
                };
                self.data = Some(data);
                return None;
            }
        }
    }
}

/// `decode` spread over calls: [`Decoding::new`] checks everything but
/// the picture (quick: the pad's last check), then each [`Decoding::step`]
/// reads and writes back about a budget of cells.
#[derive(Clone, Debug)]
pub struct Decoding {
    width: usize,
    height: usize,
    layout: Layout,
    /// The code's data digits.
    data: DataDigits,
    /// The payload the digits spell.
    typed_payload: BigNumber,
    stage: DecodeStage,
}

#[derive(Clone, Debug)]
enum DecodeStage {
    /// Reading the cells.
    Reading(CellReader),
    /// Writing the cells read back, to compare with the code typed.
    Writing { picture: Grid, writer: CellWriter },
    /// Comparing what was written back with the code typed.
    Comparing {
        picture: Grid,
        bits: Option<BigNumber>,
    },
    /// The verdict, once reached.
    Done(Result<Grid, CodeError>),
}

impl Decoding {
    /// Checks the code's shape (digits, length, group checks, the whole-code
    /// check); every refusal says why.
    pub fn new(digits: &[u8]) -> Result<Self, CodeError> {
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
        let mut data = DataDigits::new();
        for group in digits.chunks(GROUP_DIGITS) {
            data.extend_from_slice(&group[..GROUP_DATA])
                .map_err(|()| CodeError::TooLong)?;
        }
        if remainder(&data) != 1 {
            return Err(CodeError::ChecksumFailed);
        }
        let typed_payload =
            BigNumber::from_decimal(&data[HEADER_DIGITS..data.len() - CHECK_DIGITS]);
        let mut fields = typed_payload;
        let width = fields.div_rem(MAX_WIDTH as u32) as usize + 1;
        let height = fields.div_rem(MAX_HEIGHT as u32) as usize + 1;
        let layout = Layout::from_index(fields.div_rem(Layout::COUNT));
        Ok(Self {
            width,
            height,
            layout,
            data,
            typed_payload,
            stage: DecodeStage::Reading(CellReader::new(width, height, layout, fields)),
        })
    }

    /// Works on about `cells` cells; `Some` with the verdict once reached
    /// (every later call gives it again).
    pub fn step(&mut self, cells: usize) -> Option<Result<Grid, CodeError>> {
        let mut budget = cells;
        loop {
            match &mut self.stage {
                DecodeStage::Reading(reader) => {
                    if !reader.read(&mut budget) {
                        return None;
                    }
                    let picture = reader.picture();
                    self.stage = DecodeStage::Writing {
                        picture,
                        writer: CellWriter::new(&picture, self.layout),
                    };
                }
                DecodeStage::Writing { picture, writer } => {
                    if budget == 0 {
                        return None;
                    }
                    if !writer.write(picture, &mut budget) {
                        return None;
                    }
                    let picture = *picture;
                    let bits = writer.clone().finish();
                    self.stage = DecodeStage::Comparing { picture, bits };
                }
                DecodeStage::Comparing { .. } if budget < cells => return None,
                DecodeStage::Comparing { picture, bits } => {
                    let (picture, bits) = (*picture, *bits);
                    let verdict = self.compare(picture, bits);
                    self.stage = DecodeStage::Done(verdict);
                }
                DecodeStage::Done(result) => return Some(*result),
            }
        }
    }

    /// The code the encoder would write for `picture` in this layout must be
    /// the one typed. The version and group checks are already known to
    /// match, so what is left is the length, the payload and the check.
    fn compare(&self, picture: Grid, bits: Option<BigNumber>) -> Result<Grid, CodeError> {
        let Some(bits) = bits else {
            return Err(CodeError::DataTooShort);
        };
        let groups = groups_for(&bits);
        if groups > MAX_GROUPS {
            return Err(CodeError::DataTooShort);
        }
        match (groups * GROUP_DATA).cmp(&self.data.len()) {
            core::cmp::Ordering::Greater => return Err(CodeError::DataTooShort),
            core::cmp::Ordering::Less => return Err(CodeError::DataTooLong),
            core::cmp::Ordering::Equal => {}
        }
        let check = &self.data[self.data.len() - CHECK_DIGITS..];
        if payload(self.width, self.height, self.layout, bits) != self.typed_payload
            || check != whole_code_check(&self.data)
        {
            return Err(CodeError::DataMismatch);
        }
        if picture.is_empty() {
            return Err(CodeError::EmptyPicture);
        }
        Ok(picture)
    }
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
#[cfg(test)]
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
#[cfg(test)]
fn assemble(width: usize, height: usize, layout: Layout, bits: BigNumber) -> Option<ShareCode> {
    write_groups(&payload(width, height, layout, bits), groups_for(&bits))
}

/// The groups of a code whose picture is written as `bits`: the fewest that
/// hold the largest payload with as many picture bits, so the count does not
/// depend on the picture's leading digits.
fn groups_for(bits: &BigNumber) -> usize {
    GROUPS_FOR_BITS
        .get(bits.bit_len())
        .map_or(usize::MAX, |&groups| usize::from(groups))
}

/// [`groups_for`] by the picture bits' length, worked out when the ROM is built.
const GROUPS_FOR_BITS: [u8; MAX_PICTURE_BITS + 1] = {
    let mut table = [0; MAX_PICTURE_BITS + 1];
    let mut largest = BigNumber::ZERO;
    let mut bit_len = 0;
    while bit_len <= MAX_PICTURE_BITS {
        let payload = payload(
            MAX_WIDTH,
            MAX_HEIGHT,
            Layout::from_index(Layout::COUNT - 1),
            largest,
        );
        let needed = HEADER_DIGITS + payload.decimal_len() + CHECK_DIGITS;
        table[bit_len] = needed.div_ceil(GROUP_DATA) as u8;
        largest.set_bit(bit_len);
        bit_len += 1;
    }
    table
};

/// The payload number: the size and layout fields, then the picture's bits.
const fn payload(width: usize, height: usize, layout: Layout, bits: BigNumber) -> BigNumber {
    // Fields go in last first, so the first comes out lowest.
    let mut payload = bits;
    payload.mul_add(Layout::COUNT, layout.index());
    payload.mul_add(MAX_HEIGHT as u32, height as u32 - 1);
    payload.mul_add(MAX_WIDTH as u32, width as u32 - 1);
    payload
}

/// A code of `groups` groups around `payload` (its digits past the room
/// left are dropped); `None` if `groups` is not a possible count.
#[cfg(test)]
fn write_groups(payload: &BigNumber, groups: usize) -> Option<ShareCode> {
    finish_groups(&data_digits(payload, groups)?)
}

/// A code's data digits, all groups', in order.
type DataDigits = heapless::Vec<u8, { MAX_GROUPS * GROUP_DATA }>;

/// The data digits of a code of `groups` groups around `payload`, the
/// whole-code check still 0; `None` if `groups` is not a possible count.
fn data_digits(payload: &BigNumber, groups: usize) -> Option<DataDigits> {
    if !(MIN_GROUPS..=MAX_GROUPS).contains(&groups) {
        return None;
    }
    let mut data = DataDigits::new();
    data.resize(groups * GROUP_DATA, 0).ok()?;
    data[0] = VERSION;
    data[1] = (groups / 10) as u8;
    data[2] = (groups % 10) as u8;
    let payload_end = data.len() - CHECK_DIGITS;
    payload.write_decimal(&mut data[HEADER_DIGITS..payload_end]);
    Some(data)
}

/// The code around `data` (from [`data_digits`]): the whole-code check, then
/// each group's Damm digit.
fn finish_groups(data: &[u8]) -> Option<ShareCode> {
    let check = whole_code_check(data);
    let mut digits = heapless::Vec::new();
    let last = data.len() / GROUP_DATA - 1;
    for (group, group_data) in data.chunks(GROUP_DATA).enumerate() {
        let mut group_data: [u8; GROUP_DATA] = group_data.try_into().ok()?;
        if group == last {
            group_data[GROUP_DATA - CHECK_DIGITS..].copy_from_slice(&check);
        }
        digits.extend_from_slice(&group_data).ok()?;
        digits
            .push(damm::check_digit((group % 10) as u8, &group_data))
            .ok()?;
    }
    Some(ShareCode { digits })
}

/// The whole-code check digits the encoder writes at the end of `data` (the
/// data digits of a whole code; its last two are ignored).
fn whole_code_check(data: &[u8]) -> [u8; CHECK_DIGITS] {
    let rest = &data[..data.len() - CHECK_DIGITS];
    // With the check digits 0 the number is `rest * 100`; adding
    // `98 - (rest * 100 mod 97)` (from 2 to 98) leaves 1 mod 97.
    let check = CHECK_MODULUS + 1 - BY_MODULUS.div_rem(remainder(rest) * 100).1;
    [(check / 10) as u8, (check % 10) as u8]
}

/// [`CHECK_MODULUS`] ready to divide by.
const BY_MODULUS: reciprocal::Divisor = reciprocal::Divisor::new(CHECK_MODULUS);

/// `digits` read as one decimal number, mod [`CHECK_MODULUS`].
fn remainder(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |rest, &digit| {
        BY_MODULUS.div_rem(rest * 10 + u32::from(digit)).1
    })
}
