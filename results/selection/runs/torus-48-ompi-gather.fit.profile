ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-48-ompi-gather
param t_op 1.9073486423964677e-14s
param gamma 4.768371605991169e-15s
gather    binomial alpha=3.5993487825328385us beta=1.6482652565150167ns samples=36 r2=0.9933 rse=0.001311s mean_rel=0.09052 max_rel=0.4838 cv_rel=0.1548
