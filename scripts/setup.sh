#!/usr/bin/env bash
# Installs the Debian packages ortho needs, skipping those already present.
# Run as root (or with sudo available). Safe to run again.
#
# Both MPIs: MPICH (make, make MPI=mpich) and Open MPI (make MPI=openmpi),
# each with its Fortran wrapper (mpif90.mpich, mpif90.openmpi: gfortran) for
# the Fortran interposition test. The build and the scripts call each MPI
# by its own names (mpicc.mpich, mpiexec.openmpi, ...), never through the
# mpicc / mpiexec alternatives; installing Open MPI may switch those to it
# (its priority is higher), so they are set back to MPICH afterwards, as
# other tools on the machine expect.
set -eu
# clang and libclang-rt-14-dev (libFuzzer's runtime): make fuzz (fuzz/README.md)
# doxygen: make doc and the man 3 pages of make install; man-db (with groff):
# make installcheck renders the installed man pages
PACKAGES=(build-essential make pkg-config mpich libmpich-dev openmpi-bin libopenmpi-dev
          gfortran libgsl-dev libcunit1-dev libsimgrid-dev gnuplot-nox clang
          libclang-rt-14-dev valgrind doxygen man-db)
missing=()
for pkg in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: all packages present"
    exit 0
fi
SUDO=
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
fi
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
# the alternatives back on MPICH (mpicc, mpiexec, mpirun, ... follow these two)
if [ -e /usr/bin/mpicc.mpich ]; then
    $SUDO update-alternatives --set mpi /usr/bin/mpicc.mpich
fi
if [ -e /usr/bin/mpirun.mpich ]; then
    $SUDO update-alternatives --set mpirun /usr/bin/mpirun.mpich
fi
