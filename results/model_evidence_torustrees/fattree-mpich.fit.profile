ortho-profile 3
# format: docs/profile-format.md
machine SMPI-fattree-mpich-48
param t_op 1.9073486423964677e-14s
param gamma 4.768371605991169e-15s
param hop_alpha 255.8000000344333ns
param hop_beta 0.05000000000001804ns
param hop_net_alpha 1.0062800000649936us
param hop_net_beta 0.08000000000033664ns
param hop_reach_4 0.2558000000152383us
param hop_reach_8 1.0062800000487648us
param hop_reach_16 1.0062800000487648us
param hop_reach_32 2.006279999966498us
param hop_reach_2_2 0.2558000000152383us
param hop_reach_4_2 1.0062800000487648us
param hop_reach_8_2 1.0062800000487648us
param hop_reach_16_2 2.006279999966498us
param hop_reach_2_4 1.0062800000487648us
param hop_reach_4_4 1.0062800000487648us
param hop_reach_8_4 2.006279999966498us
param hop_reach_2_8 1.0062800000487648us
param hop_reach_4_8 2.006279999966498us
param hop_reach_2_16 2.006279999966498us
param hop_reach_2_32 2.006279999966498us
param hop_reach 2.006279999966498us
param hop_fan 0.7994463018977784
param hop_pair 0
param hop_net_pair 1
param eager_limit 65536
param spread 2.050959999944091us
param node_size 4
param share_bcast 0.9880303081637106
param share_reduce 0.7572865870446809
param share_gather 1.0004221052513644
param share_scatter 1.0082158972130784
param share_allreduce 0.9351843218029002
param share_allgather 0.9523438044124755
bcast     p=2-4 where=node ga tau1=2404.814721716143ns tau2=-4.491020953521991e-12s tc=0.02665246451089492ns samples=10 r2=0.9996 rse=1.957e-07s mean_rel=0.02099 max_rel=0.05483 cv_rel=0.0304
reduce    p=2-4 where=node ga tau1=2301.759999957286ns tau2=0.0500000000001889ns tc=6.462348535570529e-27s samples=10 r2=1 rse=3.869e-17s mean_rel=4.154e-12 max_rel=8.901e-12 cv_rel=7.284e-12
gather    p=2-4 where=node ga tau1=2.397452893977474us tau2=-0.054864729177232785ns tc=0.05188168351556545ns samples=10 r2=0.9997 rse=2.364e-07s mean_rel=0.02008 max_rel=0.05631 cv_rel=0.02948
scatter   p=2-4 where=node ga tau1=2347.855013837699ns tau2=-8.37557574403996e-11s tc=0.06661261710418698ns samples=10 r2=0.9865 rse=2.113e-06s mean_rel=0.04716 max_rel=0.1565 cv_rel=0.1053
allreduce p=2-4 where=node ga tau1=2.849672108681403us tau2=1.256595296100622e-11s tc=4.32950277749922e-11s samples=10 r2=0.9974 rse=8.457e-07s mean_rel=0.03646 max_rel=0.1239 cv_rel=0.07855
allgather p=2-4 where=node ga tau1=2.3964324381109874us tau2=-0.05524054552361177ns tc=5.207546407601269e-11s samples=10 r2=0.9998 rse=1.907e-07s mean_rel=0.01999 max_rel=0.05654 cv_rel=0.02912
bcast     p=2-12 b<64K where=net binomial_shared alpha=976.9790393425303ns beta=0.07428206717059499ns samples=15 r2=0.9949 rse=7.866e-07s mean_rel=0.1084 max_rel=0.4866 cv_rel=0.1883
bcast     p=2-12 b>=64K where=net binomial alpha=1.8052613184092339us beta=0.08006313404021785ns samples=10 r2=0.9995 rse=6.627e-07s mean_rel=0.02295 max_rel=0.04252 cv_rel=0.0332
reduce    p=2-12 b<=8K where=net binomial alpha=1.283668444613654us beta=0.1963807659459717ns gamma=4.768371605991169e-15s samples=10 r2=0.9172 rse=1.167e-06s mean_rel=0.1473 max_rel=0.3464 cv_rel=0.2416
reduce    p=2-12 b>8K where=net binomial alpha=2249.30380223698ns beta=0.07670925116913974ns gamma=4.768371605991169e-15s samples=15 r2=0.9817 rse=3.449e-06s mean_rel=0.09493 max_rel=0.206 cv_rel=0.1418
gather    p=2-3 where=net ga tau1=2034.980640315931ns tau2=-0.09071268635731361ns tc=0.0854050712037448ns samples=10 r2=0.9995 rse=3.24e-07s mean_rel=0.01037 max_rel=0.04786 cv_rel=0.02513
gather    p=4-12 b<64K where=net binomial alpha=1.5103968278761355us beta=0.07990999545951913ns samples=9 r2=0.9984 rse=8.752e-07s mean_rel=0.02688 max_rel=0.1117 cv_rel=0.05411
gather    p=4-12 b>=64K where=net binomial alpha=1.578320259482407us beta=0.0805610398510391ns samples=6 r2=0.9999 rse=7.68e-07s mean_rel=0.008182 max_rel=0.02035 cv_rel=0.01568
scatter   p=2-3 where=net ga tau1=1633.654196196012ns tau2=-0.07826773456361467ns tc=0.0782549040571893ns samples=10 r2=0.9939 rse=1.201e-06s mean_rel=0.1014 max_rel=0.2281 cv_rel=0.2206
scatter   p=4-12 b<64K where=net binomial alpha=939.3640003768606ns beta=0.10300726692854006ns samples=9 r2=0.9893 rse=2.987e-06s mean_rel=0.05632 max_rel=0.1724 cv_rel=0.09359
scatter   p=4-12 b>=64K where=net binomial alpha=1748.4379822028177ns beta=0.1052186790393134ns samples=6 r2=0.9938 rse=9.649e-06s mean_rel=0.05124 max_rel=0.08548 cv_rel=0.08238
allreduce p=2-4 where=net rd alpha=1.6041531207338235us beta=0.09404291257367815ns gamma=4.768371605991169e-15s samples=15 r2=0.9302 rse=5.132e-06s mean_rel=0.1216 max_rel=0.2956 cv_rel=0.1458
allreduce p=5-12 where=net ga tau1=6.391355315669553us tau2=0.025868231370611734ns tc=0.06018960584133486ns samples=10 r2=0.9979 rse=3.269e-06s mean_rel=0.06168 max_rel=0.1727 cv_rel=0.1049
allgather p=2-4 where=net bruck alpha=1656.920250882155ns beta=0.08447443292921783ns samples=15 r2=0.9997 rse=3.576e-07s mean_rel=0.05054 max_rel=0.1789 cv_rel=0.06921
allgather p=5-12 where=net ga tau1=7.5765664272494115us tau2=-6.603585509090529e-10s tc=0.21292662643757104ns samples=10 r2=0.9695 rse=2.587e-05s mean_rel=0.1035 max_rel=0.3165 cv_rel=0.1639
bcast     p<=3 ga tau1=2.6066892872061898us tau2=-0.316608929118079ns tc=0.18154969698915316ns samples=10 r2=0.9947 rse=1.422e-06s mean_rel=0.08832 max_rel=0.313 cv_rel=0.133
bcast     p>=4 binomial alpha=1.0963929996992965us beta=0.06716721697530847ns samples=35 r2=0.9731 rse=4.824e-06s mean_rel=0.1177 max_rel=0.3803 cv_rel=0.1559
reduce    p<=3 ga tau1=2.701419641036259us tau2=-0.36647185104229885ns tc=0.20593595363200878ns samples=10 r2=0.9736 rse=3.24e-06s mean_rel=0.1251 max_rel=0.3757 cv_rel=0.1933
reduce    p>=4 b<=8K binomial_shared alpha=1.0991891442191466us beta=0.06170203301242901ns gamma=4.768371605991169e-15s samples=14 r2=0.8781 rse=1.421e-06s mean_rel=0.1231 max_rel=0.3701 cv_rel=0.1946
reduce    p=4-6 b>8K logm1 tau=-0.15455836577136992ns tc=0.22619825555273676ns samples=6 r2=0.9521 rse=5.659e-06s mean_rel=0.147 max_rel=0.2188 cv_rel=0.2585
reduce    p>=7 b>8K binomial alpha=1.9007471078204166us beta=0.057304775258491855ns gamma=4.768371605991169e-15s samples=15 r2=0.9542 rse=6.763e-06s mean_rel=0.1084 max_rel=0.1657 cv_rel=0.1378
gather    p<=3 ga tau1=2.6397911000428245us tau2=-0.3188871774197166ns tc=1.8249833111458818e-10s samples=10 r2=0.9889 rse=2.012e-06s mean_rel=0.1039 max_rel=0.3186 cv_rel=0.1476
gather    p=4-6 ga tau1=2897.194517524916ns tau2=-0.5569402654210884ns tc=0.17525638044435007ns samples=10 r2=0.9941 rse=3.203e-06s mean_rel=0.0645 max_rel=0.2739 cv_rel=0.1118
gather    p>=7 b<=8K binomial alpha=1.1128169581421787us beta=0.07854322760788018ns samples=10 r2=0.9936 rse=8.988e-07s mean_rel=0.03234 max_rel=0.07689 cv_rel=0.05055
gather    p>=7 b>8K ga tau1=4533.726997669857ns tau2=-1.9675866544856743e-10s tc=8.258851302970567e-11s samples=15 r2=0.9994 rse=6.569e-06s mean_rel=0.01526 max_rel=0.02997 cv_rel=0.02184
scatter   ga tau1=2.8595810469068996us tau2=-0.16991394732892567ns tc=0.10550921272131199ns samples=45 r2=0.9866 rse=2.9e-05s mean_rel=0.1536 max_rel=0.5653 cv_rel=0.2139
allreduce rd alpha=1.5810772236150528us beta=0.10506759933654115ns gamma=4.768371605991169e-15s samples=45 r2=0.9182 rse=1.385e-05s mean_rel=0.134 max_rel=0.364 cv_rel=0.1663
allgather p<=3 ga tau1=2661.822169202257ns tau2=-0.5979603021813826ns tc=0.32190811195194124ns samples=10 r2=0.9906 rse=2.999e-06s mean_rel=0.1226 max_rel=0.512 cv_rel=0.1999
allgather p=4-8 ga tau1=3006.676711412105ns tau2=-1.4431708530945015ns tc=0.3975979660515112ns samples=15 r2=0.8767 rse=4.531e-05s mean_rel=0.2043 max_rel=0.5311 cv_rel=0.2606
allgather p=9-16 ga tau1=5.333112862436681us tau2=7.40005453248467ns tc=-0.2037088727537375ns samples=10 r2=0.9959 rse=3.151e-05s mean_rel=0.04283 max_rel=0.09486 cv_rel=0.08065
allgather p>=17 log tau=-49.94166240726973ns tc=14.412780601337875ns samples=10 r2=0.9403 rse=0.0005456s mean_rel=0.1632 max_rel=0.2548 cv_rel=0.2125
end lines=73 cksum=2940003673
