#!/usr/bin/env bash
# tools/setup.sh, the check `make demo` and `make test` run first, on machines made up from
# this one: a PATH of links to every program here but cmake (and, for the install path, a
# fake `id` saying root and a fake `apt-get` that "installs" cmake), and a python3 without
# venv's pip bootstrap. Nothing is installed for real; everything is made under build/.
set -euo pipefail
cd "$(dirname "$0")/../.."

work=$(realpath -m build/setup-test)
rm -rf "$work"
mkdir -p "$work/bin"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "test_setup.sh: FAILED: $*" >&2; }

# The machine without cmake: every program on PATH, first of its name, cmake left out.
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
    [[ -d $dir ]] || continue
    for program in "$dir"/*; do
        name=${program##*/}
        [[ -x $program && ! -d $program && $name != cmake && ! -e $work/bin/$name ]] || continue
        ln -s "$program" "$work/bin/$name"
    done
done
# The interpreter itself, not a version manager's shim that looks for it on PATH.
python=$(${PYTHON:-python3} -c 'import sys; print(sys.executable)')
export PYTHON=$python

# Runs the check with PATH=$1 (and the environment given after it); its status in $status, its
# output in $out.
run() {
    local path=$1
    shift
    set +e
    out=$(env PATH="$path" "$@" bash tools/setup.sh "$goal" 2>&1)
    status=$?
    set -e
}

# 1. Everything there: silent success.
goal=test
run "$PATH" TICTACTOE_SETUP_INSTALL=no
[[ $status == 0 && -z $out ]] && ok || fail "with every tool, expected silence and 0, got $status: $out"

# 2. cmake missing, installing not allowed: stops at once, naming cmake and the command.
run "$work/bin" TICTACTOE_SETUP_INSTALL=no
if [[ $status == 1 && $out == *"- cmake"* && $out == *"apt-get install -y cmake"* ]]; then ok; else
    fail "without cmake, expected 1 naming cmake and 'apt-get install -y cmake', got $status: $out"
fi
# ... and names nothing else.
[[ $(grep -c '^  - ' <<<"$out") == 1 ]] && ok || fail "without cmake, other tools named: $out"

# 3. `make demo` does not need cmake.
goal=demo
run "$work/bin" TICTACTOE_SETUP_INSTALL=no
[[ $status == 0 ]] && ok || fail "demo without cmake, expected 0, got $status: $out"

# 4. As root with apt-get: installs the package, then passes. The fake apt-get records its
#    arguments and puts a cmake on the PATH.
goal=test
fake=$work/fake-root
mkdir -p "$fake/bin"
cp -P "$work"/bin/* "$fake/bin/" 2>/dev/null || true
rm -f "$fake/bin/id" "$fake/bin/apt-get"
printf '#!/bin/sh\n[ "$1" = -u ] && { echo 0; exit 0; }\nexec %s "$@"\n' "$(command -v id)" >"$fake/bin/id"
cat >"$fake/bin/apt-get" <<EOF
#!/bin/sh
echo "\$*" >>"$fake/apt-get.log"
case " \$* " in *" install "*" cmake "*) printf '#!/bin/sh\necho fake cmake\n' >"$fake/bin/cmake"; chmod +x "$fake/bin/cmake" ;; esac
EOF
chmod +x "$fake/bin/id" "$fake/bin/apt-get"
run "$fake/bin"
if [[ $status == 0 && $out == *"installing cmake"* ]] && grep -q "install -y -qq cmake" "$fake/apt-get.log"; then
    ok
else
    fail "as root without cmake, expected apt-get install cmake and 0, got $status: $out"
fi

# 5. A python3 without ensurepip (Debian's python3 without python3-venv).
cat >"$work/python3-no-venv" <<EOF
#!/bin/sh
case "\$*" in *ensurepip*) exit 1 ;; esac
exec "$python" "\$@"
EOF
chmod +x "$work/python3-no-venv"
run "$PATH" TICTACTOE_SETUP_INSTALL=no PYTHON="$work/python3-no-venv"
if [[ $status == 1 && $out == *"-m venv (ensurepip)"* && $out == *"apt-get install -y python3-venv"* ]]; then ok; else
    fail "python3 without venv, expected 1 naming venv and python3-venv, got $status: $out"
fi

echo "test_setup.sh: $passed passed, $failed failed"
((failed == 0))
