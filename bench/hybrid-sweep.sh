#!/bin/bash
# hybrid-sweep.sh - the hybrid engine against CPU-only and GPU-only, and the
# performance model against measurements (issue 7's done-when; seed 001).
#
#   bench/hybrid-sweep.sh            (from the repository root, after make
#                                     check has built build/tests/cli/fft2ref)
#
# 1. `gfftpipe calibrate` (small sizes, at most 4 Mi values) into a model
#    file of its own (GFFTPIPE_MODEL; the user's cache is not touched),
#    with the FFTW wisdom file the timed runs use (measured plans in both).
# 2. Correctness first: fft2 C2C and R2C through gpu and hybrid (model r and
#    r = 0.5), out of core (--gpu-mem far below the array), against the CPU
#    engine (relative L2, f32: 1e-5). Stops on a failure.
# 3. For each size S in SIZES (default 4096 8192 16384: S x S cf32, 4x, 16x
#    and 64x the largest calibration run) with --gpu-mem a quarter of the
#    array: one run each of --engine cpu, gpu and hybrid (the model's r),
#    then hybrid at r = 0, 0.05, ..., 1 (the sweep). Times are fft2 -v's
#    "transforms" (the two passes with their transposes; no I/O, no
#    planning, no allocation); FFTW plans are measured into a wisdom file
#    (calibrate's too) so the runs plan once. Wall time: about 1 s a run
#    at 4096, 2 s at 8192, 6 s at 16384 (2 GiB in, 2 GiB out), plus the
#    first measured plans of each r's CPU batch; SIZES=... splits it.
# 4. A table: CPU, GPU, hybrid at the model's r, the speedup over the faster
#    of CPU and GPU (target >= 1.15), the model's r and the sweep's best r
#    (target |dr| <= 0.05), the predicted and measured hybrid time (target
#    within 15%, for the 16x problem at least).
#
# Environment: GFFTPIPE (default build/src/gfftpipe), F2REF (default
# build/tests/cli/fft2ref), THREADS (default: all cores), SIZES, STEP
# (default 0.05), WISDOM (default build/hybrid-sweep.wisdom), OUT (logs and
# the table are written there when set).
set -u
GFP=${GFFTPIPE:-build/src/gfftpipe}
REF=${F2REF:-build/tests/cli/fft2ref}
THREADS=${THREADS:-$(nproc)}
SIZES=${SIZES:-"4096 8192 16384"}
STEP=${STEP:-0.05}
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

say "# hybrid-sweep $(date -u +%FT%TZ) on $(hostname); $THREADS threads"
command -v nvidia-smi >/dev/null &&
    nvidia-smi --query-gpu=name,memory.total --format=csv,noheader | tee -a "$LOG/sweep.log"

# ---- 1. calibrate ------------------------------------------------------------
if ! "$GFP" calibrate -v --threads "$THREADS" --wisdom "$WISDOM" 2>"$LOG/calibrate.log"; then
    cat "$LOG/calibrate.log" >&2
    exit 2
fi
tail -n 1 "$LOG/calibrate.log" | tee -a "$LOG/sweep.log"
grep -q '^gpu 1$' "$GFFTPIPE_MODEL" ||
    { echo "hybrid-sweep: calibrate found no GPU" >&2; exit 3; }

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

# ---- 3. timings ------------------------------------------------------------------
# t ENGINE-ARGS...: the transform seconds of one fft2 -v run on $DATA
t_run() {
    "$GFP" fft2 -v --threads "$THREADS" --wisdom "$WISDOM" --size "${S}x$S" \
        --in-format cf32 --out-format cf32 "$@" "$DATA" - \
        >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; echo NaN; return; }
    cat "$WORK/err" >>"$LOG/runs.log"
    sed -n 's/.*transforms \([0-9.]*\) s.*/\1/p' "$WORK/err" | tail -n 1
}
TABLE="$LOG/table.txt"
printf '%-12s %8s %8s %8s %8s %7s %6s %6s %5s %8s %8s %6s\n' size gpu-mem \
    cpu_s gpu_s hyb_s speedup r_mod r_best dr pred_s meas_s err% >"$TABLE"
for S in $SIZES; do
    bytes=$((S * S * 8))
    mem=$((bytes / 4))
    DATA="$WORK/data.cf32"
    # data: a random 1024x1024 block's spectrum, repeated
    "$REF" rand $((2 * 1024 * 1024)) 5 "$WORK/blk.cf64"
    "$GFP" fft2 -q --engine cpu --size 1024x1024 --in-format cf64 \
        --out-format cf32 "$WORK/blk.cf64" "$WORK/blk.cf32"
    : >"$DATA"
    for _ in $(seq $((S * S / (1024 * 1024)))); do cat "$WORK/blk.cf32"; done >"$DATA"
    echo "# size ${S}x$S ($bytes bytes), --gpu-mem $mem" >>"$LOG/runs.log"
    # warm-up: FFTW plans into the wisdom file, page cache
    t_run --engine cpu >/dev/null
    cpu=$(t_run --engine cpu)
    gpu=$(t_run --engine gpu --gpu-mem $mem)
    hyb=$(t_run --engine hybrid --gpu-mem $mem)
    rmod=$(sed -n 's/.*hybrid: r \([0-9.]*\) (the model.*/\1/p' "$WORK/err" | tail -n 1)
    pred=$(sed -n 's/.*hybrid: r [0-9.]*; predicted \([0-9.]*\) s, measured.*/\1/p' "$WORK/err" | tail -n 1)
    best_r=0 best_t=
    sweep=""
    for r in $(awk -v s="$STEP" 'BEGIN { for (i = 0; i <= 1 / s + 1e-9; i++) printf "%.2f\n", i * s }'); do
        tr=$(t_run --engine hybrid --gpu-mem $mem --ratio "$r")
        sweep="$sweep $r:$tr"
        if [ -z "$best_t" ] || awk -v a="$tr" -v b="$best_t" 'BEGIN { exit !(a < b) }'; then
            best_t=$tr best_r=$r
        fi
    done
    say "size ${S}x$S sweep (r:seconds):$sweep"
    awk -v size="${S}x$S" -v mem="$mem" -v cpu="$cpu" -v gpu="$gpu" -v hyb="$hyb" \
        -v rm="$rmod" -v rb="$best_r" -v pred="$pred" 'BEGIN {
        best = cpu < gpu ? cpu : gpu
        dr = rm - rb; if (dr < 0) dr = -dr
        printf "%-12s %8d %8.4f %8.4f %8.4f %6.2fx %6.3f %6.2f %5.3f %8.4f %8.4f %+5.1f%%\n",
            size, mem, cpu, gpu, hyb, best / hyb, rm, rb, dr, pred, hyb,
            100 * (pred / hyb - 1) }' >>"$TABLE"
done
say ""
say "targets: speedup >= 1.15x over the faster of cpu and gpu; |dr| <= 0.05;"
say "prediction within 15% (the 8192x8192 row is 16x the largest calibration run)"
tee -a "$LOG/sweep.log" <"$TABLE"
