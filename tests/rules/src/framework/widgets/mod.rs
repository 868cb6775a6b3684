//! `crate::framework::widgets` of the ROM: the number pad's model, the
//! paged lists' cursor and the clocks' arithmetic (the views draw with
//! agb, so they stay out).
#[path = "../../../../../src/framework/widgets/numpad.rs"]
pub mod numpad;
#[path = "../../../../../src/framework/widgets/pager.rs"]
pub mod pager;
#[path = "../../../../../src/framework/widgets/timer.rs"]
pub mod timer;
