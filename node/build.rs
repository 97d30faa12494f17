//! napi-build's set-up: the link arguments a Node addon needs on each platform.

fn main() {
    napi_build::setup();
}
