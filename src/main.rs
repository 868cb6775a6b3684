#![no_std]
#![no_main]

#[agb::entry]
fn entry(gba: agb::Gba) -> ! {
    pocket_desk::main(gba)
}
