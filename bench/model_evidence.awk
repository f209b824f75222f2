# The summary of bench/model_evidence.sh: the composed model's predicted
# time against the measured one, and its choice against the measured best.
# Input (awk -F, -v new=PREFIX [-v only_p="16 32"] -f model_evidence.awk
# FILE...; only_p: the rows of those process counts only): CSVs whose
# first line is a header and whose rows are
#     run,op,p,bytes,candidate,measured_s,predicted_s
# A row is one (operation, candidate, p, size); a point is one
# (run, operation, p, size) with all its candidates.
#   |error| = |predicted - measured| / measured, per row;
#   median: the middle value (the mean of the two middle ones for an even
#   count); p95: the nearest rank, the ceil(0.95 n)-th smallest value;
#   low: the share of rows predicted below their measurement;
#   within 3%: the share of points where the candidate with the smallest
#   predicted time (the first one listed on a tie) measured at most 1.03
#   times the point's fastest measured candidate; and what the choice
#   cost, chosen / fastest measured: geometric mean and largest.
# Groups: each run, each operation over all runs, each variant (the
# candidate's name up to its first colon: native, phases, rsag, pipe, ...;
# a choice is made among variants, so they have no "within 3%"), all rows. Runs whose name
# starts with the value of -v new are the platform added for the evidence
# (goal 70% within 3%); the others are project platforms (80%).
function abs(x) { return x < 0 ? -x : x }
function add(group, err, low) {
    if (!(group in count)) order[ngroups++] = group
    values[group, ++count[group]] = err
    lows[group] += low
    if (count[group] == 1 || err > worst[group]) { worst[group] = err; worst_at[group] = where }
}
# sort values[group, 1..n] ascending (insertion sort: a few thousand rows)
function sort_group(group, n,    i, j, v) {
    for (i = 2; i <= n; i++) {
        v = values[group, i]
        for (j = i - 1; j >= 1 && values[group, j] > v; j--)
            values[group, j + 1] = values[group, j]
        values[group, j + 1] = v
    }
}
function median(group, n) {
    return n % 2 ? values[group, (n + 1) / 2] : (values[group, n / 2] + values[group, n / 2 + 1]) / 2
}
function p95(group, n,    k) {
    k = int(0.95 * n)
    if (k < 0.95 * n) k++
    return values[group, k]
}
function pct(x) { return sprintf("%.1f%%", 100 * x) }
# the share of a class's points chosen within 3%, and what the choice cost:
# the geometric mean and the largest of chosen / fastest measured
function choice_line(label, cls, goal) {
    printf "choice within 3%% of best: %s %s of %d points (goal >= %d%%); measured time of the choice / the best: geometric mean %.2fx, largest %.2fx\n",
        label, pct(good[cls] / n_points[cls]), n_points[cls], goal,
        exp(log_cost[cls] / n_points[cls]), exp(worst_cost[cls])
}
FNR == 1 { next }
only_p != "" && index(" " only_p " ", " " $3 " ") == 0 { next }
NF >= 7 && $6 > 0 {
    point = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4
    where = $2 " p=" $3 " b=" $4 " " $5
    err = abs($7 - $6) / $6
    low = $7 < $6 ? 1 : 0
    add($1, err, low)
    add("op " $2, err, low)
    variant = $5
    sub(/:.*/, "", variant)
    add("variant " variant, err, low)
    add("all", err, low)
    if (!(point in fastest)) {
        points[npoints++] = point
        point_run[point] = $1
        point_op[point] = $2
    }
    if (!(point in fastest) || $6 < fastest[point]) fastest[point] = $6
    if (!(point in least) || $7 < least[point]) { least[point] = $7; chosen[point] = $6 }
}
END {
    for (i = 0; i < npoints; i++) {
        pt = points[i]
        ok = chosen[pt] <= 1.03 * fastest[pt] ? 1 : 0
        cost = log(chosen[pt] / fastest[pt])
        cls = new != "" && index(point_run[pt], new) == 1 ? "new" : "project"
        log_cost[cls] += cost
        if (!(cls in worst_cost) || cost > worst_cost[cls]) worst_cost[cls] = cost
        n_points[point_run[pt]]++; good[point_run[pt]] += ok
        n_points["op " point_op[pt]]++; good["op " point_op[pt]] += ok
        n_points["all"]++; good["all"] += ok
        n_points[cls]++; good[cls] += ok
    }
    print "| rows of | points | rows | median abs error | p95 abs error | predicted low | largest abs error (at) | choice within 3% of best |"
    print "|---|---|---|---|---|---|---|---|"
    # the runs, the operations, the variants, then all rows
    for (pass = 1; pass <= 4; pass++) for (g = 0; g < ngroups; g++) {
        group = order[g]
        kind = group == "all" ? 4 : substr(group, 1, 8) == "variant " ? 3 : substr(group, 1, 3) == "op " ? 2 : 1
        if (kind != pass) continue
        n = count[group]
        sort_group(group, n)
        printf "| %s | %s | %d | %s | %s | %s | %s (%s) | %s |\n", group,
            (group in n_points) ? n_points[group] : "-", n, pct(median(group, n)), pct(p95(group, n)),
            pct(lows[group] / n), pct(worst[group]), worst_at[group],
            (group in n_points) ? pct(good[group] / n_points[group]) : "-"
    }
    if (n_points["project"] > 0) choice_line("project platforms", "project", 80)
    if (n_points["new"] > 0) choice_line("new platform", "new", 70)
    if ("all" in count)
        printf "all rows: median abs error %s (goal <= 5%%), p95 %s (goal <= 15%%)\n",
            pct(median("all", count["all"])), pct(p95("all", count["all"]))
    else
        print "no rows"
}
