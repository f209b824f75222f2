#!/usr/bin/env bash
# The programs' command lines, run by run_tests.sh as "test_tool_cli: NP"
# (BUILD and the MPI from the environment, scripts/mpi_env.sh; NP <= 2):
#  - a bad value gets one line on stderr naming the option, the value and
#    what is accepted, exit 2, no usage text; so does an unknown option;
#  - --version prints the version of include/ortho.h, --help the ranges and
#    defaults, exit 0;
#  - an output that cannot be written fails before anything is measured,
#    naming the file and the reason (strerror); the probe leaves no file;
#  - ortho-fit with too few samples exits 1 and writes no profile;
#  - ortho-tune names the candidates it leaves out and why;
#  - the speed convention: speedup = t_native / t_ortho printed as 1.23x
#    (ortho-predict, ortho-bench and its CSVs, ortho-demo, jacobi).
set -eu
np=${1:-1}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
bin="$src/$BUILD/bin"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_tool_cli: $*" >&2; exit 1; }
mpi() { "${mpiexec[@]}" -n "$np" "$@"; }
profile="$src/profiles/paper-clic-lam.profile"
version=$(sed -n 's/^#define ORTHO_VERSION_\(MAJOR\|MINOR\|PATCH\) //p' "$src/include/ortho.h" \
          | paste -sd.)
checks=0

# The program's own lines of an stderr file: Open MPI's mpiexec adds blocks
# framed by lines of dashes when a process exits non-zero; they go.
own_lines() { awk '/^--------------------+$/ { inside = !inside; next } !inside' "$1"; }

# bad NAME EXPECTED-TEXT COMMAND...: exit 2, exactly one line on stderr,
# "NAME: <option> <value>: expected ..." containing EXPECTED-TEXT, nothing on stdout.
bad() {
    local name=$1 want=$2 rc=0
    shift 2
    "$@" > "$dir/out" 2> "$dir/err" || rc=$?
    [ "$rc" -eq 2 ] || fail "$*: exit $rc, not 2: $(cat "$dir/err")"
    own_lines "$dir/err" > "$dir/own"
    mv "$dir/own" "$dir/err"
    [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "$*: not one line on stderr: $(cat "$dir/err")"
    grep -qF -- "$name: $want" "$dir/err" || fail "$*: expected '$name: $want', got: $(cat "$dir/err")"
    [ ! -s "$dir/out" ] || fail "$*: printed on stdout: $(cat "$dir/out")"
    checks=$((checks + 1))
}

# ---- bad values ----------------------------------------------------------
p="$bin/ortho-predict"
ok_args=(--profile "$profile" --op allgather --bytes 1K --procs 4)
bad ortho-predict "--procs -4: expected an integer from 1 to 1048576" "$p" "${ok_args[@]}" --procs -4
bad ortho-predict "--bytes 64KB: expected a size from 0 to 1G bytes" "$p" "${ok_args[@]}" --bytes 64KB
bad ortho-predict "--max-dims 50: expected an integer from 1 to 16" "$p" "${ok_args[@]}" --max-dims 50
bad ortho-predict "--op nope: expected one of: bcast," "$p" "${ok_args[@]}" --op nope
bad ortho-predict "--top 0: expected an integer from 1" "$p" "${ok_args[@]}" --top 0
bad ortho-predict "--bogus: unknown option" "$p" "${ok_args[@]}" --bogus
bad ortho-predict "--procs: needs a value" "$p" "${ok_args[@]}" --procs
bad ortho-predict "--profile FILE is required" "$p" --op allgather --bytes 1K --procs 4

t="$bin/ortho-tune"
bad ortho-tune "--margin -1: expected a fraction from 0 to below 1" mpi "$t" --margin -1
bad ortho-tune "--ops nope: expected a comma-separated list of: bcast," mpi "$t" --ops nope
bad ortho-tune "--ops allgather,allgather: expected each name once (allgather is given twice)" \
    mpi "$t" --ops allgather,allgather
bad ortho-tune "--sizes banana: expected a size from 8 to 1G bytes" mpi "$t" --sizes banana
bad ortho-tune "--sizes 4K,4K: expected each size once (4K is given twice)" mpi "$t" --sizes 4K,4K
bad ortho-tune "--dims 50: expected an integer from 1 to 16" mpi "$t" --dims 50
bad ortho-tune "--reps 3..2: expected N or MIN..MAX repetitions" mpi "$t" --reps 3..2
bad ortho-tune "--candidates foo: expected candidate names" mpi "$t" --candidates foo
bad ortho-tune "--check-sizes 1K: expected sizes not in --sizes" mpi "$t" --sizes 1K,8K \
    --check-sizes 1K

f="$bin/ortho-fit"
bad ortho-fit "--sizes 4K,4K: expected each size once" mpi "$f" --sizes 4K,4K
bad ortho-fit "--reps 0: expected N or MIN..MAX" mpi "$f" --reps 0
bad ortho-fit "--min-reps 0: expected an integer from 1" mpi "$f" --min-reps 0
bad ortho-fit "--folds 1: expected an integer from 2 to 100" mpi "$f" --folds 1
bad ortho-fit "--rse 2: expected a number from 0 to 1" mpi "$f" --rse 2
bad ortho-fit "--point-seconds -1: expected a time from 0 s up" mpi "$f" --point-seconds -1
bad ortho-fit "--max-time x: expected a time from 0 s up" mpi "$f" --max-time x
bad ortho-fit "--groups 3,3: expected each value once" mpi "$f" --groups 3,3

b="$bin/ortho-bench"
bad ortho-bench "--reps 0: expected an integer from 1" mpi "$b" --reps 0
bad ortho-bench "--sizes 64KB: expected a size from 1 to 1G bytes" mpi "$b" --sizes 64KB
bad ortho-bench "--ops nope: expected a comma-separated list" mpi "$b" --ops nope
bad ortho-bench "--root $np: expected a rank of the $np processes" mpi "$b" --root "$np"
bad ortho-bench "--layouts 3x3: expected layouts of 2 or more extents" mpi "$b" --layouts 3x3

bad ortho-demo "--reps 0: expected an integer from 1 to 1000" mpi "$bin/ortho-demo" --reps 0
bad ortho-demo "--sizes banana: expected a size" mpi "$bin/ortho-demo" --sizes banana
bad jacobi "--maxit 0: expected an integer from 1" mpi "$bin/ortho-jacobi" --maxit 0
bad jacobi "--variant nope: expected a comma-separated list of: row, col-mb, col-sb" \
    mpi "$bin/ortho-jacobi" --variant nope
bad pab "--K 0: expected an integer from 1 to 16" mpi "$bin/ortho-pab" --K 0
bad pab "--comm nope: expected one of: native, ortho, auto" mpi "$bin/ortho-pab" --comm nope
echo "test_tool_cli: $checks bad values, one line each, exit 2"

# ---- --version and --help -------------------------------------------------
for prog in ortho-predict ortho-fit ortho-tune ortho-bench ortho-demo ortho-jacobi ortho-pab; do
    run=(mpi "$bin/$prog")
    [ "$prog" = ortho-predict ] && run=("$bin/$prog")
    out=$("${run[@]}" --version) || fail "$prog --version failed"
    [ "$out" = "$prog (ortho) $version" ] || fail "$prog --version: '$out', not '$prog (ortho) $version'"
    "${run[@]}" --help > "$dir/help" || fail "$prog --help failed"
    grep -q "default" "$dir/help" || fail "$prog --help names no default"
    grep -q -- "--version" "$dir/help" || fail "$prog --help does not name --version"
done
for prog in ortho-bench ortho-demo ortho-jacobi; do
    mpi "$bin/$prog" --help | grep -q "t_native / t" || fail "$prog --help: no speedup convention"
done
"$p" --help | grep -q "1 to 1048576" || fail "ortho-predict --help: no range of --procs"
echo "test_tool_cli: --version ($version) and --help of 7 programs"

# ---- outputs checked before measuring ------------------------------------
# unwritable FILE REASON PROGRAM ARGS...: exit 2 and the one line "PROGRAM:
# cannot write FILE: REASON", nothing else (no progress: nothing measured).
unwritable() {
    local file=$1 reason=$2 rc=0
    shift 2
    "$@" > "$dir/out" 2> "$dir/err" || rc=$?
    [ "$rc" -eq 2 ] || fail "$*: exit $rc, not 2: $(cat "$dir/err")"
    own_lines "$dir/err" > "$dir/own"
    mv "$dir/own" "$dir/err"
    local prog=$1
    [ "$prog" = mpi ] && prog=$2
    [ "$(cat "$dir/err")" = "$(basename "$prog"): cannot write $file: $reason" ] \
        || fail "$*: expected only '$(basename "$prog"): cannot write $file: $reason', got: $(cat "$dir/err")"
    [ ! -s "$dir/out" ] || fail "$*: printed before failing: $(cat "$dir/out")"
}
nodir=/nonexistent-ortho-dir/x.profile
unwritable "$nodir" "No such file or directory" mpi "$f" -o "$nodir"
unwritable "$nodir" "No such file or directory" mpi "$f" --out "$nodir"
unwritable "$dir" "Is a directory" mpi "$f" --samples "$dir" -o "$dir/fit.profile"
[ ! -e "$dir/fit.profile" ] || fail "ortho-fit's check of -o left $dir/fit.profile"
unwritable "$nodir" "No such file or directory" mpi "$t" -o "$nodir" --sizes 1K,8K
unwritable "$nodir" "No such file or directory" mpi "$t" --csv "$nodir"
unwritable "$nodir" "No such file or directory" mpi "$b" --csv "$nodir"
unwritable "$dir" "Is a directory" mpi "$b" --summary "$dir"
unwritable "$nodir" "No such file or directory" mpi "$bin/ortho-pab" -o "$nodir"
echo "test_tool_cli: unwritable outputs refused before measuring (fit, tune, bench, pab)"

# ---- ortho-fit: nothing fitted -> exit 1, no file --------------------------
rc=0
mpi "$f" -q -o "$dir/few.profile" --sizes 1K --reps 1 --point-seconds 0.01 --groups "$np" \
    2> "$dir/err" || rc=$?
[ "$rc" -ne 0 ] || fail "ortho-fit with one size exited 0: $(cat "$dir/err")"
[ ! -e "$dir/few.profile" ] || fail "ortho-fit wrote a profile with nothing fitted"
grep -q "nothing could be fitted, $dir/few.profile not written" "$dir/err" \
    || fail "no message: $(cat "$dir/err")"
echo "test_tool_cli: ortho-fit with too few samples: exit $rc, no profile"

# ---- ortho-tune: candidates left out ------------------------------------------
mpi "$t" --dry-run --ops allgather,bcast --variants rsag --candidates phases:8x12:rows \
    > "$dir/out" 2> "$dir/err" || fail "ortho-tune --dry-run: $(cat "$dir/err")"
grep -q "^  bcast      left out (--variants): rsag: no candidate of bcast on $np processes" \
    "$dir/out" || fail "no --variants line: $(cat "$dir/out")"
grep -q "^  allgather  left out (--candidates): phases:8x12:rows: not a candidate of allgather on $np processes" \
    "$dir/out" || fail "no --candidates line: $(cat "$dir/out")"
echo "test_tool_cli: ortho-tune names the candidates it leaves out"

# ---- one speed convention ------------------------------------------------
"$p" --profile "$profile" --op allgather --procs 96 --bytes 64K > "$dir/out"
grep -Eq '^rank +layout +total \[s\] +speedup' "$dir/out" || fail "ortho-predict: $(cat "$dir/out")"
grep -Eq '^1 +4x24 +[0-9.e+-]+ +3\.49x ' "$dir/out" || fail "ortho-predict's speedup: $(cat "$dir/out")"
grep -Eq '^[0-9]+ +native +[0-9.e+-]+ +1\.00x ' "$dir/out" || fail "native is not 1.00x: $(cat "$dir/out")"
grep -q "^speedup = t_native / t_ortho" "$dir/out" || fail "ortho-predict: no legend"
mpi "$b" --ops allgather --sizes 1K --reps 1 --impls 2d,dropin --csv "$dir/b.csv" \
    --summary "$dir/s.csv" > "$dir/out" || fail "ortho-bench: $(cat "$dir/out")"
grep -Eq '^allgather +[0-9]+ +1024 +auto +dropin +[0-9.e+-]+ +[0-9]+\.[0-9]{2}x ' "$dir/out" \
    || fail "ortho-bench's speedup: $(cat "$dir/out")"
grep -q '^speedup t_native / t_ortho per layout' "$dir/out" || fail "ortho-bench: $(cat "$dir/out")"
head -1 "$dir/b.csv" | grep -q ',native_s,speedup,bound_s,' || fail "CSV: $(head -1 "$dir/b.csv")"
awk -F, 'NR > 1 && $6 == "dropin" && $13 > 0 && ($12 / $9 - $13 < -0.01 || $12 / $9 - $13 > 0.01) \
    { bad = 1 } END { exit bad }' "$dir/b.csv" || fail "the CSV's speedup is not native_s / time_s"
head -1 "$dir/s.csv" | grep -q ',speedup_min,speedup_gmean,speedup_max$' || fail "summary: $(head -1 "$dir/s.csv")"
mpi "$bin/ortho-demo" --sizes 1K --reps 2 > "$dir/out" || fail "ortho-demo: $(cat "$dir/out")"
grep -Eq '^ +1024 +[0-9.]+ +[0-9.]+ +[0-9]+\.[0-9]{2}x same$' "$dir/out" || fail "ortho-demo: $(cat "$dir/out")"
mpi "$bin/ortho-jacobi" -n 64 --variant row --maxit 3 > "$dir/out" || fail "jacobi: $(cat "$dir/out")"
grep -Eq '^variant .* speedup' "$dir/out" && grep -Eq '^row +ortho .* [0-9]+\.[0-9]{2}x$' "$dir/out" \
    || fail "jacobi's speedup: $(cat "$dir/out")"
echo "test_tool_cli: speedup = t_native / t_ortho as 1.23x in ortho-predict, ortho-bench, ortho-demo, jacobi"
echo "test_tool_cli np=$np: ok"
