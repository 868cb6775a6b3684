//! Generates Rust bindings for the system libmgba (Debian's libmgba-dev) with
//! bindgen and links against it. Only the handful of items the harness uses are
//! allow-listed, which keeps the output small and the build quick.
use std::{env, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=sys/wrapper.h");
    println!("cargo:rerun-if-changed=sys/build.rs");
    println!("cargo:rustc-link-lib=dylib=mgba");

    let bindings = bindgen::Builder::default()
        .header("sys/wrapper.h")
        .clang_arg("-I/usr/include")
        // mTiming and the CPU are only ever used through pointers.
        .opaque_type("mTiming")
        .allowlist_type("mCore")
        .allowlist_type("VFile")
        .allowlist_type("mLogger")
        .allowlist_type("mLogFilter")
        .allowlist_type("mLogLevel")
        .allowlist_var("BYTES_PER_PIXEL")
        .allowlist_function("GBACoreCreate")
        .allowlist_function("mCoreInitConfig")
        .allowlist_function("mCoreConfigLoadDefaults")
        .allowlist_function("mCoreLoadConfig")
        .allowlist_function("mCoreConfigSetIntValue")
        .allowlist_function("mLogSetDefaultLogger")
        .allowlist_function("mLogFilterInit")
        .allowlist_function("mLogFilterSet")
        .allowlist_function("mLogCategoryName")
        .allowlist_function("mTimingGlobalTime")
        .allowlist_function("VFileMemChunk")
        .allowlist_function("VFileFromConstMemory")
        .allowlist_function("blip_clear")
        .allowlist_function("blip_samples_avail")
        .allowlist_function("blip_read_samples")
        .allowlist_function("vsnprintf")
        .derive_default(true)
        .generate_cstr(true)
        .layout_tests(false)
        .generate()
        .expect("bindgen could not generate libmgba bindings (is libmgba-dev installed?)");

    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("mgba.rs");
    bindings.write_to_file(out).expect("write bindings");
}
