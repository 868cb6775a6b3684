//! `crate::framework::save` of the ROM, with only its pure part: the section
//! contract, records and the old format's parts (not SRAM itself).
#[path = "../../../../src/framework/save/legacy.rs"]
pub mod legacy;
#[path = "../../../../src/framework/save/record.rs"]
mod record;
#[path = "../../../../src/framework/save/section.rs"]
mod section;

pub use record::Record;
pub use section::*;
