//! `crate::framework::save` of the ROM, with only its pure part: the section
//! contract, records, the boot notice's wording, agb's slot headers and the
//! old format's parts (not SRAM itself).
#[path = "../../../../src/framework/save/legacy.rs"]
pub mod legacy;
#[path = "../../../../src/framework/save/notice.rs"]
pub mod notice;
#[path = "../../../../src/framework/save/record.rs"]
mod record;
#[path = "../../../../src/framework/save/section.rs"]
mod section;
#[path = "../../../../src/framework/save/slot_headers.rs"]
pub mod slot_headers;
#[path = "../../../../src/framework/save/tally.rs"]
mod tally;

pub use record::Record;
pub use section::*;
pub use tally::{Tally, percent_text};
