ortho-profile 1
# Fitted by ortho-fit on the simulated platforms/clic_star.xml (SimGrid 3.32 SMPI), 96 processes,
# LAM-like natives, platform latency and bandwidth, for apps/pab (docs/pab.md):
#   smpirun -np 96 -platform platforms/clic_star.xml -hostfile platforms/clic_star.hostfile \
#     --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no \
#     --cfg=smpi/bcast:binomial_tree --cfg=smpi/allgather:GB --cfg=smpi/allgatherv:GB --cfg=smpi/allreduce:redbcast \
#     --cfg=smpi/gather:ompi_basic_linear --cfg=smpi/scatter:ompi_basic_linear --cfg=smpi/reduce:binomial \
#     build-smpi/bin/ortho-fit --ops gather,bcast,allgather --sizes 64,512,4K,32K,256K --max-reps 3 -q -o FILE
# (t_op and gamma are not meaningful under simulation; pab measures its own.)
# format: docs/profile-format.md
machine measured by ortho-fit on 96 processes
param t_op 1.907350145879949e-14s
param gamma 4.768375364699873e-15s
bcast     b<=32K binomial alpha=0.05046739369628922ms beta=0.120315139545411us samples=44 r2=0.7384 rse=0.0067s mean_rel=0.2771 max_rel=0.5978 cv_rel=0.3324
bcast     b>32K scatter_rd alpha=10.49374166274249ms beta=0.7823234880768951ns samples=11 r2=1 rse=4.261e-05s mean_rel=0.0004211 max_rel=0.00103 cv_rel=0.0008285
gather    b<=64 ga tau1=57.604999994396046us tau2=900.0781249124407ns tc=1.0375000000457608us samples=11 r2=1 rse=2.337e-13s mean_rel=3.544e-11 max_rel=1.156e-10 cv_rel=6.112e-11
gather    b>64 binomial alpha=199.8617233285434us beta=0.0823910381094569us samples=44 r2=0.9991 rse=0.01039s mean_rel=0.07777 max_rel=0.4536 cv_rel=0.1301
allgather b<=512 ring alpha=108.29161398302087us beta=507.6329573660507ns samples=22 r2=0.5429 rse=0.01476s mean_rel=0.24 max_rel=0.6379 cv_rel=0.3047
allgather b>512 ga tau1=290.2344772574546us tau2=-748.4611649589267ns tc=476.11870034323374ns samples=33 r2=0.9307 rse=0.8273s mean_rel=0.1453 max_rel=0.3553 cv_rel=0.1824
