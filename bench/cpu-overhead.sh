#!/bin/sh
# cpu-overhead.sh - what gfftpipe's pipeline costs over bare FFTW.
#
# Times `gfftpipe fft --n 4096 --engine cpu` (cf32 in, cf32 out, to
# /dev/null) over a 1 GiB file against bench/fftw_min, a minimal C program
# that reads the same file in chunks, runs the same batched FFTW plan
# (fftwf_plan_many_dft with the batch gfftpipe's CPU engine uses: about
# 4 MiB of input + output per batch, see gfp_pipeline_batch in
# src/pipeline.c) and writes to /dev/null. Both run in this one script, on
# the same cached file, alternately, in two pairings:
#   default  gfftpipe as is (FFTW_ESTIMATE plans)  vs  fftw_min (ESTIMATE)
#   measure  gfftpipe --wisdom NEWFILE (FFTW_MEASURE, planned in every run)
#            vs  fftw_min --measure
# It prints every wall time, the best and the median of each and their
# ratios (target: gfftpipe / fftw_min <= 1.10; on a busy machine trust the
# best times, which noise can only lengthen).
# A benchmark, not a test: make check never runs it.
#
# Environment:
#   BUILDDIR          build tree (default: <source>/build); gfftpipe is
#                     $BUILDDIR/src/gfftpipe, fftw_min is built (with cc)
#                     as $BUILDDIR/bench/fftw_min when missing or stale
#   GFFTPIPE          the binary to time (default $BUILDDIR/src/gfftpipe)
#   FFTW_MIN          a prebuilt fftw_min to use as it is
#   GFP_BENCH_BYTES   input size (default 1073741824 = 1 GiB)
#   GFP_BENCH_N       FFT length (default 4096)
#   GFP_BENCH_REPS    runs of each program in each pairing (default 5)
#   GFP_BENCH_MODES   pairings to run (default "default measure")
#   GFP_BENCH_DIR     where the input goes (default /dev/shm when it has
#                     room, else /tmp)
#   GFP_BENCH_KEEP=1  keep the input file
set -eu

SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
BUILDDIR=${BUILDDIR:-$SRCDIR/build}
GFFTPIPE=${GFFTPIPE:-$BUILDDIR/src/gfftpipe}
BYTES=${GFP_BENCH_BYTES:-1073741824}
N=${GFP_BENCH_N:-4096}
REPS=${GFP_BENCH_REPS:-5}
MODES=${GFP_BENCH_MODES:-default measure}

[ -x "$GFFTPIPE" ] || { echo "cpu-overhead: no gfftpipe at $GFFTPIPE (build it, or set BUILDDIR/GFFTPIPE)" >&2; exit 1; }

# ---- fftw_min -----------------------------------------------------------------
MIN=${FFTW_MIN:-$BUILDDIR/bench/fftw_min}
if [ -z "${FFTW_MIN:-}" ] &&
   { [ ! -x "$MIN" ] || [ "$SRCDIR/bench/fftw_min.c" -nt "$MIN" ]; }; then
    mkdir -p "$BUILDDIR/bench"
    flags=$(pkg-config --cflags --libs fftw3f 2>/dev/null || echo -lfftw3f)
    # shellcheck disable=SC2086
    ${CC:-cc} -O2 -std=c11 -o "$MIN" "$SRCDIR/bench/fftw_min.c" $flags -lm
    echo "cpu-overhead: built $MIN"
fi

# ---- the input ------------------------------------------------------------------
need_kb=$((BYTES / 1024 + 1024))
if [ -z "${GFP_BENCH_DIR:-}" ]; then
    GFP_BENCH_DIR=/tmp
    if [ -d /dev/shm ] && [ -w /dev/shm ]; then
        avail=$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')
        [ "${avail:-0}" -gt "$need_kb" ] && GFP_BENCH_DIR=/dev/shm
    fi
fi
IN=$(mktemp "$GFP_BENCH_DIR/gfp-bench.XXXXXX")
trap 'rm -f "$IN.err" "$IN.times" "$IN.wisdom"; [ "${GFP_BENCH_KEEP:-0}" = 1 ] || rm -f "$IN"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
"$MIN" --gen "$BYTES" "$IN"
cat "$IN" >/dev/null   # in the page cache for both programs

# The batch gfftpipe's CPU engine uses: 4 MiB over (2N in + 2N out) floats
# per frame (gfp_pipeline_batch with its 4 MiB CPU target).
BATCH=$((4194304 / ((2 * N + 2 * N) * 4)))
[ "$BATCH" -ge 1 ] || BATCH=1

# Same job, same bytes out: check on a small prefix before timing.
PRE=$IN.prefix
head -c $((8 * N * 3 + 40)) "$IN" >"$PRE"
a=$("$MIN" --n "$N" --batch "$BATCH" "$PRE" 2>/dev/null | wc -c)
b=$("$GFFTPIPE" fft --n "$N" --engine cpu -q "$PRE" | wc -c)
rm -f "$PRE"
if [ "$a" -ne "$b" ]; then
    echo "cpu-overhead: fftw_min writes $a bytes, gfftpipe $b, for the same input" >&2
    exit 1
fi

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

echo "cpu-overhead: $(nproc 2>/dev/null || echo '?') CPUs," \
     "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)"
echo "cpu-overhead: input $BYTES bytes of cf32 in $GFP_BENCH_DIR; N = $N;" \
     "batch $BATCH frames ($((BATCH * N * 8)) bytes in per batch); $REPS runs each"
echo "cpu-overhead: gfftpipe = $GFFTPIPE"
stat() { # FILE COLUMN: "best median"
    awk -v c="$2" '{ print $c }' "$1" | sort -n |
        awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                                  print v[1], m }'
}
for mode in $MODES; do
    case $mode in
    default) mflag= ;;
    measure) mflag=--measure ;;
    *) echo "cpu-overhead: unknown mode '$mode'" >&2; exit 1 ;;
    esac
    echo "== $mode: gfftpipe fft --n $N --engine cpu -q${mflag:+ --wisdom NEWFILE}" \
         "vs fftw_min${mflag:+ $mflag}"
    : >"$IN.times"
    r=1
    while [ "$r" -le "$REPS" ]; do
        rm -f "$IN.wisdom"
        t0=$(now)
        "$MIN" --n "$N" --batch "$BATCH" $mflag "$IN" >/dev/null 2>"$IN.err" ||
            { cat "$IN.err" >&2; exit 1; }
        t1=$(now)
        if [ -n "$mflag" ]; then
            "$GFFTPIPE" fft --n "$N" --engine cpu -q --wisdom "$IN.wisdom" "$IN" >/dev/null
        else
            "$GFFTPIPE" fft --n "$N" --engine cpu -q "$IN" >/dev/null
        fi
        t2=$(now)
        tm=$(elapsed "$t0" "$t1")
        tg=$(elapsed "$t1" "$t2")
        echo "run $r: fftw_min $tm s ($(sed 's/^fftw_min: //' "$IN.err")), gfftpipe $tg s"
        echo "$tm $tg" >>"$IN.times"
        r=$((r + 1))
    done
    set -- $(stat "$IN.times" 1) $(stat "$IN.times" 2)
    awk -v mb="$1" -v mm="$2" -v gb="$3" -v gm="$4" -v bytes="$BYTES" -v mode="$mode" 'BEGIN {
        printf "%s: fftw_min  best %.3f s (%.0f MB/s), median %.3f s\n", mode, mb, bytes / mb / 1e6, mm
        printf "%s: gfftpipe  best %.3f s (%.0f MB/s), median %.3f s\n", mode, gb, bytes / gb / 1e6, gm
        printf "%s: ratio gfftpipe / fftw_min: best %.3f, median %.3f (target <= 1.10)\n", mode, gb / mb, gm / mm
    }'
done
rm -f "$IN.err" "$IN.times" "$IN.wisdom"
