ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-16-ompi
param t_op 1.9073486423964677e-14s
param gamma 4.768371605991169e-15s
bcast     p<=4 ga tau1=2.20365706641377us tau2=-1.4013604844026082ns tc=1.5592227211415142ns samples=8 r2=0.9986 rse=8.137e-05s mean_rel=0.04717 max_rel=0.1358 cv_rel=0.135
bcast     p>=5 lin tau=10.520611700622956ns tc=-0.3367331141815045ns samples=8 r2=0.8674 rse=0.001698s mean_rel=0.2698 max_rel=0.5029 cv_rel=0.365
reduce    binomial alpha=2.738761121931513us beta=1.706067802014481ns gamma=4.768371605991169e-15s samples=16 r2=0.9653 rse=0.0004487s mean_rel=0.04824 max_rel=0.3174 cv_rel=0.09299
scatter   binomial alpha=3.0246101077860477us beta=1.1532556262625664ns samples=16 r2=0.8842 rse=0.001573s mean_rel=0.238 max_rel=0.4422 cv_rel=0.3299
allreduce p<=4 rd alpha=2.865957480982032us beta=1.7688318206766946ns gamma=4.768371605991169e-15s samples=8 r2=0.9999 rse=1.62e-05s mean_rel=0.03252 max_rel=0.07022 cv_rel=0.06954
allreduce p>=5 rabenseifner alpha=1.8260660482908677us beta=2.3009416802377403ns gamma=4.768371605991169e-15s samples=8 r2=0.9995 rse=4.668e-05s mean_rel=0.02687 max_rel=0.05869 cv_rel=0.05572
allgather p<=4 ga tau1=2767.270131631456ns tau2=-5.630549625981501ns tc=3.683217470213048ns samples=8 r2=0.9981 rse=0.0001639s mean_rel=0.0334 max_rel=0.1272 cv_rel=0.1348
allgather p>=5 ga tau1=7.738441800034094us tau2=-12.802791608190317ns tc=3.5621842034996454ns samples=8 r2=0.9999 rse=0.0002071s mean_rel=0.009735 max_rel=0.0307 cv_rel=0.03567
