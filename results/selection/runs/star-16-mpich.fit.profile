ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-16-mpich
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
bcast     binomial alpha=106.56514317040084us beta=84.11086836352622ns samples=16 r2=0.9964 rse=0.006442s mean_rel=0.1535 max_rel=0.5287 cv_rel=0.2471
reduce    rabenseifner alpha=64.6432278462451us beta=82.42078641316895ns gamma=4.768371976568084e-15s samples=16 r2=1 rse=0.000336s mean_rel=0.01069 max_rel=0.05016 cv_rel=0.02027
gather    binomial alpha=115.19166028597137us beta=79.41404980319308ns samples=16 r2=0.9999 rse=0.002729s mean_rel=0.02625 max_rel=0.1265 cv_rel=0.06028
scatter   ga tau1=70.63976132165975us tau2=-197.15791226341466ns tc=0.1376583082116175us samples=16 r2=0.9983 rse=0.02496s mean_rel=0.04988 max_rel=0.1042 cv_rel=0.09636
allreduce rd alpha=98.63878725775955us beta=84.13161258225512ns gamma=4.768371976568084e-15s samples=16 r2=1 rse=0.0002237s mean_rel=0.03057 max_rel=0.1826 cv_rel=0.07175
allgather rd alpha=112.4563545576378us beta=83.46292486308981ns samples=16 r2=0.9999 rse=0.002707s mean_rel=0.0268 max_rel=0.1245 cv_rel=0.06062
