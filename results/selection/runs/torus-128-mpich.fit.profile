ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-128-mpich
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
bcast     b<=1K log tau=8.883691198246436e-10s tc=3.340240735055694ns samples=7 r2=0.9547 rse=2.003e-06s mean_rel=0.07244 max_rel=0.1193 cv_rel=0.1189
bcast     b>1K binomial alpha=7.068128811579934us beta=1.6287238267677628ns samples=21 r2=0.9996 rse=1.867e-05s mean_rel=0.04223 max_rel=0.2283 cv_rel=0.08978
reduce    b<=1K binomial alpha=2247.057379263242ns beta=2.1943919719367613ns gamma=4.76837155305161e-15s samples=7 r2=0.9915 rse=1.03e-06s mean_rel=0.0359 max_rel=0.05305 cv_rel=0.0464
reduce    b>1K rabenseifner alpha=2.1700497767132947us beta=1.9386978960132686ns gamma=4.76837155305161e-15s samples=21 r2=0.9957 rse=2.699e-05s mean_rel=0.04581 max_rel=0.1307 cv_rel=0.06456
gather    binomial alpha=2.8064144194488057us beta=1.6688015474103814ns samples=28 r2=1 rse=1.471e-05s mean_rel=0.007669 max_rel=0.04356 cv_rel=0.01629
scatter   p<=16 ga tau1=2.720807897192592us tau2=-3.251499562841305ns tc=2.4719506942578504ns samples=16 r2=0.97 rse=0.0005502s mean_rel=0.07023 max_rel=0.2175 cv_rel=0.1075
scatter   p>=17 binomial alpha=-6.991707971343328us beta=3.13341933450129ns samples=12 r2=0.9902 rse=0.003504s mean_rel=0.05236 max_rel=0.1491 cv_rel=0.0771
allreduce b<=1K rabenseifner alpha=2.8189932944192297us beta=-0.9561315149689888ns gamma=4.76837155305161e-15s samples=7 r2=0.9789 rse=2.039e-06s mean_rel=0.04588 max_rel=0.09669 cv_rel=0.07349
allreduce b>1K log tau=-1.0804271947057893ns tc=3.0012003979392845ns samples=21 r2=0.9805 rse=0.0002279s mean_rel=0.08896 max_rel=0.2066 cv_rel=0.1135
allgather ga tau1=3225.01439270144ns tau2=-4.568605829315048ns tc=3.1452620410512897ns samples=28 r2=0.8838 rse=0.01125s mean_rel=0.1606 max_rel=0.5842 cv_rel=0.2272
