ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-16-mpich
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
bcast     binomial alpha=1.8716225217544709us beta=1.7539968267325168ns samples=16 r2=0.9964 rse=0.0001335s mean_rel=0.08971 max_rel=0.2396 cv_rel=0.1272
reduce    p<=4 binomial alpha=2702.670265817603ns beta=1.6217531229398479ns gamma=4.76837155305161e-15s samples=8 r2=0.9938 rse=0.0001007s mean_rel=0.03875 max_rel=0.07192 cv_rel=0.04991
reduce    p>=5 rabenseifner alpha=1624.363067068595ns beta=2.005794606728049ns gamma=4.76837155305161e-15s samples=8 r2=0.9998 rse=2.669e-05s mean_rel=0.01699 max_rel=0.03207 cv_rel=0.02727
gather    binomial alpha=2619.385457863837ns beta=1.6670767067383392ns samples=16 r2=1 rse=1.4e-06s mean_rel=0.001651 max_rel=0.006322 cv_rel=0.003474
scatter   ga tau1=2.3804694868367493us tau2=-3.215561148890972ns tc=2.45223060670042ns samples=16 r2=0.97 rse=0.002209s mean_rel=0.07419 max_rel=0.2063 cv_rel=0.1174
allreduce p<=4 ga tau1=2.944286125638216us tau2=-2.043420113246092ns tc=1.8830652956947356ns samples=8 r2=0.9976 rse=0.0001113s mean_rel=0.04042 max_rel=0.1478 cv_rel=0.1448
allreduce p>=5 rd alpha=2358.551132067403ns beta=2.470074107049587e-09s gamma=4.76837155305161e-15s samples=8 r2=0.9952 rse=0.0003195s mean_rel=0.04974 max_rel=0.06276 cv_rel=0.05904
allgather p<=4 ring alpha=2.477717724320247us beta=2.022064571698439e-09s samples=8 r2=0.9824 rse=0.0003559s mean_rel=0.1419 max_rel=0.3017 cv_rel=0.185
allgather p>=5 ga tau1=7001.259488944473ns tau2=-11.609708003338605ns tc=3.4985128440277853ns samples=8 r2=0.9996 rse=0.0003748s mean_rel=0.02049 max_rel=0.04044 cv_rel=0.04286
