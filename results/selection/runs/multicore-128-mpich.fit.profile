ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-128-mpich
param t_op 1.907348631808556e-14s
param gamma 4.76837157952139e-15s
bcast     p<=16 binomial alpha=274.59507633226673ns beta=0.053032754770397955ns samples=16 r2=0.9873 rse=2.064e-06s mean_rel=0.09043 max_rel=0.3419 cv_rel=0.1355
bcast     p>=17 binomial alpha=648.6931871714814ns beta=0.06780243132412359ns samples=12 r2=0.9965 rse=2.74e-06s mean_rel=0.07403 max_rel=0.2699 cv_rel=0.1213
reduce    p<=8 ga tau1=506.0286507750911ns tau2=0.026954212100749227ns tc=8.280546715534827e-12s samples=12 r2=0.9791 rse=1.301e-06s mean_rel=0.1017 max_rel=0.1973 cv_rel=0.1442
reduce    p>=9 binomial alpha=890.9897516090645ns beta=0.04298471305704358ns gamma=4.76837157952139e-15s samples=16 r2=0.9826 rse=3.375e-06s mean_rel=0.08649 max_rel=0.2636 cv_rel=0.1247
gather    p<=8 binomial alpha=0.4033108292453902us beta=0.04992818597961651ns samples=12 r2=1 rse=1.28e-07s mean_rel=0.05189 max_rel=0.1925 cv_rel=0.1054
gather    p>=9 binomial alpha=0.7548683233227033us beta=0.07375199583410728ns samples=16 r2=0.996 rse=4.525e-05s mean_rel=0.05336 max_rel=0.1165 cv_rel=0.07425
scatter   p<=8 binomial alpha=228.5594259400361ns beta=0.0600251365841961ns samples=12 r2=0.9313 rse=1.158e-05s mean_rel=0.1176 max_rel=0.2486 cv_rel=0.1529
scatter   p>=9 ga tau1=1.4146676044070667us tau2=-1.1417987183804934ns tc=0.15305085579754432ns samples=16 r2=0.9997 rse=2.434e-05s mean_rel=0.07033 max_rel=0.2277 cv_rel=0.1365
allreduce p<=8 rd alpha=543.2399836538117ns beta=9.31050529175322e-11s gamma=4.76837157952139e-15s samples=12 r2=0.9756 rse=3.412e-06s mean_rel=0.08446 max_rel=0.1743 cv_rel=0.1059
allreduce p>=9 rd alpha=928.3666926992072ns beta=0.08351125529105263ns gamma=4.76837157952139e-15s samples=16 r2=0.9994 rse=1.262e-06s mean_rel=0.02664 max_rel=0.06993 cv_rel=0.03629
allgather p<=8 rd alpha=0.401217257665877us beta=5.038883586736234e-11s samples=12 r2=0.9999 rse=2.351e-07s mean_rel=0.05338 max_rel=0.1943 cv_rel=0.1046
allgather p>=9 ga tau1=3.1837463101663985us tau2=-6.284943243009566ns tc=0.735500871752077ns samples=16 r2=0.9884 rse=0.0006406s mean_rel=0.1033 max_rel=0.6151 cv_rel=0.2041
