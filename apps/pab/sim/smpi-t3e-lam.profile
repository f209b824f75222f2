ortho-profile 1
# Fitted by ortho-fit on the simulated platforms/t3e_torus.xml (SimGrid 3.32 SMPI), 96 processes,
# LAM-like natives, platform latency and bandwidth, for apps/pab (docs/pab.md):
#   smpirun -np 96 -platform platforms/t3e_torus.xml -hostfile platforms/t3e_torus.hostfile \
#     --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no \
#     --cfg=smpi/bcast:binomial_tree --cfg=smpi/allgather:GB --cfg=smpi/allgatherv:GB --cfg=smpi/allreduce:redbcast \
#     --cfg=smpi/gather:ompi_basic_linear --cfg=smpi/scatter:ompi_basic_linear --cfg=smpi/reduce:binomial \
#     build-smpi/bin/ortho-fit --ops gather,bcast,allgather --sizes 64,512,4K,32K,256K --max-reps 3 -q -o FILE
# (t_op and gamma are not meaningful under simulation; pab measures its own.)
# format: docs/profile-format.md
machine measured by ortho-fit on 96 processes
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
bcast     binomial alpha=1.852727571726573us beta=1.927991509995967ns samples=55 r2=0.9455 rse=0.000189s mean_rel=0.1793 max_rel=0.6144 cv_rel=0.2321
gather    p<=8 binomial alpha=3.705627797535391us beta=1.7713142255733538ns samples=25 r2=0.9857 rse=9.483e-05s mean_rel=0.1444 max_rel=0.3178 cv_rel=0.175
gather    p>=9 binomial alpha=13.349617742238818us beta=1.7996761529042449ns samples=30 r2=0.993 rse=0.0007344s mean_rel=0.2013 max_rel=0.7969 cv_rel=0.2808
allgather gather+bcast samples=55 r2=0.9768 rse=0.007618s mean_rel=0.1821 max_rel=0.6811 cv_rel=0.218
