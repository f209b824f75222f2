#!/usr/bin/env bash
# README.md's settings table is ortho-info --settings-markdown, byte for
# byte (run by run_tests.sh as "test_settings_readme: 1"): the table sits
# between the lines <!-- settings:begin --> and <!-- settings:end -->. To
# update it after a change to lib/settings/registry.c:
#     build/bin/ortho-info --settings-markdown
# and paste the output between the two markers.
set -eu
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
cd "$src"
fail() { echo "test_settings_readme: $*" >&2; exit 1; }
[ "$(grep -c '^<!-- settings:begin -->$' README.md)" -eq 1 ] &&
    [ "$(grep -c '^<!-- settings:end -->$' README.md)" -eq 1 ] ||
    fail "README.md needs one <!-- settings:begin --> and one <!-- settings:end --> line each"
table=$(sed -n '/^<!-- settings:begin -->$/,/^<!-- settings:end -->$/p' README.md | sed '1d;$d')
expected=$("$BUILD/bin/ortho-info" --settings-markdown) ||
    fail "ortho-info --settings-markdown failed"
if [ "$table" != "$expected" ]; then
    diff <(printf '%s\n' "$table") <(printf '%s\n' "$expected") | sed 's/^/  /' >&2 || true
    fail "README.md's settings table differs from ortho-info --settings-markdown" \
        "(< README, > ortho-info)"
fi
n=$(printf '%s\n' "$expected" | grep -c '^| `ORTHO_')
echo "README.md's settings table: the registry's $n settings"
