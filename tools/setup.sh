#!/usr/bin/env bash
# What `make demo` and `make test` need from the machine, checked before anything is built, in
# one place (the Makefile runs it first; `.ci/run` is nothing but `make test`).
#
#   tools/setup.sh demo    cargo, a C compiler, python3 (>= 3.10) with venv, node (>= 20) and npm
#   tools/setup.sh test    the same, and g++, valgrind, pkg-config, cmake, git, rustfmt, clippy,
#                          Debian's python3 with its CPU-only PyTorch (python3-torch), which
#                          Stable-Baselines3's test venv is made from (the Makefile's sb3-test),
#                          and Chromium (Debian's chromium), the browser of the page's test
#
# A missing tool is installed where that can be done without asking anybody: Debian's packages
# with apt-get when running as root (a fresh CI machine), rustfmt and clippy with rustup. Where
# it cannot (not root, no apt-get, no rustup, or TICTACTOE_SETUP_INSTALL=no), the script stops
# at once, naming each missing tool and the exact command that installs it, and exits 1.
#
# Environment: PYTHON (default python3), CARGO (default cargo), SYSTEM_PYTHON (default
# /usr/bin/python3, Debian's), as the Makefile passes them;
# TICTACTOE_SETUP_INSTALL=no to report without installing (tests/setup/test_setup.sh uses it).
set -euo pipefail

goal=${1:-test}
case $goal in demo | test) ;; *) echo "usage: $0 demo|test" >&2; exit 2 ;; esac

PYTHON=${PYTHON:-python3}
CARGO=${CARGO:-cargo}
SYSTEM_PYTHON=${SYSTEM_PYTHON:-/usr/bin/python3}
install_allowed=${TICTACTOE_SETUP_INSTALL:-yes}

# Each check: a tool's name as the user knows it, how to tell it is there, and the Debian
# package that brings it ("" when no package does: the Rust toolchain).
missing_names=()
missing_packages=()
missing_rust=()

have() { command -v "$1" >/dev/null 2>&1; }

need_command() { # name package
    have "$1" || { missing_names+=("$1"); missing_packages+=("$2"); }
}

check() {
    missing_names=() missing_packages=() missing_rust=()
    if ! have "$CARGO"; then
        missing_names+=("cargo (the Rust toolchain)")
    fi
    have cc || have gcc || { missing_names+=("cc (a C compiler)"); missing_packages+=(gcc); }
    need_command make make
    if ! have "$PYTHON"; then
        missing_names+=("$PYTHON"); missing_packages+=(python3 python3-venv)
    elif ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
        missing_names+=("$PYTHON >= 3.10 (found $("$PYTHON" -c 'import platform; print(platform.python_version())'))")
    elif ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
        # Debian splits venv's pip bootstrap out of python3.
        missing_names+=("$PYTHON -m venv (ensurepip)"); missing_packages+=(python3-venv)
    fi
    if ! have node; then
        missing_names+=("node (Node.js >= 20)"); missing_packages+=(nodejs)
    elif ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' 2>/dev/null; then
        # Debian 12's own nodejs is 18: Node.js 20 comes from nodejs.org or NodeSource.
        missing_names+=("node >= 20 (found $(node --version); from https://nodejs.org or NodeSource's packages)")
    fi
    need_command npm npm
    [[ $goal == test ]] || return 0
    have c++ || have g++ || { missing_names+=("g++ (a C++17 compiler)"); missing_packages+=(g++); }
    need_command valgrind valgrind
    need_command pkg-config pkg-config
    need_command cmake cmake
    need_command git git
    # The page's browser test drives Debian's Chromium with playwright-core (Playwright's own
    # browser downloads come from hosts outside the registries this machine reaches).
    need_command chromium chromium
    # PyPI's torch for x86-64 Linux brings about 3 GB of CUDA libraries; Debian's is CPU-only.
    if ! { [[ -x $SYSTEM_PYTHON ]] && "$SYSTEM_PYTHON" -c 'import torch, venv, ensurepip' 2>/dev/null; }; then
        missing_names+=("$SYSTEM_PYTHON with PyTorch (Debian's python3-torch)")
        missing_packages+=(python3 python3-venv python3-torch)
    fi
    if have "$CARGO"; then
        "$CARGO" fmt --version >/dev/null 2>&1 || { missing_names+=(rustfmt); missing_rust+=(rustfmt); }
        "$CARGO" clippy --version >/dev/null 2>&1 || { missing_names+=(clippy); missing_rust+=(clippy); }
    fi
}

check
((${#missing_names[@]})) || exit 0

# Install what can be installed here, then look again.
if [[ $install_allowed != no ]]; then
    if ((${#missing_packages[@]})) && [[ $(id -u) == 0 ]] && have apt-get; then
        echo "setup: installing ${missing_packages[*]} (Debian packages, as root)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_packages[@]}" >/dev/null
    fi
    if ((${#missing_rust[@]})) && have rustup; then
        echo "setup: adding ${missing_rust[*]} to the Rust toolchain"
        rustup component add "${missing_rust[@]}"
    fi
    check
    ((${#missing_names[@]})) || exit 0
fi

# Stop, saying exactly what to run.
{
    echo "setup: \`make $goal\` needs tools this machine lacks:"
    for name in "${missing_names[@]}"; do echo "  - $name"; done
    echo "Install them, then run \`make $goal\` again:"
    if ((${#missing_packages[@]})); then
        packages=$(printf '%s\n' "${missing_packages[@]}" | awk '!seen[$0]++' | tr '\n' ' ')
        packages=${packages% }
        if have apt-get; then
            sudo=""
            [[ $(id -u) == 0 ]] || sudo="sudo "
            echo "  ${sudo}apt-get update && ${sudo}apt-get install -y $packages"
        else
            echo "  (no apt-get here: install with the system's package manager what Debian calls: $packages)"
        fi
    fi
    if ((${#missing_rust[@]})); then
        echo "  rustup component add ${missing_rust[*]}"
    fi
    if ! have "$CARGO"; then
        echo "  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh   # the Rust toolchain (https://rustup.rs)"
    fi
} >&2
exit 1
