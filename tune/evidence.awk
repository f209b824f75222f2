# Summary of tune/evidence.sh (awk -F, -f evidence.awk POINTS... CHECKS...).
#
# POINTS rows (ortho-tune --csv, run prepended):
#   run,op,p,bytes,candidate,seconds,tuned,valid
# CHECK rows (ortho-tune --check-csv, run prepended):
#   run,op,p,bytes,t_native,auto,auto_rule,t_auto,best,t_best,model,model_rule,t_model
#
# Per run, per platform and selector, and over everything:
#  (a) auto against native: the worst ratio t_auto / t_native - 1 and the
#      points where auto is more than 2% slower;
#  (b) the geometric-mean and the best speedup t_native / t_auto;
#  (c) the model alone: how often its choice is the measured best (or as
#      fast as it, within 0.1%: layouts often tie), how
#      often it is within 3% of it, the mean and worst loss when it is not
#      the best; and within 3% of the best candidate the model can predict
#      today (native and "phases" in the paper's order: what it chooses
#      among).
function paper_order(op) { return op == "bcast" || op == "scatter" ? "cols" : "rows" }
function predictable(op, c) {
    return c == "native" || c ~ ("^phases:[0-9]+x[0-9]+:" paper_order(op) "$")
}
function group_of(run,    a, n) {
    n = split(run, a, "-")
    return a[1] "-" a[3]          # platform-selector (ompi-gather counts as ompi)
}
function add(g, key) {
    n[g]++
    r = t_auto / t_native - 1
    if (!(g in worst) || r > worst[g]) worst[g] = r
    slower[g] += r > 0.02
    logsum[g] += log(t_native / t_auto)
    if (t_native / t_auto > top[g]) top[g] = t_native / t_auto
    loss = t_model / t_best - 1
    if (model == best || loss <= 0.001) { isbest[g]++; within[g]++ }
    else {
        notbest[g]++
        within[g] += loss <= 0.03
        losssum[g] += loss
        if (loss > lossmax[g]) lossmax[g] = loss
    }
    if (key in rbest) within_r[g] += t_model <= 1.03 * rbest[key]
    auto_rule[g, rule]++
}
function line(g, label) {
    if (!(g in n)) return
    printf "| %-22s | %4d | %+6.1f%% | %3d | %6.3f | %6.3f | %3.0f%% | %3.0f%% | %5.1f%% / %6.1f%% | %3.0f%% |\n",
           label, n[g], 100 * worst[g], slower[g], exp(logsum[g] / n[g]), top[g],
           100 * isbest[g] / n[g], 100 * within[g] / n[g],
           notbest[g] ? 100 * losssum[g] / notbest[g] : 0, 100 * lossmax[g],
           100 * within_r[g] / n[g]
}
NF == 8 && $1 != "run" {
    if ($8 != 1) next
    key = $1 SUBSEP $2 SUBSEP $4
    if (predictable($2, $5) && (!(key in rbest) || $6 < rbest[key])) rbest[key] = $6
    next
}
NF == 13 {
    run = $1; op = $2; t_native = $5; rule = $7; t_auto = $8; best = $9; t_best = $10
    model = $11; t_model = $13
    key = run SUBSEP op SUBSEP $4
    add(run, key); add(group_of(run), key); add("all", key)
    if (!(run in runs)) { runs[run] = 1; rs[++nr] = run }
    g = group_of(run)
    if (!(g in groups)) { groups[g] = 1; gs[++ng] = g }
}
END {
    hdr = "| %-22s | %4s | %7s | %3s | %6s | %6s | %4s | %4s | %-16s | %4s |\n"
    printf "(a) auto vs native: worst t_auto/t_native - 1, points more than 2%% slower;\n"
    printf "(b) speedup t_native/t_auto: geometric mean, best;\n"
    printf "(c) model alone: = measured best (ties within 0.1%%), within 3%% of it, loss when not the best (mean / worst),\n"
    printf "    within 3%% of the best candidate it can predict (native, phases in the paper's order)\n\n"
    printf hdr, "run", "pts", "(a) worst", ">2%", "(b) geo", "best", "=best", "<=3%", "(c) loss mean/worst", "pred"
    printf "|%s|\n", "------------------------|------|---------|-----|--------|--------|------|------|------------------|------"
    for (i = 1; i <= nr; i++) line(rs[i], rs[i])
    print ""
    printf hdr, "platform-selector", "pts", "(a) worst", ">2%", "(b) geo", "best", "=best", "<=3%", "(c) loss mean/worst", "pred"
    printf "|%s|\n", "------------------------|------|---------|-----|--------|--------|------|------|------------------|------"
    for (i = 1; i <= ng; i++) line(gs[i], gs[i])
    line("all", "all")
    printf "\nauto's rule over all points:"
    for (k in auto_rule) { split(k, kk, SUBSEP); if (kk[1] == "all") printf " %s %d", kk[2], auto_rule[k] }
    printf "\n"
}
