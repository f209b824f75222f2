#!/usr/bin/env bash
# Markdown tables of the CSV files scripts/bench_variants.sh writes: per
# platform and native selector, one row per (operation, size): the native
# time, its ratio to the platform's lower bound, and for each candidate
# set the time and the speedup t_native / t (> 1: faster than native).
#
#   scripts/bench_variants_table.sh [DIR]     (default results/tmp/variants)
set -u
DIR=${1:-results/tmp/variants}
for platform in clic_star t3e_torus multicore; do
    for sel in mpich ompi; do
        files=""
        for set in phases phases-cols rsag-scag-pipe; do
            [ -s "$DIR/$platform-$sel-$set.csv" ] && files="$files $DIR/$platform-$sel-$set.csv"
        done
        [ -n "$files" ] || continue
        echo
        echo "$platform, $sel selector, 128 processes (time in s; x: native time / time)"
        echo
        # shellcheck disable=SC2086
        awk -F, '
            FNR == 1 { n = split(FILENAME, parts, "/"); f = parts[n]; sub(/\.csv$/, "", f);
                       sub(/^[a-z_0-9]+-(mpich|ompi)-/, "", f);
                       if (!(f in seen)) { seen[f] = 1; sets[++nsets] = f } next }
            $16 != "ok" && $16 != "unchecked" { bad[f] = bad[f] " " $3 "/" $5 ":" $16 }
            $6 == "native" { key = $3 "|" $5; if (!(key in nat)) { keys[++nkeys] = key }
                             nat[key] = $9; ratio[key] = $15; next }
            { t[f "|" $3 "|" $5] = $9 }
            END {
                printf "| op | bytes | native | /bound |";
                for (i = 1; i <= nsets; i++) printf " %s |", sets[i];
                printf "\n|---|---:|---:|---:|";
                for (i = 1; i <= nsets; i++) printf "---:|";
                printf "\n";
                for (k = 1; k <= nkeys; k++) {
                    split(keys[k], kk, "|");
                    printf "| %s | %s | %.4g | %s |", kk[1], kk[2], nat[keys[k]],
                           ratio[keys[k]] == "" ? "-" : sprintf("%.2f", ratio[keys[k]]);
                    for (i = 1; i <= nsets; i++) {
                        v = t[sets[i] "|" keys[k]];
                        if (v == "") printf " - |";
                        else printf " %.4g (%.2fx) |", v, nat[keys[k]] / v;
                    }
                    printf "\n";
                }
                for (i = 1; i <= nsets; i++)
                    if (bad[sets[i]] != "") printf "\nnot ok in %s:%s\n", sets[i], bad[sets[i]];
            }' $files
    done
done
