ortho-profile 3
# format: docs/profile-format.md
machine SMPI-multicore-ompi-48
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
param share_bcast 0.870565812327994
param share_reduce 0.8564600005190033
param share_scatter 0.9653220783299455
param share_allreduce 0.9404186921705251
param share_allgather 0.8663338794796187
bcast     p=2-8 where=node ga tau1=1.7977708397979708us tau2=-0.00642882418974017ns tc=3.0348529881996537e-12s samples=12 r2=0.5315 rse=1.141e-06s mean_rel=0.1931 max_rel=0.4779 cv_rel=0.2767
reduce    p=2-8 where=node ga tau1=1.3672049137311726us tau2=0.02303143808121478ns tc=0.016424811529291754ns samples=12 r2=0.8845 rse=5.534e-06s mean_rel=0.1343 max_rel=0.4013 cv_rel=0.2089
scatter   p=2-8 where=node ga tau1=1.5526209901201238us tau2=0.04509987443531731ns tc=6.092291949760824e-13s samples=12 r2=0.9721 rse=9.823e-07s mean_rel=0.1248 max_rel=0.5808 cv_rel=0.2403
allreduce p=2-8 where=node ga tau1=1.576266915284126us tau2=0.03394098630031296ns tc=8.919676364289685e-12s samples=12 r2=0.9746 rse=1.465e-06s mean_rel=0.1167 max_rel=0.2571 cv_rel=0.168
allgather p=2-8 where=node ga tau1=1.4622680225605376us tau2=-5.726217170464616e-11s tc=5.256926913279383e-11s samples=12 r2=0.9986 rse=1.104e-06s mean_rel=0.04896 max_rel=0.1555 cv_rel=0.08371
bcast     p=2-6 b<=8K where=net binomial alpha=828.6578512550084ns beta=0.1266459877241768ns samples=6 r2=0.7673 rse=1.419e-06s mean_rel=0.1711 max_rel=0.329 cv_rel=0.2761
bcast     p=2-6 b>8K where=net ga tau1=1.0911074424709195us tau2=-0.09581577335323017ns tc=0.08737128399059842ns samples=6 r2=0.9978 rse=2.31e-06s mean_rel=0.02818 max_rel=0.0689 cv_rel=0.08096
reduce    p=2-6 where=net ga tau1=2.169431167740715us tau2=-0.03059752631627817ns tc=0.05967390783430915ns samples=12 r2=0.9475 rse=7.951e-06s mean_rel=0.103 max_rel=0.257 cv_rel=0.2077
scatter   p=2-6 where=net ga tau1=1.111047526116521us tau2=-0.07924271509331736ns tc=0.08293942802653996ns samples=12 r2=0.9982 rse=1.455e-06s mean_rel=0.0783 max_rel=0.3958 cv_rel=0.1486
allreduce p=2-6 where=net rd alpha=1.6239449176409027us beta=0.10233623382067586ns gamma=4.76837157952139e-15s samples=12 r2=0.9747 rse=4.499e-06s mean_rel=0.1287 max_rel=0.2539 cv_rel=0.163
allgather p=2-6 n<5e+04 where=net bruck alpha=1.6066639937073588us beta=0.15752404785339533ns samples=6 r2=0.9844 rse=4.758e-07s mean_rel=0.08058 max_rel=0.1759 cv_rel=0.1402
allgather p=2-6 n>=5e+04 where=net log tau=-0.3371617474406086ns tc=0.43853683200606336ns samples=6 r2=0.9952 rse=5.528e-06s mean_rel=0.07083 max_rel=0.1231 cv_rel=0.1471
bcast     p<=12 binomial alpha=941.7413594906891ns beta=4.707510082606008e-12s samples=24 r2=0.06376 rse=8.431e-06s mean_rel=0.4208 max_rel=0.8244 cv_rel=0.498
bcast     p>=13 binomial alpha=538.2700115543855ns beta=0.06229873787316019ns samples=12 r2=0.9983 rse=1.497e-06s mean_rel=0.04417 max_rel=0.1076 cv_rel=0.06694
reduce    binomial alpha=670.6347167308182ns beta=5.550532395574814e-11s gamma=4.76837157952139e-15s samples=36 r2=0.8619 rse=1.099e-05s mean_rel=0.1969 max_rel=0.7162 cv_rel=0.2679
scatter   p<=4 ga tau1=1.5346183140616436us tau2=5.370388181787832e-11s tc=1.514784774429701e-13s samples=12 r2=0.4402 rse=1.053e-05s mean_rel=0.2443 max_rel=0.6581 cv_rel=0.3289
scatter   p=5-8 ga tau1=2.384093608951277us tau2=0.001151138782892065us tc=-0.13858140152798687ns samples=8 r2=0.9986 rse=1.313e-06s mean_rel=0.1011 max_rel=0.4163 cv_rel=0.2178
scatter   p>=9 ga tau1=2846.852993004476ns tau2=-0.21506956335007812ns tc=0.0640462379782509ns samples=16 r2=0.9832 rse=2.986e-05s mean_rel=0.1505 max_rel=0.3456 cv_rel=0.2156
allreduce rd alpha=1.0031444446764366us beta=0.04931617727997892ns gamma=4.76837157952139e-15s samples=36 r2=0.7177 rse=1.751e-05s mean_rel=0.3069 max_rel=0.6389 cv_rel=0.3718
allgather rd alpha=0.951266703713817us beta=0.06213248200244944ns samples=36 r2=0.0489 rse=0.001505s mean_rel=0.5157 max_rel=0.9314 cv_rel=0.6009
end lines=53 cksum=3350858788
