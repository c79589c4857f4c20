#!/bin/bash
# hybrid-sweep.sh - the hybrid engine against CPU-only and GPU-only, and the
# performance model against measurements (issue 7's done-when; seed 001).
#
#   bench/hybrid-sweep.sh            (from the repository root, after make
#                                     check has built build/tests/cli/fft2ref)
#
# 1. `gfftpipe calibrate` (small sizes, at most 4 Mi values, the GPU's
#    copies alone over two 256 MiB pinned arrays, and one split pass of
#    2048x2048 alone and at once for the beside factors) into a
#    model file of its own (GFFTPIPE_MODEL; the user's cache is not
#    touched), with the FFTW wisdom file the timed runs use.
# 2. Correctness first: fft2 C2C and R2C through gpu and hybrid (model r and
#    r = 0.5), out of core (--gpu-mem far below the array), against the CPU
#    engine (relative L2, f32: 1e-5). Stops on a failure.
# 3. For each size WxH in SIZES (default 8192x8192 16384x16384 8192x32768:
#    cf32, 16x, 64x and 64x the largest calibration run; 8192x8192 is the
#    16x problem of the done-when) with --gpu-mem a quarter of the array
#    (out of core): --engine cpu, gpu and hybrid (the model's r of each
#    direction: the rows' pass and the columns'), then the sweeps: the
#    hybrid with the rows' r on the STEP grid around the model's (RSPAN;
#    or RMIN .. RMAX) and the columns' at the model's (--ratio R,C), then
#    the columns' r swept with the rows' at the model's, each sweep
#    ROUNDS times, a point's time the median of its rounds. Every run is one
#    process with --repeat REPS: the median of REPS transforms of the
#    loaded plane (fft2 -v's "transforms": the two passes with their
#    transposes; no I/O, no planning, no allocation). Beside them, two A/B
#    runs for bench/NOTES.md's byte counts: the GPU with two batches in
#    flight (GFP_FFT2_GPU_SLOTS=2; default three), the GPU with huge
#    pages on its pinned arrays (GFP_THP=1: transparent huge pages where
#    the machine gives them; default 4 KiB pages), and the CPU engine's
#    blocked pass with plain stores (GFP_CPU_NO_NT=1; default streaming
#    stores) and its old transposed pass (GFP_CPU_UNFUSED=1: FFTW's
#    threaded batch, then a transpose from a batch-sized buffer).
# 4. A table: CPU, GPU, hybrid at the model's r, the speedup over the
#    faster of CPU and GPU (target >= 1.15), the model's r and the sweeps'
#    best r, rows and columns (target |dr| <= 0.05: dr the larger of the
#    two directions' differences), the knot of a V fitted near each
#    sweep's fastest point (r_fit, dr_fit), where each direction's CPU
#    and GPU parts cross (r_x, dr_x: least-squares lines of the split
#    passes' parts that fft2 -v prints, over the sweep; the runs' totals
#    are rough where the CPU part moves from one process to the next, the
#    lines much less), the predicted and measured hybrid time
#    (target within 15%, for the 16x problem at least), and the model's
#    times of the CPU and the GPU alone, and the error of the latter
#    (gerr%: the model's GPU alone against the measured; the copies' rate
#    is what v3 of the model changed).
#
# Wall time on the H100 machine (16 threads): about 1.5 s a run at
# 8192x8192 and 4-6 s at 2 GiB (reading the input, pinning 4 GiB, writing
# the output dominate), 45 runs a size with the defaults (two sweeps of 7
# points, 3 rounds each; 49 with the A/B runs, on the first size): ~9 min
# for the three sizes, plus ~20 s of calibrate and checks (stop 49, call
# 4: the columns' sweep alone, 7 points in 3 rounds, ~100 s at each 2 GiB
# size and 36 s at 8192^2). A point's rounds agreed within 3 % where
# single runs had been 11 % apart (bench/NOTES.md, stop 49).
#
# Environment: GFFTPIPE (default build/src/gfftpipe), F2REF (default
# build/tests/cli/fft2ref), THREADS (default: all cores), HTHREADS (the
# threads of calibrate and the hybrid runs; default THREADS), SIZES, STEP
# (default 0.05), RSPAN (default 0.15: each direction's sweep covers
# the points of the STEP grid within RSPAN of the model's r, nearest grid
# point at the centre; 0: from RMIN to RMAX), RMIN (default 0.3; it was
# 0.5 while the CPU part ran 3-5x slower than the GPU's, but on the H100
# machine of stop 44 the CPU alone was as fast as the GPU alone out of
# core, and two sizes' best r was 0.5, the sweeps' first point; 0 sweeps
# all), RMAX (default 1: the
# sweeps' last r), DEADLINE (default 0, none: seconds from the start
# after which no sweep point and no size begins, and each row is written
# from what ran, "-" for a sweep with no point; a device call's limit
# then cuts no row short), REPS (default 3), WISDOM
# (default build/hybrid-sweep.wisdom), ROUNDS (default 3: how many
# times each sweep runs its points, in turn up and down; a point's time
# is the median of its runs, each a process of its own, whose CPU part
# moves from one process to the next), DIRS (default "rows cols": the
# directions whose r is swept; the table's r_best, r_fit and r_x are "-"
# for one not swept, and dr with them), AB (default first: the A/B runs on
# the first size only; 1 on every size, 0 none), ALT_CAL (other
# calibrations to set beside the default's: words NAME:VAR=VALUE or
# NAME:--OPTION=VALUE, each a calibrate with VAR set or with that option
# (e.g. gm16:--gpu-mem=16Mi) into a model file of its own, and at every size
# one hybrid run with that model: its r, its predicted and measured time
# in sweep.log's "alt" lines, for dr against the same sweeps; default
# none), OUT (logs and the table are written there when set).
set -u
GFP=${GFFTPIPE:-build/src/gfftpipe}
REF=${F2REF:-build/tests/cli/fft2ref}
THREADS=${THREADS:-$(nproc)}
HTHREADS=${HTHREADS:-$THREADS}
SIZES=${SIZES:-"8192x8192 16384x16384 8192x32768"}
STEP=${STEP:-0.05}
RMIN=${RMIN:-0.3}
RMAX=${RMAX:-1}
DEADLINE=${DEADLINE:-0}
T_START=$(date +%s)
# past: DEADLINE seconds (0: none) gone since the start
past() { [ "$DEADLINE" -gt 0 ] && [ $(( $(date +%s) - T_START )) -ge "$DEADLINE" ]; }
REPS=${REPS:-3}
ROUNDS=${ROUNDS:-3}
RSPAN=${RSPAN:-0.15}
DIRS=${DIRS:-rows cols}
AB=${AB:-first}
LOG=${OUT:-/tmp/hybrid-sweep.$$}
mkdir -p "$LOG" || exit 2
WORK=$(mktemp -d "${TMPDIR:-/tmp}/hybrid-sweep.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
export GFFTPIPE_MODEL="$LOG/model"
# kernels loaded when the engine opens, not in the first timed pass
export CUDA_MODULE_LOADING=EAGER
# kept between invocations (SIZES=... runs one size at a time): plans
# measured once
WISDOM=${WISDOM:-build/hybrid-sweep.wisdom}
[ -x "$GFP" ] || { echo "hybrid-sweep: no gfftpipe at $GFP" >&2; exit 2; }
[ -x "$REF" ] || { echo "hybrid-sweep: no fft2ref at $REF (make check builds it)" >&2; exit 2; }
say() { echo "$*" | tee -a "$LOG/sweep.log"; }

say "# hybrid-sweep $(date -u +%FT%TZ) on $(hostname); $THREADS threads ($HTHREADS for calibrate and the hybrid); STEP $STEP $([ "$RSPAN" = 0 ] && echo "from r $RMIN to $RMAX" || echo "within $RSPAN of the model's r"), median of $REPS, $ROUNDS round(s) a sweep"
command -v nvidia-smi >/dev/null &&
    nvidia-smi --query-gpu=name,memory.total --format=csv,noheader | tee -a "$LOG/sweep.log"

# ---- 1. calibrate ------------------------------------------------------------
t0=$(date +%s.%N)
# cal LOG VAR=VALUE|--OPTION=VALUE|"" [ARGS...]: calibrate -v (with VAR
# set, or with that option, and ARGS) into $LOG/LOG; the script exits 2
# with that log when it fails
cal() {
    _l=$LOG/$1 _e=$2 _env=() _opt=()
    shift 2
    case $_e in --*) _opt=("$_e") ;; ?*) _env=("$_e") ;; esac
    env ${_env[@]+"${_env[@]}"} "$GFP" calibrate -v --threads "$HTHREADS" --wisdom "$WISDOM" \
        ${_opt[@]+"${_opt[@]}"} "$@" 2>"$_l" || { cat "$_l" >&2; exit 2; }
}
cal calibrate.log ""
grep -E "beside|saved" "$LOG/calibrate.log" | tee -a "$LOG/sweep.log"
grep -q '^gpu 1$' "$GFFTPIPE_MODEL" ||
    { echo "hybrid-sweep: calibrate found no GPU" >&2; exit 3; }
for alt in ${ALT_CAL:-}; do
    cal "calibrate-${alt%%:*}.log" "${alt#*:}" -o "$LOG/model-${alt%%:*}"
    grep -E "beside" "$LOG/calibrate-${alt%%:*}.log" | sed "s/^/alt ${alt%%:*}: /" | tee -a "$LOG/sweep.log"
done

# ---- 2. correctness ------------------------------------------------------------
fail=0
check() { # NAME FMT GOT FMT REF TOL
    if e=$("$REF" relerr "$2" "$3" "$4" "$5" "$6"); then
        say "ok   $1 (rel L2 $e)"
    else
        say "FAIL $1 (rel L2 $e > $6)"
        fail=1
    fi
}
W=1999 H=1031
"$REF" rand $((2 * W * H)) 11 "$WORK/c.cf64"
"$REF" rand $((W * H)) 12 "$WORK/r.f64"
for kind in c2c r2c; do
    if [ $kind = c2c ]; then in="$WORK/c.cf64 --in-format cf64"; else in="$WORK/r.f64 --in-format f64"; fi
    o="--size ${W}x$H --out-format cf32 --threads $THREADS"
    "$GFP" fft2 -q $o --engine cpu $in "$WORK/cpu.cf32" || fail=1
    for e in "gpu" "hybrid" "hybrid --ratio 0.5"; do
        "$GFP" fft2 -q $o --engine $e --gpu-mem 2Mi $in "$WORK/x.cf32" &&
            check "$kind ${W}x$H --engine $e --gpu-mem 2Mi vs cpu" \
                cf32 "$WORK/x.cf32" cf32 "$WORK/cpu.cf32" 1e-5 || fail=1
    done
done
[ $fail = 0 ] || { say "correctness failed: no timings"; exit 1; }
say "[calibrate and checks: $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }') s]"

# The sweeps' medians are noisy (stop 44: one r of eleven 39 % over its
# neighbours; flat stretches within 2-3 %), so beside the sweep's fastest
# r (r_best, the done-when's) the table gives r_fit: the knot of a V
# fitted by least squares to a sweep's points near its fastest (a
# direction's time is max(CPU part, GPU part), each linear in r), on a
# grid of 0.005 (vfit).
VFIT='
# vfit: the knot of a V fitted to the "r:t" pairs within 0.15 of the
# fastest r (least squares over a knot rb on a grid of 0.005: t = e +
# fl*max(rb-r,0) + fr*max(r-rb,0)); only those near it, so that a curve
# rounder than a V, sampled further on one side, does not pull the knot
# (a parabola sampled 0.3 .. 1 around 0.55: 0.635 from all points,
# 0.535 from these); a knot whose arms do not both rise is no V; the
# fastest r itself when no knot gives one (points that fall one way)
function vfit(s,    n, m, i, p, a, r, t, rb, best, bsse, sse, x1, x2, det, e, fl, fr, res, lo, hi,
              S00, S01, S02, S11, S12, S22, Y0, Y1, Y2, amin, c, d) {
    m = split(s, p, " "); n = 0; amin = 1
    for (i = 1; i <= m; i++) { split(p[i], a, ":"); r[i] = a[1] + 0; t[i] = a[2] + 0; if (t[i] < t[amin]) amin = i }
    c = r[amin]; lo = c; hi = c
    for (i = 1; i <= m; i++) { # kept in place: n <= i
        d = r[i] - c; if (d < 0) d = -d
        if (d <= 0.15 + 1e-9) { n++; r[n] = r[i]; t[n] = t[i]; if (r[n] < lo) lo = r[n]; if (r[n] > hi) hi = r[n] }
    }
    best = -1; bsse = 1e300
    for (rb = lo; rb <= hi + 1e-9; rb += 0.005) {
        # normal equations of (1, L, R)
        S00 = S01 = S02 = S11 = S12 = S22 = Y0 = Y1 = Y2 = 0
        for (i = 1; i <= n; i++) {
            x1 = rb - r[i]; if (x1 < 0) x1 = 0
            x2 = r[i] - rb; if (x2 < 0) x2 = 0
            S00 += 1; S01 += x1; S02 += x2; S11 += x1 * x1; S12 += x1 * x2; S22 += x2 * x2
            Y0 += t[i]; Y1 += x1 * t[i]; Y2 += x2 * t[i]
        }
        det = S00 * (S11 * S22 - S12 * S12) - S01 * (S01 * S22 - S12 * S02) + S02 * (S01 * S12 - S11 * S02)
        if (det == 0 || (det < 0 ? -det : det) < 1e-12) continue
        e = (Y0 * (S11 * S22 - S12 * S12) - S01 * (Y1 * S22 - S12 * Y2) + S02 * (Y1 * S12 - S11 * Y2)) / det
        fl = (S00 * (Y1 * S22 - S12 * Y2) - Y0 * (S01 * S22 - S12 * S02) + S02 * (S01 * Y2 - Y1 * S02)) / det
        fr = (S00 * (S11 * Y2 - Y1 * S12) - S01 * (S01 * Y2 - Y1 * S02) + Y0 * (S01 * S12 - S11 * S02)) / det
        if (fl < 0 || fr < 0) continue # not a V (the points fall one way)
        sse = 0
        for (i = 1; i <= n; i++) {
            x1 = rb - r[i]; if (x1 < 0) x1 = 0
            x2 = r[i] - rb; if (x2 < 0) x2 = 0
            res = t[i] - e - fl * x1 - fr * x2; sse += res * res
        }
        if (sse < bsse) { bsse = sse; best = rb }
    }
    return best < 0 ? c : best
}
'
# r_x: where the sweep's own CPU and GPU parts balance (fft2 -v's split
# passes' parts of each run; far less noisy than the fastest total, whose
# runs' CPU part moved 2x from one process to the next on stop 46's H100)
XFIT='
# xfit: the r where the CPU and GPU parts of a direction balance, from
# "r:cpu:gpu" triples (the CPU and GPU parts of the split passes of runs
# that sweep the r of this direction, that of the other fixed):
# least-squares lines cpu = A + a (1 - r) and gpu = B + g r over the
# points with r < 1 (at r = 1 the direction is not split), A and B the
# parts of the other direction (the same in every run); the crossing
# a / (a + g); "-" with fewer than three points or a line that does not
# slope the right way
function xfit(s,    m, p, q, i, n, r, c, g, Sr, Sc, Sg, Srr, Src, Srg, d, sc, sg) {
    m = split(s, p, " "); n = 0; Sr = Sc = Sg = Srr = Src = Srg = 0
    for (i = 1; i <= m; i++) {
        if (split(p[i], q, ":") < 3 || q[1] + 0 >= 1 || q[2] == "" || q[3] == "") continue
        r = q[1] + 0; c = q[2] + 0; g = q[3] + 0; n++
        Sr += r; Sc += c; Sg += g; Srr += r * r; Src += r * c; Srg += r * g
    }
    if (n < 3) return "-"
    d = n * Srr - Sr * Sr
    if (d <= 0) return "-"
    sc = (n * Src - Sr * Sc) / d   # the slope of the CPU part in r: -a
    sg = (n * Srg - Sr * Sg) / d   # of the GPU part: g
    if (sc >= 0 || sg <= 0) return "-"
    return sprintf("%.3f", -sc / (-sc + sg))
}
'
# ---- 3. timings ------------------------------------------------------------------
# t_run ENGINE-ARGS...: the median transform seconds of one fft2 -v run on
# $DATA ($SZ), REPS transforms
t_run() {
    th=$THREADS
    case " $* " in *" hybrid "*) th=$HTHREADS ;; esac
    "$GFP" fft2 -v --threads "$th" --wisdom "$WISDOM" --size "$SZ" \
        --repeat "$REPS" --in-format cf32 --out-format cf32 "$@" "$DATA" - \
        >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; echo NaN; return; }
    { echo "## $*"; cat "$WORK/err"; } >>"$LOG/runs.log"
    sed -n 's/.*transforms \([0-9.]*\) s.*/\1/p' "$WORK/err" | tail -n 1
}
TABLE="$LOG/table.txt"
printf '%-12s %10s %7s %7s %7s %7s %11s %9s %5s %11s %6s %11s %5s %7s %7s %6s %7s %7s %6s %3s\n' size gpu-mem \
    cpu_s gpu_s hyb_s speedup r_mod r_best dr r_fit dr_fit r_x dr_x pred_s meas_s err% pcpu_s pgpu_s gerr% 16x >"$TABLE"
AB_TABLE="$LOG/ab.txt"
printf '%-12s %8s %8s %9s %9s %9s %9s\n' size gpu3_s gpu2_s gpu_thp_s cpu_nt_s cpu_blk_s cpu_old_s >"$AB_TABLE"
# "* 16x" marks the problem 16x the largest calibration run (4 Mi values)
CAL_MAX=$((4 * 1024 * 1024))
"$REF" rand $((2 * 1024 * 1024)) 5 "$WORK/blk.cf64"
"$GFP" fft2 -q --engine cpu --size 1024x1024 --in-format cf64 \
    --out-format cf32 "$WORK/blk.cf64" "$WORK/blk.cf32"
FIRST=
for SZ in $SIZES; do
    ts=$(date +%s)
    if past; then
        say "size $SZ: not begun, past DEADLINE ($DEADLINE s)"
        continue
    fi
    [ -n "$FIRST" ] || FIRST=$SZ
    case $SZ in *x*) SW=${SZ%x*} SH=${SZ#*x} ;; *) SW=$SZ SH=$SZ SZ=${SZ}x$SZ ;; esac
    vals=$((SW * SH))
    bytes=$((vals * 8))
    mem=$((bytes / 4))
    mark=-; [ $vals -eq $((16 * CAL_MAX)) ] && mark='*'
    DATA="$WORK/data.cf32"
    # data: a random 1024x1024 block's spectrum, repeated
    for _ in $(seq $((vals / (1024 * 1024)))); do cat "$WORK/blk.cf32"; done >"$DATA"
    echo "# size $SZ ($bytes bytes), --gpu-mem $mem" >>"$LOG/runs.log"
    # warm-up: FFTW plans into the wisdom file, page cache
    REPS=1 t_run --engine cpu >/dev/null
    cpu=$(t_run --engine cpu)
    gpu=$(t_run --engine gpu --gpu-mem $mem)
    hyb=$(t_run --engine hybrid --gpu-mem $mem)
    rmod=$(sed -n 's/.*hybrid: r \([0-9.]*\), columns [0-9.]* (the model.*/\1/p' "$WORK/err" | tail -n 1)
    cmod=$(sed -n 's/.*hybrid: r [0-9.]*, columns \([0-9.]*\) (the model.*/\1/p' "$WORK/err" | tail -n 1)
    pred=$(sed -n 's/.*hybrid: r [0-9.]*, columns [0-9.]*; predicted \([0-9.]*\) s, measured.*/\1/p' "$WORK/err" | tail -n 1)
    pcpu=$(sed -n 's/.*CPU alone \([0-9.]*\) s, GPU alone.*/\1/p' "$WORK/err" | tail -n 1)
    pgpu=$(sed -n 's/.*GPU alone \([0-9.]*\) s).*/\1/p' "$WORK/err" | tail -n 1)
    grep -h "split passes" "$WORK/err" | sed "s/^/$SZ model r: /" >>"$LOG/sweep.log"
    for alt in ${ALT_CAL:-}; do
        ta=$(GFFTPIPE_MODEL="$LOG/model-${alt%%:*}" t_run --engine hybrid --gpu-mem $mem)
        say "size $SZ alt ${alt%%:*}: $(sed -n 's/.*hybrid: \(r [0-9.]*, columns [0-9.]*\); predicted \([0-9.]*\) s.*/\1; predicted \2 s/p' "$WORK/err" | tail -n 1); measured $ta s"
    done
    if [ "$AB" = 1 ] || { [ "$AB" = first ] && [ "$SZ" = "$FIRST" ]; }; then
        gpu2=$(GFP_FFT2_GPU_SLOTS=2 t_run --engine gpu --gpu-mem $mem)
        gputhp=$(GFP_THP=1 t_run --engine gpu --gpu-mem $mem)
        cpub=$(GFP_CPU_NO_NT=1 t_run --engine cpu)
        cpuo=$(GFP_CPU_UNFUSED=1 t_run --engine cpu)
        printf '%-12s %8.4f %8.4f %9.4f %9.4f %9.4f %9.4f\n' "$SZ" "$gpu" "$gpu2" "$gputhp" "$cpu" "$cpub" "$cpuo" >>"$AB_TABLE"
    fi
    # each direction's r swept with the other at the model's, ROUNDS
    # times (up, down, up, ...: a drift of the machine does not favour one
    # end); a point's time is the median of its rounds' runs
    best_rr=- fit_rr=- x_rr=- best_rc=- fit_rc=- x_rc=-
    for dir in $DIRS; do
        best_r=- best_t=
        sweep="" cut="" parts="" rounds_log=""
        if [ $dir = rows ]; then m=$rmod; else m=$cmod; fi
        rs=$(awk -v s="$STEP" -v lo="$RMIN" -v hi="$RMAX" -v m="$m" -v span="$RSPAN" 'BEGIN {
            if (span > 0) { # the grid points within span of the model r
                k = int(span / s + 1e-9); c = int(m / s + 0.5)
                lo = (c - k) * s; hi = (c + k) * s
                if (lo < 0) lo = 0
                if (hi > 1) hi = 1
            }
            for (i = 0; lo + i * s <= hi + 1e-9; i++) printf "%.2f\n", lo + i * s }')
        declare -A pt=()
        for round in $(seq "$ROUNDS"); do
            order=$rs
            [ $((round % 2)) = 0 ] && order=$(echo "$rs" | sort -r)
            for r in $order; do
                if past; then
                    cut=" (cut: past DEADLINE)"
                    break 2
                fi
                if [ $dir = rows ]; then rr="$r,$cmod"; else rr="$rmod,$r"; fi
                t=$(t_run --engine hybrid --gpu-mem $mem --ratio "$rr")
                pt[$r]="${pt[$r]:-} $t"
                parts="$parts $r:$(sed -n 's/.*split passes: CPU part \([0-9.]*\) s.*GPU part \([0-9.]*\) s.*/\1:\2/p' "$WORK/err" | tail -n 1)"
            done
        done
        for r in $rs; do
            [ -n "${pt[$r]:-}" ] || continue
            t=$(echo ${pt[$r]} | tr ' ' '\n' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
            sweep="$sweep $r:$t"
            [ "$ROUNDS" -gt 1 ] && rounds_log="$rounds_log $r:$(echo ${pt[$r]} | tr ' ' '/')"
            if [ -z "$best_t" ] || awk -v a="$t" -v b="$best_t" 'BEGIN { exit !(a < b) }'; then
                best_t=$t best_r=$r
            fi
        done
        unset pt
        if [ $dir = rows ]; then best_rr=$best_r; else best_rc=$best_r; fi
        fit_r=-
        [ -n "$sweep" ] && fit_r=$(awk -v s="$sweep" "$VFIT"' BEGIN { printf "%.3f", vfit(s) }')
        x_r=-
        [ -n "$parts" ] && x_r=$(awk -v s="$parts" "$XFIT"' BEGIN { printf "%s", xfit(s) }')
        if [ $dir = rows ]; then fit_rr=$fit_r x_rr=$x_r; else fit_rc=$fit_r x_rc=$x_r; fi
        say "size $SZ sweep of the $dir' r (r:seconds):$sweep$cut  (V fit $fit_r; parts cross at $x_r) [$(( $(date +%s) - ts )) s]"
        say "size $SZ the $dir' parts (r:CPU s:GPU s, all repeats):$parts"
        [ -n "$rounds_log" ] && say "size $SZ the $dir' rounds (r:seconds/seconds...):$rounds_log"
    done
    awk -v size="$SZ" -v mem="$mem" -v cpu="$cpu" -v gpu="$gpu" -v hyb="$hyb" \
        -v rm="$rmod" -v cm="$cmod" -v rb="$best_rr" -v cb="$best_rc" -v pred="$pred" \
        -v rf="$fit_rr" -v cf="$fit_rc" -v rx="$x_rr" -v cx="$x_rc" \
        -v pc="$pcpu" -v pg="$pgpu" -v mark="$mark" 'BEGIN {
        best = cpu < gpu ? cpu : gpu
        # dr: the larger |model r - best r| of the two directions, "-"
        # where a sweep had no point (DEADLINE)
        dr = dist(rm, rb, cm, cb); df = dist(rm, rf, cm, cf); dx = dist(rm, rx, cm, cx)
        printf "%-12s %10d %7.4f %7.4f %7.4f %6.2fx %5.3f,%5.3f %4s,%4s %5s %5s,%5s %6s %5s,%5s %5s %7.4f %7.4f %+5.1f%% %7.4f %7.4f %+5.1f%% %3s\n",
            size, mem, cpu, gpu, hyb, best / hyb, rm, cm, rb, cb, dr, rf, cf, df, rx, cx, dx, pred, hyb,
            100 * (pred / hyb - 1), pc, pg, 100 * (pg / gpu - 1), mark }
        function dist(m1, b1, m2, b2,    a, c) {
            if (b1 == "-" || b2 == "-") return "-"
            a = m1 - b1; if (a < 0) a = -a
            c = m2 - b2; if (c < 0) c = -c
            return sprintf("%.3f", a > c ? a : c) }' >>"$TABLE"
done
say ""
[ "$AB" != 0 ] && { say "A/B (median of $REPS): GPU with 3 and 2 batches in flight, and 3 with huge pages (GFP_THP=1); CPU blocked and old transposed pass"; tee -a "$LOG/sweep.log" <"$AB_TABLE"; say ""; }
say "targets: speedup >= 1.15x over the faster of cpu and gpu; |dr| <= 0.05 (dr: r_best's; dr_fit: the V fit's; dr_x: the parts' crossing's);"
say "prediction within 15% for the row marked * (16x the largest calibration run)"
tee -a "$LOG/sweep.log" <"$TABLE"
