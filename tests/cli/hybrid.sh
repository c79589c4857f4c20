#!/bin/sh
# hybrid.sh - fft2/ifft2 --engine hybrid, --ratio and --gpu-mem, and
# `gfftpipe calibrate`: option errors (exit 1, one line); without a GPU,
# hybrid runs on the CPU with one note and gives the CPU's bytes; with a
# GPU, hybrid at several r and gpu/hybrid under a --gpu-mem far below the
# array (many pieces) against fft2ref (FFTW, double), and a cap too small
# for one row is a clear runtime error. calibrate writes a model file the
# hybrid engine reads (here: GFFTPIPE_MODEL, never the user's cache).
. "${TOP_SRCDIR:-$(dirname "$0")/../..}/tests/cli/lib.sh"

F2REF=${F2REF:-$TOP_BUILDDIR/tests/cli/fft2ref}
[ -x "$F2REF" ] || { echo "hybrid: fft2ref not found at '$F2REF'" >&2; exit 99; }
ref() { "$F2REF" "$@"; }
cd "$T" || exit 99
GFFTPIPE_MODEL="$T/model"
export GFFTPIPE_MODEL
G() { "$GFFTPIPE" "$@"; }

close() {
    _e=$(ref relerr "$2" "$3" "$4" "$5" "$6")
    if [ $? -eq 0 ]; then ok "$1 (rel L2 $_e)"; else fail "$1 (rel L2 $_e > $6)"; fi
}

W=301 H=97
ref rand $((2 * W * H)) 5 c.cf64
ref dft c2c $W $H 1 c.cf64 C.ref
ref rand $((W * H)) 6 r.f64
ref dft r2c $W $H 1 r.f64 R.ref
o="--size ${W}x$H --in-format cf64 --out-format cf32"

# ---- option errors ---------------------------------------------------------------
expect_exit 1 G fft2 $o --ratio 0.5 c.cf64 out.cf32 &&
    expect_usage_error "--ratio is for --engine hybrid" &&
    ok "--ratio without --engine hybrid: usage error"
for bad in 1.5 -0.1 x "" 0.5, ,0.5 0.5,1.5 0.5,x 0.5,0.5,0.5; do
    run G fft2 $o --engine hybrid --ratio "$bad" c.cf64 out.cf32
    check "--ratio '$bad': usage error" expect_usage_error "ratio"
done
for bad in 0 12X 1.5G ""; do
    run G fft2 $o --gpu-mem "$bad" c.cf64 out.cf32
    check "--gpu-mem '$bad': usage error" expect_usage_error "gpu-mem"
done
run G ifft2 $o --engine cpu --gpu-mem 1Gi c.cf64 out.cf32
check "--gpu-mem with --engine cpu: usage error" expect_usage_error "gpu-mem"
check "no output file after the usage errors" [ ! -e out.cf32 ]
for bad in 0 1001 x ""; do
    run G fft2 $o --repeat "$bad" c.cf64 out.cf32
    check "--repeat '$bad': usage error" expect_usage_error "repeat"
done
run G fft2 $o --engine turbo c.cf64 out.cf32
check "--engine turbo: usage error listing hybrid" expect_usage_error "hybrid"
run G calibrate --threads 0
check "calibrate --threads 0: usage error" expect_usage_error "threads"
run G calibrate extra
check "calibrate with an argument: usage error" expect_usage_error "argument"
run G calibrate --help
check "calibrate --help: exit 0, lists --gpu-mem" \
    each '[ "$RC" -eq 0 ]' 'grep -q -- "--gpu-mem" "$T/stdout"'

# ---- calibrate: a model file the hybrid engine reads ---------------------------
run G calibrate -q --output "$T/m2"
check "calibrate --output: exit 0" [ "$RC" -eq 0 ]
# version 3 with a GPU (the copies timed alone, the columns' factors), 1
# without (older gfftpipes read it)
check "the model file has a header and ten coefficient lines" \
    each '[ "$(grep -cE "^gfftpipe-model $(grep -q "^gpu 1$" m2 && echo 3 || echo 1)\$" m2)" -eq 1 ]' \
         '[ "$(grep -cE "^f(32|64) (cpu_fft|transpose|gpu_copy|gpu_fft|alloc) " m2)" -eq 10 ]'
check "the model file has a beside line per precision, factors >= 1" \
    [ "$(awk '$2 == "beside" && $3 >= 1 && $4 >= 1' m2 | wc -l)" -eq 2 ]
check "with a GPU a beside_cols line per precision, without none" \
    [ "$(awk '$2 == "beside_cols" && $3 >= 1 && $4 >= 1' m2 | wc -l)" -eq \
      "$(grep -q "^gpu 1$" m2 && echo 2 || echo 0)" ]
check "calibrate -q printed nothing" [ ! -s "$T/stderr" ]
check "GFFTPIPE_MODEL untouched by --output" [ ! -e "$T/model" ]

# ---- calibrate's A/B switches (bench/NOTES.md, stop 45) -----------------------
# GFP_CAL_BIG=1 adds three profiling shapes of 16 Mi values, the default
# times none of them; GFP_CAL_CLEAN_FLUSH=1 flushes by reading;
# GFP_CAL_CPU_ROUNDS=2 times the CPU's passes in two rounds (stop 50), a
# -v line for each of the eleven shapes of each precision; by default in
# five (stop 51), with =1 in one. ~50 s on two cores: not in the quick
# (sanitized) runs.
if [ -z "${GFP_TEST_QUICK:-}" ]; then
    run env GFP_CAL_BIG=1 GFP_CAL_CLEAN_FLUSH=1 GFP_CAL_CPU_ROUNDS=2 "$GFFTPIPE" calibrate -v --threads 2 --output "$T/m3"
    check "GFP_CAL_BIG=1 GFP_CAL_CLEAN_FLUSH=1 GFP_CAL_CPU_ROUNDS=2: exit 0, ten coefficient lines, 16384 x 1024 timed, 22 shapes in two rounds" \
        each '[ "$RC" -eq 0 ]' \
             '[ "$(grep -cE "^f(32|64) (cpu_fft|transpose|gpu_copy|gpu_fft|alloc) " m3)" -eq 10 ]' \
             'grep -q "f32 n 16384 x 1024 frames" "$T/stderr"' \
             '[ "$(grep -c "frames: cpu_fft .* (the least of 2 rounds)" "$T/stderr")" -eq 22 ]'
    run G calibrate -v --threads 2 --output "$T/m4"
    check "the default calibrate times the 4 Mi-value shapes, none larger, in five rounds" \
        each '[ "$RC" -eq 0 ]' 'grep -q "f32 n 2048 x 2048 frames" "$T/stderr"' \
             '! grep -qE "n (8192 x 2048|4096 x 4096|16384 x 1024) frames" "$T/stderr"' \
             '[ "$(grep -c "frames: cpu_fft .* (the least of 5 rounds)" "$T/stderr")" -eq 16 ]'
    run env GFP_CAL_CPU_ROUNDS=1 "$GFFTPIPE" calibrate -v --threads 2 --output "$T/m5"
    check "GFP_CAL_CPU_ROUNDS=1: one round, no least-of lines" \
        each '[ "$RC" -eq 0 ]' 'grep -q "f32 n 2048 x 2048 frames: cpu_fft" "$T/stderr"' \
             '! grep -q "the least of" "$T/stderr"'
fi

# ---- --repeat: the same bytes, the median counted ---------------------------------
G fft2 $o --engine cpu c.cf64 once.cf32
run G fft2 -v $o --engine cpu --repeat 3 c.cf64 thrice.cf32
check "--repeat 3: exit 0, the bytes of one transform, -v says median" \
    each '[ "$RC" -eq 0 ]' 'cmp -s once.cf32 thrice.cf32' \
         'grep -q "transforms .* s (median of --repeat)" "$T/stderr"'
G ifft2 $o --engine cpu --shift --repeat 2 c.cf64 thrice.cf32
G ifft2 $o --engine cpu --shift c.cf64 once.cf32
check "ifft2 --shift --repeat 2: the bytes of one transform" \
    cmp -s once.cf32 thrice.cf32

# ---- the CPU engine's transposed passes: blocks, streaming stores -------------
# 4096x4096 real u8 -> R2C: the row pass writes 2049 x 4096 cf32 (64 MiB
# and more: streaming stores); plain stores give the same bits, and the
# old batch-buffer pass the same within f32 rounding
head -c $((4096 * 4096)) /dev/urandom > big.u8
ob="--size 4096x4096 --in-format u8 --out mag --out-format f32 --engine cpu --threads 2"
G fft2 $ob big.u8 nt.f32 &&
    GFP_CPU_NO_NT=1 G fft2 $ob big.u8 plain.f32 &&
    GFP_CPU_UNFUSED=1 G fft2 $ob big.u8 old.f32
check "blocked pass: streaming and plain stores give the same bits" \
    cmp -s nt.f32 plain.f32
close "blocked pass against the batch-buffer pass" f32 nt.f32 f32 old.f32 1e-6
rm -f big.u8 nt.f32 plain.f32 old.f32

# ---- no GPU: hybrid is the CPU with one note ------------------------------------
if ! G fft -q --engine gpu --n 8 c.cf64 probe.out 2>/dev/null; then
    say "(no usable GPU engine here: hybrid runs on the CPU)"
    G fft2 $o --engine cpu c.cf64 cpu.cf32
    run G fft2 $o --engine hybrid c.cf64 hy.cf32
    check "hybrid without a GPU: exit 0, one note naming the CPU" \
        each '[ "$RC" -eq 0 ]' 'expect_stderr_one_line "hybrid runs on the CPU"'
    check "hybrid without a GPU: the CPU's bytes" cmp -s hy.cf32 cpu.cf32
    run G fft2 -q $o --engine hybrid --ratio 0.4 --gpu-mem 64k c.cf64 hy.cf32
    check "hybrid -q --ratio --gpu-mem without a GPU: silent, the CPU's bytes" \
        each '[ "$RC" -eq 0 ]' '[ ! -s "$T/stderr" ]' 'cmp -s hy.cf32 cpu.cf32'
    run G fft2 -q $o --engine hybrid --ratio 0.4,0.9 c.cf64 hy.cf32
    check "hybrid -q --ratio R,C without a GPU: silent, the CPU's bytes" \
        each '[ "$RC" -eq 0 ]' '[ ! -s "$T/stderr" ]' 'cmp -s hy.cf32 cpu.cf32'
    G calibrate -q
    check "calibrate without a GPU: a model marked 'gpu 0'" grep -q '^gpu 0$' model
    ncpu=$(getconf _NPROCESSORS_ONLN)
    [ "$ncpu" -le 1024 ] || ncpu=1024
    check "calibrate without --threads: every CPU online ($ncpu)" \
        grep -q "^threads $ncpu\$" model
    finish
fi

# ---- with a GPU ---------------------------------------------------------------------
G calibrate -q --threads 2
check "calibrate with a GPU: a model marked 'gpu 1'" grep -q '^gpu 1$' model
run G fft2 $o --engine hybrid --threads 1 c.cf64 y.cf32
check "hybrid --threads 1 with a model of 2 threads: one note naming both" \
    each '[ "$RC" -eq 0 ]' \
         'expect_stderr_one_line "calibrated with 2 FFTW thread\(s\) and this run uses 1"'
run G fft2 $o --engine hybrid c.cf64 y.cf32
check "hybrid without --threads: the model's count, no note" \
    each '[ "$RC" -eq 0 ]' '[ ! -s "$T/stderr" ]'
for r in 0 0.3 0.77 1; do
    G fft2 $o --engine hybrid --ratio $r --gpu-mem 256Ki c.cf64 y.cf32 &&
        close "hybrid c2c r $r, --gpu-mem 256Ki" cf32 y.cf32 cf64 C.ref 1e-5
    G fft2 --size ${W}x$H --in-format f64 --out-format cf64 --precision f64 \
        --engine hybrid --ratio $r r.f64 y.cf64 &&
        close "hybrid r2c f64 r $r" cf64 y.cf64 cf64 R.ref 1e-12
done
G fft2 $o --engine gpu --gpu-mem 64Ki c.cf64 y.cf32 &&
    close "gpu c2c, --gpu-mem 64Ki (many pieces)" cf32 y.cf32 cf64 C.ref 1e-5
for slots in 2 4; do
    GFP_FFT2_GPU_SLOTS=$slots G fft2 $o --engine gpu --gpu-mem 64Ki c.cf64 y.cf32 &&
        close "gpu c2c, --gpu-mem 64Ki, $slots batches in flight" cf32 y.cf32 cf64 C.ref 1e-5
done
check "calibrate with a GPU: beside factors >= 1 for both precisions" \
    [ "$(awk '$2 == "beside" && $3 >= 1 && $4 >= 1' model | wc -l)" -eq 2 ]
run G fft2 -v $o --engine hybrid --threads 2 c.cf64 y.cf32
check "hybrid -v: r, the prediction and the measured time" \
    each '[ "$RC" -eq 0 ]' 'grep -q "hybrid: r .*predicted" "$T/stderr"' \
         'grep -q "predicted .* s, measured .* s" "$T/stderr"'
check "hybrid with the model: no note about default coefficients" \
    each '! grep -q "default coefficients" "$T/stderr"'
for rc in 0.3,0.8 1,0.25 0,1 0.9,0; do
    G fft2 $o --engine hybrid --ratio $rc --gpu-mem 256Ki c.cf64 y.cf32 &&
        close "hybrid c2c --ratio $rc (rows, columns), --gpu-mem 256Ki" cf32 y.cf32 cf64 C.ref 1e-5
done
run G fft2 -v $o --engine hybrid --threads 2 c.cf64 y.cf32
check "hybrid -v with the model: each direction's r" \
    each '[ "$RC" -eq 0 ]' 'grep -q "hybrid: r [0-9.]*, columns [0-9.]* (the model.s)" "$T/stderr"'
run G fft2 -v $o --engine hybrid --ratio 0.5 --threads 2 c.cf64 y.cf32
check "hybrid -v --ratio 0.5: the split passes' CPU part, GPU part, wait" \
    each '[ "$RC" -eq 0 ]' \
         'grep -q "2 split passes: CPU part .* s (.* frames, its own thread), GPU part .* s (.* frames), then .* s waiting" "$T/stderr"'
run G fft2 -vv $o --engine hybrid --ratio 0.5 --threads 2 c.cf64 y.cf32
check "hybrid -vv --ratio 0.5: a line for each of the two split passes, in order" \
    each '[ "$RC" -eq 0 ]' \
         '[ "$(grep -c "split pass [12] (.*): CPU part .* s (.* frames, .* us a frame), GPU part .* s (.* frames, .* us a frame), then .* s waiting" "$T/stderr")" -eq 2 ]' \
         '[ "$(grep -o "split pass [0-9]*" "$T/stderr" | tr "\\n" ,)" = "split pass 1,split pass 2," ]'
run G fft2 $o --engine gpu --gpu-mem 1k c.cf64 y.cf32
check "--engine gpu --gpu-mem 1k: exit 2, one line naming --gpu-mem" \
    expect_rc_line 2 "gpu-mem"
check "no output after the refused cap" [ ! -e y2.cf32 ]
finish
