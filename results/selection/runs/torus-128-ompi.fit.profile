ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-128-ompi
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
bcast     log tau=0.1731934382485556ns tc=1.9017365624832914ns samples=28 r2=0.9047 rse=0.000329s mean_rel=0.2428 max_rel=0.7818 cv_rel=0.3487
reduce    binomial alpha=2.913019045920057us beta=1.6963751843606183ns gamma=4.76837155305161e-15s samples=28 r2=0.9908 rse=8.466e-05s mean_rel=0.02801 max_rel=0.3205 cv_rel=0.06704
scatter   p<=16 binomial alpha=3.577238327028953us beta=1.0776545439303784ns samples=16 r2=0.944 rse=0.0002249s mean_rel=0.1935 max_rel=0.4686 cv_rel=0.2635
scatter   p>=17 binomial alpha=-369.6200646564833ns beta=8.639859007540401e-10s samples=12 r2=0.9987 rse=0.0003079s mean_rel=0.07952 max_rel=0.6712 cv_rel=0.1992
allreduce rabenseifner alpha=1981.231622697226ns beta=2.2310264911223885ns gamma=4.76837155305161e-15s samples=28 r2=0.6552 rse=0.0003102s mean_rel=0.1953 max_rel=0.8107 cv_rel=0.3171
allgather rd alpha=2.6852105829367114us beta=2.2851355927722983ns samples=28 r2=0.7238 rse=0.0168s mean_rel=0.195 max_rel=0.5168 cv_rel=0.241
