//! Compiles the C baselines (`c/reference.c`, and `c/family.c` for the k-in-a-row family) into
//! static libraries the benchmarks link, with the flags the C benchmark uses for them.

fn main() {
    for file in ["c/reference.c", "c/reference.h", "c/family.c", "c/family.h"] {
        println!("cargo:rerun-if-changed={file}");
    }
    cc::Build::new().file("c/reference.c").opt_level(2).warnings(true).compile("reference");
    cc::Build::new().file("c/family.c").opt_level(2).warnings(true).compile("family");
}
