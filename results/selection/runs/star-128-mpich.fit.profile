ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-128-mpich
param t_op 1.907347435374518e-14s
param gamma 4.768368588436295e-15s
bcast     b<=8K log tau=-0.1876144384076782us tc=280.34832367706633ns samples=14 r2=0.9403 rse=0.001469s mean_rel=0.1881 max_rel=0.4569 cv_rel=0.2582
bcast     b>8K binomial alpha=0.1419601012370422ms beta=80.0053192906193ns samples=14 r2=1 rse=0.0002087s mean_rel=0.005529 max_rel=0.02561 cv_rel=0.009053
reduce    b<=1K logm1 tau=0.3573210352428504us tc=0.1495786884665652us samples=7 r2=0.9997 rse=6.455e-06s mean_rel=0.005394 max_rel=0.009055 cv_rel=0.01103
reduce    b>1K rabenseifner alpha=82.21540613075713us beta=82.9066772741625ns gamma=4.768368588436295e-15s samples=21 r2=0.9998 rse=0.0002299s mean_rel=0.01925 max_rel=0.1191 cv_rel=0.03286
gather    p<=4 ga tau1=303.17385396681107us tau2=-86.48573996078294ns tc=82.7987957703897ns samples=8 r2=0.9995 rse=0.0005542s mean_rel=0.02313 max_rel=0.07487 cv_rel=0.06212
gather    p>=5 binomial alpha=130.65147789848214us beta=79.68776622468226ns samples=20 r2=1 rse=0.002809s mean_rel=0.007781 max_rel=0.03221 cv_rel=0.01782
scatter   ga tau1=68.8194168075911us tau2=-215.8909908048746ns tc=0.1466811718512352us samples=28 r2=0.9961 rse=0.06979s mean_rel=0.05817 max_rel=0.1571 cv_rel=0.0761
allreduce b<=1K log tau=218.3595790724353ns tc=144.1099758408673ns samples=7 r2=1 rse=2.432e-06s mean_rel=0.002587 max_rel=0.009111 cv_rel=0.008018
allreduce b>1K rd alpha=135.8071401213459us beta=84.06260773507772ns gamma=4.768368588436295e-15s samples=21 r2=1 rse=0.0002052s mean_rel=0.02075 max_rel=0.1514 cv_rel=0.04195
allgather p<=4 ga tau1=0.3001772425709222ms tau2=-90.92170115317278ns tc=87.0091961716442ns samples=8 r2=0.9995 rse=0.0005764s mean_rel=0.02313 max_rel=0.07557 cv_rel=0.06321
allgather p>=5 ga tau1=425.82606071389us tau2=-105.33697600699337ns tc=86.31521480613435ns samples=20 r2=0.9994 rse=0.01777s mean_rel=0.01615 max_rel=0.05589 cv_rel=0.02577
