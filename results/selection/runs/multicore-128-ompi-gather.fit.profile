ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-128-ompi-gather
param t_op 1.907348633132045e-14s
param gamma 4.768371582830112e-15s
gather    p<=8 binomial alpha=505.7993910894495ns beta=0.03328157490054687ns samples=12 r2=0.8507 rse=1.047e-05s mean_rel=0.2358 max_rel=0.6465 cv_rel=0.4592
gather    p>=9 binomial alpha=753.6746760955624ns beta=0.07375454628181306ns samples=16 r2=0.996 rse=4.522e-05s mean_rel=0.05323 max_rel=0.1166 cv_rel=0.07403
