ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-96-ompi-gather
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
gather    binomial alpha=3651.307978478734ns beta=1.6510005168208888ns samples=44 r2=0.9983 rse=0.0012s mean_rel=0.07487 max_rel=0.4862 cv_rel=0.1384
