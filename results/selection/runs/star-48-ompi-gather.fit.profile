ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-48-ompi-gather
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
gather    binomial alpha=129.96501629824223us beta=79.14332721460043ns samples=36 r2=0.9999 rse=0.008616s mean_rel=0.03065 max_rel=0.1988 cv_rel=0.05502
