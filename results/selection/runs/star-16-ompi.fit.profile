ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-16-ompi
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
bcast     scatter_ring alpha=38.52742124917102us beta=1.0479591728972981e-07s samples=16 r2=0.5315 rse=0.1095s mean_rel=0.3535 max_rel=0.6727 cv_rel=0.4116
reduce    binomial alpha=106.34233439507776us beta=81.95436566757711ns gamma=4.768371976568084e-15s samples=16 r2=0.9653 rse=0.02152s mean_rel=0.05456 max_rel=0.3169 cv_rel=0.1024
scatter   binomial alpha=89.48292970903105us beta=84.24180001697067ns samples=16 r2=0.9966 rse=0.02018s mean_rel=0.1263 max_rel=0.3787 cv_rel=0.2067
allreduce rabenseifner alpha=63.8627997281462us beta=84.29911338005854ns gamma=4.768371976568084e-15s samples=16 r2=1 rse=0.0002293s mean_rel=0.008225 max_rel=0.04777 cv_rel=0.01746
allgather rd alpha=112.15222383890087us beta=0.08335637266262923us samples=16 r2=0.9999 rse=0.003006s mean_rel=0.02584 max_rel=0.1213 cv_rel=0.05936
