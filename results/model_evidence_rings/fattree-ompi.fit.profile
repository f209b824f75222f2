ortho-profile 3
# format: docs/profile-format.md
machine SMPI-fattree-ompi-48
param t_op 1.907348631808556e-14s
param gamma 4.76837157952139e-15s
param hop_alpha 255.80000000647803ns
param hop_beta 0.05000000000012818ns
param hop_net_alpha 1006.2800000024034ns
param hop_net_beta 8.00000000000399e-11s
param hop_reach_4 0.2558000000152383us
param hop_reach_8 1.0062799999932537us
param hop_reach_16 1.0062799999932537us
param hop_reach_32 2.0062799999942538us
param hop_reach_2_2 0.2558000000152383us
param hop_reach_4_2 1.0062799999932537us
param hop_reach_8_2 1.0062799999932537us
param hop_reach_16_2 2.0062799999942538us
param hop_reach_2_4 1.0062799999932537us
param hop_reach_4_4 1.0062799999932537us
param hop_reach_8_4 2.0062799999942538us
param hop_reach_2_8 1.0062799999932537us
param hop_reach_4_8 2.0062799999942538us
param hop_reach_2_16 2.0062799999942538us
param hop_reach_2_32 2.0062799999942538us
param hop_reach 2.0062799999942538us
param hop_fan 0.7994463018924558
param spread 2.050959999999602us
param node_size 4
param share_bcast 0.6972561804421963
param share_reduce 1.05483927129284
param share_scatter 0.3959626305849827
param share_allreduce 0.856755014963608
param share_allgather 0.9462657705197868
bcast     p=2-4 where=node scatter_rd alpha=925.4164782209257ns beta=2.464250592843592e-12s samples=8 r2=0.1826 rse=7.187e-07s mean_rel=0.1887 max_rel=0.3957 cv_rel=0.3257
reduce    p=2-4 where=node ga tau1=2.3363743523233027us tau2=-0.021535796028192056ns tc=0.03650193076624789ns samples=8 r2=0.9589 rse=3.266e-06s mean_rel=0.05945 max_rel=0.1699 cv_rel=0.1619
scatter   p=2-4 where=node ga tau1=2.3855276176367486us tau2=0.04901348823059648ns tc=6.082750464851071e-14s samples=8 r2=0.9994 rse=1.591e-07s mean_rel=0.02745 max_rel=0.09984 cv_rel=0.0601
allreduce p=2-4 where=node ga tau1=2.478012152631473us tau2=1.8891743471609656e-11s tc=0.01554746728468293ns samples=8 r2=0.9963 rse=5.344e-07s mean_rel=0.05047 max_rel=0.1435 cv_rel=0.08389
allgather p=2-4 where=node ga tau1=2.3979006478844207us tau2=-5.475398113832093e-11s tc=0.0518806896620223ns samples=8 r2=0.9997 rse=2.871e-07s mean_rel=0.02449 max_rel=0.0561 cv_rel=0.04138
bcast     p=2-12 where=net ga tau1=2048.129900824565ns tau2=-0.11967997415461921ns tc=0.09324336156361065ns samples=20 r2=0.9925 rse=5.272e-06s mean_rel=0.094 max_rel=0.3926 cv_rel=0.1525
reduce    p=2-3 where=net ga tau1=2.011851019290373us tau2=-0.07698902023047781ns tc=0.08182703054418583ns samples=8 r2=0.9979 rse=8.347e-07s mean_rel=0.02558 max_rel=0.05398 cv_rel=0.05975
reduce    p=4-12 where=net rabenseifner alpha=773.197445255315ns beta=0.14820594109302979ns gamma=4.76837157952139e-15s samples=12 r2=0.8615 rse=1.485e-05s mean_rel=0.1341 max_rel=0.3909 cv_rel=0.1793
scatter   p=2-12 b<=1K where=net ga tau1=629.1266672096303ns tau2=0.6143815109469045ns tc=0.30234041089906244ns samples=5 r2=0.9837 rse=2.285e-07s mean_rel=0.05577 max_rel=0.0846 cv_rel=0.0995
scatter   p=2-12 b>1K where=net ga tau1=1181.223666899002ns tau2=-0.07828099156739468ns tc=0.08261186770833344ns samples=15 r2=0.998 rse=2.925e-06s mean_rel=0.06433 max_rel=0.3284 cv_rel=0.1214
allreduce p=2-4 where=net rabenseifner alpha=861.8247333707291ns beta=0.1036505904676368ns gamma=4.76837157952139e-15s samples=12 r2=0.7898 rse=9.59e-06s mean_rel=0.1345 max_rel=0.4251 cv_rel=0.1881
allreduce p=5-12 where=net rd alpha=2.2564794363423695us beta=0.11895603747868132ns gamma=4.76837157952139e-15s samples=8 r2=0.9879 rse=5.21e-06s mean_rel=0.1039 max_rel=0.2502 cv_rel=0.1394
allgather p=2-4 where=net bruck alpha=1.7361191241630698us beta=0.09479696491460517ns samples=12 r2=0.8294 rse=1.244e-05s mean_rel=0.1614 max_rel=0.4094 cv_rel=0.2186
allgather p=5-12 where=net ga tau1=6252.152452711605ns tau2=-1.7172253352714901ns tc=0.40497183968237477ns samples=8 r2=0.9899 rse=3.049e-05s mean_rel=0.09299 max_rel=0.1835 cv_rel=0.1502
bcast     p<=4 scatter_rd alpha=1.0031576613885405us beta=2.266987848624071e-12s samples=12 r2=-0.06465 rse=1.063e-05s mean_rel=0.2819 max_rel=0.8664 cv_rel=0.4472
bcast     p>=5 ga tau1=4.409787653339764us tau2=5.803117423400389e-11s tc=9.895034281970358e-12s samples=24 r2=0.9505 rse=7.34e-06s mean_rel=0.1753 max_rel=0.4406 cv_rel=0.242
reduce    p<=3 binomial alpha=2194.308990375627ns beta=6.041142203315859e-11s gamma=4.76837157952139e-15s samples=8 r2=0.9536 rse=2.864e-06s mean_rel=0.09181 max_rel=0.3443 cv_rel=0.1626
reduce    p>=4 binomial alpha=1.1876864904546256us beta=6.472715985482777e-11s gamma=4.76837157952139e-15s samples=28 r2=0.8337 rse=1.513e-05s mean_rel=0.1193 max_rel=0.581 cv_rel=0.166
scatter   p<=3 ga tau1=2.610148608519387us tau2=-0.32696719132614116ns tc=0.18689162026528258ns samples=8 r2=0.9842 rse=2.795e-06s mean_rel=0.107 max_rel=0.3108 cv_rel=0.1916
scatter   p>=4 ga tau1=3257.467330679663ns tau2=-0.28400046633495996ns tc=8.20530403106741e-11s samples=28 r2=0.994 rse=1.534e-05s mean_rel=0.1943 max_rel=0.4838 cv_rel=0.2444
allreduce rd alpha=1740.8727204761049ns beta=0.0604958900107758ns gamma=4.76837157952139e-15s samples=36 r2=0.8281 rse=1.393e-05s mean_rel=0.267 max_rel=0.5926 cv_rel=0.3159
allgather p<=4 rd alpha=1.6633957744311845us beta=0.05493031103106533ns samples=12 r2=0.3265 rse=3.248e-05s mean_rel=0.2557 max_rel=0.7375 cv_rel=0.3692
allgather p>=5 rd alpha=1.206634423120027us beta=0.27648229955940534ns samples=24 r2=0.6826 rse=0.0008883s mean_rel=0.2936 max_rel=0.8741 cv_rel=0.4127
end lines=56 cksum=588842804
