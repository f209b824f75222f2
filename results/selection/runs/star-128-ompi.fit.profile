ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-128-ompi
param t_op 1.907347435374518e-14s
param gamma 4.768368588436295e-15s
bcast     binomial alpha=96.62784493483798us beta=105.8972299049102ns samples=28 r2=0.9374 rse=0.01538s mean_rel=0.2339 max_rel=0.5489 cv_rel=0.2898
reduce    b<=1K logm1 tau=363.5139977492742ns tc=146.7294764496024ns samples=7 r2=0.9836 rse=4.426e-05s mean_rel=0.02985 max_rel=0.09507 cv_rel=0.04866
reduce    b>1K binomial alpha=129.22322025814694us beta=81.7951046821927ns gamma=4.768368588436295e-15s samples=21 r2=0.9887 rse=0.004822s mean_rel=0.04282 max_rel=0.3187 cv_rel=0.084
scatter   binomial alpha=82.68986840517373us beta=0.08243909068111197us samples=28 r2=0.9988 rse=0.01927s mean_rel=0.103 max_rel=0.4343 cv_rel=0.1826
allreduce rabenseifner alpha=93.02820159551767us beta=87.25718071818036ns gamma=4.768368588436295e-15s samples=28 r2=0.4771 rse=0.01603s mean_rel=0.1685 max_rel=0.8604 cv_rel=0.2938
allgather b<=1K lin tau=138.7514853510945ns tc=109.60778024706256ns samples=7 r2=0.9974 rse=0.0002975s mean_rel=0.03982 max_rel=0.1014 cv_rel=0.06113
allgather b>1K ga tau1=0.2979612636672218ms tau2=-87.02411508200929ns tc=85.24237569515482ns samples=21 r2=0.9998 rse=0.009127s mean_rel=0.01132 max_rel=0.02805 cv_rel=0.01931
