#!/usr/bin/env bash
# Installs into a temporary prefix with `make install PREFIX=...` and builds a C program there
# the way a user would, with pkg-config: against the shared library, and statically.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
test "$(pkg-config --modversion tictactoe)" = "$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror ffi-c/examples/play.c $(pkg-config --cflags --libs tictactoe) -o "$prefix/play-shared"
LD_LIBRARY_PATH="$prefix/lib" "$prefix/play-shared" >/dev/null
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror ffi-c/examples/play.c $(pkg-config --cflags tictactoe) "$prefix/lib/libtictactoe.a" \
    $(pkg-config --libs-only-l --static tictactoe | sed 's/-ltictactoe//') -o "$prefix/play-static"
"$prefix/play-static" >/dev/null
echo "install test: header, libraries and tictactoe.pc installed; 2 passed, 0 failed"
