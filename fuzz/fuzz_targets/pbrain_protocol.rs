//! libFuzzer's entry for `tictactoe_fuzz::pbrain_protocol` (the body and its purpose are there).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tictactoe_fuzz::pbrain_protocol::run(data));
