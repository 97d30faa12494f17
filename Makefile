# The project's two commands: `make demo` builds everything and plays games through the
# library; `make test` runs every check. Both first check the machine for the tools they need
# (tools/setup.sh: installs what it can, else stops with the command to run). `.ci/run` is
# `make test`.

SHELL := bash
CARGO ?= cargo
export CARGO_TERM_COLOR ?= never
# The heavy installs (jaxlib, torch, kaggle-environments: hundreds of MB) over a link that
# drops: pip retries a failed connection and resumes a download it began (pip 25.1 and later;
# older ones ignore the setting), rather than failing the run. A caller's own setting wins.
export PIP_RETRIES ?= 10
export PIP_RESUME_RETRIES ?= 30
# `pip install` from PyPI into venv $(1) of packages $(2), tried three times a minute apart:
# a link that drops a download for minutes (seen: jaxlib's wheel cut at 52 of 85 MB, 31 times)
# fails the run only if it stays down.
define pypi
for try in 1 2 3; do $(1)/bin/pip install --quiet $(2) && exit 0; \
  echo "pip install into $(1): try $$try of 3 failed" >&2; sleep 60; done; exit 1
endef

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
CXX17_FLAGS := -std=c++17 -Wall -Wextra -Wpedantic -Werror -g -Iinclude
# What the Rust standard library in libtictactoe.a needs from the system: stated here once
# (tictactoe.pc and the CMake package get it from here at install time) and checked against
# rustc's own list by `make static-libs-test`.
STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VALGRIND := valgrind --quiet --suppressions=tests/c/valgrind.supp --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=1
VERSION := $(shell grep -m1 '^version' Cargo.toml | cut -d'"' -f2)
# The shared library's soname is libtictactoe.so.$(ABI) (ffi-c/build.rs: the major version).
ABI := $(firstword $(subst ., ,$(VERSION)))
LIB_SONAME := $(RELEASE)/libtictactoe.so.$(ABI)

.PHONY: node-build node-test page-test play node-bench wheel sdist-test alphazero-smoke kaggle-test kaggle-submission sb3-test demo demo-play setup-test doc-test test lint fmt-check clippy doc rust-test nostd package-test static-libs-test bench lib header c-test c-asan \
	c-valgrind cpp-test ctypes-test install install-test bench-c py-test bench-py lib-asan c4-sets book book-check \
	c-asan-rust c-tsan lib-tsan fuzz fuzz-smoke fuzz-replay fuzz-cmin cargo-fuzz soak pbrain pbrain-test

# Debian's own interpreter, for what Debian packages for it (PyTorch, under sb3-test).
SYSTEM_PYTHON ?= /usr/bin/python3
SETUP := PYTHON=$(PYTHON) CARGO=$(CARGO) SYSTEM_PYTHON=$(SYSTEM_PYTHON) bash tools/setup.sh

demo:
	@$(SETUP) demo
	@$(MAKE) --no-print-directory demo-play

demo-play: lib $(BUILD)/play $(VENV)/.installed node-build
	$(CARGO) run --quiet --release -p tictactoe-core --example demo
	@echo
	@echo "The same engine from C (ffi-c/examples/play.c, linked against libtictactoe.a):"
	$(BUILD)/play
	@echo
	@echo "And from Python (pip install ./py): python -m tictactoe replays 8 moves of LeetCode 1275's draw,"
	@echo "after which neither player can complete a line:"
	$(VENV)/bin/python -m tictactoe --moves "0,0 1,1 2,0 1,0 1,2 2,1 0,1 0,2"
	@echo
	@echo "The computer player (tictactoe-search) on both sides of a 4 x 4 game, solved exactly:"
	$(VENV)/bin/python -m tictactoe --size 4 --computer both
	@echo
	@echo "The rest of the family: Connect Four (6 x 7, four in a row, gravity), moves by column:"
	$(VENV)/bin/python -m tictactoe --size 6 --cols 7 --k 4 --gravity --moves "3 3 4 4 5 5 6"
	@echo
	@echo "And from Node (node/, napi-rs): the computer player on both sides of 3 x 3, a draw; \`make play\` for the page:"
	node --input-type=module -e "import { TicTacToe, bestMove } from './node/index.js'; const g = new TicTacToe(3); while (g.status === 'in_progress') g.play(...bestMove(g)); console.log(g.board() + '\n' + g.status, g.toString())"

# Every check, run by a second make between a snapshot of the work tree and a comparison
# with it (tests/tree_check.sh): `make test` fails if the checks leave a file in the tree that
# git would see (new, modified or deleted, compared with the tree's state before, so that a
# work tree with uncommitted changes can run it). Whatever a check writes goes under build/,
# target/ or another git-ignored place. `make test TEST_TARGETS=fuzz-smoke` runs a part of
# the checks under the same tree check.
TEST_TARGETS := setup-test lint book-check rust-test nostd package-test static-libs-test c-test cpp-test c-asan c-tsan c-asan-rust \
	c-valgrind ctypes-test install-test py-test node-test page-test alphazero-smoke kaggle-test sb3-test doc-test sdist-test fuzz-replay \
	fuzz-smoke pbrain-test
TREE_BEFORE := $(BUILD)/tree-before

test:
	@$(SETUP) test
	@bash tests/tree_check.sh snapshot $(TREE_BEFORE)
	@$(MAKE) --no-print-directory $(TEST_TARGETS)
	@bash tests/tree_check.sh compare $(TREE_BEFORE)

# The check of tools/setup.sh itself: on a PATH without cmake it names cmake and the command.
setup-test:
	PYTHON=$(PYTHON) bash tests/setup/test_setup.sh

lint: fmt-check clippy doc

fmt-check:
	$(CARGO) fmt --all --check
	$(CARGO) fmt --manifest-path tests/nostd/Cargo.toml --check
	$(CARGO) fmt --manifest-path fuzz/Cargo.toml --check

clippy:
	$(CARGO) clippy --workspace --all-targets -- -D warnings

doc:
	RUSTDOCFLAGS=-Dwarnings $(CARGO) doc --workspace --no-deps

rust-test:
	$(CARGO) test --workspace

# tictactoe-core as crates.io would get it: packaged (with its README and licences) and the
# package built on its own. --allow-dirty so that it also runs in a work tree with changes.
package-test:
	$(CARGO) package --quiet -p tictactoe-core --allow-dirty
	@echo "package test: tictactoe-core packaged and its package built"

# The no_std proof: a binary with no std at all, linked against libc only, playing through
# the core. std anywhere in the core's dependency tree makes it fail to build.
nostd:
	$(CARGO) build --quiet --release --manifest-path tests/nostd/Cargo.toml
	tests/nostd/target/release/tictactoe-nostd-proof
	@echo "no_std proof: built without std and played a game"

# --- the Gomocup brain (docs/gomocup.md) ----------------------------------------------------

# build/pbrain-tictactoe: the executable a Gomocup manager runs (Piskvork, the Gomocup judge,
# command-line runners), built native and optimized.
pbrain: | $(BUILD)
	$(CARGO) build --quiet --release -p tictactoe-pbrain
	cp $(RELEASE)/pbrain-tictactoe $(BUILD)/pbrain-tictactoe

# The release executable through a manager's opening exchange: what `make pbrain` hands over
# answers as a brain must. Its tests (the protocol, the clock, the model manager of
# pbrain/tests/manager.rs) run in `rust-test` with the workspace's, not twice.
pbrain-test: pbrain
	@printf 'INFO timeout_turn 300\r\nSTART 20\r\nBEGIN\r\nEND\r\n' | $(BUILD)/pbrain-tictactoe > $(BUILD)/pbrain-test.out
	@diff <(sed -n 1p $(BUILD)/pbrain-test.out) <(echo OK)
	@sed -n 2p $(BUILD)/pbrain-test.out | grep -Eq '^[0-9]+,[0-9]+$$'
	@echo "pbrain test: build/pbrain-tictactoe answered START and BEGIN"

# --- the C ABI -------------------------------------------------------------------------

# The build tree gets the soname link too, so that programs linked against it run from there.
lib:
	$(CARGO) build --quiet --release -p tictactoe-ffi
	ln -sf libtictactoe.so $(LIB_SONAME)

# STATIC_LIBS against what rustc says the static library needs (less libc, which every C
# program links anyway).
static-libs-test:
	@needed=$$($(CARGO) rustc --quiet --release -p tictactoe-ffi --crate-type staticlib -- \
	  --print native-static-libs 2>&1 | sed -n 's/.*native-static-libs: //p' | sed 's/ *-lc$$//'); \
	if [ "$$needed" != "$(STATIC_LIBS)" ]; then \
	  echo "STATIC_LIBS is '$(STATIC_LIBS)' but rustc says '$$needed'"; exit 1; fi
	@echo "static libs test: STATIC_LIBS matches rustc's native-static-libs; 1 passed, 0 failed"

# Regenerates include/tictactoe.h from ffi-c (cbindgen, pinned in ffi-c/Cargo.toml). The
# header test under `cargo test` fails while the checked-in header is stale.
header:
	TICTACTOE_WRITE_HEADER=1 $(CARGO) test --quiet -p tictactoe-ffi --test header

$(BUILD):
	mkdir -p $@

C_TESTS := test_api test_vectors test_batch test_games test_search test_threads test_family test_rules test_puct

# Each C test program against the static library, the shared library, and with sanitizers.
$(BUILD)/%-static: tests/c/%.c tests/c/*.h include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CC) $(C_FLAGS) -D_DEFAULT_SOURCE $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/%-shared: tests/c/%.c tests/c/*.h include/tictactoe.h $(LIB_SO) | $(BUILD)
	$(CC) $(C_FLAGS) $< -L$(RELEASE) -ltictactoe -Wl,-rpath,$(abspath $(RELEASE)) -o $@
$(BUILD)/%-asan: tests/c/%.c tests/c/*.h include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CC) $(C_FLAGS) $(SANITIZE) $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/test_cpp: tests/cpp/test_api.cpp include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CXX) $(CXX_FLAGS) $< $(LIB_A) $(STATIC_LIBS) -o $@
# The C++17 wrapper, plain and under AddressSanitizer and UBSan.
$(BUILD)/test_wrapper: tests/cpp/test_wrapper.cpp include/tictactoe.hpp include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CXX) $(CXX17_FLAGS) $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/test_wrapper-asan: tests/cpp/test_wrapper.cpp include/tictactoe.hpp include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CXX) $(CXX17_FLAGS) $(SANITIZE) $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/play: ffi-c/examples/play.c include/tictactoe.h $(LIB_A) | $(BUILD)
	$(CC) $(C_FLAGS) $< $(LIB_A) $(STATIC_LIBS) -o $@
$(BUILD)/bench: ffi-c/benches/bench.c bench/c/reference.c bench/c/reference.h include/tictactoe.h \
		bench/c/family_abi.c bench/c/family.c bench/c/family.h $(LIB_A) | $(BUILD)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -Iinclude $< bench/c/reference.c $(LIB_A) $(STATIC_LIBS) -o $@
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -Iinclude bench/c/family_abi.c bench/c/family.c $(LIB_A) \
		$(STATIC_LIBS) -o $@-family

# The Connect Four reference (Pons' algorithm in C, issue 32): values the positions of bench/c4/
# and is timed beside our solver by `make bench`. -O3, no -march=native (as its header says).
$(BUILD)/c4_reference: bench/c/c4_reference.c | $(BUILD)
	$(CC) -std=c99 -pedantic -O3 -Wall -Wextra -Werror $< -o $@

$(LIB_A) $(LIB_SO): lib

c-test: lib $(foreach t,$(C_TESTS) test_alloc,$(BUILD)/$(t)-static) $(foreach t,$(C_TESTS),$(BUILD)/$(t)-shared)
	@for t in $(C_TESTS); do $(BUILD)/$$t-static tests/vectors && $(BUILD)/$$t-shared tests/vectors || exit 1; done
	$(BUILD)/test_alloc-static

cpp-test: lib $(BUILD)/test_cpp $(BUILD)/test_wrapper $(BUILD)/test_wrapper-asan
	$(BUILD)/test_cpp
	$(BUILD)/test_wrapper
	ASAN_OPTIONS=detect_leaks=1 $(BUILD)/test_wrapper-asan

c-asan: lib $(foreach t,$(C_TESTS),$(BUILD)/$(t)-asan)
	@for t in $(C_TESTS); do ASAN_OPTIONS=detect_leaks=1 $(BUILD)/$$t-asan tests/vectors || exit 1; done

# The C tests against a libtictactoe.a whose Rust code is instrumented by AddressSanitizer too
# (nightly-only flag, allowed on the stable toolchain by RUSTC_BOOTSTRAP), so that a
# use-after-free or overflow inside Rust is caught, not only in the C test code.
HOST := $(shell rustc -vV | sed -n 's/^host: //p')
ASAN_LIB := target/asan/$(HOST)/release/libtictactoe.a

lib-asan:
	RUSTC_BOOTSTRAP=1 RUSTFLAGS=-Zsanitizer=address $(CARGO) build --quiet --release \
	  -p tictactoe-ffi --target $(HOST) --target-dir target/asan

$(BUILD)/%-rasan: tests/c/%.c tests/c/*.h include/tictactoe.h lib-asan | $(BUILD)
	$(CC) $(C_FLAGS) $(SANITIZE) $< $(ASAN_LIB) $(STATIC_LIBS) -o $@

# use_after_free.c frees a game and reads it: the instrumented library must report it.
c-asan-rust: $(foreach t,$(C_TESTS) use_after_free,$(BUILD)/$(t)-rasan)
	@for t in $(C_TESTS); do $(BUILD)/$$t-rasan tests/vectors || exit 1; done
	@if $(BUILD)/use_after_free-rasan 2>$(BUILD)/uaf.log; then \
	  echo "ASan missed a use-after-free inside the Rust library"; exit 1; fi
	@grep -q "heap-use-after-free" $(BUILD)/uaf.log
	@echo "Rust-side ASan: caught the deliberate use-after-free inside libtictactoe"

# The thread test under ThreadSanitizer, against a libtictactoe.a whose Rust code is
# instrumented too (so races inside the library are seen). tsan_shim.c supplies two entry
# points rustc's instrumentation calls that gcc 12's libtsan lacks. race.c shares one game
# between two writers, which the contract forbids: TSan must report it.
TSAN_LIB := target/tsan/$(HOST)/release/libtictactoe.a

lib-tsan:
	RUSTC_BOOTSTRAP=1 RUSTFLAGS="-Zsanitizer=thread -Cunsafe-allow-abi-mismatch=sanitizer" \
	  $(CARGO) build --quiet --release -p tictactoe-ffi --target $(HOST) --target-dir target/tsan

$(BUILD)/%-tsan: tests/c/%.c tests/c/tsan_shim.c tests/c/*.h include/tictactoe.h lib-tsan | $(BUILD)
	$(CC) $(C_FLAGS) -O1 -fsanitize=thread $< tests/c/tsan_shim.c $(TSAN_LIB) $(STATIC_LIBS) -o $@

c-tsan: $(BUILD)/test_threads-tsan $(BUILD)/race-tsan
	TSAN_OPTIONS=halt_on_error=1 $(BUILD)/test_threads-tsan
	@if $(BUILD)/race-tsan 2>$(BUILD)/race.log; then \
	  echo "TSan missed a data race inside the Rust library"; exit 1; fi
	@grep -q "ThreadSanitizer: data race" $(BUILD)/race.log
	@echo "TSan: caught the deliberate race on one game inside libtictactoe"

c-valgrind: lib $(foreach t,$(C_TESTS),$(BUILD)/$(t)-static $(BUILD)/$(t)-shared)
	@for t in $(C_TESTS); do \
	  $(VALGRIND) $(BUILD)/$$t-static tests/vectors && $(VALGRIND) $(BUILD)/$$t-shared tests/vectors || exit 1; \
	done

# Python tooling lives in a venv made here; nothing is installed by hand.
$(VENV)/.ready: tests/python/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(call pypi,$(VENV),-r tests/python/requirements.txt)
	touch $@

# --- the Python package ------------------------------------------------------------------

# What a user downloads: the abi3 wheel and the sdist, built by maturin into dist/.
DIST := dist
# Rebuilt when any source of the crates it compiles changes (their modules sit in folders).
PY_SOURCES := $(shell find py/src core/src search/src -name '*.rs') $(wildcard py/python/tictactoe/*) \
	py/Cargo.toml py/pyproject.toml py/README.md core/Cargo.toml search/Cargo.toml Cargo.lock

wheel: $(DIST)/.built

$(DIST)/.built: $(VENV)/.ready $(PY_SOURCES)
	rm -rf $(DIST)
	$(VENV)/bin/maturin build --quiet --release --manifest-path py/Cargo.toml --out $(DIST)
	$(VENV)/bin/maturin sdist --manifest-path py/Cargo.toml --out $(DIST)
	touch $@

# The tests run against the built wheel, installed as a user installs it.
$(VENV)/.installed: $(DIST)/.built
	$(VENV)/bin/pip install --quiet --force-reinstall --no-deps $(DIST)/tictactoe-$(VERSION)-*.whl
	touch $@

# Once, the sdist too: pip builds it from source in a venv holding nothing else.
SDIST_VENV := $(BUILD)/sdist-venv

sdist-test: $(DIST)/.built | $(BUILD)
	rm -rf $(SDIST_VENV)
	$(PYTHON) -m venv $(SDIST_VENV)
	$(SDIST_VENV)/bin/pip install --quiet $(DIST)/tictactoe-$(VERSION).tar.gz
	cd /tmp && $(abspath $(SDIST_VENV))/bin/python $(abspath tests/python/smoke.py) $(VERSION)

PY_TYPED := tests/python/test_api.py tests/python/test_vectors.py tests/python/test_model.py tests/python/test_batch.py \
	tests/python/test_family.py tests/python/family_model.py tests/python/test_selfplay.py \
	tests/python/test_cli.py tests/python/test_rl.py tests/python/test_search.py tests/python/test_puct.py tests/python/test_puct_gumbel.py tests/python/test_render.py tests/python/test_connectx.py tests/python/test_alphazero_example.py tests/python/model.py tests/python/batch_model.py tests/python/soak.py \
	tests/python/conftest.py tests/docs/check_examples.py py/python/tictactoe tests/python/test_c4_sets.py examples/alphazero.py examples/kaggle/main.py \
	bench/c4/c4sets.py

# Every Python file of the repository, linted and its layout checked by ruff (ruff.toml) before
# the tests run (`ruff format` on these paths lays a file out as the check wants it).
PY_LINTED := py/python tests/python tests/docs py/benches bench examples

# Kaggle's own harness playing tictactoe.connectx's agent (tests/python/test_connectx.py, whose
# Kaggle test the main venv skips): kaggle-environments is a heavy install (about 1.6 GB), kept
# in a venv of its own under build/, made once and reused.
KAGGLE_VENV := $(BUILD)/kaggle-venv
$(KAGGLE_VENV)/.ready:
	$(PYTHON) -m venv $(KAGGLE_VENV)
	$(KAGGLE_VENV)/bin/pip install --quiet --upgrade pip
	$(call pypi,$(KAGGLE_VENV),kaggle-environments pytest)
	touch $@

kaggle-test: $(KAGGLE_VENV)/.ready $(DIST)/.built kaggle-submission
	$(KAGGLE_VENV)/bin/pip install --quiet --force-reinstall --no-deps $(DIST)/tictactoe-$(VERSION)-*.whl
	# Importable, so that the test below cannot be skipped here.
	$(KAGGLE_VENV)/bin/python -c "import kaggle_environments"
	cd /tmp && TICTACTOE_KAGGLE_AGENT=$(abspath $(KAGGLE_AGENT)) $(abspath $(KAGGLE_VENV))/bin/python \
	  -m pytest -q -p no:cacheprovider $(abspath tests/python/test_connectx.py) -k kaggle

# A Kaggle ConnectX submission, build/kaggle/submission.tar.gz: examples/kaggle/main.py beside
# the package, its compiled engine included (Kaggle's servers have no tictactoe to import), as
# Kaggle unpacks a submission into /kaggle_simulations/agent. The engine is this machine's build
# (CPython 3.10 or later, glibc as new as this machine's), which Kaggle's image must be able to
# load. The venv's Python plays one move from the folder, the packed package found before its
# own installed one (numpy, which Kaggle's image has, from the venv).
KAGGLE_AGENT := $(BUILD)/kaggle/agent
kaggle-submission: $(VENV)/.installed
	rm -rf $(KAGGLE_AGENT) && mkdir -p $(KAGGLE_AGENT)
	cp examples/kaggle/main.py $(KAGGLE_AGENT)/
	$(PYTHON) -m zipfile -e $(DIST)/tictactoe-$(VERSION)-*.whl $(KAGGLE_AGENT)
	rm -rf $(KAGGLE_AGENT)/tictactoe-$(VERSION).dist-info
	cd $(KAGGLE_AGENT) && $(abspath $(VENV))/bin/python -I -c 'import os, sys; sys.path.insert(0, os.getcwd()); \
	  exec(open("main.py").read()); import tictactoe; assert tictactoe.__file__.startswith(os.getcwd()); \
	  assert my_agent({"board": [0] * 42, "mark": 1}, {"rows": 6, "columns": 7, "inarow": 4}) == 3'
	tar -czf $(BUILD)/kaggle/submission.tar.gz -C $(KAGGLE_AGENT) .
	@echo "kaggle submission: $(BUILD)/kaggle/submission.tar.gz ($$(du -k $(BUILD)/kaggle/submission.tar.gz | cut -f1) KB)"

# Stable-Baselines3 and sb3-contrib playing tictactoe.sb3's VecEnv and the Gymnasium envs
# (tests/python/test_sb3.py, which the main venv skips), in a venv of their own under build/,
# made once and reused. PyTorch is Debian's CPU-only python3-torch (tools/setup.sh installs it),
# seen through --system-site-packages: PyPI's torch for x86-64 Linux brings about 3 GB of CUDA
# libraries. SB3 2.9 declares torch >= 2.8 and runs on Debian's 1.13 for all the tests use, so
# it is installed without its declared dependencies, at the versions tested.
SB3_VENV := $(BUILD)/sb3-venv
$(SB3_VENV)/.ready:
	$(SYSTEM_PYTHON) -m venv --system-site-packages $(SB3_VENV)
	$(call pypi,$(SB3_VENV),"gymnasium>=1.1" cloudpickle pytest)
	$(call pypi,$(SB3_VENV),--no-deps stable-baselines3==2.9.2 sb3-contrib==2.9.2)
	touch $@

sb3-test: $(SB3_VENV)/.ready $(DIST)/.built
	$(SB3_VENV)/bin/pip install --quiet --force-reinstall --no-deps $(DIST)/tictactoe-$(VERSION)-*.whl
	# Importable, so that the tests below cannot be skipped here.
	$(SB3_VENV)/bin/python -c "import torch, stable_baselines3, sb3_contrib"
	cd /tmp && $(abspath $(SB3_VENV))/bin/python -m pytest -q -p no:cacheprovider \
	  $(abspath tests/python/test_sb3.py)

# examples/alphazero.py for a few seconds (self-play, training, games against the perfect
# player; PUCT, then Gumbel's search): the loop runs end to end and ends with its result line.
# Training to the issue's targets takes minutes (docs/alphazero.md).
alphazero-smoke: $(VENV)/.installed
	$(VENV)/bin/python examples/alphazero.py --game tictactoe --seconds 3 --batch 32 --simulations 8 \
	  --games 4 --report-every 1 | tee $(BUILD)/alphazero-smoke.log
	tail -n 1 $(BUILD)/alphazero-smoke.log | grep -Eq '^wins [0-9]+, draws [0-9]+, losses [0-9]+$$'
	$(VENV)/bin/python examples/alphazero.py --game connect-four --seconds 2 --batch 8 --simulations 4 \
	  --games 2 --against mcts --opponent-simulations 20 --report-every 100 | tail -n 1 \
	  | grep -Eq '^wins [0-9]+, draws [0-9]+, losses [0-9]+$$'
	$(VENV)/bin/python examples/alphazero.py --game tictactoe --gumbel 4 --seconds 2 --batch 16 --simulations 8 \
	  --games 2 --report-every 100 | tail -n 1 | grep -Eq '^wins [0-9]+, draws [0-9]+, losses [0-9]+$$'

# pytest exits 5 when it collects nothing, which fails here like any other non-zero status.
py-test: $(VENV)/.installed
	$(VENV)/bin/ruff check --no-cache $(PY_LINTED)
	$(VENV)/bin/ruff format --check --no-cache $(PY_LINTED)
	$(VENV)/bin/pytest -q tests/python --ignore=tests/python/test_ctypes.py
	$(VENV)/bin/mypy --strict $(PY_TYPED)
	cd /tmp && $(abspath $(VENV))/bin/python -m mypy.stubtest tictactoe --allowlist $(abspath tests/python/stubtest_allowlist.txt)

# --- the Node package (node/, napi-rs) ---------------------------------------------------

NODE_DIR := node
NODE_PACK := $(BUILD)/node-pack

# The package's tools (napi-rs's CLI, playwright-core) from package-lock.json, once: a
# node_modules newer than the lock is reused. Then the native library, built for this platform
# with the loader (native.js) and the TypeScript definitions (native.d.ts) napi-rs generates:
# both are checked in, so the tree check of `make test` fails when they are stale.
$(NODE_DIR)/node_modules/.package-lock.json: $(NODE_DIR)/package-lock.json
	cd $(NODE_DIR) && npm ci --no-audit --no-fund --loglevel=error

node-build: $(NODE_DIR)/node_modules/.package-lock.json
	cd $(NODE_DIR) && npm run --silent build 2>&1 | grep -v '^ *Compiling' ; test $${PIPESTATUS[0]} -eq 0

# `npm test` on Node's own runner (the API, the shared vectors, bad input, a fuzz-style run
# against a model, batches), the TypeScript definitions under `tsc --strict`, then `npm pack`:
# the tarball installed into a scratch project under build/ and imported from there, as a
# user would.
node-test: node-build
	cd $(NODE_DIR) && npm test --silent && npm run --silent typecheck
	rm -rf $(NODE_PACK) && mkdir -p $(NODE_PACK)/app
	cd $(NODE_DIR) && npm pack --silent --pack-destination $(abspath $(NODE_PACK)) >/dev/null
	cd $(NODE_PACK)/app && echo '{"name": "app", "private": true, "type": "module"}' > package.json && \
	  npm install --silent --no-audit --no-fund ../tictactoe-$(VERSION).tgz && \
	  node -e "import('tictactoe').then(({ TicTacToe, Rules, GameOverError }) => { \
	    const g = TicTacToe.fromRules(Rules.CONNECT_FOUR); for (const c of [3, 3, 4, 4, 5, 5]) g.drop(c); \
	    if (g.drop(6) !== 1) process.exit(1); \
	    try { g.play(5, 3) } catch (e) { if (!(e instanceof GameOverError)) process.exit(1) } \
	    console.log('node pack: tictactoe-$(VERSION).tgz installed and imported:', g.toString()) })"

# The page in a real browser: Debian's Chromium, headless, driven by playwright-core (a won
# game of Connect Four by clicks, a refused click, take-backs, a hint); its screenshot goes to
# build/page-connect-four.png. (Debian's chromium script prints a harmless shell warning.)
page-test: node-build
	cd $(NODE_DIR) && npm run --silent test:page 2>&1 | grep -v 'unexpected operator' ; test $${PIPESTATUS[0]} -eq 0
	@echo "page test: played in Chromium; screenshot in $(BUILD)/page-connect-four.png"

# The Node package's costs (node/bench/bench.js, `npm run bench`): a move against the call
# floor (a native method doing nothing, called the same way; target at most 1.5x) and a batch
# step of 4096 Connect Four games against the same step from Rust (target within 1.2x).
node-bench: node-build
	$(CARGO) build --quiet --release -p tictactoe-bench --example batch_step
	mkdir -p $(BUILD)/bench-results
	cd $(NODE_DIR) && taskset -c 1 npm run --silent bench -- --rust $(abspath $(RELEASE))/examples/batch_step \
	  --json $(abspath $(BUILD))/bench-results/node.json

# The game in a browser: http://127.0.0.1:8000/ (PORT=... for another port).
PORT ?= 8000
play: node-build
	cd $(NODE_DIR) && PORT=$(PORT) npm start --silent

# Every code example of the README and the guides, compiled and run: Rust through rustdoc,
# C and C++ against libtictactoe.a, Python in the venv with the wheel (>>> blocks as doctests),
# JavaScript by node against the package in node/.
# docs/self-play.md's example is run by tests/python/test_selfplay.py (it needs Ray); the
# benchmark report and the bad-input matrix hold no examples.
DOC_FILES := README.md CONTRIBUTING.md CHANGELOG.md \
	$(filter-out docs/benchmarks.md docs/bad-input.md docs/self-play.md,$(wildcard docs/*.md))

doc-test: lib $(VENV)/.installed node-build
	STATIC_LIBS="$(STATIC_LIBS)" $(VENV)/bin/python tests/docs/check_examples.py --python $(VENV)/bin/python $(DOC_FILES)

ctypes-test: lib $(VENV)/.ready
	TICTACTOE_LIB=$(abspath $(LIB_SO)) $(VENV)/bin/pytest -q tests/python/test_ctypes.py

CMAKE_DIR := $(DESTDIR)$(PREFIX)/lib/cmake/tictactoe
# STATIC_LIBS as a CMake list of library names: gcc_s;util;...
empty :=
space := $(empty) $(empty)
STATIC_LIBS_CMAKE := $(subst $(space),;,$(patsubst -l%,%,$(STATIC_LIBS)))
# The templates' placeholders, filled in at install time.
FILL := sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@ABI@|$(ABI)|'

install: lib
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(CMAKE_DIR)
	install -m 644 include/tictactoe.h include/tictactoe.hpp $(DESTDIR)$(PREFIX)/include/
	install -m 644 $(LIB_A) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(LIB_SO) $(DESTDIR)$(PREFIX)/lib/libtictactoe.so.$(VERSION)
	ln -sf libtictactoe.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libtictactoe.so.$(ABI)
	ln -sf libtictactoe.so.$(ABI) $(DESTDIR)$(PREFIX)/lib/libtictactoe.so
	$(FILL) -e 's|@STATIC_LIBS@|$(STATIC_LIBS)|' tictactoe.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/tictactoe.pc
	$(FILL) -e 's|@STATIC_LIBS@|$(STATIC_LIBS_CMAKE)|' ffi-c/cmake/tictactoeConfig.cmake.in \
	  > $(CMAKE_DIR)/tictactoeConfig.cmake
	$(FILL) ffi-c/cmake/tictactoeConfigVersion.cmake.in > $(CMAKE_DIR)/tictactoeConfigVersion.cmake

install-test: lib
	tests/c/install_test.sh
	tests/cmake/consumer_test.sh

# --- fuzzing and soak ----------------------------------------------------------------------

# The kept corpus, fuzz/corpus/<target>/, is checked in and changes only by `make fuzz-cmin`
# (and fuzz/seed_corpus.py's seeds).
# The fuzzer reads it as a seed and writes what it finds elsewhere, under build/ (git-ignored):
# libFuzzer writes new inputs into the first corpus directory it is given and only reads the
# others. Crash inputs go to fuzz/artifacts/<target>/ (cargo-fuzz's place, git-ignored), where
# cargo-fuzz's report of a crash and its reproduce command point.
FUZZ_TARGETS := core_ops parsers c_abi text_limits pbrain_protocol
FUZZ_SECONDS ?= 60
FUZZ_CORPUS := $(abspath fuzz/corpus)
# What `make fuzz` finds, kept across runs until `make fuzz-cmin` merges it into the corpus.
FUZZ_FOUND := $(abspath $(BUILD)/fuzz-found)
# The smoke run's finds, thrown away: emptied at the start of each `make fuzz-smoke`.
FUZZ_SCRATCH := $(abspath $(BUILD)/fuzz-scratch)
FUZZ_OUT = $(FUZZ_FOUND)
FUZZ_MERGED := $(abspath $(BUILD)/fuzz-merged)

cargo-fuzz:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install --quiet --locked cargo-fuzz

# `-s none`: no sanitizer, so the stable toolchain works; still coverage-guided. New inputs go
# to $(FUZZ_OUT)/<target> (the first directory), the kept corpus is only read.
fuzz: cargo-fuzz
	cd fuzz && for t in $(FUZZ_TARGETS); do mkdir -p $(FUZZ_OUT)/$$t && \
	  cargo fuzz run -s none $$t $(FUZZ_OUT)/$$t $(FUZZ_CORPUS)/$$t -- -max_total_time=$(FUZZ_SECONDS) \
	  || exit 1; done

# Every checked-in corpus input through its target once, without the fuzzer (regressions).
fuzz-replay:
	$(CARGO) test --quiet --manifest-path fuzz/Cargo.toml --no-default-features --test replay

# The one way the kept corpus grows or shrinks (after a long `make fuzz`, or after the code
# changed what adds coverage): the corpus and what `make fuzz` found merged by libFuzzer into
# a fresh directory (`-merge=1 NEW KEPT FOUND` keeps only the inputs that add coverage,
# smallest first), which then replaces the corpus; the finds are emptied. What `cargo fuzz
# cmin` does, with the finds added and a failure failing make (cmin prints it and exits 0).
# Commit the corpus's changes (`git add fuzz/corpus`) after it.
fuzz-cmin: cargo-fuzz
	@for t in $(FUZZ_TARGETS); do \
	  rm -rf $(FUZZ_MERGED)/$$t $(FUZZ_MERGED)/$$t.old && mkdir -p $(FUZZ_MERGED)/$$t $(FUZZ_FOUND)/$$t && \
	  (cd fuzz && cargo fuzz run -s none $$t $(FUZZ_MERGED)/$$t $(FUZZ_CORPUS)/$$t $(FUZZ_FOUND)/$$t -- -merge=1) && \
	  mv $(FUZZ_CORPUS)/$$t $(FUZZ_MERGED)/$$t.old && mv $(FUZZ_MERGED)/$$t $(FUZZ_CORPUS)/$$t && \
	  rm -rf $(FUZZ_MERGED)/$$t.old $(FUZZ_FOUND)/$$t && \
	  echo "fuzz-cmin: $$t: $$(ls $(FUZZ_CORPUS)/$$t | wc -l) inputs kept" || exit 1; \
	done

# A few seconds each inside `make test`, so that the targets keep building and running; its
# finds go to $(FUZZ_SCRATCH), emptied first, and are not kept.
fuzz-smoke:
	rm -rf $(FUZZ_SCRATCH)
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=5 FUZZ_OUT=$(FUZZ_SCRATCH) 2>&1 | \
	  grep -E "^Done|panicked|ERROR|SUMMARY|INFO: seed corpus" ; test $${PIPESTATUS[0]} -eq 0

SOAK_OPS ?= 10000000

soak: lib $(VENV)/.installed | $(BUILD)
	$(CARGO) run --quiet --release -p tictactoe-core --example soak -- $(SOAK_OPS)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -Iinclude tests/c/soak.c $(LIB_A) $(STATIC_LIBS) -o $(BUILD)/soak
	$(BUILD)/soak $(SOAK_OPS)
	cd tests/python && ../../$(VENV)/bin/python soak.py $(SOAK_OPS)

# --- benchmarks (not tests): tables with ratios to a baseline run side by side ----------

BENCH_VENV := .venv-bench
BENCH_DIR := $(BUILD)/bench-results

$(BENCH_VENV)/.ready: bench/requirements.txt
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install --quiet --upgrade pip
	$(call pypi,$(BENCH_VENV),-r bench/requirements.txt)
	@for peer in open-spiel envpool "pgx jax[cpu]" mctx "pettingzoo[classic]"; do \
	  $(BENCH_VENV)/bin/pip install --quiet $$peer || echo "$$peer did not install: it is skipped"; done
	touch $@

$(BENCH_VENV)/.installed: $(BENCH_VENV)/.ready $(DIST)/.built
	$(BENCH_VENV)/bin/pip install --quiet --force-reinstall --no-deps $(DIST)/tictactoe-$(VERSION)-*.whl
	touch $@

# Every benchmark in one go, then docs/benchmarks.md and docs/benchmarks.png.
bench: lib $(BUILD)/bench $(BUILD)/c4_reference $(BENCH_VENV)/.installed $(SB3_VENV)/.ready
	mkdir -p $(BENCH_DIR)
	BENCH_JSON=$(abspath $(BENCH_DIR))/rust.json $(CARGO) bench -p tictactoe-bench --bench moves
	BENCH_JSON=$(abspath $(BENCH_DIR))/family.json taskset -c 1 $(CARGO) bench -p tictactoe-bench --bench family
	$(BUILD)/bench $(BENCH_DIR)/c.json
	taskset -c 0,1 $(BUILD)/bench --threads $(BENCH_DIR)/c-threads.json
	taskset -c 1 $(BUILD)/bench-family $(BENCH_DIR)/c-family.json
	STATIC_LIBS="$(STATIC_LIBS)" $(BENCH_VENV)/bin/python py/benches/bench_moves.py --json $(BENCH_DIR)/python.json
	taskset -c 1 $(BENCH_VENV)/bin/python py/benches/bench_family.py --json $(BENCH_DIR)/family-python.json
	taskset -c 1 $(BENCH_VENV)/bin/python py/benches/bench_batch.py --json $(BENCH_DIR)/batch.json
	taskset -c 0,1 $(BENCH_VENV)/bin/python py/benches/bench_batch.py --threads --json $(BENCH_DIR)/threads.json
	cd py/benches && taskset -c 1 $(abspath $(BENCH_VENV))/bin/python bench_family_batch.py --json $(abspath $(BENCH_DIR))/family-batch.json
	cd py/benches && taskset -c 0,1 $(abspath $(BENCH_VENV))/bin/python bench_family_batch.py --threads --json $(abspath $(BENCH_DIR))/family-threads.json
	taskset -c 0,1 $(BENCH_VENV)/bin/python py/benches/bench_selfplay.py --json $(BENCH_DIR)/selfplay.json
	taskset -c 1 $(BENCH_VENV)/bin/python py/benches/bench_search.py --json $(BENCH_DIR)/search.json
	cd py/benches && taskset -c 1 $(abspath $(BENCH_VENV))/bin/python bench_rl.py --json $(abspath $(BENCH_DIR))/rl.json
	taskset -c 1 $(BENCH_VENV)/bin/python py/benches/bench_solve.py --reference $(BUILD)/c4_reference --json $(BENCH_DIR)/c4.json
	taskset -c 1 $(BENCH_VENV)/bin/python py/benches/bench_solve.py --moves --json $(BENCH_DIR)/c4-moves.json
	taskset -c 1 $(BENCH_VENV)/bin/python py/benches/bench_solve.py --empty --reference $(BUILD)/c4_reference \
	  --json $(BENCH_DIR)/c4-empty.json
	taskset -c 1 $(BENCH_VENV)/bin/python py/benches/bench_puct.py --json $(BENCH_DIR)/puct.json
	$(CARGO) build --release --quiet -p tictactoe-bench --example puct_floor
	taskset -c 1 target/release/examples/puct_floor
	taskset -c 1 $(BENCH_VENV)/bin/python py/benches/gumbel_against_mctx.py --json $(BENCH_DIR)/gumbel-mctx.json
	$(SB3_VENV)/bin/pip install --quiet --force-reinstall --no-deps $(DIST)/tictactoe-$(VERSION)-*.whl
	taskset -c 1 $(SB3_VENV)/bin/python py/benches/bench_sb3.py --learn 100000 --json $(BENCH_DIR)/sb3.json
	$(BENCH_VENV)/bin/python py/benches/bench_limits.py --json $(BENCH_DIR)/limits.json
	$(MAKE) --no-print-directory node-bench
	$(BENCH_VENV)/bin/python bench/report.py $(BENCH_DIR) docs

# The Connect Four benchmark sets, bench/c4/*.txt (checked in; regenerate only when the classes
# change): drawn from seeded random games, valued by the reference and checked by our solver.
# About 3 minutes on one core; the same files every time.
c4-sets: $(BUILD)/c4_reference $(VENV)/.installed
	taskset -c 1 $(VENV)/bin/python bench/c4/make_sets.py --reference $(BUILD)/c4_reference

# Connect Four's opening book, search/book/connect-four.book (checked in, compiled into the
# library, so the wheel and the C library carry it): every position the computer meets in the
# first BOOK_DEPTH plies playing either side, solved exactly on a table of 2^27 entries (1 GiB).
# Measured on one thread here: 4 plies in 28 minutes (the empty board and O's four first
# positions take 17 of them), 8 plies in 47, 12 plies in 58. The same bytes every time (the
# solver's move is the first in its order that keeps the value); a stopped run goes on from
# build/book.partial.
# `make test` checks the file against its checksum rather than rebuilding it.
BOOK := search/book/connect-four.book
BOOK_DEPTH := 12
BOOK_THREADS := 1
book:
	mkdir -p $(BUILD)
	$(CARGO) run --release -p tictactoe-search --features std --example book -- $(BUILD)/book.partial $(BOOK_DEPTH) $(BOOK_THREADS)
	mv $(BUILD)/book.partial $(BOOK)
	cd $(dir $(BOOK)) && sha256sum $(notdir $(BOOK)) > $(notdir $(BOOK)).sha256

book-check:
	cd $(dir $(BOOK)) && sha256sum --check --quiet $(notdir $(BOOK)).sha256
	@echo "book check: $(BOOK) matches its checksum ($$(stat -c %s $(BOOK)) bytes, at most 4 MB)"
	@test $$(stat -c %s $(BOOK)) -le 4000000

bench-c: lib $(BUILD)/bench
	$(BUILD)/bench
	taskset -c 0,1 $(BUILD)/bench --threads
	taskset -c 1 $(BUILD)/bench-family

bench-py: lib $(BENCH_VENV)/.installed
	STATIC_LIBS="$(STATIC_LIBS)" $(BENCH_VENV)/bin/python py/benches/bench_moves.py
