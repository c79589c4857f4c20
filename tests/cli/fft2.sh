#!/bin/sh
# fft2.sh - the fft2 and ifft2 subcommands against FFTW's own 2D plans in
# double precision (tests/cli/fft2ref): random arrays of odd, prime and
# degenerate (1xN, Nx1) sizes, f32 and f64, C2C both ways, R2C and C2R
# round trips, the three norms; a PNG of a 2D sinusoid gives its peak in
# the right bin whatever its colour type, depth or interlacing; bad PNGs
# give one error line, exit 2 and no output file.
. "${TOP_SRCDIR:-$(dirname "$0")/../..}/tests/cli/lib.sh"

F2REF=${F2REF:-$TOP_BUILDDIR/tests/cli/fft2ref}
[ -x "$F2REF" ] || { echo "fft2: fft2ref not found at '$F2REF'" >&2; exit 99; }
ref() { "$F2REF" "$@"; }
cd "$T" || exit 99

# close NAME FMT_GOT GOT FMT_REF REF TOL
close() {
    _e=$(ref relerr "$2" "$3" "$4" "$5" "$6")
    if [ $? -eq 0 ]; then ok "$1 (rel L2 $_e)"; else fail "$1 (rel L2 $_e > $6)"; fi
}

# scale NORM N INVERSE: numpy's scale of a transform of N values
scale() {
    awk -v norm="$1" -v n="$2" -v inv="$3" 'BEGIN {
        s = 1
        if (norm == "ortho") s = 1 / sqrt(n)
        else if (norm == "backward" && inv) s = 1 / n
        else if (norm == "forward" && !inv) s = 1 / n
        printf "%.17g\n", s }'
}

seed=1
for size in 7x5 13x11 1x17 19x1 1x1 31x29 16x9 2x3; do
    W=${size%x*} H=${size#*x}
    N=$((W * H)) Wc=$((W / 2 + 1))
    seed=$((seed + 1))
    ref rand $((2 * N)) $seed c.cf64
    ref rand $N $((seed + 100)) r.f64
    for norm in backward ortho forward; do
        sf=$(scale $norm $N 0) si=$(scale $norm $N 1)
        ref dft c2c $W $H "$sf" c.cf64 C.ref
        ref dft c2c-inv $W $H "$si" c.cf64 Ci.ref
        ref dft r2c $W $H "$sf" r.f64 R.ref
        for prec in f64 f32; do
            tol=1e-12
            [ $prec = f32 ] && tol=1e-5
            # f64 input, computed in $prec, written in $prec
            o="--size $size --precision $prec --norm $norm"
            g fft2 $o --in-format cf64 --out-format c$prec c.cf64 y.raw &&
                close "fft2 c2c $size $prec $norm" c$prec y.raw cf64 C.ref $tol
            g ifft2 $o --in-format cf64 --out-format c$prec c.cf64 y.raw &&
                close "ifft2 c2c $size $prec $norm" c$prec y.raw cf64 Ci.ref $tol
            g fft2 $o --in-format f64 --out-format c$prec r.f64 y.raw &&
                close "fft2 r2c $size $prec $norm" c$prec y.raw cf64 R.ref $tol
            # C2R: the half spectrum back to the real input
            g ifft2 $o --in-format cf64 --out-format $prec --real-out R.ref y.raw &&
                close "ifft2 c2r $size $prec $norm (round trip)" $prec y.raw \
                    f64 r.f64 $tol
        done
    done
done
# a larger prime size and the batching of the engine passes, f32
ref rand $((2 * 257 * 131)) 7 c.cf64
ref dft c2c 257 131 1 c.cf64 C.ref
g fft2 --size 257x131 --in-format cf64 --out-format cf32 c.cf64 y.cf32 &&
    close "fft2 c2c 257x131 f32" cf32 y.cf32 cf64 C.ref 1e-5
# the intermediate array in tiles of 9 rows (GFP_FFT2_TILE: the CPU engine
# gathers them in the column pass), C2C and R2C
GFP_FFT2_TILE=9 g fft2 --size 257x131 --in-format cf64 --out-format cf32 c.cf64 y.cf32 &&
    close "fft2 c2c 257x131 f32, tiles of 9" cf32 y.cf32 cf64 C.ref 1e-5
ref rand $((257 * 131)) 8 r.f64
ref dft r2c 257 131 1 r.f64 R.ref
GFP_FFT2_TILE=9 g fft2 --size 257x131 --precision f64 --in-format f64 --out-format cf64 r.f64 y.cf64 &&
    close "fft2 r2c 257x131 f64, tiles of 9" cf64 y.cf64 cf64 R.ref 1e-12

# .npy in and out: the same numbers as raw, and a 3-plane stack
ref rand 35 3 r.f64
g fft2 --size 7x5 --in-format f64 --precision f64 r.f64 y.npy
g fft2 --size 7x5 --in-format f64 --precision f64 --out-format raw r.f64 y.raw
check "npy output: header + the raw bytes" \
    [ "$(tail -c "$(size y.raw)" y.npy | cmp - y.raw && echo same)" = same ]
check "npy output: complex128 of shape (5, 4)" \
    grep -aq "'descr': '<c16', 'fortran_order': False, 'shape': (5, 4), }" y.npy
g ifft2 --real-out --size 7x5 --precision f64 y.npy back.f64 &&
    close "npy in: irfft2 back to the input" f64 back.f64 f64 r.f64 1e-12
ref rand 105 4 r3.f64
g fft2 --size 7x5 --in-format f64 --precision f64 --out-format raw r3.f64 y3.raw
check "raw input of 3 planes: 3 x 5 x 4 complex values" expect_size y3.raw $((3 * 5 * 4 * 16))
tail -c 320 y3.raw >last.raw
tail -c 280 r3.f64 >last.f64
ref dft r2c 7 5 1 last.f64 last.ref
close "raw input of 3 planes: the last plane" cf64 last.raw cf64 last.ref 1e-12

# fftshift: the zero frequency at row H/2, column W/2
ref rand 35 5 r.f64
g fft2 --size 7x5 --in-format f64 --precision f64 --full --shift --out-format raw r.f64 ys.raw
g fft2 --size 7x5 --in-format f64 --precision f64 --full --out-format raw r.f64 yn.raw
# bin (0,0) of yn is value 2*7+3 = 17 of ys: bytes 17*16..
check "--shift puts bin (0,0) at (H/2, W/2)" \
    [ "$(od -An -tx1 -j 0 -N 16 yn.raw)" = "$(od -An -tx1 -j 272 -N 16 ys.raw)" ]
g ifft2 --size 7x5 --in-format cf64 --precision f64 --shift ys.raw back.cf64
g fft2 --size 7x5 --in-format f64 --precision f64 --full --out-format raw --norm forward r.f64 /dev/null
ref dft c2c-inv 7 5 0.028571428571428571 yn.raw back.ref
close "ifft2 --shift undoes fft2 --shift" cf64 back.cf64 cf64 back.ref 1e-12

# ---- PNG: a 2D sinusoid lands in its bin ------------------------------------
for t in "8 0 gray" "16 0 gray" "8 1 rgb" "16 1 rgba" "8 0 palette"; do
    set -- $t
    ref png 64 48 5 3 "$1" "$2" "$3" s.png
    g fft2 --gray --full --precision f64 --out-format raw s.png k.raw
    check "PNG $3 depth $1 interlace $2: peak at row 3, column 5" \
        [ "$(ref peak cf64 64 48 k.raw)" = "3 5" ]
done
ref png 40 30 -7 4 8 0 rgb s.png
g fft2 --precision f64 --out-format npy s.png k.npy
check "RGB PNG to npy: 3 planes of 30 x 21" \
    grep -aq "'shape': (3, 30, 21), }" k.npy
g fft2 s.png spec.png
check "PNG output: 3 tiles of 40x30 (RGB, 120 x 30)" \
    [ "$(od -An -tx1 -j 16 -N 8 spec.png | tr -d ' \n')" = 000000780000001e ]
# the round trip back to the picture
ref png 40 30 3 2 8 0 gray s.png
g fft2 --precision f64 s.png k.npy
g ifft2 --real-out --precision f64 k.npy back.png
# same pixels (back.png is RGB with R = G = B): same spectra
g fft2 --gray --precision f64 --out-format raw s.png k1.raw
g fft2 --gray --precision f64 --out-format raw back.png k2.raw
close "fft2 then ifft2 --real-out gives the PNG's pixels back" cf64 k2.raw cf64 k1.raw 1e-12
g ifft2 --real-out --precision f64 --out-format raw k.npy back.f64
check "... as 30 x 40 reals" expect_size back.f64 $((30 * 40 * 8))

# ---- bad input ------------------------------------------------------------------
ref png 16 16 1 1 8 0 gray good.png
head -c 60 good.png >trunc.png
ref png0 zero.png
head -c 3000 /dev/urandom >random.png 2>/dev/null ||
    awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%c", 1 + (i * 7919) % 250 }' >random.png
{ head -c 33 good.png; printf 'garbage'; tail -c +41 good.png; } >crc.png
for b in trunc random zero crc; do
    rm -f out.png
    run with_timeout 10 "$GFFTPIPE" fft2 --engine cpu $b.png out.png
    check "bad PNG ($b): exit 2, one line" expect_rc_line 2 'PNG'
    check "bad PNG ($b): no output file" [ ! -e out.png ]
done
no_temp_files "$T"
run "$GFFTPIPE" fft2 --engine cpu --in-format cf32 x.raw
check "raw input without --size: usage error" expect_usage_error "--size"
printf 'abcdefg' >odd.raw
run "$GFFTPIPE" fft2 --engine cpu --size 2x2 --in-format cf32 odd.raw y.raw
check "raw input of the wrong length: exit 2" expect_rc_line 2 'not a whole number'
run "$GFFTPIPE" ifft2 --full x
check "ifft2 --full: usage error" expect_usage_error "full"
run "$GFFTPIPE" fft2 --engine cpu --size 7x5 --in-format f64 --shift r.f64 y.raw
check "--shift of a half spectrum: usage error" expect_usage_error "--full"

finish
