ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-128-ompi-gather
param t_op 1.9073486423964677e-14s
param gamma 4.768371605991169e-15s
gather    binomial alpha=3.292102179086369us beta=1.6138046102317727ns samples=28 r2=0.9988 rse=0.0004174s mean_rel=0.04675 max_rel=0.4526 cv_rel=0.1039
