//! `crate::framework::save` of the ROM, with only its pure part: the
//! framework's pure crate's section contract, records, boot notice, slot
//! headers and old format, where the ROM's files below include them from.
pub use desk_core::{legacy, notice, slot_headers};

pub use desk_core::record::Record;
pub use desk_core::section::*;
pub use desk_core::tally::{Tally, percent_text};
