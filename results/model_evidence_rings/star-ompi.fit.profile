ortho-profile 3
# format: docs/profile-format.md
machine SMPI-star-ompi-48
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
param hop_alpha 61.2849999969638us
param hop_beta 80.00000000011708ns
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
param spread 120.16999999531208us
bcast     p<=12 b<=8K binomial alpha=0.12142066754569657ms beta=104.48890350219087ns samples=12 r2=0.9356 rse=0.0003849s mean_rel=0.143 max_rel=0.2535 cv_rel=0.1912
bcast     p<=12 b>8K ga tau1=205.7741897253185us tau2=-81.44311475070583ns tc=80.73041869644773ns samples=12 r2=1 rse=0.0003525s mean_rel=0.002731 max_rel=0.004093 cv_rel=0.004615
bcast     p>=13 b<=8K binomial alpha=70.25305624382752us beta=197.47628742293352ns samples=6 r2=0.9735 rse=0.0007755s mean_rel=0.07541 max_rel=0.112 cv_rel=0.1287
bcast     p>=13 b>8K ga tau1=378.7389618355249us tau2=160.3236711410752ns tc=9.985915649827064ns samples=6 r2=1 rse=5.67e-05s mean_rel=0.0008238 max_rel=0.001839 cv_rel=0.002344
reduce    binomial alpha=102.48191495373493us beta=81.85727620690002ns gamma=4.768371976568084e-15s samples=36 r2=0.953 rse=0.007825s mean_rel=0.06348 max_rel=0.3857 cv_rel=0.117
scatter   binomial alpha=136.32721128427474us beta=83.26117507991611ns samples=36 r2=0.9976 rse=0.009247s mean_rel=0.1117 max_rel=0.3813 cv_rel=0.1577
allreduce rd alpha=154.92642602100443us beta=59.20787269586257ns gamma=4.768371976568084e-15s samples=36 r2=0.8702 rse=0.0101s mean_rel=0.2131 max_rel=0.5544 cv_rel=0.2665
allgather rd alpha=127.78276925638102us beta=96.20123726829836ns samples=36 r2=0.932 rse=0.06033s mean_rel=0.2032 max_rel=0.4138 cv_rel=0.2362
end lines=33 cksum=3557865935
