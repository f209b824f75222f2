ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-48-mpich
param t_op 1.907350145879949e-14s
param gamma 4.768375364699873e-15s
bcast     b<=8K log tau=-0.13587889100324244us tc=225.47007958053706ns samples=18 r2=0.9679 rse=0.0005556s mean_rel=0.1649 max_rel=0.3815 cv_rel=0.2163
bcast     b>8K binomial alpha=108.17426860243104us beta=80.0002964988264ns samples=18 r2=1 rse=8.336e-05s mean_rel=0.002162 max_rel=0.01351 cv_rel=0.004152
reduce    rabenseifner alpha=61.63697613524095us beta=0.09891223014455189us gamma=4.768375364699873e-15s samples=36 r2=0.9488 rse=0.01906s mean_rel=0.1593 max_rel=0.3373 cv_rel=0.1801
gather    p<=3 ga tau1=181.7276712782379us tau2=-80.91372540290999ns tc=80.44715695467461ns samples=8 r2=1 rse=0.0001742s mean_rel=0.001278 max_rel=0.003073 cv_rel=0.002606
gather    p>=4 ga tau1=0.2664404068585346ms tau2=-88.6265571621101ns tc=81.4502260471171ns samples=28 r2=0.9997 rse=0.01436s mean_rel=0.01505 max_rel=0.05719 cv_rel=0.0247
scatter   p<=3 ga tau1=65.09227615944313us tau2=-79.40010224875307ns tc=80.07497197408928ns samples=8 r2=1 rse=0.0004338s mean_rel=0.006846 max_rel=0.01239 cv_rel=0.01225
scatter   p>=4 ga tau1=142.30280129000073us tau2=-208.98153111083028ns tc=126.4915592177806ns samples=28 r2=0.9974 rse=0.06825s mean_rel=0.07776 max_rel=0.1668 cv_rel=0.09797
allreduce rd alpha=112.50995546100152us beta=94.62010221613727ns gamma=4.768375364699873e-15s samples=36 r2=0.9883 rse=0.01815s mean_rel=0.1181 max_rel=0.3542 cv_rel=0.141
allgather p<=3 ga tau1=179.89091141372558us tau2=-84.84696695381945ns tc=84.4226985519344ns samples=8 r2=1 rse=0.0001701s mean_rel=0.001153 max_rel=0.003143 cv_rel=0.002382
allgather p>=4 bruck alpha=102.36451042951569us beta=84.57245388682374ns samples=28 r2=1 rse=0.006115s mean_rel=0.01728 max_rel=0.08201 cv_rel=0.03003
