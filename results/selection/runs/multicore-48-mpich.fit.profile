ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-48-mpich
param t_op 1.907348631808556e-14s
param gamma 4.76837157952139e-15s
bcast     binomial alpha=316.599697788751ns beta=0.05972483344704537ns samples=36 r2=0.9767 rse=1.632e-05s mean_rel=0.187 max_rel=0.6965 cv_rel=0.2281
reduce    p<=8 ga tau1=565.9356045613251ns tau2=0.028540829246310222ns tc=9.853413578672607e-12s samples=20 r2=0.5842 rse=4.295e-05s mean_rel=0.3541 max_rel=0.7404 cv_rel=0.4616
reduce    p>=9 binomial alpha=703.3689682789112ns beta=0.05203010865426903ns gamma=4.76837157952139e-15s samples=16 r2=0.9885 rse=1.21e-05s mean_rel=0.1259 max_rel=0.3188 cv_rel=0.1652
gather    binomial alpha=0.4919677618065441us beta=6.246582472065279e-11s samples=36 r2=0.9703 rse=0.0001209s mean_rel=0.2072 max_rel=0.4387 cv_rel=0.2378
scatter   binomial alpha=263.2442297798864ns beta=0.07535509753239836ns samples=36 r2=0.9081 rse=0.0003026s mean_rel=0.202 max_rel=0.4975 cv_rel=0.2423
allreduce rd alpha=699.7110526124092ns beta=9.834311154205069e-11s gamma=4.76837157952139e-15s samples=36 r2=0.9801 rse=2.339e-05s mean_rel=0.1425 max_rel=0.3179 cv_rel=0.1782
allgather p<=8 rd alpha=0.4755192941159783us beta=0.05466848884057346ns samples=20 r2=0.3274 rse=0.0002719s mean_rel=0.2968 max_rel=0.7954 cv_rel=0.4038
allgather p>=9 rd alpha=559.3220238356578ns beta=0.4694561069796631ns samples=16 r2=0.9638 rse=0.001443s mean_rel=0.1602 max_rel=0.5056 cv_rel=0.2212
