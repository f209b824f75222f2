ortho-profile 3
# format: docs/profile-format.md
machine SMPI-torus-ompi-48
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
param hop_alpha 1.281666666563639us
param hop_beta 1.6666666666656116ns
param hop_reach_4 2.531666666527599us
param hop_reach_8 3781.666666702321ns
param hop_reach_16 5.031666666654999us
param hop_reach_32 6.281666666607677us
param hop_reach_2_2 2.531666666527599us
param hop_reach_4_2 3781.666666702321ns
param hop_reach_8_2 5.031666666654999us
param hop_reach_16_2 6.281666666607677us
param hop_reach_2_4 1.281666666574921us
param hop_reach_4_4 2.531666666527599us
param hop_reach_8_4 3781.666666702321ns
param hop_reach_2_8 2.531666666527599us
param hop_reach_4_8 3781.666666702321ns
param hop_reach_2_16 1.281666666574921us
param hop_reach_2_32 2.531666666527599us
param hop_reach 7.531666666560355us
param hop_fan 0
param hop_pair 1
param eager_limit 65536
param spread 7536.666666529967ns
bcast     p<=6 ga tau1=8.58329629280738us tau2=-1.6676886707107508ns tc=1.7150599087866136ns samples=20 r2=0.996 rse=3.651e-05s mean_rel=0.07015 max_rel=0.2909 cv_rel=0.1054
bcast     p>=7 scatter_rd alpha=555.2341396314646ns beta=4.986125054150734ns samples=25 r2=0.7655 rse=0.0005865s mean_rel=0.1698 max_rel=0.5074 cv_rel=0.2403
reduce    binomial alpha=3655.312141581938ns beta=1.6520765350560602e-09s gamma=4.76837155305161e-15s samples=45 r2=0.9476 rse=0.0001548s mean_rel=0.08794 max_rel=0.4676 cv_rel=0.1934
scatter   ga tau1=11.269643870707979us tau2=-3.8364444258705664e-11s tc=0.8908858741490581ns samples=45 r2=0.9887 rse=0.0001964s mean_rel=0.1786 max_rel=0.5915 cv_rel=0.2536
allreduce p<=6 rd alpha=5.61154590878503us beta=2.0709667574469846ns gamma=4.76837155305161e-15s samples=20 r2=0.9385 rse=0.0001335s mean_rel=0.1636 max_rel=0.2948 cv_rel=0.1833
allreduce p=7-12 ga tau1=16.251056275567777us tau2=-4.555743393850911ns tc=1.06410538537974ns samples=10 r2=0.999 rse=2.312e-05s mean_rel=0.02947 max_rel=0.06903 cv_rel=0.0782
allreduce p>=13 rd alpha=4.928156138218179us beta=1.2574167801009524ns gamma=4.76837155305161e-15s samples=15 r2=0.9795 rse=9.696e-05s mean_rel=0.09048 max_rel=0.1583 cv_rel=0.1137
allgather ga tau1=10.661586644000996us tau2=-4.148040397983186ns tc=3.0433433437670034ns samples=45 r2=0.9332 rse=0.001981s mean_rel=0.256 max_rel=0.7017 cv_rel=0.3254
end lines=35 cksum=3860726752
