//! Raw bindgen output for libmgba (see `sys/build.rs`).
#![allow(
    non_upper_case_globals,
    non_camel_case_types,
    non_snake_case,
    dead_code,
    unsafe_op_in_unsafe_fn,
    clippy::all
)]
include!(concat!(env!("OUT_DIR"), "/mgba.rs"));
