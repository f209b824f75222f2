ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-96-ompi
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
bcast     p<=12 log tau=-1.6740191691512158ns tc=3.699298117286398ns samples=24 r2=0.8893 rse=0.00163s mean_rel=0.2269 max_rel=0.6854 cv_rel=0.3167
bcast     p>=13 log tau=-7.536005968166027ns tc=3.237624562897058e-09s samples=20 r2=0.9852 rse=0.0005203s mean_rel=0.1849 max_rel=0.4864 cv_rel=0.2555
reduce    binomial alpha=2.6248189044449943us beta=1.5872696805545206ns gamma=4.76837155305161e-15s samples=44 r2=0.9577 rse=0.0007074s mean_rel=0.1037 max_rel=0.7364 cv_rel=0.1888
scatter   ga tau1=4.362699389741455us tau2=5.674760469002008e-11s tc=0.9146930783567133ns samples=44 r2=0.9702 rse=0.002634s mean_rel=0.2754 max_rel=0.6305 cv_rel=0.345
allreduce rd alpha=3.979039551844478us beta=1.3747942888941649ns gamma=4.76837155305161e-15s samples=44 r2=0.8711 rse=0.0009785s mean_rel=0.2236 max_rel=0.5676 cv_rel=0.2805
allgather rd alpha=2.416868902802977us beta=2.596330198625441ns samples=44 r2=0.8351 rse=0.02954s mean_rel=0.2729 max_rel=0.6058 cv_rel=0.328
