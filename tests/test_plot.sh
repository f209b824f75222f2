#!/usr/bin/env bash
# tests/test_plot.sh NP: bench/plot.sh names its figures after what it
# knows. An ortho-bench summary on NP processes (one small size, two
# operations) without --label gives no natives' name: the figure is then
# named and titled after the summary's file (mpi-run.png, "natives: not
# named (run)"), never mpi-.png with an empty title; with --label mpich it
# is mpi-mpich.png. Skipped where gnuplot is missing.
set -u
np=${1:?usage: test_plot.sh NP}
. "$(dirname "$0")/../scripts/mpi_env.sh"
if ! command -v gnuplot >/dev/null; then
    echo "test_plot: gnuplot not found, skipped (scripts/setup.sh installs gnuplot-nox)"
    exit 0
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/ortho-test-plot.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail() {
    echo "test_plot: $*" >&2
    exit 1
}
bench() { # SUMMARY [ARGS...]
    local sum=$1
    shift
    "${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-bench" --ops bcast,allgather --sizes 1K --dims 2 \
        --reps 1 -q --summary "$sum" "$@" >"$dir/bench.out" 2>&1 ||
        { cat "$dir/bench.out"; fail "ortho-bench failed on $np processes"; }
}

bench "$dir/run.sum.csv"
bench/plot.sh "$dir/run.sum.csv" "$dir/unnamed" >"$dir/plot.out" 2>&1 ||
    { cat "$dir/plot.out"; fail "plot.sh failed"; }
[ -s "$dir/unnamed/mpi-run.png" ] || { cat "$dir/plot.out"; fail "no mpi-run.png from a summary without --label"; }
ls "$dir/unnamed" | grep -q -- '-\.png$' && fail "a figure named with an empty natives' name"
grep -q 'natives: not named (run)' "$dir/plot.out" || { cat "$dir/plot.out"; fail "title without the derived name"; }

bench "$dir/named.sum.csv" --label mpich
bench/plot.sh "$dir/named.sum.csv" "$dir/named" >"$dir/plot.out" 2>&1 ||
    { cat "$dir/plot.out"; fail "plot.sh failed"; }
[ -s "$dir/named/mpi-mpich.png" ] || { cat "$dir/plot.out"; fail "no mpi-mpich.png with --label mpich"; }
grep -q 'natives: mpich)' "$dir/plot.out" || { cat "$dir/plot.out"; fail "title without the label"; }
echo "test_plot: figures mpi-run.png (no --label) and mpi-mpich.png (--label mpich), titles named"
