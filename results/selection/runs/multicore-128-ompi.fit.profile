ortho-profile 1
# format: docs/profile-format.md
machine SMPI-multicore-128-ompi
param t_op 1.907348631808556e-14s
param gamma 4.76837157952139e-15s
bcast     p<=8 ga tau1=506.5561818558175ns tau2=-5.441027257311651e-12s tc=0.003087947558353465ns samples=12 r2=0.4351 rse=1.253e-06s mean_rel=0.3556 max_rel=0.7172 cv_rel=0.5522
bcast     p>=9 binomial alpha=437.89891560188323ns beta=0.06804980974436375ns samples=16 r2=0.9369 rse=1.141e-05s mean_rel=0.2105 max_rel=0.829 cv_rel=0.331
reduce    p<=8 ga tau1=574.6436636516586ns tau2=0.026695253201401644ns tc=0.014190566333151617ns samples=12 r2=0.8606 rse=6.081e-06s mean_rel=0.2065 max_rel=0.477 cv_rel=0.3174
reduce    p>=9 binomial alpha=751.359636979537ns beta=0.054859207780032594ns gamma=4.76837157952139e-15s samples=16 r2=0.9619 rse=8.227e-06s mean_rel=0.1136 max_rel=0.2851 cv_rel=0.1484
scatter   p<=4 ga tau1=307.90737408473376ns tau2=0.04837205770405551ns tc=7.319373261393507e-13s samples=8 r2=0.9989 rse=2.192e-07s mean_rel=0.1099 max_rel=0.4582 cv_rel=0.3158
scatter   p>=5 ga tau1=1.3252766268605092us tau2=-5.942392814150099e-10s tc=0.0798479852321051ns samples=20 r2=0.9999 rse=5.132e-06s mean_rel=0.1174 max_rel=0.5343 cv_rel=0.2502
allreduce p<=8 rabenseifner alpha=210.5576692475856ns beta=5.240648284241657e-11s gamma=4.76837157952139e-15s samples=12 r2=0.9989 rse=2.92e-07s mean_rel=0.0625 max_rel=0.164 cv_rel=0.1086
allreduce p>=9 rd alpha=1.1628745495560056us beta=0.04270552441555373ns gamma=4.76837157952139e-15s samples=16 r2=0.1766 rse=3.635e-05s mean_rel=0.2592 max_rel=0.8382 cv_rel=0.3989
allgather ring alpha=250.0714497585324ns beta=0.05928135128556893ns samples=28 r2=0.08256 rse=0.004266s mean_rel=0.4151 max_rel=0.9057 cv_rel=0.5371
