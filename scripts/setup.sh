#!/usr/bin/env bash
# Installs the Debian packages ortho needs, skipping those already present.
# Run as root (or with sudo available). Safe to run again.
set -eu
# clang and libclang-rt-14-dev (libFuzzer's runtime): make fuzz (fuzz/README.md)
PACKAGES=(build-essential make pkg-config mpich libmpich-dev libgsl-dev libcunit1-dev
          libsimgrid-dev gnuplot-nox clang libclang-rt-14-dev valgrind)
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
