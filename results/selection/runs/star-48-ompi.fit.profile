ortho-profile 1
# format: docs/profile-format.md
machine SMPI-star-48-ompi
param t_op 1.907350145879949e-14s
param gamma 4.768375364699873e-15s
bcast     p<=12 ga tau1=79.27502661164466us tau2=-53.3628695370935ns tc=68.86589318849938ns samples=24 r2=0.9834 rse=0.03084s mean_rel=0.1262 max_rel=0.5544 cv_rel=0.2122
bcast     p>=13 ga tau1=902.5876783244918us tau2=-59.13713647205466ns tc=15.124457833321925ns samples=12 r2=0.9754 rse=0.03371s mean_rel=0.2746 max_rel=0.6473 cv_rel=0.4109
reduce    p<=6 ga tau1=212.4104544602515us tau2=-19.98705393979011ns tc=47.9378092918853ns samples=16 r2=0.8746 rse=0.04453s mean_rel=0.1259 max_rel=0.3803 cv_rel=0.2071
reduce    p>=7 binomial alpha=99.42441028993433us beta=79.82218722987896ns gamma=4.768375364699873e-15s samples=20 r2=1 rse=0.0004133s mean_rel=0.0243 max_rel=0.1629 cv_rel=0.06056
scatter   binomial alpha=60.701738011726086us beta=84.48680667994243ns samples=36 r2=0.9964 rse=0.04563s mean_rel=0.124 max_rel=0.3856 cv_rel=0.1742
allreduce rd alpha=149.13354185812142us beta=58.6029057365712ns gamma=4.768375364699873e-15s samples=36 r2=0.8916 rse=0.03696s mean_rel=0.2063 max_rel=0.5422 cv_rel=0.2624
allgather rd alpha=108.48144740114842us beta=0.09712597396477426us samples=36 r2=0.9354 rse=0.2357s mean_rel=0.2057 max_rel=0.4108 cv_rel=0.2412
