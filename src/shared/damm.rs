//! Damm check digits, for every code a player types (Polarium's endless
//! codes, the nonogram's share codes): one digit that catches every single
//! mistyped digit and every swap of two neighbouring digits before it (the
//! check digit included).
//!
//! The run may start from any digit instead of 0. Every column of the table
//! is a permutation, so the same digits from different starts always end on
//! different digits: share codes start each group from its position, and a
//! group typed in the wrong place fails its check.

/// Damm's totally anti-symmetric quasigroup of order 10 (zero diagonal).
const TABLE: [[u8; 10]; 10] = [
    [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
    [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
    [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
    [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
    [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
    [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
    [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
    [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
    [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
    [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/// The interim digit after `digits` (each 0-9; larger values are read mod 10
/// so nothing can index out of the table). `const` for codes made at
/// compile time.
const fn interim(start: u8, digits: &[u8]) -> u8 {
    let mut interim = start % 10;
    let mut i = 0;
    while i < digits.len() {
        interim = TABLE[interim as usize][(digits[i] % 10) as usize];
        i += 1;
    }
    interim
}

/// The digit to append to `digits` when the run starts from `start` (0-9).
#[must_use]
pub const fn check_digit(start: u8, digits: &[u8]) -> u8 {
    // The diagonal is zero: appending the interim digit brings the run to 0.
    interim(start, digits)
}

/// Whether `digits` ends with the right check digit for a run from `start`.
#[must_use]
pub const fn is_valid(start: u8, digits: &[u8]) -> bool {
    interim(start, digits) == 0
}

#[cfg(test)]
mod tests {
    use super::{TABLE, check_digit, is_valid};

    #[test]
    fn the_table_is_a_latin_square_with_a_zero_diagonal() {
        for (i, row) in TABLE.iter().enumerate() {
            assert_eq!(row[i], 0);
            let mut seen_in_row = [false; 10];
            let mut seen_in_column = [false; 10];
            for j in 0..10 {
                seen_in_row[usize::from(row[j])] = true;
                seen_in_column[usize::from(TABLE[j][i])] = true;
            }
            assert!(seen_in_row.iter().all(|&seen| seen));
            assert!(seen_in_column.iter().all(|&seen| seen));
        }
    }

    #[test]
    fn known_vector() {
        // Damm's own example: 572 gets the check digit 4.
        assert_eq!(check_digit(0, &[5, 7, 2]), 4);
        assert!(is_valid(0, &[5, 7, 2, 4]));
        assert!(!is_valid(0, &[5, 2, 7, 4]));
    }

    #[test]
    fn a_start_changes_the_check_digit() {
        for digits in [[0u8, 0, 0, 0], [1, 2, 3, 4], [9, 9, 9, 9]] {
            let mut checks = [0u8; 10];
            for start in 0..10 {
                checks[usize::from(start)] = check_digit(start, &digits);
            }
            checks.sort_unstable();
            assert_eq!(checks, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        }
    }

    /// Swapping two different digits always changes the interim digit after
    /// them: why neighbour swaps are caught.
    #[test]
    fn the_table_is_weakly_totally_antisymmetric() {
        for c in 0..10 {
            for a in 0..10 {
                for b in 0..10 {
                    if a != b {
                        let ab = TABLE[usize::from(TABLE[c][a])][b];
                        let ba = TABLE[usize::from(TABLE[c][b])][a];
                        assert_ne!(ab, ba, "c {c} a {a} b {b}");
                    }
                }
            }
        }
    }
}
