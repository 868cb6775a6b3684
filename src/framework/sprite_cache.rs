//! agb keeps every sprite it has put in video memory in a hash table, which
//! doubles (every entry moved) when it fills, and keeps them there until
//! video memory runs short. The number pad's keys and the pointer are
//! loaded once at boot: a pad opening (a frame that builds a whole screen)
//! then neither loads them nor pays for the table's growth.

use agb::display::object::SpriteVram;

use super::assets::sprites;

/// Put the number pad's sprites in video memory; the table keeps them.
pub fn warm() {
    for sheet in [&sprites::NUMPAD, &sprites::POINTER] {
        for sprite in sheet.sprites() {
            drop(SpriteVram::from(sprite));
        }
    }
}
