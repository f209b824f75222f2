#!/usr/bin/env bash
# Runs the libFuzzer targets of fuzz/ (make fuzz-build puts them in
# $FUZZ_BUILD/fuzz), one after the other, at the lowest priority:
#
#   fuzz/run.sh SECONDS [TARGET...]    each target SECONDS seconds (all by default)
#   fuzz/run.sh --replay [TARGET...]   each target over its committed corpus only
#
# A run starts from the committed corpus fuzz/corpus/TARGET and keeps what
# it finds in $FUZZ_BUILD/corpus/TARGET (the committed one stays as it
# is); fuzz/TARGET.dict, when there, is its dictionary. A failure leaves its
# input in $FUZZ_BUILD/artifacts/ and the log in $FUZZ_BUILD/logs/. Prints
# one line per target (runs, seconds, corpus) and exits non-zero when a
# target failed.
set -u
cd "$(dirname "$0")/.."
FUZZ_BUILD=${FUZZ_BUILD:-build-fuzz}
mode=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in fuzz/*.c; do
        targets+=("$(basename "${f%.c}")")
    done
fi
mkdir -p "$FUZZ_BUILD/logs" "$FUZZ_BUILD/artifacts"
failed=0
for t in "${targets[@]}"; do
    bin=$FUZZ_BUILD/fuzz/$t log=$FUZZ_BUILD/logs/$t.log opts=()
    [ -x "$bin" ] || { echo "fuzz: $bin not found: make fuzz-build" >&2; exit 2; }
    [ -f "fuzz/$t.dict" ] && opts+=("-dict=fuzz/$t.dict")
    start=$SECONDS
    if [ "$mode" = "--replay" ]; then
        "$bin" "${opts[@]}" fuzz/corpus/"$t"/* >"$log" 2>&1
        status=$?
        echo "fuzz $t: replayed $(grep -c '^Executed ' "$log") inputs ($((SECONDS - start)) s)," \
             "status $status"
    else
        mkdir -p "$FUZZ_BUILD/corpus/$t"
        nice -n 19 "$bin" "${opts[@]}" -max_total_time="$mode" -print_final_stats=1 \
            -artifact_prefix="$FUZZ_BUILD/artifacts/$t-" "$FUZZ_BUILD/corpus/$t" "fuzz/corpus/$t" \
            >"$log" 2>&1
        status=$?
        echo "fuzz $t: $(grep -Eo 'number_of_executed_units: [0-9]+' "$log" | grep -Eo '[0-9]+')" \
             "runs in $((SECONDS - start)) s, corpus $(ls "$FUZZ_BUILD/corpus/$t" | wc -l)" \
             "inputs, status $status"
    fi
    if [ "$status" -ne 0 ]; then
        failed=$((failed + 1))
        echo "fuzz $t: FAILED; the end of $log:"
        tail -n 30 "$log" | sed 's/^/   | /'
    fi
done
[ "$failed" -eq 0 ]
