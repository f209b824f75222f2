ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-96-mpich
param t_op 1.9073487906272335e-14s
param gamma 4.768371976568084e-15s
bcast     binomial alpha=1.7588641610819684us beta=1.8297717981343065e-09s samples=44 r2=0.9518 rse=0.0007801s mean_rel=0.1433 max_rel=0.4846 cv_rel=0.1831
reduce    p<=3 ga tau1=2.5963238091890277us tau2=-4.98627442048622ns tc=3.3728070457860717ns samples=8 r2=0.9998 rse=2.971e-05s mean_rel=0.03909 max_rel=0.0886 cv_rel=0.07954
reduce    p>=4 rabenseifner alpha=1.4186397460403954us beta=2.3529156871942414ns gamma=4.768371976568084e-15s samples=36 r2=0.9664 rse=0.0003809s mean_rel=0.1406 max_rel=0.4284 cv_rel=0.1711
gather    ga tau1=3362.710546182454ns tau2=-1.7876030105188323ns tc=1.7599094133146145ns samples=44 r2=0.9955 rse=0.001983s mean_rel=0.07874 max_rel=0.3055 cv_rel=0.114
scatter   ga tau1=2817.770268626523ns tau2=-2.904548513836942ns tc=2.323653449504239ns samples=44 r2=0.9541 rse=0.01096s mean_rel=0.1404 max_rel=0.6255 cv_rel=0.2008
allreduce b<=1K rd alpha=2.6600660260234936us beta=2.597720728538568ns gamma=4.768371976568084e-15s samples=11 r2=0.9502 rse=2.517e-06s mean_rel=0.0971 max_rel=0.2171 cv_rel=0.1145
allreduce b>1K logm1 tau=1.9007226350716704ns tc=3.1046544231307256ns samples=33 r2=0.9874 rse=0.0007093s mean_rel=0.07948 max_rel=0.1675 cv_rel=0.09611
allgather rd alpha=2.370384838826725us beta=2.7792396108580073ns samples=44 r2=0.8757 rse=0.0254s mean_rel=0.1992 max_rel=0.6197 cv_rel=0.2598
