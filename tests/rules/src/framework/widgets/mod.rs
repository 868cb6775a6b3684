//! `crate::framework::widgets` of the ROM: the number pad's model, the
//! paged lists' cursor and the clocks' arithmetic, from the framework's pure
//! crate (the views draw with agb, so they stay out).
pub use desk_core::{numpad, pager, timer};
