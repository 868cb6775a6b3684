//! The mGBA logger: a C callback that formats each message and buffers it,
//! stamped with the emulator's cycle counter at the moment it was logged.
//!
//! mGBA logs synchronously from inside the emulated instruction that caused the
//! message (a write to the debug or stub I/O registers), so stamping here gives
//! exact cycle counts and lets us grab the frame buffer exactly when the ROM
//! asks for an image comparison, even though the harness runs whole frames.
use std::cell::RefCell;
use std::ffi::{CStr, c_char, c_int};
use std::sync::Once;

use crate::sys;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Fatal,
    Error,
    Warn,
    Info,
    Debug,
    Stub,
    GameError,
    Unknown,
}

impl Level {
    fn from_mgba(level: sys::mLogLevel) -> Level {
        match level {
            sys::mLogLevel_mLOG_FATAL => Level::Fatal,
            sys::mLogLevel_mLOG_ERROR => Level::Error,
            sys::mLogLevel_mLOG_WARN => Level::Warn,
            sys::mLogLevel_mLOG_INFO => Level::Info,
            sys::mLogLevel_mLOG_DEBUG => Level::Debug,
            sys::mLogLevel_mLOG_STUB => Level::Stub,
            sys::mLogLevel_mLOG_GAME_ERROR => Level::GameError,
            _ => Level::Unknown,
        }
    }
}

/// mGBA's category for the ROM's debug output (agb's `println!`, the test runner).
pub const CAT_DEBUG: &str = "GBA Debug";
/// mGBA's category for I/O register traffic (the test runner's cycle marker).
pub const CAT_IO: &str = "GBA I/O";
/// What mGBA logs when agb's test runner writes its cycle-measurement register.
pub const CYCLE_MARKER: &str = "Stub I/O register write: FFF800";

#[derive(Debug, Clone)]
pub struct Entry {
    pub category: String,
    pub level: Level,
    pub message: String,
    /// mGBA's global cycle counter when the message was logged.
    pub cycle: u64,
    /// For `image:` requests: the frame buffer at the moment of the request.
    pub screen: Option<Vec<u32>>,
}

impl Entry {
    pub fn is_debug(&self) -> bool {
        self.category == CAT_DEBUG
    }
    /// The text of a structured event (`event app.open name=x` -> `app.open name=x`).
    pub fn event(&self) -> Option<&str> {
        if self.is_debug() && self.level == Level::Info {
            self.message.strip_prefix("event ")
        } else {
            None
        }
    }
}

/// The value of field `name` (`name=value`) among an event's
/// space-separated `fields`.
pub fn field<'a>(fields: &'a str, name: &str) -> Option<&'a str> {
    fields
        .split_whitespace()
        .find_map(|part| part.strip_prefix(name)?.strip_prefix('='))
}

/// Where the callback puts messages; set up by the (single) live core.
struct Sink {
    entries: Vec<Entry>,
    timing: *const sys::mTiming,
    screen: *const u32,
    screen_len: usize,
}

thread_local! {
    static SINK: RefCell<Option<Sink>> = const { RefCell::new(None) };
}

/// Points the logger at a new core's timing and frame buffer.
/// Safety: both pointers must stay valid until `detach` is called.
pub unsafe fn attach(timing: *const sys::mTiming, screen: *const u32, screen_len: usize) {
    install();
    SINK.with(|s| {
        let mut s = s.borrow_mut();
        assert!(s.is_none(), "only one emulator core may be alive at a time");
        *s = Some(Sink {
            entries: Vec::new(),
            timing,
            screen,
            screen_len,
        });
    });
}

pub fn detach() {
    SINK.with(|s| *s.borrow_mut() = None);
}

/// Takes every message logged since the last call.
pub fn drain() -> Vec<Entry> {
    SINK.with(|s| {
        s.borrow_mut()
            .as_mut()
            .map(|s| std::mem::take(&mut s.entries))
            .unwrap_or_default()
    })
}

/// Installs the global logger and its filter once per process.
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| unsafe {
        let filter: &'static mut sys::mLogFilter = Box::leak(Box::default());
        sys::mLogFilterInit(filter);
        // Everything else: only the serious stuff, to keep the callback cheap.
        // HARNESS_MGBA_LOG=all lets everything through, for debugging the harness.
        let all = std::env::var("HARNESS_MGBA_LOG").is_ok_and(|v| v == "all");
        let default = if all {
            sys::mLogLevel_mLOG_ALL
        } else {
            sys::mLogLevel_mLOG_FATAL | sys::mLogLevel_mLOG_ERROR
        };
        filter.defaultLevels = default as c_int;
        // The ROM's own output (events, test protocol, panics) at every level.
        sys::mLogFilterSet(
            filter,
            c"gba.debug".as_ptr(),
            sys::mLogLevel_mLOG_ALL as c_int,
        );
        // Stub I/O writes carry the test runner's cycle marker.
        let io = sys::mLogLevel_mLOG_FATAL | sys::mLogLevel_mLOG_ERROR | sys::mLogLevel_mLOG_STUB;
        sys::mLogFilterSet(filter, c"gba.io".as_ptr(), io as c_int);
        let logger: &'static mut sys::mLogger = Box::leak(Box::new(sys::mLogger {
            log: Some(callback),
            filter,
        }));
        sys::mLogSetDefaultLogger(logger);
    });
}

unsafe extern "C" fn callback(
    _logger: *mut sys::mLogger,
    category: c_int,
    level: sys::mLogLevel,
    format: *const c_char,
    args: *mut sys::__va_list_tag,
) {
    let mut buf = [0u8; 1024];
    let n = unsafe { sys::vsnprintf(buf.as_mut_ptr().cast(), buf.len() as _, format, args) };
    if n < 0 {
        return;
    }
    let len = (n as usize).min(buf.len() - 1);
    let message = String::from_utf8_lossy(&buf[..len]).into_owned();
    let name = unsafe { sys::mLogCategoryName(category) };
    let category = if name.is_null() {
        "Unknown".to_string()
    } else {
        unsafe { CStr::from_ptr(name) }
            .to_string_lossy()
            .into_owned()
    };
    SINK.with(|s| {
        let Ok(mut s) = s.try_borrow_mut() else {
            return;
        };
        let Some(s) = s.as_mut() else { return };
        let cycle = if s.timing.is_null() {
            0
        } else {
            unsafe { sys::mTimingGlobalTime(s.timing) }
        };
        let screen =
            (category == CAT_DEBUG && message.starts_with("image:") && !s.screen.is_null())
                .then(|| unsafe { std::slice::from_raw_parts(s.screen, s.screen_len) }.to_vec());
        s.entries.push(Entry {
            category,
            level: Level::from_mgba(level),
            message,
            cycle,
            screen,
        });
    });
}
