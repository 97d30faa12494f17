//! `include/tictactoe.h` is generated from this crate and checked in. This test generates it
//! again in memory and fails when the checked-in file differs; with
//! `TICTACTOE_WRITE_HEADER=1` (what `make header` sets) it writes the file instead.

use std::path::Path;

fn generate() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let part = |i: usize| version.split('.').nth(i).unwrap().to_string();
    // After cbindgen.toml's own text (the deprecation macro).
    config.after_includes = Some(format!(
        "{}\n\n#define TICTACTOE_VERSION \"{version}\"\n#define TICTACTOE_VERSION_MAJOR {}\n\
         #define TICTACTOE_VERSION_MINOR {}\n#define TICTACTOE_VERSION_PATCH {}\n",
        config.after_includes.as_deref().unwrap_or_default(),
        part(0),
        part(1),
        part(2)
    ));
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen could not read ffi-c");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).unwrap()
}

#[test]
fn header_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../include/tictactoe.h");
    let fresh = generate();
    if std::env::var_os("TICTACTOE_WRITE_HEADER").is_some() {
        std::fs::write(&path, &fresh).unwrap();
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == fresh,
        "include/tictactoe.h is stale: run `make header` to regenerate it from ffi-c"
    );
}

/// Every result code the header declares (`TICTACTOE_RESULT_NAME = value,`) is known to the
/// library by its value, under its own name: a code appended to the enum but not reachable
/// from its value (a stale last code) fails here.
#[test]
fn every_code_in_the_header_has_its_name() {
    let header = generate();
    let codes: Vec<(String, u32)> = header
        .lines()
        .filter_map(|line| line.trim().strip_prefix("TICTACTOE_RESULT_"))
        .filter_map(|rest| {
            let (name, value) = rest.trim_end_matches(',').split_once(" = ")?;
            Some((name.to_ascii_lowercase(), value.parse().ok()?))
        })
        .collect();
    assert!(codes.len() > 20, "the header declares its result codes: {codes:?}");
    for (name, value) in codes {
        let text = tictactoe::tictactoe_result_name(value);
        assert!(!text.is_null(), "code {value} ({name}) has no name");
        // SAFETY: the library returns static NUL-terminated text.
        let found = unsafe { std::ffi::CStr::from_ptr(text) }.to_str().unwrap();
        assert_eq!(found, name, "code {value}");
    }
}
