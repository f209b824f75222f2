ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-96-ompi-gather
param t_op 1.907347435374518e-14s
param gamma 4.768368588436295e-15s
gather    p<=3 ga tau1=0.2619304612713662ms tau2=-89.85982686006207ns tc=84.40151893384134ns samples=8 r2=0.9995 rse=0.001633s mean_rel=0.02735 max_rel=0.08294 cv_rel=0.07132
gather    p>=4 ga tau1=0.4062449193164934ms tau2=-87.59093391711104ns tc=80.89637530927241ns samples=36 r2=0.9999 rse=0.01644s mean_rel=0.01421 max_rel=0.09362 cv_rel=0.02982
