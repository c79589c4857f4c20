#!/bin/sh
# accuracy.sh - gfftpipe fft/ifft --engine cpu against refdft, an
# independent double-precision computation (FFTW's plain 1-D plans, or a
# long double DFT for N <= 64): relative L2 error within 1e-5 for f32
# arithmetic and 1e-6 for --precision f64, for complex and real input,
# N = 1, 7, 1000, 4096, 4093 (prime), with hops, windows, every --out mode,
# norms, --full, --shift, --average/--peak; and ifft: against the reference,
# fft -> ifft round trips, r2c -> --real-out (C2R), --shift.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 99

SIZES="1 7 1000 4096 4093"

# acc TOL INPUT SUB ARGS...: gfftpipe SUB ARGS INPUT, then refdft check
# with the same ARGS (it reads gfftpipe's options) at tolerance TOL.
acc() {
    a_tol=$1 a_in=$2 a_sub=$3
    shift 3
    a_inv=
    [ "$a_sub" = ifft ] && a_inv=--inverse
    rm -f got
    if ! g "$a_sub" "$@" "$a_in" got 2>"$T/stderr"; then
        fail "$a_sub $* $a_in: gfftpipe failed"
        show_stderr
        return
    fi
    # shellcheck disable=SC2086
    if a_r=$(refdft check $a_inv --tol "$a_tol" "$@" "$a_in" got); then
        ok "$a_sub $* $a_in: $a_r"
    else
        fail "$a_sub $* $a_in: $a_r"
    fi
}

# roundtrip TOL ORIG FMT_BACK BACK DESC: BACK (format FMT_BACK) equals ORIG
# (format of its name's extension) within TOL.
roundtrip() {
    r_tol=$1 r_orig=$2 r_fmt=$3 r_back=$4 r_desc=$5
    if r_r=$(refdft cmp "${r_orig##*.}" "$r_orig" "$r_fmt" "$r_back" "$r_tol"); then
        ok "$r_desc: $r_r"
    else
        fail "$r_desc: $r_r"
    fi
}

# Inputs: three whole frames and a part of a fourth (the tail is padded),
# in complex and real formats, for every size.
for n in $SIZES; do
    items=$((3 * n + n / 2 + 1))
    refdft gen cf32 $items $((n + 1)) >c$n.cf32
    refdft gen cs16 $items $((n + 2)) >c$n.cs16
    refdft gen f32 $items $((n + 3)) >r$n.f32
    refdft gen s16 $items $((n + 4)) >r$n.s16
done

# ---- plain transforms, every size --------------------------------------------
for n in $SIZES; do
    acc 1e-5 c$n.cf32 fft --n $n
    acc 1e-6 c$n.cf32 fft --n $n --precision f64 --out-format cf64
    acc 1e-5 c$n.cs16 fft --n $n --in-format cs16
    acc 1e-5 r$n.f32 fft --n $n --in-format f32
    acc 1e-6 r$n.f32 fft --n $n --in-format f32 --precision f64 --out-format cf64
    acc 1e-5 r$n.s16 fft --n $n --in-format s16
done
acc 1e-6 c4093.cs16 fft --n 4093 --in-format cs16 --precision f64 --out-format cf64
acc 1e-6 r1000.s16 fft --n 1000 --in-format s16 --precision f64 --out-format cf64

# gfftpipe's default planning (no --wisdom: FFTW_ESTIMATE at the time of
# writing); every other run here passes a wisdom file, which plans with
# FFTW_MEASURE
for n in $SIZES; do
    rm -f got
    "$GFFTPIPE" fft --engine cpu --n $n c$n.cf32 got 2>"$T/stderr" &&
        r=$(refdft check --n $n c$n.cf32 got) && ok "fft --n $n (no wisdom): $r" ||
        fail "fft --n $n (no wisdom): ${r:-gfftpipe failed}"
    "$GFFTPIPE" fft --engine cpu --n $n --in-format s16 r$n.s16 got 2>"$T/stderr" &&
        r=$(refdft check --n $n --in-format s16 r$n.s16 got) &&
        ok "fft --n $n --in-format s16 (no wisdom): $r" ||
        fail "fft --n $n --in-format s16 (no wisdom): ${r:-gfftpipe failed}"
done

# ---- hops and windows ----------------------------------------------------------
acc 1e-5 c1000.cf32 fft --n 1000 --hop 250 --window hann
acc 1e-6 c4093.cf32 fft --n 4093 --hop 3000 --window kaiser:8 --precision f64 --out-format cf64
acc 1e-5 r4096.f32 fft --n 4096 --hop 1024 --window kaiser:8 --in-format f32
acc 1e-5 r1000.s16 fft --n 1000 --hop 1500 --window hann --in-format s16
acc 1e-5 c7.cs16 fft --n 7 --hop 3 --window kaiser:8 --in-format cs16
acc 1e-5 r4093.f32 fft --n 4093 --hop 4093 --window hann --in-format f32 --full
refdft gen cf32 700 77 >w64.cf32
for w in rect hann hamming blackman blackman-harris flattop kaiser:0 kaiser:14; do
    acc 1e-5 w64.cf32 fft --n 64 --hop 48 --window $w
done

# ---- every --out mode --------------------------------------------------------------
for m in mag power db phase; do
    acc 1e-5 c1000.cf32 fft --n 1000 --window hann --out $m
    acc 1e-5 r4093.f32 fft --n 4093 --in-format f32 --out $m
    acc 1e-6 r4096.s16 fft --n 4096 --in-format s16 --full --out $m --precision f64
    acc 1e-5 c7.cs16 fft --n 7 --in-format cs16 --out $m
done
acc 1e-6 c1000.cf32 fft --n 1000 --out db --precision f64 --out-format f64
acc 1e-6 c1000.cf32 fft --n 1000 --out phase --precision f64 --out-format f64

# ---- norms ----------------------------------------------------------------------------
acc 1e-5 c4093.cf32 fft --n 4093 --norm ortho
acc 1e-5 c1000.cf32 fft --n 1000 --norm forward --out power
acc 1e-5 r1000.f32 fft --n 1000 --in-format f32 --norm forward
acc 1e-6 c4096.cs16 fft --n 4096 --in-format cs16 --norm forward --precision f64 --out-format cf64
acc 1e-5 r7.f32 fft --n 7 --in-format f32 --norm ortho --full
acc 1e-5 c1.cf32 fft --n 1 --norm ortho

# ---- --full and --shift --------------------------------------------------------------
acc 1e-5 r1000.f32 fft --n 1000 --in-format f32 --full
acc 1e-5 r4093.f32 fft --n 4093 --in-format f32 --full --shift
acc 1e-5 r7.s16 fft --n 7 --in-format s16 --full --shift --out mag
acc 1e-5 r7.f32 fft --n 7 --in-format f32 --full --out phase
acc 1e-5 c7.cf32 fft --n 7 --shift
acc 1e-5 c4096.cf32 fft --n 4096 --shift --out power
acc 1e-5 c1.cf32 fft --n 1 --shift
acc 1e-6 c4093.cf32 fft --n 4093 --shift --precision f64 --out-format cf64

# ---- --average and --peak ----------------------------------------------------------
# 256-point frames: 11 whole frames and a part of a twelfth, so groups of 5
# leave a short group of 2 (kept under --tail pad, dropped under drop).
refdft gen cf32 $((256 * 11 + 100)) 99 >avg.cf32
refdft gen f32 $((256 * 11 + 100)) 98 >avg.f32
acc 1e-5 avg.cf32 fft --n 256 --average 5 --out power
acc 1e-5 avg.cf32 fft --n 256 --average 5 --out db --tail drop
acc 1e-5 avg.cf32 fft --n 256 --average 3 --peak --out mag
acc 1e-5 avg.cf32 fft --n 256 --hop 128 --window hann --average 4 --out power
acc 1e-5 avg.cf32 fft --n 256 --average 5 --peak --out db --shift
acc 1e-6 avg.cf32 fft --n 256 --average 2 --peak --out power --precision f64 --out-format f64
acc 1e-5 avg.f32 fft --n 256 --in-format f32 --average 4 --out mag --window kaiser:8
acc 1e-5 avg.f32 fft --n 256 --in-format f32 --average 5 --full --shift --out power
acc 1e-5 r1000.f32 fft --n 1000 --in-format f32 --average 2 --out db
acc 1e-5 c4093.cf32 fft --n 4093 --average 3 --peak --out power

# ---- other input formats (N = 64: the reference is a long double DFT) -----
for f in u8 s8 s32 f64 cu8 cs8 cs32 cf64 s16be cf32be cs16le f64be; do
    refdft gen $f 200 7 >fmt.$f
    case $f in
    *64*) tol=1e-6 prec="--precision f64" ;;
    *) tol=1e-5 prec= ;;
    esac
    # shellcheck disable=SC2086
    acc $tol fmt.$f fft --n 64 --in-format $f $prec
done

# ---- ifft against the reference ----------------------------------------------------
for n in $SIZES; do
    acc 1e-5 c$n.cf32 ifft --n $n
    acc 1e-5 c$n.cf32 ifft --n $n --real-out
done
acc 1e-6 c4096.cf32 ifft --n 4096 --precision f64 --out-format cf64
acc 1e-6 c4093.cf32 ifft --n 4093 --real-out --precision f64 --out-format f64
acc 1e-5 c1000.cs16 ifft --n 1000 --in-format cs16 --norm ortho
acc 1e-5 c4093.cf32 ifft --n 4093 --norm forward
acc 1e-5 c7.cf32 ifft --n 7 --shift
acc 1e-5 c1000.cf32 ifft --n 1000 --shift
acc 1e-5 c4093.cf32 ifft --n 4093 --shift --norm ortho

# ---- round trips: fft then ifft gives the input back ---------------------------
# (whole frames only, so no padding zeros come back)
for n in $SIZES; do
    refdft gen cf32 $((3 * n)) $((n + 5)) >x$n.cf32
    refdft gen f32 $((3 * n)) $((n + 6)) >x$n.f32
    g fft --n $n x$n.cf32 X.cf32 && g ifft --n $n X.cf32 y.cf32
    roundtrip 1e-5 x$n.cf32 cf32 y.cf32 "N=$n: ifft(fft(x)) = x"
    g fft --n $n --shift x$n.cf32 X.cf32 && g ifft --n $n --shift X.cf32 y.cf32
    roundtrip 1e-5 x$n.cf32 cf32 y.cf32 "N=$n: ifft --shift (fft --shift (x)) = x"
    # r2c half spectrum -> C2R
    g fft --n $n --in-format f32 x$n.f32 H.cf32 && g ifft --n $n --real-out H.cf32 y.f32
    roundtrip 1e-5 x$n.f32 f32 y.f32 "N=$n: ifft --real-out (fft (real x)) = x"
done
for norm in ortho forward backward; do
    g fft --n 4093 --norm $norm x4093.cf32 X.cf32 &&
        g ifft --n 4093 --norm $norm X.cf32 y.cf32
    roundtrip 1e-5 x4093.cf32 cf32 y.cf32 "N=4093 --norm $norm round trip"
done
g fft --n 1000 --precision f64 --out-format cf64 x1000.cf32 X.cf64 &&
    g ifft --n 1000 --precision f64 --in-format cf64 --out-format cf64 X.cf64 y.cf64
roundtrip 1e-6 x1000.cf32 cf64 y.cf64 "N=1000 --precision f64 round trip through cf64"
g fft --n 4096 --in-format f32 --norm ortho --precision f64 --out-format cf64 x4096.f32 H.cf64 &&
    g ifft --n 4096 --real-out --norm ortho --precision f64 --in-format cf64 --out-format f64 H.cf64 y.f64
roundtrip 1e-6 x4096.f32 f64 y.f64 "N=4096 f64 ortho r2c -> c2r round trip"
# through a pipe, the way the README shows it (separate wisdom files: the
# two processes run at the same time)
"$GFFTPIPE" fft --engine cpu --n 4096 --wisdom "$T/w1" <x4096.cf32 |
    "$GFFTPIPE" ifft --engine cpu --n 4096 --wisdom "$T/w2" >y.cf32
roundtrip 1e-5 x4096.cf32 cf32 y.cf32 "N=4096 fft | ifft pipeline"

finish
