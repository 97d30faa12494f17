# The project's two commands: `make demo` builds everything and plays games through the
# library; `make test` runs every check. `.ci/run` ends in `make test`.

CARGO ?= cargo
export CARGO_TERM_COLOR ?= never

PYTHON ?= python3
PREFIX ?= /usr/local
VENV := .venv
RELEASE := target/release
LIB_A := $(RELEASE)/libtictactoe.a
LIB_SO := $(RELEASE)/libtictactoe.so
BUILD := build
CC ?= cc
CXX ?= c++
C_FLAGS := -std=c99 -pedantic -Wall -Wextra -Werror -g -Iinclude
CXX_FLAGS := -std=c++11 -Wall -Wextra -Werror -g -Iinclude
# What the Rust standard library in libtictactoe.a needs from the system.
STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VALGRIND := valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=1
VERSION := $(shell grep -m1 '^version' Cargo.toml | cut -d'"' -f2)

.PHONY: demo test lint fmt-check clippy doc rust-test nostd bench lib header c-test c-asan \
	c-valgrind cpp-test ctypes-test install install-test bench-c py-test bench-py

demo: lib $(BUILD)/play $(VENV)/.installed
	$(CARGO) run --quiet --release -p tictactoe-core --example demo
	@echo
	@echo "The same engine from C (ffi-c/examples/play.c, linked against libtictactoe.a):"
	$(BUILD)/play
	@echo
	@echo "And from Python (pip install ./py; python -m tictactoe replays LeetCode 1275's draw):"
	$(VENV)/bin/python -m tictactoe --moves "0,0 1,1 2,0 1,0 1,2 2,1 0,1 0,2 2,2"

test: lint rust-test nostd c-test cpp-test c-asan c-valgrind ctypes-test install-test py-test

lint: fmt-check clippy doc

fmt-check:
	$(CARGO) fmt --all --check
	$(CARGO) fmt --manifest-path tests/nostd/Cargo.toml --check

clippy:
	$(CARGO) clippy --workspace --all-targets -- -D warnings

doc:
	RUSTDOCFLAGS=-Dwarnings $(CARGO) doc --workspace --no-deps

rust-test:
	$(CARGO) test --workspace

# The no_std proof: a binary with no std at all, linked against libc only, playing through
# the core. std anywhere in the core's dependency tree makes it fail to build.
nostd:
	$(CARGO) build --quiet --release --manifest-path tests/nostd/Cargo.toml
	tests/nostd/target/release/tictactoe-nostd-proof
	@echo "no_std proof: built without std and played a game"

# --- the C ABI -------------------------------------------------------------------------

lib:
	$(CARGO) build --quiet --release -p tictactoe-ffi

# Regenerates include/tictactoe.h from ffi-c (cbindgen, pinned in ffi-c/Cargo.toml). The
# header test under `cargo test` fails while the checked-in header is stale.
header:
	TICTACTOE_WRITE_HEADER=1 $(CARGO) test --quiet -p tictactoe-ffi --test header

$(BUILD):
	mkdir -p $@

C_TESTS := test_api test_vectors

# Each C test program against the static library, the shared library, and with sanitizers.
$(BUILD)/%-static: tests/c/%.c tests/c/*.h include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CC) $(C_FLAGS) -D_DEFAULT_SOURCE $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/%-shared: tests/c/%.c tests/c/*.h include/tictactoe.h $(LIB_SO) | $(BUILD)
	$(CC) $(C_FLAGS) $< -L$(RELEASE) -ltictactoe -Wl,-rpath,$(abspath $(RELEASE)) -o $@
$(BUILD)/%-asan: tests/c/%.c tests/c/*.h include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CC) $(C_FLAGS) $(SANITIZE) $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/test_cpp: tests/cpp/test_api.cpp include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CXX) $(CXX_FLAGS) $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/play: ffi-c/examples/play.c include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CC) $(C_FLAGS) $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/bench: ffi-c/benches/bench.c include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CC) -std=c99 -O2 -Wall -Wextra -Iinclude $< $(LIB_A) $(STATIC_LIBS) -o $@

$(LIB_A) $(LIB_SO): lib

c-test: lib $(foreach t,$(C_TESTS) test_alloc,$(BUILD)/$(t)-static) $(foreach t,$(C_TESTS),$(BUILD)/$(t)-shared)
	@for t in $(C_TESTS); do $(BUILD)/$$t-static tests/vectors && $(BUILD)/$$t-shared tests/vectors || exit 1; done
	$(BUILD)/test_alloc-static

cpp-test: lib $(BUILD)/test_cpp
	$(BUILD)/test_cpp

c-asan: lib $(foreach t,$(C_TESTS),$(BUILD)/$(t)-asan)
	@for t in $(C_TESTS); do ASAN_OPTIONS=detect_leaks=1 $(BUILD)/$$t-asan tests/vectors || exit 1; done

c-valgrind: lib $(foreach t,$(C_TESTS),$(BUILD)/$(t)-static $(BUILD)/$(t)-shared)
	@for t in $(C_TESTS); do \
	  $(VALGRIND) $(BUILD)/$$t-static tests/vectors && $(VALGRIND) $(BUILD)/$$t-shared tests/vectors || exit 1; \
	done

# Python tooling lives in a venv made here; nothing is installed by hand.
$(VENV)/.ready: tests/python/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -r tests/python/requirements.txt
	touch $@

# --- the Python package ------------------------------------------------------------------

# `pip install ./py`, exactly as a user would (maturin as the PEP 517 backend, from PyPI).
$(VENV)/.installed: $(VENV)/.ready $(wildcard py/src/*.rs py/python/tictactoe/*) py/Cargo.toml \
		py/pyproject.toml $(wildcard core/src/*.rs)
	$(VENV)/bin/pip install --quiet ./py
	touch $@

PY_TYPED := tests/python/test_api.py tests/python/test_vectors.py tests/python/test_model.py \
	tests/python/test_cli.py tests/python/model.py tests/python/conftest.py py/python/tictactoe

# pytest exits 5 when it collects nothing, which fails here like any other non-zero status.
py-test: $(VENV)/.installed
	$(VENV)/bin/pytest -q tests/python --ignore=tests/python/test_ctypes.py
	$(VENV)/bin/mypy --strict $(PY_TYPED)
	cd /tmp && $(abspath $(VENV))/bin/python -m mypy.stubtest tictactoe

bench-py: $(VENV)/.installed
	$(VENV)/bin/python py/benches/bench_moves.py

ctypes-test: lib $(VENV)/.ready
	TICTACTOE_LIB=$(abspath $(LIB_SO)) $(VENV)/bin/pytest -q tests/python/test_ctypes.py

install: lib
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 include/tictactoe.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 $(LIB_A) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(LIB_SO) $(DESTDIR)$(PREFIX)/lib/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' tictactoe.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/tictactoe.pc

install-test: lib
	tests/c/install_test.sh

# --- benchmarks (not tests): tables with ratios to a baseline run side by side ----------

bench: bench-c bench-py
	$(CARGO) bench -p tictactoe-core --bench moves

bench-c: lib $(BUILD)/bench
	$(BUILD)/bench
