//! Polarium: one stroke flips the tiles it crosses until every row is one colour.

pub mod rules;
