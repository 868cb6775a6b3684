//! `crate::framework::widgets` of the ROM: the number pad's model (its view
//! draws with agb, so it stays out).
#[path = "../../../../../src/framework/widgets/numpad.rs"]
pub mod numpad;
