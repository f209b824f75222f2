ortho-profile 3
# format: docs/profile-format.md
machine SMPI-torus-mpich-48
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
param hop_alpha 1.2816666665649323us
param hop_beta 1.6666666666645638ns
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
param spread 7536.666666529967ns
bcast     b<=1K log tau=8.600119223915643ns tc=2.290884424896421ns samples=9 r2=0.9416 rse=8.726e-07s mean_rel=0.03901 max_rel=0.07618 cv_rel=0.06311
bcast     b>1K binomial alpha=5.732504513424882us beta=1.7649041764862399ns samples=27 r2=0.91 rse=0.0002525s mean_rel=0.1295 max_rel=0.4965 cv_rel=0.1876
reduce    p<=3 ga tau1=7.533345347987666us tau2=-4.950165994647138ns tc=3.3667276938112036ns samples=8 r2=0.9997 rse=1.005e-05s mean_rel=0.03826 max_rel=0.08792 cv_rel=0.06893
reduce    p>=4 rabenseifner alpha=1.851050192658852us beta=2.3676377999251836ns gamma=4.76837155305161e-15s samples=28 r2=0.9677 rse=8.774e-05s mean_rel=0.1185 max_rel=0.201 cv_rel=0.1366
gather    ga tau1=8.338696497847184us tau2=-1.7503509958680732ns tc=1.7503343170799543ns samples=36 r2=0.9924 rse=0.0003533s mean_rel=0.0701 max_rel=0.299 cv_rel=0.1056
scatter   b<=8K ga tau1=8885.18444716789ns tau2=-1.923105788751635ns tc=1.8628700336165354ns samples=18 r2=0.9604 rse=4.561e-05s mean_rel=0.1108 max_rel=0.377 cv_rel=0.1769
scatter   p<=6 b>8K log tau=-3.5174900261138675ns tc=5.278158666605376ns samples=8 r2=0.9979 rse=4.27e-05s mean_rel=0.03098 max_rel=0.05719 cv_rel=0.04829
scatter   p>=7 b>8K lin tau=-1.385538131700552ns tc=2.593786764370768ns samples=10 r2=0.9967 rse=0.0005594s mean_rel=0.05395 max_rel=0.08136 cv_rel=0.06866
allreduce p<=3 ga tau1=8.841038161638744us tau2=-3.974169074389059ns tc=2.8637510865701192ns samples=8 r2=0.9883 rse=5.86e-05s mean_rel=0.06164 max_rel=0.2025 cv_rel=0.1422
allreduce p>=4 rd alpha=3594.670024284449ns beta=2.676121803698607ns gamma=4.76837155305161e-15s samples=28 r2=0.9905 rse=0.0001244s mean_rel=0.05804 max_rel=0.2075 cv_rel=0.08143
allgather ga tau1=10.64396528433449us tau2=-4.830760614929384e-09s tc=3.30221314190765ns samples=36 r2=0.9942 rse=0.0006123s mean_rel=0.1424 max_rel=0.3406 cv_rel=0.1849
end lines=36 cksum=1855025177
