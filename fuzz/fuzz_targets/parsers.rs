//! libFuzzer's entry for `tictactoe_fuzz::parsers` (the body and its purpose are there).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tictactoe_fuzz::parsers::run(data));
