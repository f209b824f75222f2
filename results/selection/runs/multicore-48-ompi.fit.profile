ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-48-ompi
param t_op 1.907348631808556e-14s
param gamma 4.76837157952139e-15s
bcast     b<=8K binomial alpha=0.2403646625975565us beta=0.07786121493605545ns samples=18 r2=0.8034 rse=7.587e-07s mean_rel=0.2198 max_rel=0.564 cv_rel=0.3261
bcast     b>8K scatter_ring alpha=528.7455917601703ns beta=-3.0510763651426723e-13s samples=18 r2=-0.2139 rse=0.0002908s mean_rel=0.5451 max_rel=0.9903 cv_rel=0.6871
reduce    binomial alpha=426.09601088022ns beta=0.05441642172347831ns gamma=4.76837157952139e-15s samples=36 r2=0.8712 rse=4.323e-05s mean_rel=0.2397 max_rel=1.242 cv_rel=0.3669
scatter   p<=8 log tau=5.6937494992649364e-11s tc=0.012676865721057024ns samples=20 r2=0.356 rse=0.0001003s mean_rel=0.6198 max_rel=0.9443 cv_rel=0.7624
scatter   p>=9 ga tau1=1.712998381723152us tau2=-0.11118992163890314ns tc=0.05948104972501794ns samples=16 r2=0.9718 rse=0.000158s mean_rel=0.1725 max_rel=0.3812 cv_rel=0.2545
allreduce rd alpha=578.6219774801723ns beta=0.04790464846622606ns gamma=4.76837157952139e-15s samples=36 r2=0.7744 rse=5.9e-05s mean_rel=0.3652 max_rel=0.6582 cv_rel=0.4284
allgather rd alpha=529.9837779843994ns beta=0.0601779642498579ns samples=36 r2=0.07847 rse=0.005856s mean_rel=0.55 max_rel=0.9349 cv_rel=0.6332
