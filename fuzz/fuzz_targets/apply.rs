//! libFuzzer driver for the `apply` target (see `fuzz/targets.rs`).
#![no_main]

#[path = "../targets.rs"]
#[allow(dead_code)] // each binary drives one of the targets
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    targets::apply(data);
});
