ortho-profile 3
# format: docs/profile-format.md
machine SMPI-multicore-ompi-48
param t_op 1.9073486423964677e-14s
param gamma 4.768371605991169e-15s
param hop_alpha 255.8000000344333ns
param hop_beta 0.05000000000001804ns
param hop_net_alpha 1.0062800000649936us
param hop_net_beta 0.08000000000033664ns
param hop_reach_4 0.2558000000152383us
param hop_reach_8 0.2558000000152383us
param hop_reach_16 1.0062800000487648us
param hop_reach_32 1.0062800000487648us
param hop_reach_2_2 0.2558000000152383us
param hop_reach_4_2 0.2558000000152383us
param hop_reach_8_2 1.0062800000487648us
param hop_reach_16_2 1.0062800000487648us
param hop_reach_2_4 0.2558000000152383us
param hop_reach_4_4 1.0062800000487648us
param hop_reach_8_4 1.0062800000487648us
param hop_reach_2_8 1.0062800000487648us
param hop_reach_4_8 1.0062800000487648us
param hop_reach_2_16 1.0062800000487648us
param hop_reach_2_32 1.0062800000487648us
param hop_reach 1.0062800000487648us
param hop_fan 0.9125460958828946
param hop_pair 0
param hop_net_pair 1
param eager_limit 65536
param spread 1.0612000000964628us
param node_size 8
param share_bcast 0.9112734910483065
param share_reduce 0.8755565325910912
param share_scatter 0.9800890382520896
param share_allreduce 0.93245509007474
param share_allgather 0.8786688129723982
bcast     p=2-8 b<64K where=node ga tau1=1.6725784143740696us tau2=-0.021243037355475235ns tc=0.011011848693626727ns samples=9 r2=0.8434 rse=6.235e-07s mean_rel=0.1203 max_rel=0.3888 cv_rel=0.2233
bcast     p=2-8 b>=64K where=node scatter_rd alpha=852.1424869906887ns beta=-1.4993836974489727e-13s samples=6 r2=0.94 rse=4.943e-07s mean_rel=0.08021 max_rel=0.1155 cv_rel=0.1341
reduce    p=2-8 where=node ga tau1=1.3638518509667932us tau2=0.02061902433160917ns tc=1.711674955078211e-11s samples=15 r2=0.887 rse=4.787e-06s mean_rel=0.119 max_rel=0.3991 cv_rel=0.2094
scatter   p=2-8 where=node ga tau1=1.550544004261195us tau2=0.045474482795053ns tc=4.402136407679013e-13s samples=15 r2=0.9722 rse=8.539e-07s mean_rel=0.1013 max_rel=0.583 cv_rel=0.1834
allreduce p=2-8 where=node ga tau1=1.577053407995041us tau2=0.03539926220103133ns tc=8.796226468856925e-12s samples=15 r2=0.9735 rse=1.302e-06s mean_rel=0.1047 max_rel=0.2557 cv_rel=0.1481
allgather p=2-8 where=node ga tau1=1.4631666917820927us tau2=-0.05667513491465262ns tc=5.225778055624855e-11s samples=15 r2=0.999 rse=8.133e-07s mean_rel=0.0399 max_rel=0.156 cv_rel=0.06502
bcast     p=2-6 where=net ga tau1=1.365701283014925us tau2=-0.12368441642418436ns tc=0.09854904644168236ns samples=15 r2=0.981 rse=4.204e-06s mean_rel=0.129 max_rel=0.3772 cv_rel=0.1854
reduce    p=2-6 where=net ga tau1=2182.408903151363ns tau2=-2.128187310920165e-11s tc=0.05452807667651789ns samples=15 r2=0.9204 rse=8.554e-06s mean_rel=0.1121 max_rel=0.2575 cv_rel=0.1619
scatter   p=2-6 where=net ga tau1=1.1169869083652486us tau2=-0.0801551237165529ns tc=8.213713860980085e-11s samples=15 r2=0.999 rse=9.473e-07s mean_rel=0.06856 max_rel=0.3957 cv_rel=0.1313
allreduce p=2-6 where=net rd alpha=1.622567045470649us beta=0.10393065320983223ns gamma=4.768371605991169e-15s samples=15 r2=0.9712 rse=4.287e-06s mean_rel=0.1339 max_rel=0.2504 cv_rel=0.158
allgather p=2-6 n<5e+04 where=net bruck alpha=1.6066639937898803us beta=0.15752404785351207ns samples=6 r2=0.9844 rse=4.758e-07s mean_rel=0.08058 max_rel=0.1759 cv_rel=0.1402
allgather p=2-6 n>=5e+04 where=net log tau=-0.34655106375255323ns tc=0.4523173838748103ns samples=9 r2=0.9869 rse=7.367e-06s mean_rel=0.08274 max_rel=0.2042 cv_rel=0.1321
bcast     p<=6 b<=8K binomial alpha=872.5640898014697ns beta=0.0973992729436584ns samples=8 r2=0.9273 rse=3.749e-07s mean_rel=0.1275 max_rel=0.2868 cv_rel=0.1996
bcast     p<=8 b>8K scatter_rd alpha=1.005136450581599us beta=-1.234865962988111e-12s samples=15 r2=-0.2315 rse=9.183e-06s mean_rel=0.3318 max_rel=0.8552 cv_rel=0.4589
bcast     p>=7 b<=8K binomial alpha=506.8894408634174ns beta=0.0774656504010353ns samples=10 r2=0.8369 rse=7.622e-07s mean_rel=0.08371 max_rel=0.3096 cv_rel=0.1363
bcast     p>=9 b>8K binomial_shared alpha=1.6276057351478312us beta=1.892529405798598e-11s samples=12 r2=0.9065 rse=9.257e-06s mean_rel=0.1259 max_rel=0.3455 cv_rel=0.2047
reduce    binomial alpha=0.669729368514211us beta=5.586929468550751e-11s gamma=4.768371605991169e-15s samples=45 r2=0.8627 rse=9.832e-06s mean_rel=0.1894 max_rel=0.7194 cv_rel=0.2966
scatter   p<=3 ga tau1=1.4905511070628348us tau2=-0.21925108214070926ns tc=0.13335960486069684ns samples=10 r2=0.9942 rse=1.169e-06s mean_rel=0.07717 max_rel=0.2491 cv_rel=0.1136
scatter   p=4-6 ga tau1=1.6669594653991386us tau2=-0.5459973787352909ns tc=0.1478046775727036ns samples=10 r2=0.9983 rse=1.233e-06s mean_rel=0.06531 max_rel=0.2538 cv_rel=0.1587
scatter   p>=7 b<=8K binomial alpha=504.7740555137642ns beta=0.0690134118054069ns samples=10 r2=0.8992 rse=3.881e-06s mean_rel=0.164 max_rel=0.4501 cv_rel=0.2456
scatter   p>=7 b>8K lin tau=-0.5952855609220747ns tc=0.08253275025876265ns samples=15 r2=0.9862 rse=2.592e-05s mean_rel=0.1457 max_rel=0.4254 cv_rel=0.2196
allreduce rd alpha=1.0031843037692951us beta=0.04968727238528243ns gamma=4.768371605991169e-15s samples=45 r2=0.7047 rse=1.62e-05s mean_rel=0.3187 max_rel=0.6503 cv_rel=0.3956
allgather p<=4 rd alpha=975.7264851495646ns beta=0.05530359846120094ns samples=15 r2=0.3386 rse=2.628e-05s mean_rel=0.2553 max_rel=0.7294 cv_rel=0.3816
allgather p=5-8 ga tau1=1.999060439681605us tau2=7.075323533851102ns tc=-0.841434782752983ns samples=10 r2=0.9971 rse=9.412e-06s mean_rel=0.05166 max_rel=0.2187 cv_rel=0.08638
allgather p=9-16 ga tau1=3.1314240165460308us tau2=14.85416655558354ns tc=-0.573124546054105ns samples=10 r2=0.9997 rse=1.394e-05s mean_rel=0.01512 max_rel=0.03808 cv_rel=0.03564
allgather p>=17 log tau=93.77598788188645ns tc=-15.547419336548515ns samples=10 r2=0.4767 rse=0.001929s mean_rel=0.301 max_rel=0.7486 cv_rel=0.4554
end lines=62 cksum=1693842566
