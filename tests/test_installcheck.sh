#!/usr/bin/env bash
# tests/test_installcheck.sh [NP]: make install into a temporary prefix,
# then use the installed copy the way a user does, with no LD_LIBRARY_PATH:
#  - examples/allgather_demo.c and examples/unmodified.c compiled with the
#    MPI's mpicc and `pkg-config --cflags --libs ortho` alone; the demo
#    needs libortho.so.0 and finds the installed one (the .pc's rpath) and
#    runs correctly; unmodified runs with the installed libortho_mpi.so
#    preloaded and ortho reports its decisions;
#  - every installed program answers --help (exit 0), and --version with
#    the Makefile's VERSION where --help offers it; ortho-predict names the
#    installed profiles, which it reads;
#  - a man 1 page for every installed program, a man 3 page for every
#    public function (scripts/public_names.sh), rendered by man without
#    warnings; README.md, LICENSE, docs/*.md and the profiles installed.
# The prefix is removed at the end. `make installcheck` runs it; so does
# make check (run_tests.sh, NP ignored). Needs doxygen for the man 3 pages.
set -u
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(pwd)
prefix=$(mktemp -d "${TMPDIR:-/tmp}/ortho-installcheck.XXXXXX")
work=$(mktemp -d "${TMPDIR:-/tmp}/ortho-installcheck-work.XXXXXX")
trap 'rm -rf "$prefix" "$work"' EXIT
unset LD_LIBRARY_PATH
fails=0
fail() {
    echo "installcheck: $*" >&2
    fails=$((fails + 1))
}

if ! make -s --no-print-directory MPI="$MPI" BUILD="$BUILD" PREFIX="$prefix" install \
        >"$work/install.log" 2>&1; then
    cat "$work/install.log" >&2
    echo "installcheck: make install PREFIX=$prefix failed" >&2
    exit 1
fi
grep '^install: ' "$work/install.log" >&2

# ---- pkg-config and the examples ------------------------------------------
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
flags=$(pkg-config --cflags --libs ortho) || { fail "pkg-config does not find ortho"; flags=; }
version=$(scripts/version.sh)
[ "$(pkg-config --modversion ortho 2>/dev/null)" = "$version" ] ||
    fail "pkg-config --modversion ortho differs from the Makefile's VERSION"
for ex in allgather_demo unmodified; do
    # shellcheck disable=SC2086  # the flags are words
    "$MPICC" -o "$work/$ex" "examples/$ex.c" $flags 2>"$work/$ex.cc" ||
        { cat "$work/$ex.cc" >&2; fail "examples/$ex.c does not build with pkg-config's flags"; }
done
if [ -x "$work/allgather_demo" ]; then
    readelf -d "$work/allgather_demo" | grep -q 'NEEDED.*libortho\.so\.0' ||
        fail "allgather_demo is not linked with libortho.so.0"
    found=$(ldd "$work/allgather_demo" | awk '$1 == "libortho.so.0" { print $3 }')
    [ "$found" = "$prefix/lib/libortho.so.0" ] ||
        fail "allgather_demo finds libortho.so.0 at '$found', not in $prefix/lib"
    "${mpiexec[@]}" -n 4 "$work/allgather_demo" >"$work/demo.out" 2>&1 ||
        { cat "$work/demo.out" >&2; fail "allgather_demo failed without LD_LIBRARY_PATH"; }
fi
if [ -x "$work/unmodified" ]; then
    ORTHO_VERBOSE=1 ORTHO_GRID=0x2 "${mpiexec[@]}" -n 4 \
        env LD_PRELOAD="$prefix/lib/libortho_mpi.so" "$work/unmodified" >"$work/unmod.out" 2>&1 ||
        { cat "$work/unmod.out" >&2; fail "unmodified failed with the installed libortho_mpi.so"; }
    grep -q '^ortho: MPI_Allgather' "$work/unmod.out" ||
        { cat "$work/unmod.out" >&2; fail "unmodified: no decision from the installed libortho_mpi.so"; }
    [ "$(grep -c ': correct' "$work/unmod.out")" -eq 3 ] ||
        fail "unmodified: not three correct results"
fi

# ---- programs -------------------------------------------------------------
programs=$(cd "$prefix/bin" && ls)
[ -n "$programs" ] || fail "no program installed in $prefix/bin"
for prog in $programs; do
    case $prog in
    ortho-*) ;;
    *) fail "bin/$prog: an installed program's name must start with ortho-" ;;
    esac
    "${mpiexec[@]}" -n 1 "$prefix/bin/$prog" --help >"$work/help" 2>&1 </dev/null ||
        { cat "$work/help" >&2; fail "$prog --help failed"; }
    [ -s "$work/help" ] || fail "$prog --help printed nothing"
    if grep -q -- '--version' "$work/help"; then
        "${mpiexec[@]}" -n 1 "$prefix/bin/$prog" --version >"$work/version" 2>&1 </dev/null ||
            { cat "$work/version" >&2; fail "$prog --version failed"; }
        grep -qF "$version" "$work/version" || fail "$prog --version does not say $version"
    fi
done
if [ -x "$prefix/bin/ortho-predict" ]; then
    "$prefix/bin/ortho-predict" --help 2>&1 | grep -qF "$prefix/share/ortho/profiles" ||
        fail "ortho-predict --help does not name $prefix/share/ortho/profiles"
    "$prefix/bin/ortho-predict" --profile "$prefix/share/ortho/profiles/paper-clic-lam.profile" \
        --op allgather --procs 16 --bytes 64K >"$work/predict" 2>&1 ||
        { cat "$work/predict" >&2; fail "ortho-predict cannot use the installed profile"; }
fi

# ---- man pages, docs, profiles --------------------------------------------
mandir="$prefix/share/man"
man_ok() { # PAGE (man1/x.1): exists; a link page's target exists; a page renders without warnings
    local page=$mandir/$1 warn
    [ -f "$page" ] || { fail "no man page $page"; return; }
    if head -n 1 "$page" | grep -q '^\.so '; then
        [ -f "$mandir/$(head -n 1 "$page" | cut -d' ' -f2)" ] || fail "$page: its target is missing"
        return
    fi
    warn=$(cd "$mandir" && MANWIDTH=80 man --warnings -l "$1" 2>&1 >/dev/null)
    [ -z "$warn" ] || fail "man $page: $warn"
}
for prog in $programs; do
    man_ok "man1/$prog.1"
done
nfun=0
for fun in $(scripts/public_names.sh); do
    nfun=$((nfun + 1))
    man_ok "man3/$fun.3"
done
for header in include/*.h; do
    man_ok "man3/$(basename "$header").3"
done
# only ortho's names in the shared man3 folder, every link page resolved
for page in "$mandir"/man3/*.3; do
    case $(basename "$page") in
    ortho* | ORTHO*) ;;
    *) fail "man3/$(basename "$page"): not an ortho name" ;;
    esac
    if head -n 1 "$page" | grep -q '^\.so '; then
        [ -f "$mandir/$(head -n 1 "$page" | cut -d' ' -f2)" ] || fail "$page: its target is missing"
    fi
done
MANWIDTH=80 man -M "$mandir" 3 ortho_grid_create 2>/dev/null | grep -q 'ortho_grid_create' ||
    fail "man -M $mandir 3 ortho_grid_create shows no page"
for doc in README.md LICENSE $(cd "$src" && ls docs/*.md); do
    cmp -s "$doc" "$prefix/share/doc/ortho/$doc" || fail "share/doc/ortho/$doc missing or different"
done
[ -f "$prefix/share/doc/ortho/html/index.html" ] || fail "no HTML reference in share/doc/ortho/html"
for prof in profiles/*.profile; do
    cmp -s "$prof" "$prefix/share/ortho/$prof" || fail "share/ortho/$prof missing or different"
done

if [ "$fails" -gt 0 ]; then
    echo "installcheck: $fails failures" >&2
    exit 1
fi
echo "installcheck: examples built with pkg-config and run without LD_LIBRARY_PATH;" \
     "$(wc -w <<<"$programs") programs answer --help, each with a man 1 page;" \
     "$nfun man 3 pages; docs and profiles installed"
