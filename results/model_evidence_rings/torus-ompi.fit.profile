ortho-profile 3
# format: docs/profile-format.md
machine SMPI-torus-ompi-48
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
param hop_alpha 1.28166666661988us
param hop_beta 1.6666666666681236ns
param hop_reach_4 2.5316666666941323us
param hop_reach_8 3.78166666664681us
param hop_reach_16 5.031666666654999us
param hop_reach_32 6.281666666607677us
param hop_reach_2_2 2.5316666666941323us
param hop_reach_4_2 3.78166666664681us
param hop_reach_8_2 5.031666666654999us
param hop_reach_16_2 6.281666666607677us
param hop_reach_2_4 1281.666666630432ns
param hop_reach_4_4 2.531666666527599us
param hop_reach_8_4 3781.666666702321ns
param hop_reach_2_8 2.531666666527599us
param hop_reach_4_8 3781.666666702321ns
param hop_reach_2_16 1.281666666574921us
param hop_reach_2_32 2.531666666527599us
param hop_reach 7.531666666560355us
param hop_fan 0
param spread 7536.666666529967ns
bcast     p<=6 ga tau1=8.60484394677109us tau2=-1.6794302517480562ns tc=1.714425979880813ns samples=16 r2=0.9972 rse=3.478e-05s mean_rel=0.06348 max_rel=0.2935 cv_rel=0.1081
bcast     p>=7 scatter_ring alpha=0.20628515237887us beta=4.837552795367475ns samples=20 r2=0.7619 rse=0.0006652s mean_rel=0.174 max_rel=0.5231 cv_rel=0.2462
reduce    binomial alpha=3578.278168901132ns beta=1.7010800342908659ns gamma=4.76837155305161e-15s samples=36 r2=0.9513 rse=0.000166s mean_rel=0.09727 max_rel=0.4366 cv_rel=0.1731
scatter   ga tau1=0.011206098159156712ms tau2=-0.11771586335094779ns tc=0.9170175702578048ns samples=36 r2=0.9832 rse=0.0002652s mean_rel=0.2011 max_rel=0.5807 cv_rel=0.2671
allreduce p<=3 ga tau1=8.716837657447106us tau2=-4.270997080034704ns tc=3.0188868334602468ns samples=8 r2=0.9909 rse=5.182e-05s mean_rel=0.07317 max_rel=0.2349 cv_rel=0.1742
allreduce p=4-6 ga tau1=12.404144342220293us tau2=-5.6006673752228116ns tc=2.293748186989533ns samples=8 r2=0.9963 rse=5.067e-05s mean_rel=0.02908 max_rel=0.0543 cv_rel=0.05049
allreduce p=7-12 ga tau1=16.21700224137082us tau2=-4.666099810961363ns tc=1.0784534757582753ns samples=8 r2=0.9984 rse=3.434e-05s mean_rel=0.03506 max_rel=0.06747 cv_rel=0.0767
allreduce p>=13 rd alpha=4929.179739409752ns beta=1.2567956110151934ns gamma=4.76837155305161e-15s samples=12 r2=0.9807 rse=0.0001069s mean_rel=0.08751 max_rel=0.1587 cv_rel=0.116
allgather ga tau1=10.443984763334536us tau2=-4.409665284125577ns tc=3.1633617606817923ns samples=36 r2=0.951 rse=0.001892s mean_rel=0.235 max_rel=0.6942 cv_rel=0.3156
end lines=34 cksum=1415949207
