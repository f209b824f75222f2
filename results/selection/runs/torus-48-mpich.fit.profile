ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-48-mpich
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
bcast     binomial alpha=1.527859048945603us beta=1.8442215882548187ns samples=36 r2=0.935 rse=0.0008292s mean_rel=0.1471 max_rel=0.4813 cv_rel=0.1944
reduce    p<=3 ga tau1=2.4352417909264115us tau2=-4.961568663395451ns tc=3.3549039831772522ns samples=8 r2=0.9999 rse=1.903e-05s mean_rel=0.03908 max_rel=0.1031 cv_rel=0.09549
reduce    p>=4 rabenseifner alpha=1.3060460574585129us beta=2.3627311218828106ns gamma=4.76837155305161e-15s samples=28 r2=0.9671 rse=0.0003744s mean_rel=0.1391 max_rel=0.378 cv_rel=0.1704
gather    ga tau1=3195.679510402538ns tau2=-1.8458303762252841ns tc=1.780974495111206ns samples=36 r2=0.991 rse=0.001535s mean_rel=0.08711 max_rel=0.3048 cv_rel=0.1222
scatter   ga tau1=2658.3987522845446ns tau2=-2.6568865890004982ns tc=2.2186077162678584ns samples=36 r2=0.9712 rse=0.004242s mean_rel=0.1367 max_rel=0.5858 cv_rel=0.203
allreduce b<=1K rd alpha=2.5331221065976584us beta=2.4737520572242757e-09s gamma=4.76837155305161e-15s samples=9 r2=0.9701 rse=1.61e-06s mean_rel=0.06317 max_rel=0.1276 cv_rel=0.08199
allreduce b>1K logm1 tau=1.8765911508226476ns tc=3.114112863370344ns samples=27 r2=0.9931 rse=0.0004417s mean_rel=0.07188 max_rel=0.1636 cv_rel=0.08782
allgather b<=1K rd alpha=2.2750746535917776us beta=2.7982956329371516ns samples=9 r2=0.9916 rse=5.086e-06s mean_rel=0.07133 max_rel=0.1441 cv_rel=0.1131
allgather b>1K lin tau=-4.604344078149565ns tc=3.2767646497597522ns samples=27 r2=0.994 rse=0.002761s mean_rel=0.1613 max_rel=0.3364 cv_rel=0.2024
