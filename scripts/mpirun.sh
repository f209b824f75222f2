#!/usr/bin/env bash
# Runs the chosen MPI's mpiexec (MPI=mpich or openmpi, as make chose it;
# scripts/mpi_env.sh), with Open MPI's settings for more processes than
# cores and for root:
#   MPI=openmpi scripts/mpirun.sh -n 4 build-openmpi/bin/ortho-jacobi --check
set -eu
. "$(dirname "$0")/mpi_env.sh"
exec "${mpiexec[@]}" "$@"
