ortho-profile 3
# format: docs/profile-format.md
machine SMPI-multicore-mpich-48
param t_op 1.907348631808556e-14s
param gamma 4.76837157952139e-15s
param hop_alpha 255.80000000647803ns
param hop_beta 0.05000000000012818ns
param hop_net_alpha 1006.2800000024034ns
param hop_net_beta 8.00000000000399e-11s
param hop_reach_4 0.2558000000152383us
param hop_reach_8 0.2558000000152383us
param hop_reach_16 1.0062799999932537us
param hop_reach_32 1.0062799999932537us
param hop_reach_2_2 0.2558000000152383us
param hop_reach_4_2 0.2558000000152383us
param hop_reach_8_2 1.0062799999932537us
param hop_reach_16_2 1.0062799999932537us
param hop_reach_2_4 0.2558000000152383us
param hop_reach_4_4 1.0062799999932537us
param hop_reach_8_4 1.0062799999932537us
param hop_reach_2_8 1.0062799999932537us
param hop_reach_4_8 1.0062799999932537us
param hop_reach_2_16 1.0062799999932537us
param hop_reach_2_32 1.0062799999932537us
param hop_reach 1.0062799999932537us
param hop_fan 0.912546095888416
param spread 1.0611999999854405us
param node_size 8
param share_bcast 0.9729736238362204
param share_reduce 0.5625503932717315
param share_gather 0.9791560699060939
param share_scatter 0.974718643372533
param share_allreduce 0.9294222065100902
param share_allgather 0.9951349183757054
bcast     p=2-8 where=node ga tau1=1.4915774924503025us tau2=0.011385948287992267ns tc=0.01932783259521956ns samples=12 r2=0.9851 rse=1.69e-06s mean_rel=0.08264 max_rel=0.1554 cv_rel=0.1103
reduce    p=2-8 where=node ga tau1=1.3201567678942403us tau2=0.026779739872974835ns tc=8.252791061858297e-12s samples=12 r2=0.9787 rse=1.311e-06s mean_rel=0.07984 max_rel=0.1786 cv_rel=0.1258
gather    p=2-8 where=node ga tau1=1.4622680225604874us tau2=-0.05726217170464834ns tc=0.05256926913279465ns samples=12 r2=0.9986 rse=1.104e-06s mean_rel=0.04896 max_rel=0.1555 cv_rel=0.08371
scatter   p=2-8 where=node ga tau1=1.3660583971134945us tau2=-0.10459498856443883ns tc=0.07683880272017213ns samples=12 r2=0.9923 rse=4.103e-06s mean_rel=0.06367 max_rel=0.1846 cv_rel=0.1048
allreduce p=2-8 where=node ga tau1=1977.684443381574ns tau2=4.339029675694196e-11s tc=2.941033440407824e-11s samples=12 r2=0.9758 rse=3.563e-06s mean_rel=0.119 max_rel=0.2505 cv_rel=0.1777
allgather p=2-8 where=node ga tau1=1.4589366373464236us tau2=-5.930536213664067e-11s tc=5.354921296180983e-11s samples=12 r2=0.9982 rse=1.274e-06s mean_rel=0.04773 max_rel=0.1543 cv_rel=0.08349
bcast     p=2-6 where=net binomial alpha=667.0058528759307ns beta=0.08844727301212618ns samples=12 r2=0.9935 rse=1.758e-06s mean_rel=0.12 max_rel=0.3322 cv_rel=0.183
reduce    p=2-6 b<=8K where=net binomial alpha=1.0197444577877446us beta=0.2060635871645748ns gamma=4.76837157952139e-15s samples=6 r2=0.9501 rse=5.646e-07s mean_rel=0.1255 max_rel=0.4261 cv_rel=0.2321
reduce    p=2-6 b>8K where=net binomial alpha=2.610174259260462us beta=0.07450303938890034ns gamma=4.76837157952139e-15s samples=6 r2=0.9634 rse=4.189e-06s mean_rel=0.08305 max_rel=0.1276 cv_rel=0.1407
gather    p=2-6 where=net ga tau1=2.1932011644868594us tau2=-0.09955354381750178ns tc=0.08869562593830123ns samples=12 r2=0.9955 rse=2.284e-06s mean_rel=0.05802 max_rel=0.2413 cv_rel=0.09977
scatter   p=2-6 where=net ga tau1=1.1048678620415788us tau2=-0.1333655886299368ns tc=0.10782074939905292ns samples=12 r2=0.9958 rse=2.663e-06s mean_rel=0.09171 max_rel=0.3599 cv_rel=0.1488
allreduce p=2-6 where=net rd alpha=1.5699736040770933us beta=0.10391470163314187ns gamma=4.76837157952139e-15s samples=12 r2=0.9817 rse=4.078e-06s mean_rel=0.1106 max_rel=0.2186 cv_rel=0.1481
allgather p=2-6 where=net bruck alpha=1.592017770657178us beta=0.085605885816125ns samples=12 r2=0.9997 rse=6.107e-07s mean_rel=0.06577 max_rel=0.2171 cv_rel=0.1161
bcast     binomial alpha=673.7041778711082ns beta=0.06169331960845046ns samples=36 r2=0.6674 rse=2.264e-05s mean_rel=0.1773 max_rel=0.6679 cv_rel=0.2475
reduce    binomial alpha=694.7650640520359ns beta=4.299135241171009e-11s gamma=4.76837157952139e-15s samples=36 r2=0.8803 rse=7.697e-06s mean_rel=0.3011 max_rel=0.6597 cv_rel=0.3572
gather    binomial alpha=761.398734237747ns beta=0.06292454240735282ns samples=36 r2=0.9711 rse=2.998e-05s mean_rel=0.1564 max_rel=0.3942 cv_rel=0.1872
scatter   ga tau1=1.5748697445147946us tau2=-0.14301024968499332ns tc=0.09464101373873664ns samples=36 r2=0.9811 rse=3.511e-05s mean_rel=0.1303 max_rel=0.4112 cv_rel=0.1591
allreduce p<=3 b<2K reduce+bcast samples=2 r2=0.4263 rse=3.272e-07s mean_rel=0.1404 max_rel=0.1669 cv_rel=0.1429
allreduce p<=3 b>=2K ga tau1=1877.4535582087578ns tau2=-0.2610754204665535ns tc=0.18004389921442449ns samples=6 r2=0.9989 rse=1.147e-06s mean_rel=0.0164 max_rel=0.03288 cv_rel=0.03675
allreduce p>=4 rd alpha=954.691066091856ns beta=9.41308911156163e-11s gamma=4.76837157952139e-15s samples=28 r2=0.9851 rse=5.366e-06s mean_rel=0.07795 max_rel=0.1795 cv_rel=0.1029
allgather p<=4 rd alpha=945.1563577322937ns beta=0.05613130551263335ns samples=12 r2=0.526 rse=1.893e-05s mean_rel=0.2266 max_rel=0.6356 cv_rel=0.322
allgather p=5-8 ga tau1=2070.071715585305ns tau2=4.953361842638438ns tc=-0.5758207420959405ns samples=8 r2=0.9865 rse=1.66e-05s mean_rel=0.09887 max_rel=0.2799 cv_rel=0.2169
allgather p=9-16 ga tau1=3660.71935672527ns tau2=6.926192883988113ns tc=-0.09226169378945359ns samples=8 r2=0.9953 rse=4.938e-05s mean_rel=0.05474 max_rel=0.1421 cv_rel=0.1068
allgather p>=17 ga tau1=6.139504605920716us tau2=-6.480888585082257ns tc=0.7515934468485493ns samples=8 r2=0.9873 rse=0.0003234s mean_rel=0.1077 max_rel=0.3463 cv_rel=0.1916
end lines=58 cksum=1688744867
