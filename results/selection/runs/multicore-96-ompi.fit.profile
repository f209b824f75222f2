ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-96-ompi
param t_op 1.9073486423964677e-14s
param gamma 4.768371605991169e-15s
bcast     b<=8K binomial alpha=257.8573199600439ns beta=0.08205134178879686ns samples=22 r2=0.7759 rse=1.147e-06s mean_rel=0.254 max_rel=0.6704 cv_rel=0.3395
bcast     b>8K scatter_ring alpha=515.8415464735447ns beta=-2.7108070562462106e-13s samples=22 r2=-0.2624 rse=0.0002912s mean_rel=0.5523 max_rel=0.9903 cv_rel=0.7003
reduce    binomial alpha=456.0144446967597ns beta=0.055125700273108924ns gamma=4.768371605991169e-15s samples=44 r2=0.9075 rse=4.104e-05s mean_rel=0.2311 max_rel=1.334 cv_rel=0.348
scatter   p<=8 log tau=5.694177330001935e-11s tc=0.012668832051985891ns samples=20 r2=0.3558 rse=0.0001003s mean_rel=0.6199 max_rel=0.9444 cv_rel=0.7626
scatter   p>=9 ga tau1=1.7146954109218446us tau2=-0.26011038804369335ns tc=0.06937688601198505ns samples=24 r2=0.9902 rse=0.0001694s mean_rel=0.1438 max_rel=0.357 cv_rel=0.1962
allreduce rd alpha=619.13785962687ns beta=0.04832273469080702ns gamma=4.768371605991169e-15s samples=44 r2=0.8032 rse=5.641e-05s mean_rel=0.367 max_rel=0.8238 cv_rel=0.4312
allgather p<=8 rd alpha=476.2433655510412ns beta=0.05335641192994599ns samples=20 r2=0.1966 rse=0.0004202s mean_rel=0.3097 max_rel=0.8604 cv_rel=0.4365
allgather p>=9 ga tau1=4.329674047311612us tau2=4.962707812852245ns tc=0.06127411988313301ns samples=24 r2=0.2742 rse=0.01259s mean_rel=0.4344 max_rel=0.9877 cv_rel=0.5604
