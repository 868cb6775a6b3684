//! Pure code the rules crates and the ROM share: seeded random numbers,
//! the check digit of every code a player types, and the hash behind the
//! "has this changed?" caches. Its own crate so that each rules crate can
//! use it without reaching into the ROM, and so that it, like them, cannot
//! depend on agb.
#![cfg_attr(not(test), no_std)]

pub mod damm;
pub mod fnv;
pub mod random;
