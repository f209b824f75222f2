ortho-profile 3
# format: docs/profile-format.md
machine SMPI-torus-mpich-48
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
param hop_alpha 1281.6666665647904ns
param hop_beta 1.666666666664679e-09s
param hop_reach_4 2.531666666527599us
param hop_reach_8 3.7816666664802767us
param hop_reach_16 5.031666666432955us
param hop_reach_32 6.281666666829722us
param hop_reach_2_2 2.531666666527599us
param hop_reach_4_2 3.7816666664802767us
param hop_reach_8_2 5.031666666432955us
param hop_reach_16_2 6.281666666829722us
param hop_reach_2_4 1.281666666574921us
param hop_reach_4_4 2.531666666527599us
param hop_reach_8_4 3.7816666664802767us
param hop_reach_2_8 2.531666666527599us
param hop_reach_4_8 3.7816666664802767us
param hop_reach_2_16 1.281666666574921us
param hop_reach_2_32 2.531666666527599us
param hop_reach 7531.666666782399ns
param hop_fan 0
param hop_pair 1
param eager_limit 65536
param spread 7.536666666752012us
bcast     p<=3 b<64K ga tau1=8.614486563500984us tau2=-4.447639639667356ns tc=3.0722467315194506ns samples=6 r2=0.9981 rse=7.112e-06s mean_rel=0.02381 max_rel=0.03646 cv_rel=0.04697
bcast     b>=64K binomial alpha=4.52913325361181us beta=1.775839264203869ns samples=18 r2=0.8663 rse=0.0003149s mean_rel=0.1328 max_rel=0.4948 cv_rel=0.2051
bcast     p=4-8 b<64K ga tau1=9.219424325750975us tau2=2.9051267824550706ns tc=0.42069338688314023ns samples=9 r2=0.9902 rse=1.972e-05s mean_rel=0.06908 max_rel=0.122 cv_rel=0.1045
bcast     p>=9 b<64K ga tau1=8.140287949286435us tau2=8.37528799473375e-09s tc=0.09142535323102093ns samples=12 r2=0.9967 rse=2.114e-05s mean_rel=0.03454 max_rel=0.08233 cv_rel=0.05288
reduce    b<=8K rabenseifner alpha=1.7632788675738595us beta=2.7851577300191064ns gamma=4.76837155305161e-15s samples=18 r2=0.925 rse=5.876e-06s mean_rel=0.1175 max_rel=0.3245 cv_rel=0.152
reduce    p<=3 b>8K ga tau1=9.855718827150397us tau2=-4.986006873705837ns tc=3.349551971375017ns samples=6 r2=0.9999 rse=4.3e-06s mean_rel=0.002453 max_rel=0.005414 cv_rel=0.0119
reduce    p>=4 b>8K logm1 tau=2.5802802972974668ns tc=0.6444212087272878ns samples=21 r2=0.9732 rse=7.276e-05s mean_rel=0.08426 max_rel=0.1709 cv_rel=0.1016
gather    ga tau1=8404.27387110146ns tau2=-1.7782187808117702ns tc=1.7468117310887439ns samples=45 r2=0.9925 rse=0.000318s mean_rel=0.06596 max_rel=0.3066 cv_rel=0.1105
scatter   b<=8K ga tau1=8.88509999740105us tau2=-1.9230913429051277ns tc=1.8628686576555045ns samples=18 r2=0.9604 rse=4.561e-05s mean_rel=0.1108 max_rel=0.377 cv_rel=0.1769
scatter   p<=6 b>8K log tau=-3.4802136325885087ns tc=5.258872626616498e-09s samples=12 r2=0.9982 rse=3.357e-05s mean_rel=0.02863 max_rel=0.05589 cv_rel=0.04035
scatter   p=7-16 b>8K lin tau=-6.8579992945581365ns tc=3.1795228424688204ns samples=9 r2=0.9996 rse=7.873e-05s mean_rel=0.01062 max_rel=0.01864 cv_rel=0.01355
scatter   p>=17 b>8K ga tau1=20.608581987855995us tau2=-8.369610865015446ns tc=2.7104439252818366e-09s samples=6 r2=1 rse=6.936e-06s mean_rel=0.000671 max_rel=0.001224 cv_rel=0.00148
allreduce p<=6 b<64K ga tau1=10.004724183662953us tau2=-1.8882270365141403ns tc=1.7841625185423595e-09s samples=12 r2=0.9991 rse=5.906e-06s mean_rel=0.03791 max_rel=0.112 cv_rel=0.07457
allreduce p<=6 b>=64K logm1 tau=1.8294403418537208ns tc=3.4768235743416267ns samples=8 r2=0.9994 rse=2.04e-05s mean_rel=0.01715 max_rel=0.03394 cv_rel=0.03346
allreduce p>=7 b<=8K rd alpha=3416.552218012769ns beta=2.6069740320633277ns gamma=4.76837155305161e-15s samples=10 r2=0.997 rse=2.806e-06s mean_rel=0.03637 max_rel=0.07401 cv_rel=0.0558
allreduce p>=7 b>8K logm1 tau=0.4816462522654553ns tc=3.3972190778581814ns samples=15 r2=0.9914 rse=0.0001243s mean_rel=0.03429 max_rel=0.0985 cv_rel=0.05006
allgather ga tau1=10.587546174137657us tau2=-4.856576500505708ns tc=3.3209615303571214ns samples=45 r2=0.9927 rse=0.0006232s mean_rel=0.1424 max_rel=0.3734 cv_rel=0.1804
end lines=44 cksum=1214474337
