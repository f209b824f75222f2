ortho-profile 1
# format: docs/profile-format.md
machine SMPI-torus-48-ompi
param t_op 1.907348621220644e-14s
param gamma 4.76837155305161e-15s
bcast     p<=12 binomial alpha=0.377739313371205us beta=2.4020442887801745ns samples=24 r2=0.7927 rse=0.00223s mean_rel=0.2312 max_rel=0.4917 cv_rel=0.2986
bcast     p>=13 log tau=-8.596539190037964ns tc=3.4578341564783672ns samples=12 r2=0.9658 rse=0.0006491s mean_rel=0.2169 max_rel=0.4936 cv_rel=0.2749
reduce    binomial alpha=2.5718942187001206us beta=1.5690964091553445ns gamma=4.76837155305161e-15s samples=36 r2=0.9342 rse=0.0007923s mean_rel=0.1229 max_rel=0.7166 cv_rel=0.2119
scatter   ga tau1=4144.41951247929ns tau2=-0.18804224851085155ns tc=0.991001459803499ns samples=36 r2=0.9094 rse=0.002716s mean_rel=0.2902 max_rel=0.5538 cv_rel=0.3476
allreduce p<=6 rd alpha=2.967718350118805us beta=2.016971662115273ns gamma=4.76837155305161e-15s samples=16 r2=0.945 rse=0.0005793s mean_rel=0.1499 max_rel=0.3167 cv_rel=0.1787
allreduce p>=7 rd alpha=3.836285708250671us beta=1.3443519539816111ns gamma=4.76837155305161e-15s samples=20 r2=0.9551 rse=0.0006399s mean_rel=0.1208 max_rel=0.3232 cv_rel=0.1605
allgather p<=3 ga tau1=2.859018567292582us tau2=-20.415968026246624ns tc=11.084447682867708ns samples=8 r2=0.9991 rse=0.0001675s mean_rel=0.04038 max_rel=0.1223 cv_rel=0.1079
allgather p>=4 rd alpha=1.8332101981407571us beta=2.91084043985145ns samples=28 r2=0.9356 rse=0.009574s mean_rel=0.2035 max_rel=0.5913 cv_rel=0.2838
