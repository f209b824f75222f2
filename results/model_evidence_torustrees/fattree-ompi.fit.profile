ortho-profile 3
# format: docs/profile-format.md
machine SMPI-fattree-ompi-48
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
param share_bcast 0.713066258920662
param share_reduce 0.96981170549091
param share_scatter 0.9328491821396075
param share_allreduce 1.0585253569493043
param share_allgather 1.0861383226117023
bcast     p=2-4 where=node binomial_shared alpha=1.9529573143416534us beta=9.424480198849679e-13s samples=10 r2=0.1723 rse=7.002e-07s mean_rel=0.1829 max_rel=0.4723 cv_rel=0.3748
reduce    p=2-4 where=node ga tau1=2.3392948941789933us tau2=-0.01516766136656153ns tc=0.03304935851479947ns samples=10 r2=0.9357 rse=3.482e-06s mean_rel=0.06076 max_rel=0.2162 cv_rel=0.1253
scatter   p=2-4 where=node ga tau1=2384.664048776672ns tau2=0.04895346271859633ns tc=4.6183157685627e-14s samples=10 r2=0.9994 rse=1.426e-07s mean_rel=0.02276 max_rel=0.1002 cv_rel=0.04753
allreduce p=2-4 where=node ga tau1=2483.439722793909ns tau2=0.02032662803825178ns tc=0.015342494788736217ns samples=10 r2=0.9952 rse=5.19e-07s mean_rel=0.04618 max_rel=0.1406 cv_rel=0.07578
allgather p=2-4 where=node ga tau1=2.397452893977474us tau2=-0.054864729177232785ns tc=0.05188168351556545ns samples=10 r2=0.9997 rse=2.364e-07s mean_rel=0.02008 max_rel=0.05631 cv_rel=0.02948
bcast     p=2-12 where=net ga tau1=2.0467788596032506us tau2=-0.12155737667142252ns tc=9.39454047973921e-11s samples=25 r2=0.9916 rse=5.005e-06s mean_rel=0.07746 max_rel=0.3907 cv_rel=0.1429
reduce    p=2-12 where=net binomial alpha=1.3966384766904834us beta=0.08560670996843832ns gamma=4.768371605991169e-15s samples=25 r2=0.8858 rse=9.845e-06s mean_rel=0.1227 max_rel=0.3723 cv_rel=0.176
scatter   p=2-12 b<=8K where=net ga tau1=2.308118018337126us tau2=-0.2860018052399497ns tc=1.0420191887408711e-10s samples=10 r2=0.8822 rse=1.288e-06s mean_rel=0.1551 max_rel=0.3449 cv_rel=0.2628
scatter   p=2-12 b>8K where=net ga tau1=1345.675470254091ns tau2=-0.0775927983254885ns tc=0.08037115634889501ns samples=15 r2=0.9999 rse=7.45e-07s mean_rel=0.02972 max_rel=0.1085 cv_rel=0.05718
allreduce p=2-12 where=net rd alpha=1.8532904407420205us beta=0.09502750526611069ns gamma=4.768371605991169e-15s samples=25 r2=0.9377 rse=7.718e-06s mean_rel=0.1811 max_rel=0.4055 cv_rel=0.2265
allgather p=2-3 where=net ga tau1=2.292628176347264us tau2=-0.5137102454670573ns tc=0.29691905440491134ns samples=10 r2=0.9784 rse=4.465e-06s mean_rel=0.09162 max_rel=0.2244 cv_rel=0.1326
allgather p=4-12 where=net ga tau1=3815.568585078265ns tau2=-1.0896953717196785ns tc=0.32914073998310395ns samples=15 r2=0.9966 rse=1.223e-05s mean_rel=0.1341 max_rel=0.4185 cv_rel=0.191
bcast     ga tau1=3.6755533296874368us tau2=-0.036578685221058ns tc=1.374745621261754e-11s samples=45 r2=0.804 rse=1.15e-05s mean_rel=0.3444 max_rel=1.109 cv_rel=0.4642
reduce    binomial alpha=1.2837315407160699us beta=0.06425060075755684ns gamma=4.768371605991169e-15s samples=45 r2=0.8426 rse=1.202e-05s mean_rel=0.1503 max_rel=0.5817 cv_rel=0.221
scatter   p<=3 ga tau1=2.6101024696877375us tau2=-0.31494831837731874ns tc=0.1806997498782811ns samples=10 r2=0.9905 rse=1.858e-06s mean_rel=0.09326 max_rel=0.3124 cv_rel=0.1382
scatter   p>=4 ga tau1=3262.708555628827ns tau2=-0.2808936129568233ns tc=0.08100485682037768ns samples=35 r2=0.9951 rse=1.249e-05s mean_rel=0.1779 max_rel=0.4777 cv_rel=0.2346
allreduce rd alpha=1742.478048787429ns beta=0.06115539987410722ns gamma=4.768371605991169e-15s samples=45 r2=0.8153 rse=1.309e-05s mean_rel=0.2723 max_rel=0.5894 cv_rel=0.3453
allgather p<=4 rd alpha=1.690930401485034us beta=0.05489827228092661ns samples=15 r2=0.3073 rse=2.969e-05s mean_rel=0.2645 max_rel=0.7368 cv_rel=0.3686
allgather p=5-8 ga tau1=4.314244632896057us tau2=4.201049926162889ns tc=-3.435216101386379e-10s samples=10 r2=0.9962 rse=1.249e-05s mean_rel=0.06965 max_rel=0.1903 cv_rel=0.1178
allgather p=9-16 ga tau1=5.63415155643687us tau2=10.724572249045455ns tc=-0.41493419226902495ns samples=10 r2=0.9956 rse=3.644e-05s mean_rel=0.06409 max_rel=0.1597 cv_rel=0.1696
allgather p>=17 ga tau1=13.926078846163653us tau2=21.40092842256316ns tc=-0.3025132401193044ns samples=10 r2=0.403 rse=0.00192s mean_rel=0.2489 max_rel=0.7353 cv_rel=0.4767
end lines=57 cksum=3080631942
