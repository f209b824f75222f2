ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-48-ompi-gather
param t_op 1.907348633132045e-14s
param gamma 4.768371582830112e-15s
gather    p<=3 binomial alpha=0.6170792037936599us beta=0.05797995366221941ns samples=8 r2=0.8897 rse=2.171e-05s mean_rel=0.2595 max_rel=0.3796 cv_rel=0.3177
gather    p>=4 ga tau1=1.4501779101274537us tau2=-0.28486821672538387ns tc=0.08688486230753242ns samples=28 r2=0.9886 rse=8.589e-05s mean_rel=0.2201 max_rel=0.671 cv_rel=0.3563
