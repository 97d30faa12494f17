# The project's two commands: `make demo` builds everything and plays games through the
# library; `make test` runs every check. `.ci/run` ends in `make test`.

CARGO ?= cargo
export CARGO_TERM_COLOR ?= never

.PHONY: demo test lint fmt-check clippy doc rust-test nostd bench

demo:
	$(CARGO) run --quiet --release -p tictactoe-core --example demo

test: lint rust-test nostd

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

# Benchmarks are not tests: they print tables with ratios to a baseline run side by side.
bench:
	$(CARGO) bench -p tictactoe-core --bench moves
