#!/usr/bin/env bash
# Seals a profile as ortho_model_profile_write does (docs/profile-format.md):
# format version 3, ending with the end line "end lines=N cksum=C" (N lines
# before it, C their checksum as POSIX cksum prints it). For a profile
# edited by hand or put together by a script:
#
#   scripts/profile_seal.sh FILE         in place
#   scripts/profile_seal.sh FILE OUT     to OUT (FILE is left as it is)
#
# The header 'ortho-profile 1' or '2' becomes 'ortho-profile 3' (version 3
# only adds the end line), every end line already there is dropped, and a
# last line without its newline gets one. Nothing else is checked: read the
# result (ortho-predict --profile OUT ...) to see that it is a profile.
# OUT is written under a temporary name in its folder and renamed.
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 FILE [OUT]" >&2
    exit 2
fi
in=$1
out=${2:-$1}
[ -r "$in" ] || { echo "profile_seal: cannot read $in" >&2; exit 1; }
tmp=$(mktemp "$out.tmp.XXXXXX")
trap 'rm -f "$tmp"' EXIT
awk '
    !header && $0 !~ /^[ \t\r]*(#.*)?$/ {
        header = 1
        if ($0 ~ /^[ \t]*ortho-profile[ \t]+[0-9]+[ \t\r]*(#.*)?$/)
            sub(/ortho-profile[ \t]+[0-9]+/, "ortho-profile 3")
    }
    $0 ~ /^[ \t]*end([ \t\r]|$)/ { next }
    { print }
' "$in" >"$tmp"
lines=$(wc -l <"$tmp")
sum=$(cksum <"$tmp" | cut -d' ' -f1)
printf 'end lines=%d cksum=%s\n' "$lines" "$sum" >>"$tmp"
if [ -e "$out" ]; then
    chmod --reference="$out" "$tmp" 2>/dev/null || true
else
    chmod "$(printf '%o' $((0666 & ~$(umask))))" "$tmp"
fi
mv "$tmp" "$out"
trap - EXIT
