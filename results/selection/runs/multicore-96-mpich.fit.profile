ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-96-mpich
param t_op 1.9073486423964677e-14s
param gamma 4.768371605991169e-15s
bcast     binomial alpha=344.2736499355834ns beta=0.06095141233010563ns samples=44 r2=0.9832 rse=1.629e-05s mean_rel=0.1954 max_rel=0.6888 cv_rel=0.2345
reduce    p<=8 ga tau1=565.0655789325368ns tau2=0.028555772608199394ns tc=9.852838014896024e-12s samples=20 r2=0.5842 rse=4.296e-05s mean_rel=0.3547 max_rel=0.7441 cv_rel=0.4629
reduce    p>=9 binomial alpha=755.016953208569ns beta=0.05020321895618368ns gamma=4.768371605991169e-15s samples=24 r2=0.9852 rse=1.403e-05s mean_rel=0.1293 max_rel=0.3301 cv_rel=0.1629
gather    p<=8 binomial alpha=467.5491950759555ns beta=0.05577110685550217ns samples=20 r2=0.9399 rse=3.037e-05s mean_rel=0.2192 max_rel=0.4862 cv_rel=0.2672
gather    p>=9 binomial alpha=663.2507883107165ns beta=0.07321038073992261ns samples=24 r2=0.9966 rse=0.0001043s mean_rel=0.04069 max_rel=0.1087 cv_rel=0.05974
scatter   p<=8 binomial alpha=0.2676556792121552us beta=0.06587893607912418ns samples=20 r2=0.9564 rse=3.456e-05s mean_rel=0.2078 max_rel=0.4323 cv_rel=0.244
scatter   p>=9 ga tau1=1.3096180627559515us tau2=-0.5052645917141816ns tc=0.11752465462727543ns samples=24 r2=0.9962 rse=0.0001711s mean_rel=0.08938 max_rel=0.2735 cv_rel=0.1256
allreduce rd alpha=0.736817993356968us beta=0.09656412623780761ns gamma=4.768371605991169e-15s samples=44 r2=0.9828 rse=2.424e-05s mean_rel=0.1393 max_rel=0.376 cv_rel=0.1738
allgather p<=8 rd alpha=475.7962854124532ns beta=0.05465937383150805ns samples=20 r2=0.3273 rse=0.000272s mean_rel=0.2976 max_rel=0.7955 cv_rel=0.4047
allgather p>=9 ga tau1=3.6879932863356886us tau2=-3.782300697873894ns tc=6.620146042535696e-10s samples=24 r2=0.9977 rse=0.0006839s mean_rel=0.1776 max_rel=0.687 cv_rel=0.2629
