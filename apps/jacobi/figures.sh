#!/usr/bin/env bash
# apps/jacobi/figures.sh [OUTDIR]: the Jacobi figures of docs/jacobi.md on
# the simulated CLiC (platforms/clic_star.xml), like the paper's Figures 25
# (orthogonal vs native per variant) and 27 (predicted vs measured).
#
# For each configuration of the simulated MPI
#   lam           the LAM-like native algorithms of docs/simulation.md
#   lam-blocking  the same with sends that wait for their receive
#                 (smpi/send-is-detached-thresh:0; SMPI's default lets sends
#                 up to 64 KiB return at once, see docs/jacobi.md)
#   mpich         SMPI's mpich selector
# it
#   1. fits a profile of the simulated machine with ortho-fit on 96
#      processes (every group size of 48 and 96), unless OUTDIR has one;
#   2. runs jacobi on 48 and 96 processes for n = 2400, 4800, 9600: every
#      variant, native and every 2D layout, 3 timed iterations, each
#      arithmetic operation charged 1.25 ns (one flop of the platform's
#      800 Mflop/s nodes), beside the model's prediction from that profile;
#   3. prints two tables from the outputs (OUTDIR/*.txt).
# Network: the platform's own latency and bandwidth (factors 0:1),
# rendezvous (async-small-thresh 0, SMPI's default). Needs make SMPI=1;
# 6 to 7 minutes on 2 cores. SUMMARY_ONLY=1 prints the tables from
# existing outputs.
set -eu
out=${1:-results/tmp/jacobi-figures}   # results/tmp is git-ignored
BUILD=${BUILD:-build-smpi}
mkdir -p "$out"

base=(-platform platforms/clic_star.xml -hostfile platforms/clic_star.hostfile
      --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1)
lam=(--cfg=smpi/bcast:binomial_tree --cfg=smpi/allgather:GB --cfg=smpi/allgatherv:GB
     --cfg=smpi/allreduce:redbcast --cfg=smpi/gather:ompi_basic_linear
     --cfg=smpi/scatter:ompi_basic_linear --cfg=smpi/reduce:binomial)
mpich=(--cfg=smpi/coll-selector:mpich)

configs="lam lam-blocking mpich"
selectors() {
    case $1 in
        lam) echo "${lam[@]}" ;;
        lam-blocking) echo "${lam[@]}" --cfg=smpi/send-is-detached-thresh:0 ;;
        mpich) echo "${mpich[@]}" ;;
    esac
}

if [ "${SUMMARY_ONLY:-0}" != 1 ]; then
    for conf in $configs; do
        read -r -a sel <<<"$(selectors $conf)"
        prof="$out/smpi-clic-$conf.profile"
        if [ ! -f "$prof" ]; then
            echo "== ortho-fit, $conf, 96 processes" >&2
            smpirun -np 96 "${base[@]}" "${sel[@]}" "$BUILD/bin/ortho-fit" -q -o "$prof" \
                --ops bcast,reduce,gather,allreduce,allgather --sizes 256,1K,4K,16K,64K,128K \
                --max-reps 3 2>"$out/fit-$conf.log"
        fi
        for p in 48 96; do
            for n in 2400 4800 9600; do
                echo "== jacobi, $conf, p = $p, n = $n" >&2
                smpirun -np $p "${base[@]}" "${sel[@]}" "$BUILD/bin/ortho-jacobi" -n $n \
                    --comm native,ortho --grid all --tol 0 --maxit 3 --sim-t-op 1.25ns \
                    --predict "$prof" >"$out/$conf-p$p-n$n.txt" 2>"$out/$conf-p$p-n$n.log"
            done
        done
    done
fi

# The result rows of one output with "ortho 8x6" as one field:
# variant comm iters rel.res total compute comm speedup | predicted compute comm dev t_op
rows() {
    grep -E '^(row|col-mb|col-sb) ' "$1" | sed -E 's/^([a-z-]+ +)ortho /\1ortho:/'
}

for conf in $configs; do
    echo
    echo "$conf: times per iteration [ms]; speedup: T_native / T (above 1x faster than native)"
    printf '%-4s %-5s %-7s | %8s | %-14s %8s | %-14s %8s\n' p n variant native \
        balanced speedup best speedup
    for p in 48 96; do
        bal=$( [ $p = 48 ] && echo 8x6 || echo 12x8 )
        for n in 2400 4800 9600; do
            f="$out/$conf-p$p-n$n.txt"
            [ -f "$f" ] || continue
            rows "$f" | awk -v p=$p -v n=$n -v bal="ortho:$bal" '
                $2 == "native" { nat[$1] = $5 }
                $2 == bal { b[$1] = $5; bv[$1] = $8 }
                $2 ~ /^ortho:/ && (!($1 in best) || $5 < best[$1]) { best[$1] = $5; bn[$1] = $2; bestv[$1] = $8 }
                END {
                    split("row col-mb col-sb", v, " ")
                    for (i = 1; i <= 3; i++)
                        printf "%-4s %-5s %-7s | %8.2f | %-14s %8s | %-14s %8s\n", p, n, v[i], nat[v[i]],
                               substr(bal, 7) " " b[v[i]], bv[v[i]], substr(bn[v[i]], 7) " " best[v[i]], bestv[v[i]]
                }'
        done
    done
    echo
    echo "$conf: measured vs predicted [ms] (profile $out/smpi-clic-$conf.profile); dev: (measured - predicted) / predicted"
    printf '%-4s %-5s %-7s | %-24s | %-24s\n' p n variant "native: meas pred dev" \
        "balanced: meas pred dev"
    for p in 48 96; do
        bal=$( [ $p = 48 ] && echo 8x6 || echo 12x8 )
        for n in 2400 4800 9600; do
            f="$out/$conf-p$p-n$n.txt"
            [ -f "$f" ] || continue
            rows "$f" | awk -v p=$p -v n=$n -v bal="ortho:$bal" '
                $2 == "native" { nm[$1] = $5; np_[$1] = $10; nd[$1] = $13 }
                $2 == bal { bm[$1] = $5; bp[$1] = $10; bd[$1] = $13 }
                END {
                    split("row col-mb col-sb", v, " ")
                    for (i = 1; i <= 3; i++)
                        printf "%-4s %-5s %-7s | %7.2f %7.2f %8s | %7.2f %7.2f %8s\n", p, n, v[i],
                               nm[v[i]], np_[v[i]], nd[v[i]], bm[v[i]], bp[v[i]], bd[v[i]]
                }'
        done
    done
done
