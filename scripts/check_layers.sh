#!/usr/bin/env bash
# The calls between source files, read from a build's object files, and
# their circles (make check-layers).
#
#   BUILD=build scripts/check_layers.sh [--rooms] [--calls] [--root DIR]
#   scripts/check_layers.sh --self-test
#
# Objects: $BUILD/lib/**/*.o, $BUILD/tune, $BUILD/apps/**, $BUILD/fit,
# $BUILD/bench. nm names the global symbols each object defines (functions,
# T; global data, D B R, counts too) and the ones it uses (U). File A calls
# file B when A uses a symbol B defines; a symbol no object defines (MPI,
# libc, GSL) is no call. Static functions are not seen, nor are calls inside
# a file. An object whose source file is gone (a file moved or deleted since
# the build) is left out, with a note.
#
# Groups, each checked on its own: lib/ (every library file, lib/interpose
# included), tune/, fit/, bench/, and each apps/NAME/. A program's symbol is
# looked up in its own group first, then in lib/, as its link does, so two
# programs' cli.c or check.c never meet. A circle is a strongly connected
# component of more than one file; for each call inside it, one symbol
# (the first by name) and how many more.
#
# --rooms: the room order of lib/ (highest first), calls only go down:
#     interpose, dropin, select, algorithms (variants ortho2d orthoNd, one
#     level), grid measure settings (one level), model, candidate, common
# A call from a room to a room above it is an upward call; a folder of lib/
# not in the list is an unknown room (it fails too: place it in ROOMS, just below).
#
# --calls: also list every call between files (A -> B via symbol).
# --root DIR: the source tree (default: the one this script is in); BUILD
# is relative to it.
#
# Prints the circles (and upward calls), then one line
#     layers: N files, M calls between files, K circles[, U upward calls]
# and exits 0 when there is nothing to report, 1 otherwise, 2 when there
# are no objects to read (build first).
#
# --self-test: compiles a few tiny C files with cc (-fPIC -O2) in a
# temporary folder and checks that a clean set passes, that a circle of two
# files, an upward call, an unknown room and a circle inside a program are
# found, and that two programs' files of the same name stay apart.
set -u

ROOMS="interpose:1 dropin:2 select:3 variants:4 ortho2d:4 orthoNd:4 grid:5 measure:5 settings:5 model:6 candidate:7 common:8"

usage() { sed -n '2,/^set -u/{/^#/s/^# \{0,1\}//p}' "$0"; }

rooms=0
calls=0
selftest=0
root=$(cd "$(dirname "$0")/.." && pwd)
while [ $# -gt 0 ]; do
    case $1 in
        --rooms) rooms=1 ;;
        --calls) calls=1 ;;
        --self-test) selftest=1 ;;
        --root) root=$2; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "check_layers.sh: unknown argument '$1' (--help)" >&2; exit 2 ;;
    esac
    shift
done

# ---- the analysis: nm -A -P -g lines in, the report out ------------------
# Input lines: "OBJ: SYMBOL TYPE [VALUE SIZE]". Variables: build (the
# prefix to strip), rooms and calls (0/1), roomlevels ("name:level ...").
read -r -d '' ANALYSE <<'AWK'
function group_of(f,   n, p) {
    n = split(f, p, "/")
    if (p[1] == "apps" && n > 2) return "apps/" p[2]
    return p[1]
}
function room_of(f,   n, p) {
    n = split(f, p, "/")
    return n > 2 ? p[2] : "(lib/ itself)"
}
# Insertion sort of a[1..n] (small arrays; mawk has no asort).
function sort_list(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) {
        t = a[i]
        for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]
        a[j + 1] = t
    }
}
function add_edge(a, b, s) {
    if (a == b) return
    if (!((a, b) in ecount)) {
        ecount[a, b] = 0
        esym[a, b] = s
        nout[a]++
        out[a, nout[a]] = b
        nedges++
    }
    ecount[a, b]++
    if (s < esym[a, b]) esym[a, b] = s
}
function via(a, b,   s, m) {
    s = esym[a, b]
    if (s in isdata) s = s " (data)"
    m = ecount[a, b] - 1
    return s (m > 0 ? " (+" m " more)" : "")
}
# Tarjan's strongly connected components over the edges inside group g.
function strong(v, g,   i, w, n, memb) {
    idx[v] = low[v] = ++counter
    stack[++sp] = v
    onstk[v] = 1
    for (i = 1; i <= nout[v]; i++) {
        w = out[v, i]
        if (grp[w] != g) continue
        if (!(w in idx)) {
            strong(w, g)
            if (low[w] < low[v]) low[v] = low[w]
        } else if (onstk[w] && idx[w] < low[v]) low[v] = idx[w]
    }
    if (low[v] != idx[v]) return
    n = 0
    do { w = stack[sp--]; onstk[w] = 0; memb[++n] = w } while (w != v)
    if (n > 1) report_circle(g, memb, n)
}
function report_circle(g, memb, n,   i, j) {
    ncircles++
    sort_list(memb, n)
    printf "circle %d in %s (%d files):\n", ncircles, g, n
    for (i = 1; i <= n; i++) printf "    %s\n", memb[i]
    for (i = 1; i <= n; i++)
        for (j = 1; j <= n; j++)
            if ((memb[i], memb[j]) in ecount)
                printf "      %s -> %s via %s\n", memb[i], memb[j], via(memb[i], memb[j])
}
BEGIN {
    nrooms = split(roomlevels, rl, " ")
    for (i = 1; i <= nrooms; i++) { split(rl[i], kv, ":"); level[kv[1]] = kv[2] }
}
{
    obj = $1; sub(/:$/, "", obj)
    if (!(obj in src)) {
        f = substr(obj, length(build) + 2); sub(/\.o$/, ".c", f)
        src[obj] = f; grp[f] = group_of(f)
        files[++nfiles] = f
    }
    f = src[obj]; s = $2; t = $3
    if (t == "U" || t == "w" || t == "v") { nuse++; use_f[nuse] = f; use_s[nuse] = s; next }
    if (t == "A" || t == "N") next
    if (t != "T" && t != "W" && t != "i") isdata[s] = 1
    g = grp[f]
    if ((g, s) in def) {
        def[g, s] = def[g, s] SUBSEP f
        if (g == "lib" && !((g, s) in dupnoted)) { dupnoted[g, s] = 1; dups[++ndups] = s }
    } else def[g, s] = f
}
END {
    sort_list(files, nfiles)
    for (u = 1; u <= nuse; u++) {
        f = use_f[u]; s = use_s[u]; g = grp[f]
        if ((g, s) in def) d = def[g, s]
        else if ((("lib"), s) in def) d = def["lib", s]
        else continue
        n = split(d, to, SUBSEP)
        for (i = 1; i <= n; i++) add_edge(f, to[i], s)
    }
    for (i = 1; i <= ndups; i++) {
        printf "note: %s is defined in more than one file of lib/:", dups[i]
        n = split(def["lib", dups[i]], to, SUBSEP)
        for (j = 1; j <= n; j++) printf " %s", to[j]
        printf "\n"
    }
    if (calls)
        for (i = 1; i <= nfiles; i++) {
            a = files[i]; n = 0
            for (j = 1; j <= nout[a]; j++) tgt[++n] = out[a, j]
            sort_list(tgt, n)
            for (j = 1; j <= n; j++) printf "call: %s -> %s via %s\n", a, tgt[j], via(a, tgt[j])
        }
    # Groups in order: lib first, then the programs by name.
    ngroups = 0
    for (i = 1; i <= nfiles; i++) {
        g = grp[files[i]]
        if (!(g in seen)) { seen[g] = 1; if (g != "lib") groups[++ngroups] = g }
    }
    sort_list(groups, ngroups)
    if ("lib" in seen) { for (i = ngroups; i >= 1; i--) groups[i + 1] = groups[i]; groups[1] = "lib"; ngroups++ }
    for (k = 1; k <= ngroups; k++)
        for (i = 1; i <= nfiles; i++)
            if (grp[files[i]] == groups[k] && !(files[i] in idx)) strong(files[i], groups[k])

    nup = 0; nunknown = 0
    if (rooms) {
        for (i = 1; i <= nfiles; i++) {
            a = files[i]
            if (grp[a] != "lib") continue
            ra = room_of(a)
            if (!(ra in level)) {
                if (!(ra in unknown)) { unknown[ra] = 1; nunknown++; printf "unknown room: lib/%s\n", ra }
                printf "    %s\n", a
                continue
            }
            n = 0
            for (j = 1; j <= nout[a]; j++) { b = out[a, j]; if (grp[b] == "lib") tgt[++n] = b }
            sort_list(tgt, n)
            for (j = 1; j <= n; j++) {
                b = tgt[j]; rb = room_of(b)
                if (!(rb in level) || level[rb] >= level[ra]) continue
                nup++
                printf "upward call: %s -> %s via %s (%s -> %s)\n", a, b, via(a, b), ra, rb
            }
        }
    }
    printf "layers: %d files, %d calls between files, %d circles", nfiles, nedges, ncircles
    if (rooms) {
        printf ", %d upward calls", nup
        if (nunknown) printf ", %d unknown rooms", nunknown
    }
    printf "\n"
    exit (ncircles || nup || nunknown) ? 1 : 0
}
AWK

# ---- check one build -------------------------------------------------------
check_build() {
    local b=${BUILD:-build} o s objs=() stale=()
    case $b in /*) ;; *) b=$root/$b ;; esac
    b=${b%/}
    local d
    for d in lib tune apps fit bench; do
        [ -d "$b/$d" ] || continue
        while IFS= read -r o; do
            s=${o#"$b"/}; s=${s%.o}.c
            if [ -f "$root/$s" ]; then objs+=("$o"); else stale+=("$s"); fi
        done < <(find "$b/$d" -name '*.o' | LC_ALL=C sort)
    done
    if [ ${#stale[@]} -gt 0 ]; then
        echo "note: left out ${#stale[@]} objects whose source is gone: ${stale[*]}"
    fi
    if [ ${#objs[@]} -eq 0 ]; then
        echo "check_layers.sh: no objects under $b/{lib,tune,apps,fit,bench} (build first: make BUILD=${BUILD:-build})" >&2
        return 2
    fi
    local nmout
    nmout=$(nm -A -P -g -- "${objs[@]}") || { echo "check_layers.sh: nm failed" >&2; return 2; }
    printf '%s\n' "$nmout" | LC_ALL=C awk -v build="$b" -v rooms="$rooms" \
        -v calls="$calls" -v roomlevels="$ROOMS" "$ANALYSE"
}

# ---- the self-test ---------------------------------------------------------
self_test() {
    local fails=0 out rc
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_layers.XXXXXX") || return 2
    trap 'rm -rf "$tmp"' EXIT
    # put DIR FILE CODE: a source file under $tmp/DIR.
    put() { mkdir -p "$tmp/$1/$(dirname "$2")"; printf '%s\n' "$3" > "$tmp/$1/$2"; }
    build_set() {   # build_set DIR: every .c of $tmp/DIR into $tmp/DIR/build
        local c
        (cd "$tmp/$1" && find . -name '*.c' | while read -r c; do
            c=${c#./}; mkdir -p "build/$(dirname "$c")"
            cc -std=c11 -fPIC -O2 -c "$c" -o "build/${c%.c}.o" || exit 1
        done)
    }
    expect() {      # expect NAME DIR RC SUMMARY [ARGS...]: run and compare
        local name=$1 dir=$2 want_rc=$3 want=$4; shift 4
        out=$(BUILD=build bash "$0" --root "$tmp/$dir" "$@" 2>&1); rc=$?
        if [ "$rc" = "$want_rc" ] && printf '%s\n' "$out" | grep -qxF "$want"; then
            echo "ok: $name"
        else
            echo "FAILED: $name (exit $rc, wanted $want_rc and '$want'):"
            printf '%s\n' "$out" | sed 's/^/    /'
            fails=$((fails + 1))
        fi
    }
    has() {         # has NAME LINE: the last run printed LINE
        if printf '%s\n' "$out" | grep -qF -- "$2"; then echo "ok: $1"
        else echo "FAILED: $1 (no '$2' in:)"; printf '%s\n' "$out" | sed 's/^/    /'; fails=$((fails + 1)); fi
    }

    # clean: every call goes down the rooms; fit/ and bench/ each have a
    # cli.c defining cli_parse, each main.c finds its own.
    put clean lib/common/errors.c 'int ortho__err(int e); int ortho__err(int e) { return e + 1; }'
    put clean lib/candidate/names.c 'int ortho__err(int); int ortho__name(int); int ortho__name(int i) { return ortho__err(i); }'
    put clean lib/model/forms.c 'int ortho__name(int); int ortho__form(int); int ortho__form(int i) { return ortho__name(i) * 2; }'
    put clean lib/grid/grid.c 'int ortho__err(int); int ortho_grid_create(int); int ortho_grid_create(int n) { return ortho__err(n); }'
    put clean lib/ortho2d/bcast.c 'int ortho_grid_create(int); int ortho_2d_bcast(int); int ortho_2d_bcast(int n) { return ortho_grid_create(n); }'
    put clean lib/variants/pipe.c 'int ortho_2d_bcast(int); int ortho__pipe(int); int ortho__pipe(int n) { return ortho_2d_bcast(n) + 1; }'
    put clean lib/select/select.c 'int ortho__pipe(int); int ortho__form(int); int ortho__select(int); int ortho__select(int n) { return ortho__pipe(n) + ortho__form(n); }'
    put clean lib/dropin/ops.c 'int ortho__select(int); int ortho_bcast(int); int ortho_bcast(int n) { return ortho__select(n); }'
    put clean lib/interpose/mpi.c 'int ortho_bcast(int); int MPI_Bcast(int); int MPI_Bcast(int n) { return ortho_bcast(n); }'
    put clean fit/cli.c 'int cli_parse(int); int cli_parse(int n) { return n; }'
    put clean fit/main.c 'int cli_parse(int); int ortho_bcast(int); int main(void) { return cli_parse(1) + ortho_bcast(2); }'
    put clean bench/cli.c 'int cli_parse(int); int cli_parse(int n) { return n * 2; }'
    put clean bench/main.c 'int cli_parse(int); int main(void) { return cli_parse(1); }'
    build_set clean || { echo "FAILED: cc"; return 1; }
    # 9 calls down lib/, fit/main -> fit/cli and lib/dropin, bench/main -> bench/cli
    expect "a clean set passes" clean 0 \
        "layers: 13 files, 12 calls between files, 0 circles, 0 upward calls" --rooms --calls
    has "a program finds its own cli_parse" "call: fit/main.c -> fit/cli.c via cli_parse"
    if printf '%s\n' "$out" | grep -q 'fit/main.c -> bench'; then
        echo "FAILED: fit/ called bench/"; fails=$((fails + 1))
    fi

    # the clean lib/, then a 2-file circle in lib/grid (grid.c <-> nodes.c)
    # and an upward call common -> select, which closes a second circle
    # (common -> select -> model -> candidate -> common).
    mkdir -p "$tmp/bad"; cp -r "$tmp/clean/lib" "$tmp/bad/"
    put bad lib/grid/grid.c 'int ortho__nodes(int); int ortho_grid_create(int); int ortho__leaders(int); int ortho_grid_create(int n) { return ortho__nodes(n); } int ortho__leaders(int n) { return n; }'
    put bad lib/grid/nodes.c 'int ortho__leaders(int); int ortho__nodes(int); int ortho__nodes(int n) { return ortho__leaders(n); }'
    put bad lib/common/errors.c 'int ortho__select(int); int ortho__err(int e); int ortho__err(int e) { return ortho__select(e); }'
    build_set bad || { echo "FAILED: cc"; return 1; }
    expect "circles and an upward call fail with --rooms" bad 1 \
        "layers: 10 files, 11 calls between files, 2 circles, 1 upward calls" --rooms
    has "the 2-file circle is named" "circle 1 in lib (2 files):"
    has "its call has a symbol" "lib/grid/grid.c -> lib/grid/nodes.c via ortho__nodes"
    has "and back" "lib/grid/nodes.c -> lib/grid/grid.c via ortho__leaders"
    has "the 4-file circle is named" "circle 2 in lib (4 files):"
    has "the upward call is named" \
        "upward call: lib/common/errors.c -> lib/select/select.c via ortho__select (common -> select)"
    expect "without --rooms only circles count" bad 1 "layers: 10 files, 11 calls between files, 2 circles"

    # an unknown room, and an object whose source is gone.
    put bad lib/misc/x.c 'int ortho__x(int); int ortho__x(int n) { return n; }'
    put bad lib/extra/y.c 'int ortho__y(int); int ortho__y(int n) { return n; }'
    build_set bad || { echo "FAILED: cc"; return 1; }
    rm "$tmp/bad/lib/misc/x.c"
    expect "an unknown room fails" bad 1 \
        "layers: 11 files, 11 calls between files, 2 circles, 1 upward calls, 1 unknown rooms" --rooms
    has "the unknown room is named" "unknown room: lib/extra"
    has "a stale object is left out" "note: left out 1 objects whose source is gone: lib/misc/x.c"

    # a circle inside apps/jacobi through a global variable; apps/pab has a
    # comm() of its own and stays apart.
    put prog lib/common/errors.c 'int ortho__err(int e); int ortho__err(int e) { return e; }'
    put prog apps/jacobi/main.c 'int iterate(int); int jacobi_n = 3; int main(void) { return iterate(1); }'
    put prog apps/jacobi/iterate.c 'extern int jacobi_n; int ortho__err(int); int comm(int); int iterate(int); int comm(int n) { return n; } int iterate(int n) { return ortho__err(n + jacobi_n); }'
    put prog apps/pab/main.c 'int comm(int); int main(void) { return comm(1); }'
    put prog apps/pab/comm.c 'int comm(int); int comm(int n) { return n; }'
    build_set prog || { echo "FAILED: cc"; return 1; }
    expect "a circle inside apps/jacobi" prog 1 \
        "layers: 5 files, 4 calls between files, 1 circles, 0 upward calls" --rooms --calls
    has "its group is named" "circle 1 in apps/jacobi (2 files):"
    has "a global variable makes a call" "apps/jacobi/iterate.c -> apps/jacobi/main.c via jacobi_n (data)"
    has "apps/pab finds its own comm" "call: apps/pab/main.c -> apps/pab/comm.c via comm"
    if printf '%s\n' "$out" | grep -q 'pab.*jacobi\|jacobi.*pab'; then
        echo "FAILED: apps/pab and apps/jacobi met"; fails=$((fails + 1))
    else echo "ok: apps/pab and apps/jacobi stay apart"; fi

    if [ "$fails" -gt 0 ]; then echo "self-test: $fails FAILED"; return 1; fi
    echo "self-test: all passed"
}

if [ "$selftest" = 1 ]; then self_test; exit $?; fi
check_build
