//! The host demo's game: a room where a walker goes where the D-pad says,
//! a ball bounces on its own and a plaque counts the seconds played. Its
//! layer, sprites and palettes are its own, as any game's would be; the
//! desk borrows the screen while the game is paused and gives it back.

use agb::{
    display::{
        GraphicsFrame, Priority, Rgb15,
        object::Object,
        tiled::{RegularBackground, RegularBackgroundSize, TileFormat},
    },
    input::{Button, ButtonController},
};

agb::include_background_gfx!(
    mod room,
    ROOM => deduplicate "gfx/host_demo_room.png",
    // Not deduplicated: tile n is digit n.
    DIGITS => "gfx/host_demo_digits.png",
);

agb::include_aseprite!(
    mod sprites,
    16x16 "gfx/host_demo_sprites.png",
);

/// Sprite frames: the walker's two steps, then the ball.
const WALKER_FRAMES: [usize; 2] = [0, 1];
const BALL_FRAME: usize = 2;
/// Where sprites may go: the floor, below the wall (in pixels, their
/// top-left corner).
const FLOOR: (i32, i32, i32, i32) = (0, 28, 224, 144);
/// The plaque's digits: columns 3 to 5 of tile row 1.
const COUNTER_AT: (i32, i32) = (3, 1);
const COUNTER_DIGITS: i32 = 3;
/// Frames to a second (the GBA draws 59.73 a second: near enough for a
/// demo's counter).
const FRAMES_PER_SECOND: u32 = 60;
/// Frames a step of the walker's shows.
const STEP_FRAMES: u32 = 8;

/// Background tiles the room keeps in video RAM (the desk grows agb's
/// table of tiles for them at boot).
pub const TILES: usize = 24;

pub struct Scene {
    room: RegularBackground,
    walker: (i32, i32),
    facing_left: bool,
    walked_frames: u32,
    ball: (i32, i32),
    velocity: (i32, i32),
    frames: u32,
    shown_seconds: Option<u32>,
}

impl Scene {
    pub fn new(gfx: &mut agb::display::Graphics) -> Self {
        gfx.set_background_palettes(room::PALETTES);
        // The backdrop, where no layer shows (the blank frame as the game
        // pauses): the room's darkest colour.
        gfx.set_background_palette_colour(0, 0, Rgb15(0x1C65));
        let mut layer = RegularBackground::new(
            Priority::P3,
            RegularBackgroundSize::Background32x32,
            TileFormat::FourBpp,
        );
        layer.fill_with(&room::ROOM);
        let mut scene = Self {
            room: layer,
            walker: (112, 96),
            facing_left: false,
            walked_frames: 0,
            ball: (40, 60),
            velocity: (1, 1),
            frames: 0,
            shown_seconds: None,
        };
        scene.show_counter();
        scene
    }

    /// A frame of play: the walker walks, the ball bounces, the clock runs.
    pub fn update(&mut self, buttons: &ButtonController) {
        let dx = i32::from(buttons.is_pressed(Button::Right))
            - i32::from(buttons.is_pressed(Button::Left));
        let dy =
            i32::from(buttons.is_pressed(Button::Down)) - i32::from(buttons.is_pressed(Button::Up));
        if dx != 0 || dy != 0 {
            self.walker = within_floor((self.walker.0 + dx, self.walker.1 + dy));
            self.walked_frames = self.walked_frames.wrapping_add(1);
        }
        if dx != 0 {
            self.facing_left = dx < 0;
        }
        let (mut x, mut y) = (self.ball.0 + self.velocity.0, self.ball.1 + self.velocity.1);
        if x < FLOOR.0 || x > FLOOR.2 {
            self.velocity.0 = -self.velocity.0;
            x = self.ball.0 + self.velocity.0;
        }
        if y < FLOOR.1 || y > FLOOR.3 {
            self.velocity.1 = -self.velocity.1;
            y = self.ball.1 + self.velocity.1;
        }
        self.ball = (x, y);
        self.frames = self.frames.wrapping_add(1);
        self.show_counter();
    }

    /// The counter's digits, as map entries, when its second changes.
    fn show_counter(&mut self) {
        let seconds = self.frames / FRAMES_PER_SECOND;
        if self.shown_seconds == Some(seconds) {
            return;
        }
        self.shown_seconds = Some(seconds);
        let mut rest = seconds;
        for place in (0..COUNTER_DIGITS).rev() {
            let digit = (rest % 10) as usize;
            rest /= 10;
            if let Some(&setting) = room::DIGITS.tile_settings.get(digit) {
                self.room.set_tile(
                    (COUNTER_AT.0 + place, COUNTER_AT.1),
                    &room::DIGITS.tiles,
                    setting,
                );
            }
        }
    }

    pub fn show(&self, frame: &mut GraphicsFrame) {
        self.room.show(frame);
        let step = (self.walked_frames / STEP_FRAMES) as usize % WALKER_FRAMES.len();
        let mut walker = Object::new(sprites::HOST_DEMO_SPRITES.sprite(WALKER_FRAMES[step]));
        walker.set_pos(self.walker).set_hflip(self.facing_left);
        walker.show(frame);
        let mut ball = Object::new(sprites::HOST_DEMO_SPRITES.sprite(BALL_FRAME));
        ball.set_pos(self.ball);
        ball.show(frame);
    }

    /// What the game is at, for the log: a pause must leave it as it was.
    pub fn state(&self) -> alloc::string::String {
        alloc::format!(
            "walker={},{} ball={},{} frames={} seconds={}",
            self.walker.0,
            self.walker.1,
            self.ball.0,
            self.ball.1,
            self.frames,
            self.frames / FRAMES_PER_SECOND
        )
    }
}

fn within_floor((x, y): (i32, i32)) -> (i32, i32) {
    (x.clamp(FLOOR.0, FLOOR.2), y.clamp(FLOOR.1, FLOOR.3))
}
