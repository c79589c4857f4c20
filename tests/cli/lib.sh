# lib.sh - sourced by the CLI tests in tests/cli (POSIX sh + bash-isms
# avoided where cheap; the scripts run under /bin/sh or bash).
#
# Finds the programs, makes a temporary directory that is removed on exit,
# and gives the helpers the scripts share. Exit codes follow automake:
# 0 pass, 1 fail, 77 skip (only when a check is truly impossible here),
# 99 hard error (the programs under test are missing).
#
# Environment (make check sets all three; manual runs fall back to the
# in-tree build/ directory):
#   GFFTPIPE      the binary under test
#   TOP_SRCDIR    the source tree (inputs are read from here only)
#   TOP_BUILDDIR  the build tree (tests/cli/refdft lives there)
# Set KEEP=1 to keep the temporary directory for a post-mortem.

LC_ALL=C
export LC_ALL

_here=$(cd "$(dirname "$0")" && pwd)
: "${TOP_SRCDIR:=$(cd "$_here/../.." && pwd)}"
: "${TOP_BUILDDIR:=$TOP_SRCDIR/build}"
: "${GFFTPIPE:=$_here/../../build/src/gfftpipe}"
REFDFT=${REFDFT:-$TOP_BUILDDIR/tests/cli/refdft}
TEST_NAME=$(basename "$0" .sh)
# The scripts cd into their temporary directory: make every path absolute.
_abs() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
TOP_SRCDIR=$(_abs "$TOP_SRCDIR")
TOP_BUILDDIR=$(_abs "$TOP_BUILDDIR")
GFFTPIPE=$(_abs "$GFFTPIPE")
REFDFT=$(_abs "$REFDFT")

if [ ! -x "$GFFTPIPE" ]; then
    echo "$TEST_NAME: gfftpipe not found at '$GFFTPIPE' (build it, or set GFFTPIPE)" >&2
    exit 99
fi
if [ ! -x "$REFDFT" ]; then
    echo "$TEST_NAME: refdft not found at '$REFDFT' (make tests/cli/refdft, or set TOP_BUILDDIR)" >&2
    exit 99
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/gfp-$TEST_NAME.XXXXXX") || exit 99
_cleanup() {
    if [ "${KEEP:-0}" = 1 ]; then
        echo "$TEST_NAME: kept $T" >&2
    else
        rm -rf "$T"
    fi
}
trap _cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# FFTW wisdom shared by this script's runs: plans are made once (fast), and
# two runs of the same problem use the same plan, so their outputs can be
# compared byte for byte. Never let two gfftpipe processes that run at the
# same time share one wisdom file (each rewrites it at exit).
W=$T/wisdom

FAILS=0
CHECKS=0

say() { printf '%s\n' "$*"; }
ok() { CHECKS=$((CHECKS + 1)); say "ok - $*"; }
fail() {
    CHECKS=$((CHECKS + 1))
    FAILS=$((FAILS + 1))
    say "FAIL - $*"
}
# check DESCRIPTION cmd...: ok when cmd succeeds.
check() {
    _d=$1
    shift
    if "$@"; then ok "$_d"; else fail "$_d"; fi
}
# each 'CMD' 'CMD' ...: true when every command (a string, evaluated in
# this shell) succeeds, for a check of several conditions:
#   check "exit 0 and a note" each '[ "$RC" -eq 0 ]' 'grep -q note "$T/stderr"'
# (`check "d" [ a ] && b` would check only [ a ]: the shell takes the &&.)
each() {
    for _c in "$@"; do
        eval "$_c" || return 1
    done
    return 0
}
# Ends the script: 1 when anything failed.
finish() {
    say "$TEST_NAME: $CHECKS checks, $FAILS failed"
    [ "$FAILS" -eq 0 ] && exit 0
    exit 1
}
skip_all() {
    say "SKIP: $*"
    exit 77
}

# g SUB ARGS...: gfftpipe on the CPU engine with this script's wisdom.
g() {
    _sub=$1
    shift
    "$GFFTPIPE" "$_sub" --engine cpu --wisdom "$W" "$@"
}
refdft() { "$REFDFT" "$@"; }

# run CMD...: runs CMD with stdout in $T/stdout and stderr in $T/stderr
# (stdin as the caller redirects it); sets RC.
run() {
    "$@" >"$T/stdout" 2>"$T/stderr"
    RC=$?
}
show_stderr() {
    if [ -s "$T/stderr" ]; then
        sed 's/^/    stderr: /' "$T/stderr" | head -n 5
    fi
}

# expect_exit CODE CMD...: runs CMD (see run) and checks its exit status.
# Returns non-zero (after reporting) on a mismatch.
expect_exit() {
    _want=$1
    shift
    run "$@"
    if [ "$RC" -ne "$_want" ]; then
        say "    exit status $RC, expected $_want: $*"
        show_stderr
        return 1
    fi
    return 0
}

# expect_stderr_one_line [ERE]: $T/stderr is exactly one line of the form
# "gfftpipe: ...", matching ERE when given.
expect_stderr_one_line() {
    _n=$(wc -l <"$T/stderr" | tr -d ' ')
    if [ "$_n" -ne 1 ] || [ "$(tail -c 1 "$T/stderr" | od -An -c | tr -d ' ')" != '\n' ]; then
        say "    expected one line on stderr, got $_n:"
        show_stderr
        return 1
    fi
    if ! grep -q '^gfftpipe: ' "$T/stderr"; then
        say "    stderr line does not start with 'gfftpipe: '"
        show_stderr
        return 1
    fi
    if [ $# -gt 0 ] && ! grep -Eq -- "$1" "$T/stderr"; then
        say "    stderr does not match /$1/:"
        show_stderr
        return 1
    fi
    return 0
}

# expect_rc_line CODE [ERE]: the last run exited CODE with one line (matching
# ERE) on stderr.
expect_rc_line() {
    if [ "$RC" -ne "$1" ]; then
        say "    exit status $RC, expected $1"
        show_stderr
        return 1
    fi
    shift
    expect_stderr_one_line "$@"
}

# expect_usage_error [ERE]: exit status was 1, stdout empty, stderr is the
# message line (matching ERE) and at most a "Try ..." line.
expect_usage_error() {
    if [ "$RC" -ne 1 ]; then
        say "    exit status $RC, expected 1 (usage error)"
        show_stderr
        return 1
    fi
    if [ -s "$T/stdout" ]; then
        say "    stdout is not empty after a usage error"
        return 1
    fi
    _n=$(wc -l <"$T/stderr" | tr -d ' ')
    if [ "$_n" -lt 1 ] || [ "$_n" -gt 2 ] ||
       ! head -n 1 "$T/stderr" | grep -q '^gfftpipe: ' ||
       { [ "$_n" -eq 2 ] && ! tail -n 1 "$T/stderr" | grep -q '^Try '; }; then
        say "    usage error message is not one line (+ a 'Try' line):"
        show_stderr
        return 1
    fi
    if [ $# -gt 0 ] && ! head -n 1 "$T/stderr" | grep -Eq -- "$1"; then
        say "    stderr does not match /$1/:"
        show_stderr
        return 1
    fi
    return 0
}

expect_stderr_empty() {
    if [ -s "$T/stderr" ]; then
        say "    stderr is not empty:"
        show_stderr
        return 1
    fi
}
expect_stdout_empty() {
    if [ -s "$T/stdout" ]; then
        say "    stdout is not empty ($(wc -c <"$T/stdout" | tr -d ' ') bytes)"
        return 1
    fi
}

# size FILE: bytes in FILE.
size() { wc -c <"$1" | tr -d ' '; }

# expect_size FILE BYTES
expect_size() {
    _s=$(size "$1")
    if [ "$_s" -ne "$2" ]; then
        say "    $1 has $_s bytes, expected $2"
        return 1
    fi
}

# expect_same A B: byte-identical files.
expect_same() {
    if ! cmp -s "$1" "$2"; then
        say "    $1 and $2 differ ($(size "$1") and $(size "$2") bytes)"
        return 1
    fi
}

# no_temp_files DIR: gfftpipe left no .NAME.gfp-XXXXXX behind in DIR.
no_temp_files() {
    _left=$(find "$1" -maxdepth 1 -name '.*.gfp-*' | head -n 3)
    if [ -n "$_left" ]; then
        say "    temporary files left behind: $_left"
        return 1
    fi
}

# hexbytes FILE: the bytes of FILE as hex, one per line.
hexbytes() { od -An -v -tx1 "$1" | tr -s ' \t' '\n' | sed '/^$/d'; }

# with_timeout SECS CMD...: CMD killed after SECS (exit 124), if the
# system has timeout(1); without it the command just runs.
if command -v timeout >/dev/null 2>&1; then
    with_timeout() {
        _t=$1
        shift
        timeout -k 2 "$_t" "$@"
    }
    HAVE_TIMEOUT=1
else
    with_timeout() {
        shift
        "$@"
    }
    HAVE_TIMEOUT=0
fi

# common_longopts: the long options every stage shares, from
# GFP_COMMON_LONGOPTS in src/gfp.h.
common_longopts() {
    awk '/^#define GFP_COMMON_LONGOPTS/ { on = 1 }
         on { print; if ($0 !~ /\\$/) exit }' "$TOP_SRCDIR/src/gfp.h" |
        grep -o '{"[a-z0-9-]*"' | tr -d '{"'
}
# stage_name FILE: the subcommand a filters/*.c file defines.
stage_name() {
    sed -n 's/^ *\.name = "\([a-z0-9-]*\)".*/\1/p' "$1" | head -n 1
}
# stage_longopts FILE: the long option names in FILE's longopts array, with
# GFP_COMMON_LONGOPTS expanded.
stage_longopts() {
    _block=$(awk '/longopts\[\] *= *\{/ { on = 1 }
                  on { print }
                  on && /\{0, *0, *0, *0\}/ { exit }' "$1")
    printf '%s\n' "$_block" | grep -o '{"[a-z0-9-]*"' | tr -d '{"'
    if printf '%s\n' "$_block" | grep -q GFP_COMMON_LONGOPTS; then
        common_longopts
    fi
}

say "$TEST_NAME: gfftpipe=$GFFTPIPE refdft=$REFDFT tmp=$T"
