ortho-profile 1
# The Cray T3E-1200, from Kühnemann, Rauber, Rünger, Cluster Computing 2006:
# Table II (column "Cray T3E"), Tables IV and V. Format: docs/profile-format.md.
#
# How the table entries were read:
# - Table II: tau[µs] and t_c[µs] are µs per byte (they multiply b in bytes).
# - Table IV selects the MPI_Gather function by p and by the root message
#   size n = p*b ("the size of the message that the root processor is
#   gathering from all members"), given in kbyte: read as KiB (1024 bytes),
#   so 8448 kbyte = 8448K = 8650752 bytes, and written with "n" conditions.
# - Table V: tau_1 in s, tau_2 and t_c in µs per byte. Function No. 1 has no
#   startup time (T_1 = (tau_2 + t_c*p)*b, form ga0); Nos. 2 and 3 do.
# - Entries are tried in order, first match wins. Table IV covers
#   p = 2..128 with n <= 8448K (No. 1), and n > 8448K only for p = 17..32
#   (No. 2) and p = 33..128 (No. 3). Two extrapolations of ours: No. 3 is
#   also used for p > 128, and No. 1 for everything not covered (p <= 16
#   with n > 8448K, p > 128 with n <= 8448K, p = 1).
# - Scatter: one function, T = (tau_2 + t_c*p)*b with Table V's coefficients.
# - Allreduce and allgather: Table I, t_macc = t_acc + t_sb and
#   t_mb(p,b) = t_ga(p,b) + t_sb(p,p*b).
machine Cray T3E-1200 (paper Tables II, IV, V)
bcast     p>1 log    tau=0.00065us tc=0.0033us     # Table II, t_sb_log, p > 1
reduce    p>1 logm1  tau=0.00048us tc=0.0029us     # Table II, t_acc_log, p > 1
gather    p=2-128  n<=8448K ga0 tau2=-0.00134us tc=0.00308us             # Table IV/V No. 1
gather    p=17-32  n>8448K  ga  tau1=-0.020s tau2=0.01573us tc=0.00505us # Table IV/V No. 2
gather    p>=33    n>8448K  ga  tau1=-0.036s tau2=0.02652us tc=0.00617us # Table IV/V No. 3 (table: p <= 128)
gather                      ga0 tau2=-0.00134us tc=0.00308us             # No. 1 where the table has no entry
scatter   ga0 tau2=0.00024us tc=0.00297us          # Table IV/V
allreduce reduce+bcast                             # Table I, t_macc
allgather gather+bcast                             # Table I, t_mb
