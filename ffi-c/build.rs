//! Gives the shared library a soname carrying its ABI version, `libtictactoe.so.<major>`: a
//! program linked against it keeps loading it across releases that keep the ABI (which only
//! ever grows: functions and result codes are appended, never changed), and `make install`
//! installs the usual links to it.

fn main() {
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets the version");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libtictactoe.so.{major}");
    }
}
