#!/usr/bin/env bash
# Installs into a temporary prefix with `make install PREFIX=...`, then builds tests/cmake with
# find_package(tictactoe CONFIG REQUIRED) against it, with the shared and the static target, and
# runs both programs. Also checks what the installed shared library promises: its soname
# carries the ABI version, its links are there, and it exports only tictactoe_* symbols.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" >/dev/null
version=$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)
abi=${version%%.*}
passed=0

lib="$prefix/lib/libtictactoe.so.$version"
readelf -d "$lib" | grep -q "Library soname: \[libtictactoe.so.$abi\]"
test "$(readlink "$prefix/lib/libtictactoe.so.$abi")" = "libtictactoe.so.$version"
test "$(readlink "$prefix/lib/libtictactoe.so")" = "libtictactoe.so.$abi"
passed=$((passed + 1))
others=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^tictactoe_' || true)
if [ -n "$others" ]; then echo "exported beside tictactoe_*: $others"; exit 1; fi
test "$(nm -D --defined-only "$lib" | grep -c ' T tictactoe_')" -gt 20
passed=$((passed + 1))

cmake -S tests/cmake -B "$prefix/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$prefix/build" >/dev/null
"$prefix/build/play_shared" >/dev/null
passed=$((passed + 1))
"$prefix/build/play_static" >/dev/null
# The static program does not need the shared library.
if ldd "$prefix/build/play_static" | grep -q libtictactoe; then echo "play_static loads libtictactoe.so"; exit 1; fi
passed=$((passed + 1))
# Versions the package does not offer are refused: a newer one, another major version.
for want in 0.9 1.0; do
    if cmake -S tests/cmake -B "$prefix/build-$want" -DCMAKE_PREFIX_PATH="$prefix" -DTICTACTOE_WANT="$want" \
        >/dev/null 2>&1; then
        echo "find_package(tictactoe $want) accepted version $version"; exit 1
    fi
done
passed=$((passed + 1))
echo "cmake consumer test: soname, exports, find_package with both targets; $passed passed, 0 failed"
