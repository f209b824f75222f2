ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-16-ompi-gather
param t_op 1.907348631808556e-14s
param gamma 4.76837157952139e-15s
gather    binomial alpha=3106.988779172129ns beta=1.564085540655092ns samples=16 r2=0.9927 rse=0.0006113s mean_rel=0.07628 max_rel=0.4079 cv_rel=0.1466
