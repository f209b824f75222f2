ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-96-ompi
param t_op 1.907350145879949e-14s
param gamma 4.768375364699873e-15s
bcast     p<=12 ga tau1=85.14469039124384us tau2=-53.42392047503912ns tc=68.90119685927117ns samples=24 r2=0.9835 rse=0.03075s mean_rel=0.1259 max_rel=0.5527 cv_rel=0.2107
bcast     p>=13 ga tau1=1.0114113787670962ms tau2=41.583691461940454ns tc=10.66978774632322ns samples=20 r2=0.8913 rse=0.08812s mean_rel=0.3096 max_rel=0.612 cv_rel=0.4214
reduce    p<=6 ga tau1=0.2733609110563465ms tau2=-19.754073839541608ns tc=47.804255558140284ns samples=16 r2=0.8737 rse=0.0447s mean_rel=0.1224 max_rel=0.3781 cv_rel=0.2051
reduce    p>=7 binomial alpha=104.21499113588324us beta=80.0879815952325ns gamma=4.768375364699873e-15s samples=28 r2=1 rse=0.0003051s mean_rel=0.02997 max_rel=0.1467 cv_rel=0.05922
scatter   binomial alpha=62.42165542012069us beta=83.95346265838417ns samples=44 r2=0.9972 rse=0.07362s mean_rel=0.1183 max_rel=0.427 cv_rel=0.1738
allreduce rabenseifner alpha=85.56366936294134us beta=0.10265228448429703us gamma=4.768375364699873e-15s samples=44 r2=0.8125 rse=0.049s mean_rel=0.2528 max_rel=0.6716 cv_rel=0.2965
allgather rd alpha=121.60200971094915us beta=94.73066637413484ns samples=44 r2=0.9677 rse=0.2739s mean_rel=0.1829 max_rel=0.4216 cv_rel=0.2292
