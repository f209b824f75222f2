ortho-profile 3
# format: docs/profile-format.md
machine SMPI-star-ompi-48
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
param hop_alpha 61.28499999701253us
param hop_beta 80.0000000000776ns
param hop_reach_4 61.2849999974685us
param hop_reach_8 61.2849999974685us
param hop_reach_16 61.2849999974685us
param hop_reach_32 61.2849999974685us
param hop_reach_2_2 61.2849999974685us
param hop_reach_4_2 61.2849999974685us
param hop_reach_8_2 61.2849999974685us
param hop_reach_16_2 61.2849999974685us
param hop_reach_2_4 61.2849999974685us
param hop_reach_4_4 61.2849999974685us
param hop_reach_8_4 61.2849999974685us
param hop_reach_2_8 61.2849999974685us
param hop_reach_4_8 61.2849999974685us
param hop_reach_2_16 61.2849999974685us
param hop_reach_2_32 61.2849999974685us
param hop_reach 61.2849999974685us
param hop_fan 0.9943105716163985
param hop_pair 1
param eager_limit 65536
param spread 120.16999999531208us
bcast     b<64K binomial_shared alpha=99.2824800460539us beta=81.8494802192459ns samples=27 r2=0.9658 rse=0.004423s mean_rel=0.1003 max_rel=0.3524 cv_rel=0.1487
bcast     p<=4 b>=64K ga tau1=190.07807907756654us tau2=-81.08070762087875ns tc=80.6362156482334ns samples=6 r2=1 rse=7.536e-05s mean_rel=0.001573 max_rel=0.003706 cv_rel=0.004037
bcast     p=5-12 b>=64K ga tau1=511.2094645737032us tau2=-84.31552335372176ns tc=80.7459576558368ns samples=6 r2=1 rse=0.0002703s mean_rel=0.001154 max_rel=0.001884 cv_rel=0.002622
bcast     p>=13 b>=64K ga tau1=378.7389618366017us tau2=160.32367114130142ns tc=9.985915649817427ns samples=6 r2=1 rse=5.67e-05s mean_rel=0.0008238 max_rel=0.001839 cv_rel=0.002344
reduce    binomial alpha=103.15648275296589us beta=81.35508298299528ns gamma=4.768371976568084e-15s samples=45 r2=0.9533 rse=0.007009s mean_rel=0.0513 max_rel=0.3894 cv_rel=0.1076
scatter   binomial alpha=0.1384563797007877ms beta=82.25130140716085ns samples=45 r2=0.9987 rse=0.006266s mean_rel=0.0912 max_rel=0.3879 cv_rel=0.1493
allreduce rd alpha=155.49397894824125us beta=58.81799855230273ns gamma=4.768371976568084e-15s samples=45 r2=0.8642 rse=0.009293s mean_rel=0.2146 max_rel=0.5563 cv_rel=0.2801
allgather bruck alpha=156.18672540936106us beta=96.95528147447354ns samples=45 r2=0.9303 rse=0.05532s mean_rel=0.2358 max_rel=0.5139 cv_rel=0.2724
end lines=35 cksum=1823369562
