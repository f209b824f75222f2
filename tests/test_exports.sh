#!/usr/bin/env bash
# tests/test_exports.sh [NP]: what the shared libraries export (nm -D).
#  - libortho.so: only the functions include/*.h declares (the list is read
#    from the headers now, scripts/public_names.sh), never an ortho__
#    helper; and every declared function the static library defines is
#    exported (the export list hides nothing public).
#  - libortho_mpi.so: only MPI names (MPI_, PMPI_, and the Fortran mpi_ /
#    MPI_ names under Open MPI), the nine interposed collectives among them.
# Both carry a versioned soname (libortho.so.0, libortho_mpi.so.0).
# NP is ignored (run_tests.sh passes one); no MPI process is started.
set -u
. "$(dirname "$0")/../scripts/mpi_env.sh"
lib="$BUILD/lib"
fail=0
bad() {
    echo "test_exports: $*" >&2
    fail=1
}

for so in libortho.so libortho_mpi.so; do
    if [ ! -e "$lib/$so" ]; then
        echo "test_exports: $lib/$so missing (make first)" >&2
        exit 1
    fi
    soname=$(readelf -d "$lib/$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
    [ "$soname" = "$so.0" ] || bad "$so: soname '$soname', expected $so.0"
    [ -e "$lib/$soname" ] || bad "$so: no $lib/$soname link"
done

public=$(scripts/public_names.sh)
[ -n "$public" ] || bad "no public function found in include/*.h"

# Defined dynamic symbols, names only (the last field of nm's lines).
dynamic() { nm -D --defined-only "$1" | awk 'NF >= 2 { print $NF }' | sort -u; }

n=0
while read -r sym; do
    n=$((n + 1))
    case $sym in
    ortho__*) bad "libortho.so exports the internal $sym" ;;
    *) grep -qx -- "$sym" <<<"$public" || bad "libortho.so exports $sym, which include/*.h does not declare" ;;
    esac
done < <(dynamic "$lib/libortho.so")
[ "$n" -gt 0 ] || bad "libortho.so exports nothing"

# Every declared function the archive defines must stay visible.
exported=$(dynamic "$lib/libortho.so")
missing=$(nm --defined-only "$lib/libortho.a" 2>/dev/null | awk '$2 == "T" { print $3 }' |
          sort -u | grep -Fx -f <(echo "$public") | grep -vFx -f <(echo "$exported"))
for sym in $missing; do
    bad "libortho.so hides $sym, declared in include/*.h"
done

m=0
while read -r sym; do
    m=$((m + 1))
    [[ $sym =~ ^(P?MPI_[A-Za-z0-9_]+|p?mpi_[a-z0-9_]+)$ ]] ||
        bad "libortho_mpi.so exports $sym, not an MPI or Fortran interposition name"
done < <(dynamic "$lib/libortho_mpi.so")
mpi_exported=$(dynamic "$lib/libortho_mpi.so")
for op in Bcast Reduce Allreduce Gather Scatter Allgather Allgatherv Gatherv Scatterv; do
    grep -qx "MPI_$op" <<<"$mpi_exported" || bad "libortho_mpi.so does not export MPI_$op"
done

if [ "$fail" -ne 0 ]; then
    exit 1
fi
echo "test_exports: libortho.so exports $n public functions, libortho_mpi.so $m MPI names;" \
     "no ortho__ symbol; sonames libortho.so.0, libortho_mpi.so.0"
