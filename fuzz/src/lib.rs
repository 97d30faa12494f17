//! The fuzz targets' bodies, one module each: `fuzz_targets/` runs them under libFuzzer
//! (`make fuzz`), and `tests/replay.rs` runs them on every input checked into `corpus/`
//! (`make test`), so that what the fuzzer once found keeps being tried without it.

pub mod c_abi;
pub mod core_ops;
pub mod parsers;
pub mod pbrain_protocol;
pub mod text_limits;
