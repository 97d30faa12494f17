//! Compiles the C baselines (`c/reference.c`) into a static library the benchmarks link, with
//! the flags the C benchmark uses for them.

fn main() {
    println!("cargo:rerun-if-changed=c/reference.c");
    println!("cargo:rerun-if-changed=c/reference.h");
    cc::Build::new().file("c/reference.c").opt_level(2).warnings(true).compile("reference");
}
