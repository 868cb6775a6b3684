//! The rules' in-ROM tests: the ARM and IWRAM code as it runs on the GBA.
//! Their bodies live in the rules crates and the framework's pure crate
//! (`rom_tests`, feature `testing`),
//! which reach inside the board and cannot depend on agb; each is run here
//! as a `#[test_case]` of the ROM's test build.

/// One in-ROM test per body, under the body's name.
macro_rules! on_gba {
    ($($crate_name:ident::rom_tests::{$($name:ident),* $(,)?})*) => {
        $($(
            #[test_case]
            fn $name(_gba: &mut agb::Gba) {
                $crate_name::rom_tests::$name();
            }
        )*)*
    };
}

on_gba! {
    sweeper_rules::rom_tests::{
        arm_floodfill_opens_the_region_left_of_a_wall,
        arm_win_flags_every_mine,
        arm_bitmap_marks_the_revealed_and_mined_squares,
        arm_mine_laying_counts_neighbours,
        iwram_generator_and_solver_agree,
    }
    polarium_rules::rom_tests::{
        arm_solver_solves_the_public_vector_from_its_hints,
        arm_builtin_puzzles_solve_with_a_stroke,
    }
    desk_core::rom_tests::{
        an_hour_of_frames_is_an_hour_on_the_gba,
    }
}
