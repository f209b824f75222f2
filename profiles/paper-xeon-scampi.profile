ortho-profile 1
# The dual Xeon cluster (SCI network) with ScaMPI 4.0.0, from Kühnemann,
# Rauber, Rünger, Cluster Computing 2006: Table II (column "dual Xeon") and
# Table III (column "Xeon cluster"). Format: docs/profile-format.md.
#
# How the table entries were read:
# - Table II: tau[µs] and t_c[µs] multiply the message size b in bytes, so
#   they are µs per byte (unit "us"). One function for all p > 1.
# - Table III: tau_1 in s, tau_2 and t_c in µs per byte. tau_1 is 0.000 s.
# - Allreduce and allgather: Table I, t_macc = t_acc + t_sb and
#   t_mb(p,b) = t_ga(p,b) + t_sb(p,p*b).
machine dual Xeon cluster, SCI, ScaMPI 4.0.0 (paper Tables II, III)
bcast     p>1 log    tau=-0.0005us tc=0.0042us     # Table II, t_sb_log, p > 1
reduce    p>1 logm1  tau=0.0116us  tc=0.0002us     # Table II, t_acc_log, p > 1
gather    ga  tau1=0.000s tau2=-0.0056us tc=0.0040us    # Table III
scatter   ga  tau1=0.000s tau2=-0.0032us tc=0.0039us    # Table III
allreduce reduce+bcast                             # Table I, t_macc
allgather gather+bcast                             # Table I, t_mb
