#!/usr/bin/env bash
# Fails when a test run leaves the work tree dirty: `make test` takes a snapshot before its
# first check and compares after its last one.
#
#   tests/tree_check.sh snapshot FILE   record the work tree's state in FILE
#   tests/tree_check.sh compare FILE    exit 1, naming the paths, if the state is not FILE's
#
# The state is one line per path that git reports as not clean (untracked files one by one,
# ignored files never): its status code, its staged blob and the blob of its work-tree content.
# So a developer's own uncommitted changes do not fail the check, but a run that adds a file,
# or changes or deletes one (even one that was already modified or untracked), does. Outside a
# git work tree (an unpacked release) there is nothing to compare and the check passes.
set -euo pipefail

usage() { echo "usage: $0 snapshot|compare FILE" >&2; exit 2; }
(($# == 2)) || usage
mode=$1
file=$(realpath -m -- "$2")
cd "$(dirname "$0")/.."

# No locks taken (--no-optional-locks): the check must not race other git commands in the tree.
git() { command git --no-optional-locks "$@"; }

state() {
    local entry xy path
    local -a paths=() codes=()
    # Porcelain v1 with -z: "XY path", and for a rename or copy the source path as a second field.
    while IFS= read -r -d '' entry; do
        xy=${entry:0:2}
        path=${entry:3}
        case $xy in R* | C*) IFS= read -r -d '' _ ;; esac
        paths+=("$path")
        codes+=("$xy")
    done < <(git status --porcelain=v1 -z --untracked-files=all)
    ((${#paths[@]})) || return 0

    # Staged blobs of every index entry, then the dirty paths' work-tree blobs in one git call.
    local -A staged=()
    local meta
    while IFS= read -r -d '' entry; do
        meta=${entry%%$'\t'*}
        read -r _ blob _ <<<"$meta"
        staged[${entry#*$'\t'}]=$blob
    done < <(git ls-files --stage -z)

    local -a present=()
    local i
    for i in "${!paths[@]}"; do
        [[ -f ${paths[i]} ]] && present+=("${paths[i]}")
    done
    local -A worktree=()
    if ((${#present[@]})); then
        local -a blobs
        mapfile -t blobs < <(printf '%s\n' "${present[@]}" | git hash-object --no-filters --stdin-paths)
        for i in "${!present[@]}"; do worktree[${present[i]}]=${blobs[i]}; done
    fi

    for i in "${!paths[@]}"; do
        path=${paths[i]}
        # The status code's blanks as dots and the name through %q: four fields on one line.
        printf '%s %s %s %q\n' "${codes[i]// /.}" "${staged[$path]:--}" "${worktree[$path]:--}" "$path"
    done
}

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "tree check: not a git work tree, nothing to compare"
    exit 0
fi

case $mode in
snapshot)
    mkdir -p "$(dirname "$file")"
    state >"$file"
    echo "tree check: state before the run recorded ($(wc -l <"$file") paths already not clean)"
    ;;
compare)
    [[ -f $file ]] || { echo "tree check: no snapshot at $file (run the snapshot first)" >&2; exit 2; }
    after=$(state)
    if [[ $after == "$(cat "$file")" ]]; then
        echo "tree check: the run left the work tree as it found it"
        exit 0
    fi
    echo "tree check: FAILED: the run changed the work tree (compared with the state before it):"
    declare -A was=() is=()
    while read -r line; do [[ -z $line ]] || was[${line#* * * }]=$line; done <"$file"
    while read -r line; do [[ -z $line ]] || is[${line#* * * }]=$line; done <<<"$after"
    # Each path whose line differs, named as %q wrote it: dirty only after the run (new,
    # modified, deleted), dirty before and after but not the same (changed again), or dirty
    # only before (an untracked file removed, a modified file reverted).
    printf '%s\n' "${!was[@]}" "${!is[@]}" | LC_ALL=C sort -u | while read -r path; do
        [[ -n $path && ${was[$path]-} != "${is[$path]-}" ]] || continue
        before=${was[$path]-} now=${is[$path]-}
        if [[ -z $before ]]; then
            case $now in "?? "*) what="new" ;; *" - $path") what="deleted" ;; *) what="modified" ;; esac
        elif [[ -z $now ]]; then
            case $before in "?? "*) what="removed" ;; *) what="reverted" ;; esac
        else
            what="changed again"
        fi
        printf '  %-14s %s\n' "$what:" "$path"
    done
    cat <<'EOF'
Something the tests ran wrote into the tree: make it write under build/ or target/ (git-ignored),
or, for a tool's cache, add it to .gitignore. Remove what the run left before `git add`
(not `git clean`, which would take your own untracked files too). If you edited these files
yourself while the tests ran, run the tests again.
EOF
    exit 1
    ;;
*) usage ;;
esac
