ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-128-ompi-gather
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
gather    ga tau1=0.325652057560782ms tau2=-84.72375945702822ns tc=81.59869519645892ns samples=28 r2=0.9996 rse=0.01223s mean_rel=0.02734 max_rel=0.1212 cv_rel=0.06747
