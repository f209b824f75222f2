#!/usr/bin/env bash
# tests/test_man_pages.sh [NP]: the hand-written man pages man/ortho-*.1
# against the programs' --help. Every option (a --word token) that
# $BUILD/bin/PROG --help names must be named in the OPTIONS section of
# man/PROG.1 (there spelled \-\-word: font escapes and backslashes are
# stripped before comparing), aliases included ("--out is the same").
# Fails naming the program and each missing option. NP is ignored: the
# programs answer --help as MPI singletons, or under mpiexec -n 1.
set -u
. "$(dirname "$0")/../scripts/mpi_env.sh"
dir=$(mktemp -d "${TMPDIR:-/tmp}/ortho-test-man.XXXXXX")
trap 'rm -rf "$dir"' EXIT

# the --word tokens of stdin, one a line, sorted, without trailing dashes
options() {
    grep -oE -- '--[A-Za-z0-9][A-Za-z0-9-]*' | sed 's/-*$//' | sort -u
}

missing=0
pages=0
for page in man/ortho-*.1; do
    prog=$(basename "$page" .1)
    bin=$BUILD/bin/$prog
    if [ ! -x "$bin" ]; then
        echo "test_man_pages: $prog: no $bin (build it first: make)" >&2
        missing=$((missing + 1))
        continue
    fi
    if ! timeout 60 "$bin" --help >"$dir/help" 2>&1 ||
        ! grep -q -- '--' "$dir/help"; then
        timeout 60 "${mpiexec[@]}" -n 1 "$bin" --help >"$dir/help" 2>&1 || {
            cat "$dir/help" >&2
            echo "test_man_pages: $prog --help failed" >&2
            missing=$((missing + 1))
            continue
        }
    fi
    options <"$dir/help" >"$dir/help.opts"
    if [ ! -s "$dir/help.opts" ]; then
        echo "test_man_pages: $prog --help names no option" >&2
        missing=$((missing + 1))
        continue
    fi
    # the OPTIONS section, \fB \f(XX \f[...] and other backslashes stripped
    sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$page" | sed '$!b; /^\.SH /d' |
        sed -E 's/\\f(\[[^]]*\]|\(..|.)//g; s/\\//g' >"$dir/man"
    if [ ! -s "$dir/man" ]; then
        echo "test_man_pages: $page has no OPTIONS section" >&2
        missing=$((missing + 1))
        continue
    fi
    options <"$dir/man" >"$dir/man.opts"
    while read -r opt; do
        if ! grep -qxF -- "$opt" "$dir/man.opts"; then
            echo "test_man_pages: $prog: $opt is in $prog --help but not in $page (OPTIONS)" >&2
            missing=$((missing + 1))
        fi
    done <"$dir/help.opts"
    pages=$((pages + 1))
done
if [ "$missing" -gt 0 ]; then
    echo "test_man_pages: $missing option(s) or page(s) out of step; update man/ from --help" >&2
    exit 1
fi
echo "test_man_pages: $pages man pages name every option of their program's --help"
