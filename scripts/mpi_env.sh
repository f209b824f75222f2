# Sourced by every script that compiles or runs MPI programs: the commands
# of the MPI chosen, by Debian's names, never the system's mpicc / mpiexec
# alternatives.
#
#   MPI       mpich (the default) or openmpi; `make MPI=...` exports it (and
#             MPICC, MPIEXEC, MPIF90). Unset, with BUILD set: the MPI that
#             make recorded in $BUILD/mpi.
#   BUILD     unset: build (MPICH), build-openmpi (Open MPI)
#   MPICC, MPIEXEC, MPIF90
#             unset: mpicc.$MPI, mpiexec.$MPI, mpif90.$MPI. MPIEXEC may hold
#             options ("mpiexec.openmpi --bind-to none").
#
# Sets the array `mpiexec` (the words of MPIEXEC): run programs as
#   "${mpiexec[@]}" -n NP PROGRAM ARGS...
# Under Open MPI it exports Open MPI's documented variables for what the
# tests need: more processes than cores (OMPI_MCA_rmaps_base_oversubscribe=1,
# as --oversubscribe) and, when run as root (CI containers),
# OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 (as
# --allow-run-as-root). A value already set is kept.
if [ -z "${MPI:-}" ]; then
    if [ -n "${BUILD:-}" ] && [ -f "$BUILD/mpi" ]; then
        MPI=$(cat "$BUILD/mpi")
    else
        MPI=mpich
    fi
fi
case $MPI in
mpich) BUILD=${BUILD:-build} ;;
openmpi) BUILD=${BUILD:-build-openmpi} ;;
*)
    echo "mpi_env.sh: MPI=$MPI: mpich or openmpi" >&2
    exit 2
    ;;
esac
MPICC=${MPICC:-mpicc.$MPI}
MPIEXEC=${MPIEXEC:-mpiexec.$MPI}
MPIF90=${MPIF90:-mpif90.$MPI}
read -r -a mpiexec <<<"$MPIEXEC"
if [ "$MPI" = openmpi ]; then
    export OMPI_MCA_rmaps_base_oversubscribe=${OMPI_MCA_rmaps_base_oversubscribe:-1}
    if [ "$(id -u)" -eq 0 ]; then
        export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1}
        export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
    fi
fi
export MPI BUILD MPICC MPIEXEC MPIF90
