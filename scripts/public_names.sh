#!/usr/bin/env bash
# The library's public functions: every ortho_ name that include/*.h
# declares (followed by "(" outside comments), one per line, sorted.
# The linker's export list of libortho.so (make), the export test
# (tests/test_exports.sh) and the man 3 check (make installcheck) all read
# this one list, so a function added to a header is exported and checked
# without a second list to update.
#
#   scripts/public_names.sh [HEADER...]     (default: include/*.h)
set -eu
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
    set -- include/*.h
fi
# Comments out first (doc comments name functions as "f()"), then each
# name that a "(" follows; ortho__ names are private by the naming rule.
perl -0777 -ne 's{/\*.*?\*/}{ }gs; s{//[^\n]*}{}g; print' "$@" |
    grep -oE '\bortho_[A-Za-z0-9_]+[[:space:]]*\(' |
    sed -E 's/[[:space:]]*\($//' | grep -v '^ortho__' | sort -u
