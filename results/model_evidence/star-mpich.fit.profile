ortho-profile 3
# format: docs/profile-format.md
machine SMPI-star-mpich-48
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
bcast     binomial alpha=159.51988025434332us beta=83.73891587648681ns samples=36 r2=0.9944 rse=0.002471s mean_rel=0.1385 max_rel=0.5343 cv_rel=0.2037
reduce    rabenseifner alpha=64.41061481368611us beta=100.12802115210573ns gamma=4.768371976568084e-15s samples=36 r2=0.9372 rse=0.005141s mean_rel=0.1553 max_rel=0.3291 cv_rel=0.1773
gather    p<=3 ga tau1=187.75656793270386us tau2=-82.03408599243778ns tc=80.93763449779514ns samples=8 r2=1 rse=6.678e-05s mean_rel=0.002991 max_rel=0.00882 cv_rel=0.008096
gather    p>=4 ga tau1=0.2821736828634936ms tau2=-89.66223700624383ns tc=81.60364954203926ns samples=28 r2=0.9997 rse=0.004026s mean_rel=0.01694 max_rel=0.06806 cv_rel=0.02846
scatter   p<=3 ga tau1=190.92977890199214us tau2=-80.90632222165151ns tc=80.42409934141786ns samples=8 r2=1 rse=2.319e-05s mean_rel=0.001157 max_rel=0.003009 cv_rel=0.002172
scatter   p>=4 ga tau1=276.06491117383536us tau2=-209.6265572180656ns tc=126.58705027042868ns samples=28 r2=0.9972 rse=0.01759s mean_rel=0.07533 max_rel=0.1599 cv_rel=0.09456
allreduce rd alpha=116.6327284094576us beta=94.548870843327ns gamma=4.768371976568084e-15s samples=36 r2=0.9867 rse=0.004694s mean_rel=0.1246 max_rel=0.3795 cv_rel=0.1486
allgather bruck alpha=121.55669400107817us beta=84.06932019277058ns samples=36 r2=1 rse=0.0006376s mean_rel=0.02713 max_rel=0.2275 cv_rel=0.05534
end lines=13 cksum=1231944166
