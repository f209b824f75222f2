ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-16-ompi-gather
param t_op 1.9073486328011726e-14s
param gamma 4.7683715820029316e-15s
gather    binomial alpha=543.6196883511284ns beta=0.03324459486152961ns samples=16 r2=0.7313 rse=0.0001427s mean_rel=0.2977 max_rel=0.8925 cv_rel=0.6007
