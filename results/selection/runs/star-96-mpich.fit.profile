ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-96-mpich
param t_op 1.907350145879949e-14s
param gamma 4.768375364699873e-15s
bcast     b<=8K log tau=-0.158328088954005us tc=0.2427464273778019us samples=22 r2=0.9527 rse=0.0009035s mean_rel=0.1814 max_rel=0.4172 cv_rel=0.2294
bcast     b>8K binomial alpha=124.60172967608628us beta=80.00063327131501ns samples=22 r2=1 rse=0.0001329s mean_rel=0.003039 max_rel=0.02156 cv_rel=0.005778
reduce    rabenseifner alpha=71.31116537496054us beta=98.56209218456723ns gamma=4.768375364699873e-15s samples=44 r2=0.9478 rse=0.01959s mean_rel=0.1541 max_rel=0.3398 cv_rel=0.1729
gather    p<=3 ga tau1=0.2431720251401832ms tau2=-80.88754902596013ns tc=80.43577732084411ns samples=8 r2=1 rse=0.0001704s mean_rel=0.001205 max_rel=0.003104 cv_rel=0.002518
gather    p>=4 ga tau1=0.3322599125194468ms tau2=-87.59448742866577ns tc=81.21139925516977ns samples=36 r2=0.9998 rse=0.02306s mean_rel=0.01421 max_rel=0.05416 cv_rel=0.02248
scatter   p<=3 ga tau1=64.65975370812717us tau2=-79.05112549165514ns tc=80.07714704607226ns samples=8 r2=0.9999 rse=0.0006311s mean_rel=0.009512 max_rel=0.01931 cv_rel=0.01699
scatter   p>=4 ga tau1=142.76072769640817us tau2=-231.9165068393798ns tc=130.8975450498372ns samples=36 r2=0.9971 rse=0.1359s mean_rel=0.08365 max_rel=0.1641 cv_rel=0.1006
allreduce p<=3 ga tau1=0.247136153069439ms tau2=-0.2669162304944346us tc=175.28719120539117ns samples=8 r2=0.9957 rse=0.006971s mean_rel=0.03738 max_rel=0.1562 cv_rel=0.08385
allreduce p>=4 rd alpha=116.59326812998435us beta=92.69552639330296ns gamma=4.768375364699873e-15s samples=36 r2=0.9919 rse=0.01814s mean_rel=0.09781 max_rel=0.2798 cv_rel=0.1132
allgather ga tau1=272.6239131357898us tau2=-94.83605549427321ns tc=87.88295804734227ns samples=44 r2=0.9978 rse=0.06964s mean_rel=0.04405 max_rel=0.3782 cv_rel=0.07464
