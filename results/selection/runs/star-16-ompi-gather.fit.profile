ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-16-ompi-gather
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
gather    p<=4 binomial alpha=136.8369706083636us beta=0.07961357682188729us samples=8 r2=1 rse=0.0005089s mean_rel=0.01162 max_rel=0.02739 cv_rel=0.02117
gather    p>=5 binomial alpha=88.58137800464242us beta=79.93240958581757ns samples=8 r2=1 rse=0.0004679s mean_rel=0.003324 max_rel=0.01197 cv_rel=0.0108
