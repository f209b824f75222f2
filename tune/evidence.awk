# Summary of tune/evidence.sh (awk -F, -f evidence.awk POINTS... CHECKS...).
#
# POINTS rows (ortho-tune --csv, run prepended):
#   run,op,p,bytes,candidate,seconds,tuned,valid
# CHECK rows (ortho-tune --check-csv or --evaluate, run prepended):
#   run,op,p,bytes,t_native,auto,auto_rule,t_auto,best,t_best,model,model_rule,t_model,t_run,
#   composed,composed_rule,t_composed
#
# Per run, per platform and selector, and over everything:
#  (a) auto against native: the worst speedup t_native / t_auto and the
#      points where auto is more than 2% slower (below 0.98x);
#  (b) the geometric-mean and the best speedup t_native / t_auto;
#  (c) the model alone (the selector's: measured curves of the tuned
#      sizes): how often its choice is the measured best (or as fast as
#      it, within 0.1%: layouts often tie), how often it is within 3% of
#      it, the mean and worst loss when it is not the best; (c') how often
#      the composed model (runtime functions only: an untuned p) is within
#      3%; and the geometric-mean speedup over native of the model's
#      choices, the composed model's and the measured best ones (what a
#      perfect choice gets).
function group_of(run,    a, n) {
    n = split(run, a, "-")
    return a[1] "-" a[3]          # platform-selector (ompi-gather counts as ompi)
}
function add(g, key) {
    n[g]++
    if (t_auto <= 0) { unjudged_auto[g]++ }
    else {
    r = t_auto / t_native - 1
    if (!(g in worst) || r > worst[g]) worst[g] = r
    slower[g] += r > 0.02
    logsum[g] += log(t_native / t_auto)
    if (t_native / t_auto > top[g]) top[g] = t_native / t_auto
    na[g]++
    }
    auto_rule[g, rule]++
    if (t_model <= 0) { unjudged_model[g]++; return }
    nm[g]++
    loss = t_model / t_best - 1
    if (model == best || loss <= 0.001) { isbest[g]++; within[g]++ }
    else {
        notbest[g]++
        within[g] += loss <= 0.03
        losssum[g] += loss
        if (loss > lossmax[g]) lossmax[g] = loss
    }
    mlog[g] += log(t_native / t_model)
    blog[g] += log(t_native / t_best)
    if (t_comp > 0) {
        nc[g]++
        cwithin[g] += t_comp / t_best - 1 <= 0.03 || comp == best
        clog[g] += log(t_native / t_comp)
    }
}
function line(g, label) {
    if (!(g in n)) return
    printf "| %-22s | %4d | %7.3fx | %3d | %6.3fx | %6.3fx | %3.0f%% | %3.0f%% | %5.1f%% / %6.1f%% | %3.0f%% | %5.3fx / %5.3fx / %5.3fx |",
           label, n[g], 1 / (1 + worst[g]), slower[g], na[g] ? exp(logsum[g] / na[g]) : 0, top[g],
           nm[g] ? 100 * isbest[g] / nm[g] : 0, nm[g] ? 100 * within[g] / nm[g] : 0,
           notbest[g] ? 100 * losssum[g] / notbest[g] : 0, 100 * lossmax[g],
           nc[g] ? 100 * cwithin[g] / nc[g] : 0,
           nm[g] ? exp(mlog[g] / nm[g]) : 0, nc[g] ? exp(clog[g] / nc[g]) : 0,
           nm[g] ? exp(blog[g] / nm[g]) : 0
    if (unjudged_auto[g] || unjudged_model[g])
        printf " %d/%d not measured", unjudged_auto[g], unjudged_model[g]
    printf "\n"
}
NF >= 14 && $1 != "run" {
    run = $1; op = $2; t_native = $5; rule = $7; t_auto = $8; best = $9; t_best = $10
    model = $11; t_model = $13; comp = $15; t_comp = NF >= 17 ? $17 : 0
    key = run SUBSEP op SUBSEP $4
    add(run, key); add(group_of(run), key); add("all", key)
    if (!(run in runs)) { runs[run] = 1; rs[++nr] = run }
    g = group_of(run)
    if (!(g in groups)) { groups[g] = 1; gs[++ng] = g }
}
END {
    hdr = "| %-22s | %4s | %8s | %3s | %7s | %7s | %4s | %4s | %-16s | %4s | %-24s |\n"
    rule = "------------------------|------|----------|-----|---------|---------|------|------|------------------|------|-------------------------"
    printf "(a) auto vs native: worst speedup t_native/t_auto, points more than 2%% slower (< 0.98x);\n"
    printf "(b) speedup t_native/t_auto: geometric mean, best;\n"
    printf "(c) model alone (measured curves of the tuned sizes): = measured best (ties within 0.1%%),\n"
    printf "    within 3%% of it, loss when not the best (mean / worst);\n"
    printf "(c') composed model (runtime functions only, as for a p never tuned): within 3%% of the best;\n"
    printf "geo: geometric-mean speedup over native of the model's choices / the composed model's / the measured best\n\n"
    printf hdr, "run", "pts", "(a) worst", "<0.98x", "(b) geo", "best", "=best", "<=3%", "(c) loss mean/worst", "(c')", "geo model/comp/best"
    printf "|%s|\n", rule
    for (i = 1; i <= nr; i++) line(rs[i], rs[i])
    print ""
    printf hdr, "platform-selector", "pts", "(a) worst", "<0.98x", "(b) geo", "best", "=best", "<=3%", "(c) loss mean/worst", "(c')", "geo model/comp/best"
    printf "|%s|\n", rule
    for (i = 1; i <= ng; i++) line(gs[i], gs[i])
    line("all", "all")
    printf "\n(\"not measured\": points where auto's / the model's choice was not among the\n"
    printf "measured candidates, e.g. a long thin grid left out by --max-aspect; not judged)\n"
    printf "\nauto's rule over all points:"
    for (k in auto_rule) { split(k, kk, SUBSEP); if (kk[1] == "all") printf " %s %d", kk[2], auto_rule[k] }
    printf "\n"
}
