ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-96-ompi-gather
param t_op 1.907348631808556e-14s
param gamma 4.76837157952139e-15s
gather    p<=3 binomial alpha=617.07920379366ns beta=5.797995366221941e-11s samples=8 r2=0.8897 rse=2.171e-05s mean_rel=0.2595 max_rel=0.3796 cv_rel=0.3177
gather    p>=4 ga tau1=1495.632750685007ns tau2=-0.28390853767279167ns tc=0.086540918103706ns samples=36 r2=0.9912 rse=0.0001412s mean_rel=0.1999 max_rel=0.6663 cv_rel=0.3233
