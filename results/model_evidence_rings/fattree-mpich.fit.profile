ortho-profile 3
# format: docs/profile-format.md
machine SMPI-fattree-mpich-48
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
param share_bcast 0.971493027765311
param share_reduce 0.18582864224665738
param share_gather 1.001767513837459
param share_scatter 0.9686593599026073
param share_allreduce 0.9344555194149007
param share_allgather 0.9735791011251288
bcast     p=2-4 where=node ga tau1=2.405302055694061us tau2=-4.200192579285372e-12s tc=0.02656558755375647ns samples=8 r2=0.9996 rse=2.212e-07s mean_rel=0.02554 max_rel=0.05467 cv_rel=0.0424
reduce    p=2-4 where=node ga tau1=2.3017600000005016us tau2=0.04999999999998608ns tc=4.10924587505591e-24s samples=8 r2=1 rse=6.65e-19s mean_rel=1.261e-13 max_rel=2.552e-13 cv_rel=2.038e-13
gather    p=2-4 where=node ga tau1=2397.900647884417ns tau2=-0.05475398113832028ns tc=0.05188068966202214ns samples=8 r2=0.9997 rse=2.871e-07s mean_rel=0.02449 max_rel=0.0561 cv_rel=0.04138
scatter   p=2-4 where=node ga tau1=2.3336190012701445us tau2=-1.0237675147118803e-10s tc=0.07602391198817007ns samples=8 r2=0.9999 rse=2.011e-07s mean_rel=0.02097 max_rel=0.06133 cv_rel=0.04551
allreduce p=2-4 where=node ga tau1=2.849642398003845us tau2=0.012500199847703106ns tc=0.043304441444489514ns samples=8 r2=0.9974 rse=9.98e-07s mean_rel=0.0455 max_rel=0.1239 cv_rel=0.0831
allgather p=2-4 where=node ga tau1=2396.814339574544ns tau2=-5.528292004313017e-11s tc=5.21507668964784e-11s samples=8 r2=0.9998 rse=2.459e-07s mean_rel=0.0243 max_rel=0.0563 cv_rel=0.04073
bcast     p=2-3 where=net ga tau1=1.6282993171961464us tau2=-0.07323382547734134ns tc=0.07742700277179473ns samples=8 r2=0.9965 rse=1.062e-06s mean_rel=0.1047 max_rel=0.2347 cv_rel=0.1643
bcast     p=4-12 where=net binomial alpha=1.0360248003024788us beta=0.08706726328856344ns samples=12 r2=0.9964 rse=1.851e-06s mean_rel=0.05746 max_rel=0.134 cv_rel=0.07736
reduce    p=2-12 b<2K where=net lin tau=1.0211768466526694ns tc=0.4827889807258083ns samples=5 r2=0.8653 rse=8.049e-07s mean_rel=0.1132 max_rel=0.231 cv_rel=0.239
reduce    p=2-12 b>=2K where=net binomial alpha=2264.088372161338ns beta=7.659618775091928e-11s gamma=4.76837157952139e-15s samples=15 r2=0.9851 rse=3.364e-06s mean_rel=0.09848 max_rel=0.2072 cv_rel=0.1348
gather    p=2-3 where=net ga tau1=2033.22728600903ns tau2=-0.09537510885431774ns tc=0.08774682765629871ns samples=8 r2=0.9991 rse=5.206e-07s mean_rel=0.01054 max_rel=0.03654 cv_rel=0.02861
gather    p=4-12 where=net binomial alpha=1.5085459248667896us beta=0.080163617982673ns samples=12 r2=0.9999 rse=8.424e-07s mean_rel=0.02059 max_rel=0.1124 cv_rel=0.0481
scatter   p=2-3 where=net ga tau1=1.6282544694653134us tau2=-0.0732857456820191ns tc=0.077453350645562ns samples=8 r2=0.9965 rse=1.062e-06s mean_rel=0.1047 max_rel=0.2347 cv_rel=0.1644
scatter   p=4-12 where=net binomial alpha=0.9243855731916895us beta=1.0674685490935123e-10s samples=12 r2=0.9962 rse=6.04e-06s mean_rel=0.05913 max_rel=0.1904 cv_rel=0.07921
allreduce p=2-4 where=net rd alpha=1.6050879522719599us beta=0.09314360113049688ns gamma=4.76837157952139e-15s samples=12 r2=0.9358 rse=5.543e-06s mean_rel=0.1136 max_rel=0.2348 cv_rel=0.1485
allreduce p=5-12 where=net ga tau1=6.357510277072208us tau2=0.018537843397742865ns tc=0.0632806822550914ns samples=8 r2=0.9988 rse=2.875e-06s mean_rel=0.0526 max_rel=0.1731 cv_rel=0.109
allgather p=2-4 where=net bruck alpha=1.656195039307647us beta=0.08451989786863963ns samples=12 r2=0.9997 rse=3.661e-07s mean_rel=0.05634 max_rel=0.1792 cv_rel=0.09095
allgather p=5-12 where=net ga tau1=7.629312359926779us tau2=-0.6912578316391502ns tc=2.124695207508067e-10s samples=8 r2=0.9778 rse=2.582e-05s mean_rel=0.09745 max_rel=0.3237 cv_rel=0.1751
bcast     p<=3 ga tau1=2.6064186678812087us tau2=-0.329403305325256ns tc=0.18812893210618953ns samples=8 r2=0.9898 rse=2.298e-06s mean_rel=0.1002 max_rel=0.3113 cv_rel=0.1794
bcast     p>=4 binomial alpha=1.0973508835813244us beta=0.06610623861678831ns samples=28 r2=0.9796 rse=4.647e-06s mean_rel=0.1066 max_rel=0.3802 cv_rel=0.1542
reduce    p<=4 ga tau1=2555.74547847354ns tau2=0.05445145332388892ns tc=4.919462822703065e-24s samples=12 r2=0.2819 rse=1.539e-05s mean_rel=0.27 max_rel=0.7228 cv_rel=0.3779
reduce    p>=5 b<2K binomial alpha=620.0546788550636ns beta=0.6055221473193982ns gamma=4.76837157952139e-15s samples=6 r2=0.786 rse=5.818e-07s mean_rel=0.06457 max_rel=0.2148 cv_rel=0.1015
reduce    p=5-8 b>=2K ga tau1=5.333806015714687us tau2=0.514741171119843ns tc=-4.51142759508936e-11s samples=6 r2=0.999 rse=9.949e-07s mean_rel=0.02269 max_rel=0.04495 cv_rel=0.05506
reduce    p>=9 b>=2K binomial alpha=2.0096439260489904us beta=5.862802092217665e-11s gamma=4.76837157952139e-15s samples=12 r2=0.9704 rse=6.504e-06s mean_rel=0.09423 max_rel=0.1789 cv_rel=0.1418
gather    p<=3 ga tau1=2.6406230660315755us tau2=-0.3327799406576015ns tc=0.18964067852800698ns samples=8 r2=0.9807 rse=3.083e-06s mean_rel=0.1192 max_rel=0.3165 cv_rel=0.2047
gather    p=4-6 ga tau1=2897.9204333200605ns tau2=-0.5556442984393559ns tc=0.17486537726362242ns samples=8 r2=0.9944 rse=3.675e-06s mean_rel=0.08001 max_rel=0.274 cv_rel=0.1634
gather    p=7-16 binomial alpha=1.1542830666057535us beta=0.07135728685688454ns samples=12 r2=0.9981 rse=4.371e-06s mean_rel=0.02535 max_rel=0.06029 cv_rel=0.0375
gather    p>=17 binomial alpha=1.1177164643554507us beta=0.07958047877951158ns samples=8 r2=0.9995 rse=8.212e-06s mean_rel=0.02409 max_rel=0.06692 cv_rel=0.03598
scatter   ga tau1=2836.209693293067ns tau2=-0.17531219832447997ns tc=0.10949987099831618ns samples=36 r2=0.9929 rse=2.33e-05s mean_rel=0.147 max_rel=0.3328 cv_rel=0.1808
allreduce rd alpha=1.5815022319748155us beta=0.10468989358170784ns gamma=4.76837157952139e-15s samples=36 r2=0.9183 rse=1.534e-05s mean_rel=0.1314 max_rel=0.3639 cv_rel=0.1662
allgather p<=3 ga tau1=2663.716043126495ns tau2=-0.6050382134902255ns tc=0.3256506035001174ns samples=8 r2=0.9877 rse=3.972e-06s mean_rel=0.1502 max_rel=0.511 cv_rel=0.2514
allgather p=4-16 ga tau1=3.185272190780378us tau2=-1.4763267682217613ns tc=0.40509480524027686ns samples=20 r2=0.9109 rse=0.00011s mean_rel=0.2275 max_rel=0.5086 cv_rel=0.2812
allgather p>=17 n<8e+01K gather+bcast samples=2 r2=0.9647 rse=1.23e-06s mean_rel=0.04397 max_rel=0.04989 cv_rel=0.04437
allgather p>=17 n>=8e+01K ring alpha=1977.052457514485ns beta=0.5582431003308918ns samples=6 r2=0.9974 rse=0.0001426s mean_rel=0.02422 max_rel=0.03807 cv_rel=0.03944
end lines=68 cksum=3358494819
