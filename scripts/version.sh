#!/usr/bin/env bash
# Prints the library's version, MAJOR.MINOR.PATCH, from include/ortho.h's
# ORTHO_VERSION_* lines (its one home): the Makefile's VERSION and the tests
# that compare a program's --version read it here.
sed -n 's/^#define ORTHO_VERSION_\(MAJOR\|MINOR\|PATCH\) //p' \
    "$(dirname "$0")/../include/ortho.h" | paste -sd.
