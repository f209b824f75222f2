ortho-profile 3
# format: docs/profile-format.md
machine SMPI-star-ompi-48
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
bcast     p<=12 ga tau1=209.37805889706186us tau2=-52.06514462111981ns tc=68.45968660715747ns samples=24 r2=0.9799 rse=0.008372s mean_rel=0.1167 max_rel=0.5319 cv_rel=0.1844
bcast     p>=13 binomial alpha=196.14990182321782us beta=91.91246692970411ns samples=12 r2=0.9662 rse=0.01017s mean_rel=0.2023 max_rel=0.5006 cv_rel=0.2758
reduce    binomial alpha=102.48191495373493us beta=81.85727620690002ns gamma=4.768371976568084e-15s samples=36 r2=0.953 rse=0.007825s mean_rel=0.06348 max_rel=0.3857 cv_rel=0.117
scatter   binomial alpha=136.32721128427474us beta=83.26117507991611ns samples=36 r2=0.9976 rse=0.009247s mean_rel=0.1117 max_rel=0.3813 cv_rel=0.1577
allreduce rd alpha=154.92642602100443us beta=59.20787269586257ns gamma=4.768371976568084e-15s samples=36 r2=0.8702 rse=0.0101s mean_rel=0.2131 max_rel=0.5544 cv_rel=0.2665
allgather rd alpha=127.78276925638102us beta=96.20123726829836ns samples=36 r2=0.932 rse=0.06033s mean_rel=0.2032 max_rel=0.4138 cv_rel=0.2362
end lines=11 cksum=822301727
