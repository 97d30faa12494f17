//! libFuzzer's entry for `tictactoe_fuzz::c_abi` (the body and its purpose are there).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tictactoe_fuzz::c_abi::run(data));
