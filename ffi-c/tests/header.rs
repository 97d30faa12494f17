//! `include/tictactoe.h` is generated from this crate and checked in. This test generates it
//! again in memory and fails when the checked-in file differs; with
//! `TICTACTOE_WRITE_HEADER=1` (what `make header` sets) it writes the file instead.

use std::path::Path;

fn generate() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let part = |i: usize| version.split('.').nth(i).unwrap().to_string();
    config.after_includes = Some(format!(
        "\n#define TICTACTOE_VERSION \"{version}\"\n#define TICTACTOE_VERSION_MAJOR {}\n\
         #define TICTACTOE_VERSION_MINOR {}\n#define TICTACTOE_VERSION_PATCH {}\n",
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
