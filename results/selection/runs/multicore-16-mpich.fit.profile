ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-16-mpich
param t_op 1.907348633132045e-14s
param gamma 4.768371582830112e-15s
bcast     p<=4 binomial alpha=256.15463423349644ns beta=0.05118213809921276ns samples=8 r2=0.9994 rse=9.982e-07s mean_rel=0.0173 max_rel=0.04698 cv_rel=0.02371
bcast     p>=5 ga tau1=748.546711423054ns tau2=0.06327261673155125ns tc=0.011099736383169426ns samples=8 r2=0.9985 rse=4.317e-06s mean_rel=0.02352 max_rel=0.07357 cv_rel=0.04974
reduce    ga tau1=534.2913583658785ns tau2=0.01842095186132008ns tc=0.01063506524684446ns samples=16 r2=0.9861 rse=6.412e-06s mean_rel=0.1809 max_rel=0.7585 cv_rel=0.2843
gather    binomial alpha=418.8132475381211ns beta=0.05324368342107122ns samples=16 r2=0.9608 rse=5.451e-05s mean_rel=0.1283 max_rel=0.3422 cv_rel=0.1687
scatter   b<=8K binomial alpha=242.0624275661648ns beta=5.549010550807265e-11s samples=8 r2=0.9366 rse=8.61e-07s mean_rel=0.05998 max_rel=0.2114 cv_rel=0.118
scatter   b>8K lin tau=-0.1251465161390776ns tc=0.0886536939528805ns samples=8 r2=0.9672 rse=0.0001085s mean_rel=0.09733 max_rel=0.1806 cv_rel=0.1407
allreduce rd alpha=591.6927557086914ns beta=0.09034852952681281ns gamma=4.768371582830112e-15s samples=16 r2=0.9825 rse=1.446e-05s mean_rel=0.1104 max_rel=0.2532 cv_rel=0.1401
allgather p<=4 rd alpha=0.43678899516886244us beta=0.05002542130214785ns samples=8 r2=1 rse=1.007e-07s mean_rel=0.0528 max_rel=0.1316 cv_rel=0.1133
allgather p>=5 ga tau1=1042.7578608869105ns tau2=-0.005147215059956156us tc=6.876327984187146e-10s samples=8 r2=0.9912 rse=0.000218s mean_rel=0.05046 max_rel=0.1813 cv_rel=0.127
