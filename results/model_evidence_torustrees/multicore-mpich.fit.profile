ortho-profile 3
# format: docs/profile-format.md
machine SMPI-multicore-mpich-48
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
param share_bcast 0.9867012061920455
param share_reduce 0.6002666567539576
param share_gather 0.983342125036494
param share_scatter 0.9965137472507237
param share_allreduce 0.9080905687217052
param share_allgather 0.9872916582647656
bcast     p=2-8 where=node ga tau1=1.49185853908528us tau2=0.011585585023210254ns tc=0.019227145318811915ns samples=15 r2=0.9852 rse=1.471e-06s mean_rel=0.07941 max_rel=0.1555 cv_rel=0.09008
reduce    p=2-8 where=node ga tau1=1.320114475579523us tau2=0.026706308982720372ns tc=8.278079839722285e-12s samples=15 r2=0.9777 rse=1.172e-06s mean_rel=0.08538 max_rel=0.1791 cv_rel=0.1033
gather    p=2-8 where=node ga tau1=1.4631666917820927us tau2=-0.05667513491465262ns tc=5.225778055624855e-11s samples=15 r2=0.999 rse=8.133e-07s mean_rel=0.0399 max_rel=0.156 cv_rel=0.06502
scatter   p=2-8 where=node ga tau1=1.3845894158287217us tau2=-0.0945523584560677ns tc=0.07139442246694287ns samples=15 r2=0.9766 rse=6.257e-06s mean_rel=0.0802 max_rel=0.2203 cv_rel=0.1404
allreduce p=2-8 where=node ga tau1=1.978065680176169us tau2=0.04431847821184892ns tc=0.029086114793290298ns samples=15 r2=0.9769 rse=3.041e-06s mean_rel=0.1096 max_rel=0.2509 cv_rel=0.1518
allgather p=2-8 where=node ga tau1=1.460663511506927us tau2=-0.0581138734967438ns tc=0.05294813639743984ns samples=15 r2=0.999 rse=8.495e-07s mean_rel=0.0406 max_rel=0.1552 cv_rel=0.06517
bcast     p=2-6 where=net binomial alpha=667.4506658069224ns beta=0.08819447218511373ns samples=15 r2=0.991 rse=1.839e-06s mean_rel=0.1159 max_rel=0.332 cv_rel=0.1533
reduce    p=2-6 b<=8K where=net binomial alpha=1.019744457846093us beta=0.20606358716915812ns gamma=4.768371605991169e-15s samples=6 r2=0.9501 rse=5.646e-07s mean_rel=0.1255 max_rel=0.4261 cv_rel=0.2321
reduce    p=2-6 b>8K where=net binomial alpha=2.610599923990053us beta=0.07450141517422719ns gamma=4.768371605991169e-15s samples=9 r2=0.9676 rse=3.347e-06s mean_rel=0.08099 max_rel=0.1276 cv_rel=0.1243
gather    p=2-6 where=net ga tau1=2.1946288535038105us tau2=-9.839687314541742e-11s tc=8.79634992997009e-11s samples=15 r2=0.9967 rse=1.739e-06s mean_rel=0.04898 max_rel=0.2418 cv_rel=0.0813
scatter   p=2-6 where=net ga tau1=1.1121148209409264us tau2=-0.1308171009348416ns tc=0.10542439865656243ns samples=15 r2=0.9976 rse=1.788e-06s mean_rel=0.08746 max_rel=0.3619 cv_rel=0.1367
allreduce p=2-6 where=net rd alpha=1.5667742231988133us beta=0.10647781690614325ns gamma=4.768371605991169e-15s samples=15 r2=0.9811 rse=3.685e-06s mean_rel=0.1204 max_rel=0.2239 cv_rel=0.143
allgather p=2-6 where=net bruck alpha=1.5908760693674289us beta=0.08613631426411389ns samples=15 r2=0.9995 rse=7.12e-07s mean_rel=0.05903 max_rel=0.2174 cv_rel=0.08779
bcast     binomial alpha=673.2414974554968ns beta=0.06196964355721057ns samples=45 r2=0.6549 rse=2.092e-05s mean_rel=0.1801 max_rel=0.6667 cv_rel=0.248
reduce    binomial alpha=694.6774115641648ns beta=0.04324846887546113ns gamma=4.768371605991169e-15s samples=45 r2=0.8709 rse=7.229e-06s mean_rel=0.3053 max_rel=0.6691 cv_rel=0.383
gather    p<=3 ga tau1=1490.73149635467ns tau2=-0.21933533974210195ns tc=0.13340045469236161ns samples=10 r2=0.9941 rse=1.173e-06s mean_rel=0.07726 max_rel=0.2491 cv_rel=0.1137
gather    p=4-6 ga tau1=1.7578052511014388us tau2=-3.7158620736714287e-10s tc=0.1293207611491053ns samples=10 r2=0.9964 rse=2.088e-06s mean_rel=0.05342 max_rel=0.1961 cv_rel=0.0843
gather    p=7-12 ga tau1=2017.1928292520324ns tau2=-6.504840954718471e-10s tc=0.12421595276262133ns samples=10 r2=0.9985 rse=2.912e-06s mean_rel=0.0401 max_rel=0.1523 cv_rel=0.06391
gather    p>=13 ga tau1=2.9515895200113125us tau2=-0.35514529398321426ns tc=0.08363681138336945ns samples=15 r2=0.9991 rse=8.194e-06s mean_rel=0.0236 max_rel=0.1012 cv_rel=0.045
scatter   ga tau1=1594.084672771995ns tau2=-0.13872770516482838ns tc=0.0916174466003721ns samples=45 r2=0.9726 rse=3.827e-05s mean_rel=0.1352 max_rel=0.4499 cv_rel=0.1971
allreduce rd alpha=1.0020771466451495us beta=0.09761001039295765ns gamma=4.768371605991169e-15s samples=45 r2=0.9773 rse=5.533e-06s mean_rel=0.1093 max_rel=0.3382 cv_rel=0.1586
allgather p<=3 ga tau1=1513.383855940025ns tau2=-0.6082162570932778ns tc=0.32768030701427703ns samples=10 r2=0.988 rse=3.394e-06s mean_rel=0.1137 max_rel=0.4437 cv_rel=0.1829
allgather p=4-6 ga tau1=1.7355569852343624us tau2=-2.6331095761019925ns tc=0.6949048527515127ns samples=10 r2=0.9797 rse=1.778e-05s mean_rel=0.09023 max_rel=0.339 cv_rel=0.1469
allgather p=7-12 ga tau1=1.886044972389442us tau2=-11.400942292955046ns tc=1.4692188547350953ns samples=10 r2=0.9715 rse=8.495e-05s mean_rel=0.07816 max_rel=0.1801 cv_rel=0.1256
allgather p>=13 lin tau=-7.033879074581427ns tc=0.811953495134801ns samples=15 r2=0.9546 rse=0.0004139s mean_rel=0.1481 max_rel=0.3119 cv_rel=0.2045
end lines=62 cksum=945132376
