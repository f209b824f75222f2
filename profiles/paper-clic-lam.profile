ortho-profile 1
# The Beowulf cluster CLiC with LAM-MPI 6.3 b2, from Kühnemann, Rauber,
# Rünger, "Optimizing MPI Collective Communication by Orthogonal
# Structures", Cluster Computing 2006: Table II (column "CLiC") and
# Table III (column "CLiC"). Format: docs/profile-format.md.
#
# How the table entries were read:
# - Table II heads its columns tau[µs] and t_c[µs]; the functions of Table I
#   multiply them by the message size b in bytes, (tau + t_c*f(p))*b, so they
#   are µs per byte: written with the unit "us" (the reader scales by 1e-6).
# - The entry "0.038s" (MPI_Bcast, t_sb_log, p > 4) is read as 0.038 µs per
#   byte. Sec. 3.2 of the paper gives this very function as
#   (0.0383 + 0.474e-6 * log2(p)) * b, i.e. the same 0.038 next to the
#   0.474 µs of the table; 0.038 s per byte would make a 1 KB broadcast last
#   39 s. We keep the table's 0.038 (the text's 0.0383 differs by 0.3 ns/byte).
# - LAM-MPI switches algorithms at p = 4: t_*_lin for p <= 4, t_*_log for p > 4.
#   The lin entries also serve p = 1 (not in the table).
# - Table III heads its columns tau_1(V)[s], tau_2(V)[µs], t_c(V)[µs]:
#   tau_1 in seconds, tau_2 and t_c in µs per byte.
# - The paper gives no coefficients for MPI_Allreduce and MPI_Allgather:
#   Table I defines t_macc = t_acc + t_sb and t_mb(p,b) = t_ga(p,b) + t_sb(p,p*b).
machine CLiC Beowulf cluster, LAM-MPI 6.3 b2 (paper Tables II, III)
bcast     p<=4 lin    tau=-0.085us  tc=0.092us     # Table II, t_sb_lin, p <= 4
bcast     p>4  log    tau=0.038us   tc=0.474us     # Table II, t_sb_log, p > 4 ("0.038s")
reduce    p<=4 lin    tau=-0.103us  tc=0.105us     # Table II, t_acc_lin, p <= 4
reduce    p>4  logm1  tau=0.141us   tc=0.101us     # Table II, t_acc_log, p > 4
gather    ga   tau1=0.009s tau2=-0.0825us tc=0.0929us   # Table III
scatter   ga   tau1=0.000s tau2=-0.0730us tc=0.0897us   # Table III
allreduce reduce+bcast                             # Table I, t_macc
allgather gather+bcast                             # Table I, t_mb
