#!/bin/sh
# fft2-gpu.sh - fft2 and ifft2 on the gpu engine, whose whole-array path
# runs the on-device 2D FFT (gfp_gpu_plan2d: two passes where both lengths
# have a 2D pass kernel, 1D plans and transposes otherwise), against FFTW's
# 2D DFTs in double (tests/cli/fft2ref); the same with
# GFP_FFT2_PIECEWISE=1 (the row-column passes through the engine) and with
# a --gpu-mem too small for the whole array (the passes again). Skipped
# without a usable GPU.
. "$(dirname "$0")/lib.sh"

F2REF=${F2REF:-$TOP_BUILDDIR/tests/cli/fft2ref}
[ -x "$F2REF" ] || { echo "fft2-gpu: fft2ref not found at '$F2REF'" >&2; exit 99; }
ref() { "$F2REF" "$@"; }
cd "$T" || exit 99

close() {
    _e=$(ref relerr "$2" "$3" "$4" "$5" "$6")
    if [ $? -eq 0 ]; then ok "$1 (rel L2 $_e)"; else fail "$1 (rel L2 $_e > $6)"; fi
}
gg() {
    _sub=$1
    shift
    "$GFFTPIPE" "$_sub" --engine gpu "$@"
}

ref rand 2 1 probe.cf64
run gg fft2 --size 1x1 --in-format cf64 probe.cf64 probe.out
[ "$RC" -eq 0 ] || skip_all "no usable GPU ($(head -n 1 "$T/stderr"))"

seed=1
# pass-kernel sizes (C2C 1024, 1080, 1920, 3840, 4096, 16384 (16384x300: more
# groups of frames than clusters, so persistent clusters loop); R2C rows 1920,
# 2048) and others
for size in 1024x1024 1920x1080 2048x4096 1080x64 3840x16 16384x32 32x16384 16384x300 7x5 257x131 1x33 33x1; do
    W=${size%x*} H=${size#*x}
    N=$((W * H))
    seed=$((seed + 1))
    ref rand $((2 * N)) $seed c.cf64
    ref rand $N $((seed + 100)) r.f64
    ref dft c2c $W $H 1 c.cf64 C.ref
    ref dft c2c-inv $W $H "$(awk -v n=$N 'BEGIN { printf "%.17g", 1 / n }')" c.cf64 Ci.ref
    ref dft r2c $W $H 1 r.f64 R.ref
    for prec in f32 f64; do
        tol=1e-12
        [ $prec = f32 ] && tol=2e-6
        modes="whole piecewise"
        # tiles of 7 rows forced (the column pass gathers runs of 7, short
        # last tiles; src/gfp.h gfp_tiles)
        case $size in 257x131 | 16384x300 | 1920x1080) modes="$modes tile7" ;; esac
        for mode in $modes; do
            pw=0 tile=
            [ $mode = whole ] || pw=1
            [ $mode = tile7 ] && tile=7
            o="--size $size --precision $prec"
            export GFP_FFT2_TILE=$tile
            GFP_FFT2_PIECEWISE=$pw gg fft2 $o --in-format cf64 --out-format c$prec c.cf64 y.raw &&
                close "fft2 c2c $size $prec $mode" c$prec y.raw cf64 C.ref $tol
            GFP_FFT2_PIECEWISE=$pw gg ifft2 $o --in-format cf64 --out-format c$prec c.cf64 y.raw &&
                close "ifft2 c2c $size $prec $mode" c$prec y.raw cf64 Ci.ref $tol
            GFP_FFT2_PIECEWISE=$pw gg fft2 $o --in-format f64 --out-format c$prec r.f64 y.raw &&
                close "fft2 r2c $size $prec $mode" c$prec y.raw cf64 R.ref $tol
            GFP_FFT2_PIECEWISE=$pw gg ifft2 $o --in-format cf64 --out-format $prec --real-out \
                R.ref y.raw &&
                close "ifft2 c2r $size $prec $mode (round trip)" $prec y.raw f64 r.f64 $tol
        done
        unset GFP_FFT2_TILE
    done
done
# --gpu-mem below the whole array's needs: the passes, same answer
ref rand $((2 * 1024 * 1024)) 5 c.cf64
ref dft c2c 1024 1024 1 c.cf64 C.ref
gg fft2 --size 1024x1024 --gpu-mem 12Mi --in-format cf64 --out-format cf32 c.cf64 y.raw &&
    close "fft2 c2c 1024x1024 --gpu-mem 12Mi (passes)" cf32 y.raw cf64 C.ref 2e-6
# the same with the intermediate array plain (GFP_FFT2_TILE=0) and with
# tiles of the GPU's batches (the default: its batch of rows under the cap)
GFP_FFT2_TILE=0 gg fft2 --size 1024x1024 --gpu-mem 12Mi --in-format cf64 --out-format cf32 c.cf64 y.raw &&
    close "fft2 c2c 1024x1024 --gpu-mem 12Mi untiled" cf32 y.raw cf64 C.ref 2e-6
ref rand $((1024 * 1000)) 6 r.f64
ref dft r2c 1024 1000 1 r.f64 R.ref
gg fft2 --size 1024x1000 --gpu-mem 6Mi --in-format f64 --out-format cf32 r.f64 y.raw &&
    close "fft2 r2c 1024x1000 --gpu-mem 6Mi (tiles)" cf32 y.raw cf64 R.ref 2e-6
gg fft2 --size 1024x1000 --precision f64 --gpu-mem 6Mi --in-format f64 --out-format cf64 r.f64 y.raw &&
    close "fft2 r2c 1024x1000 f64 --gpu-mem 6Mi (tiles)" cf64 y.raw cf64 R.ref 1e-12

finish
