ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-16-ompi
param t_op 1.907348633132045e-14s
param gamma 4.768371582830112e-15s
bcast     b<=8K scatter_rd alpha=56.627770376071425ns beta=0.09992596956866404ns samples=8 r2=0.8337 rse=3.939e-07s mean_rel=0.2797 max_rel=0.39 cv_rel=0.4854
bcast     b>8K scatter_ring alpha=439.7464170239144ns beta=-1.1881429254326085e-13s samples=8 r2=-0.1248 rse=0.0001783s mean_rel=0.3207 max_rel=0.9817 cv_rel=0.6372
reduce    ga tau1=610.3553573735517ns tau2=0.024479117406475404ns tc=0.01473785263430166ns samples=16 r2=0.931 rse=2.128e-05s mean_rel=0.2222 max_rel=0.7573 cv_rel=0.3262
scatter   log tau=0.04288501261805901ns tc=0.01663349314336688ns samples=16 r2=0.2274 rse=0.0001676s mean_rel=0.6007 max_rel=0.9366 cv_rel=0.8401
allreduce rd alpha=463.566005534788ns beta=0.03849573010734179ns gamma=4.768371582830112e-15s samples=16 r2=0.9628 rse=1.02e-05s mean_rel=0.1843 max_rel=0.4403 cv_rel=0.253
allgather p<=4 rd alpha=436.87115838203016ns beta=0.05000459418159335ns samples=8 r2=1 rse=1.118e-07s mean_rel=0.05289 max_rel=0.1315 cv_rel=0.1133
allgather p>=5 ga tau1=1.0470709237688354us tau2=-5.324412458926887ns tc=0.7090476089599995ns samples=8 r2=0.9969 rse=0.0001375s mean_rel=0.03883 max_rel=0.1613 cv_rel=0.1116
