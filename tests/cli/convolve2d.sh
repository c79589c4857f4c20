#!/bin/sh
# convolve2d.sh - the convolve2d stage against a direct 2D convolution in
# long double (tests/cli/conv2dref, its own kernels and boundary rules):
# random PNGs of odd and prime sizes, gray, gray+alpha, RGB and RGBA, 8 and
# 16 bits, every boundary rule, f32 and f64; PNG output within 1 level,
# float output within rounding; identity kernels give the input back and a
# shifted impulse moves it, exactly; kernels larger than the image; kernel
# files (PNG, .npy, raw, even sizes, normalised or not); alpha kept or
# convolved; clamped values reported; bad input gives one message, the
# right exit status and no output. The GPU engine runs the same reference
# checks when this machine has one.
. "${TOP_SRCDIR:-$(dirname "$0")/../..}/tests/cli/lib.sh"

C2REF=${C2REF:-$TOP_BUILDDIR/tests/cli/conv2dref}
[ -x "$C2REF" ] || { echo "convolve2d: conv2dref not found at '$C2REF'" >&2; exit 99; }
ref() { "$C2REF" "$@"; }
cd "$T" || exit 99
# FFTW_ESTIMATE plans (no --wisdom): the runs have many different sizes.
c2() { "$GFFTPIPE" convolve2d --engine "${ENGINE:-cpu}" "$@"; }

# against NAME IN.png KSPEC-or-FILE KW KH NORM BOUNDARY ALPHA GOT FMT TOL:
# conv2dref's verdict on GOT
against() {
    _name=$1
    shift
    if _r=$(ref check "$@"); then ok "$_name: $_r"; else fail "$_name: $_r"; fi
}

# case_named IN KSPEC BOUNDARY [OPTIONS...]: PNG within 1 level, f32 output
# within 1e-6, f64 output within 1e-12 of the reference.
case_named() {
    _in=$1 _k=$2 _b=$3
    shift 3
    set -- $(ref kernel "$_k" k.f64) "$@"
    _kw=$1 _kh=$2
    shift 2
    _d="$ENGINE $_in $_k $_b${*:+ $*}"
    if c2 -q --kernel "$_k" --boundary "$_b" "$@" "$_in" out.png; then
        against "$_d: PNG" "$_in" k.f64 "$_kw" "$_kh" none "$_b" keep out.png png 1
    else
        fail "$_d: PNG output failed"
    fi
    if c2 -q --kernel "$_k" --boundary "$_b" --out-format f32 "$@" "$_in" out.f32; then
        against "$_d: f32 values" "$_in" k.f64 "$_kw" "$_kh" none "$_b" keep out.f32 f32 1e-6
    else
        fail "$_d: f32 output failed"
    fi
    if c2 -q --kernel "$_k" --boundary "$_b" --precision f64 --out-format f64 "$@" "$_in" out.f64; then
        against "$_d: f64 values" "$_in" k.f64 "$_kw" "$_kh" none "$_b" keep out.f64 f64 1e-12
    else
        fail "$_d: f64 output failed"
    fi
}

# ---- which engines: the GPU too when it is usable here ------------------------
ref img 9 7 3 8 1 probe.png
ENGINES=cpu
run "$GFFTPIPE" convolve2d -q --engine gpu --kernel box:1 probe.png probe-out.png
case $RC in
0) ENGINES="cpu gpu" ;;
3) say "(no usable GPU engine here: the GPU runs of this script are skipped)" ;;
*) fail "--engine gpu: exit status $RC (0, or 3 without a GPU)"; show_stderr ;;
esac

# ---- every layout, depth and boundary rule, gaussian blur ---------------------
seed=10
for ENGINE in $ENGINES; do
    for layout in "37 29 1 8" "37 29 2 16" "31 23 3 8" "29 31 4 16" \
                  "13 1 3 16" "1 17 1 8" "61 53 4 8" "23 19 3 16"; do
        set -- $layout
        seed=$((seed + 1))
        ref img "$1" "$2" "$3" "$4" $seed in-$1x$2-$3-$4.png
        for b in zero wrap reflect; do
            case_named in-$1x$2-$3-$4.png gaussian:1.5 $b
        done
    done
    # other named kernels, and sizes that batch the engine passes
    ref img 257 131 3 8 3 big.png
    case_named big.png gaussian:3.5 reflect
    case_named big.png box:2 wrap
    case_named big.png disk:4.5 zero
    # kernels larger than the image, in every rule
    ref img 7 5 4 16 4 tiny.png
    for b in zero wrap reflect; do
        case_named tiny.png box:6 $b
        case_named tiny.png gaussian:3 $b
    done
done
ENGINE=cpu

# ---- identity kernels give the input back, exactly ----------------------------
for layout in "37 29 1 8" "37 29 2 16" "31 23 3 8" "29 31 4 16"; do
    set -- $layout
    in=in-$1x$2-$3-$4.png
    for k in box:0 disk:0.5 gaussian:0.1; do
        c2 -q --kernel $k "$in" id.png
        check "identity $k on $in gives the same pixels" ref same "$in" id.png
    done
    ref kernel impulse:5:5:2:2 imp.f64 >/dev/null
    c2 -q --kernel-size 5x5 --boundary zero --kernel imp.f64 "$in" id.png
    check "a centred 5x5 impulse file on $in gives the same pixels (zero)" ref same "$in" id.png
    c2 -q --alpha convolve --kernel box:0 "$in" id.png
    check "identity with --alpha convolve on $in gives the same pixels" ref same "$in" id.png
done

# ---- a shifted impulse moves the image, exactly --------------------------------
# a 1 at column 5, row 1 of a 7x5 kernel (centre 3, 2): 2 right, 1 up
ref kernel impulse:7:5:5:1 imp.f64 >/dev/null
for layout in "37 29 1 8" "37 29 2 16" "31 23 3 8" "29 31 4 16"; do
    set -- $layout
    in=in-$1x$2-$3-$4.png
    c2 -q --kernel-size 7x5 --boundary wrap "$in" imp.f64 sh.png
    ref shift "$in" 2 -1 want.png
    check "shifted impulse on $in (wrap): the image moved 2 right, 1 up" ref same want.png sh.png
    for b in zero reflect; do
        c2 -q --kernel-size 7x5 --boundary $b "$in" imp.f64 sh.png
        against "shifted impulse on $in ($b), exact" "$in" imp.f64 7 5 none $b keep sh.png png 0
    done
done

# ---- kernel files -------------------------------------------------------------
in=in-31x23-3-8.png
ref kernel rand:9:7:5 kr.f64 >/dev/null
c2 -q --kernel-size 9x7 --out-format f32 "$in" kr.f64 o.f32
against "raw f64 kernel 9x7 (by its extension), scaled to sum 1" "$in" kr.f64 9 7 sum reflect keep o.f32 f32 1e-6
# an even-sized kernel: its centre is (W/2, H/2) = (2, 3)
ref kernel rand:4:6:6 ke.f64 >/dev/null
c2 -q --kernel-size 4x6 --boundary wrap --precision f64 --out-format f64 "$in" ke.f64 o.f64
against "even-sized 4x6 kernel, centre (2, 3)" "$in" ke.f64 4 6 sum wrap keep o.f64 f64 1e-12
# the same values as f32, named by --kernel-format
ref kernel rand:5:5:7 k5.f64 >/dev/null
c2 -q --kernel-size 5x5 --precision f64 --out-format f64 --kernel k5.f64 "$in" o.f64
cp k5.f64 k5.bin
"$GFFTPIPE" convolve2d --engine cpu -q --kernel-size 5x5 --kernel-format f64 --precision f64 --out-format f64 --kernel k5.bin "$in" o2.f64
check "--kernel-format f64 reads what the .f64 extension does" expect_same o.f64 o2.f64
# .npy
ref npy kr.f64 9 7 kr.npy
c2 -q --out-format f32 "$in" kr.npy o2.f32
check ".npy kernel: the same result as the raw one" expect_same o.f32 o2.f32
# a gray PNG kernel, normalised by default
ref kpng 11 9 8 kp.png kp.f64
c2 -q --out-format f32 "$in" kp.png o.f32
against "PNG kernel 11x9 (gray levels, scaled to sum 1)" "$in" kp.f64 11 9 sum reflect keep o.f32 f32 1e-6
run c2 -v --out-format f32 "$in" kp.png o.f32
check "-v says the PNG kernel was scaled to sum 1" grep -q 'PNG file, its sum .* scaled to 1' "$T/stderr"
# a signed kernel, not normalised: values leave 0..255, clamped and counted
ref kernel srand:5:5:9 ks.f64 >/dev/null
run c2 --normalize none --kernel-size 5x5 --precision f64 "$in" ks.f64 clamp.png
if want=$(ref check "$in" ks.f64 5 5 none reflect keep clamp.png png 0); then
    ok "signed kernel, --normalize none: exact after clamping ($want)"
else
    fail "signed kernel, --normalize none: exact after clamping ($want)"
fi
n=$(printf '%s\n' "$want" | sed -n 's/.*, \([0-9]*\) clamped/\1/p')
check "the clamped values ($n) are reported on stderr" \
    grep -q "warning: $n of $((31 * 23 * 3)) output values clamped to 0..255" "$T/stderr"
check "... and only that, with exit status 0" expect_rc_line 0 'clamped'

# ---- alpha -----------------------------------------------------------------------
ksz=$(ref kernel gaussian:2 k.f64)
for in in in-37x29-2-16.png in-29x31-4-16.png; do
    c2 -q --alpha convolve --kernel gaussian:2 "$in" a.png
    against "--alpha convolve on $in" "$in" k.f64 $ksz none reflect convolve a.png png 1
    c2 -q --kernel gaussian:2 "$in" a.png
    against "--alpha keep (the default) on $in: alpha unchanged" "$in" k.f64 $ksz none reflect keep a.png png 1
done

# ---- outputs ------------------------------------------------------------------------
in=in-31x23-3-8.png
c2 -q --kernel box:1 --out-format f32 "$in" v.f32
c2 -q --kernel box:1 "$in" v.npy
check ".npy output: float32 of shape (23, 31, 3)" \
    grep -aq "'descr': '<f4', 'fortran_order': False, 'shape': (23, 31, 3), }" v.npy
check ".npy output: the header, then the f32 values" \
    [ "$(tail -c "$(size v.f32)" v.npy | cmp - v.f32 && echo same)" = same ]
c2 -q --kernel box:1 --precision f64 in-37x29-1-8.png v1.npy
check ".npy output of a gray image, f64: float64 of shape (29, 37)" \
    grep -aq "'descr': '<f8', 'fortran_order': False, 'shape': (29, 37), }" v1.npy
c2 -q --kernel box:1 "$in" file.png
c2 -q --kernel box:1 <"$in" >pipe.png
check "stdin to stdout: the same PNG as file to file" expect_same pipe.png file.png
c2 -q "$in" kp.png file.png
c2 -q - kp.png <"$in" >pipe.png
check "INPUT KERNEL, the image on stdin: the same PNG" expect_same pipe.png file.png
c2 -q "$in" - <kp.png >pipe.png
check "INPUT KERNEL, the kernel on stdin: the same PNG" expect_same pipe.png file.png

# ---- bad input ------------------------------------------------------------------------
echo keep >out.png
for bad in "--kernel gaussian:0" "--kernel gaussian:-1" "--kernel gaussian:x" \
           "--kernel gaussian:600" "--kernel box:1.5" "--kernel box:3000" \
           "--kernel disk:-1" "--kernel box:1 --boundary mirror" \
           "--kernel box:1 --alpha drop" "--kernel box:1 --out-format tiff" \
           "--kernel box:1 --normalize peak" "--kernel box:1 --kernel-size 3x3" \
           "--kernel k.f64 --kernel-size 5000x1" "--kernel k.f64 --kernel-size 3" \
           "--kernel k.f64 --kernel-format cf32"; do
    # shellcheck disable=SC2086
    run "$GFFTPIPE" convolve2d --engine cpu $bad in-37x29-1-8.png out.png
    check "$bad: usage error" expect_usage_error
done
run "$GFFTPIPE" convolve2d --engine cpu in-37x29-1-8.png
check "no kernel: usage error" expect_usage_error "KERNEL"
run "$GFFTPIPE" convolve2d --engine cpu - - out.png
check "image and kernel both stdin: usage error" expect_usage_error "stdin"
run c2 --kernel box:1 no-such.png out.png
check "missing input: exit 2, one line" expect_rc_line 2 'no-such'
run c2 in-37x29-1-8.png no-such-kernel.png out.png
check "missing kernel: exit 2, one line" expect_rc_line 2 "kernel: .*'no-such-kernel.png'"
printf 'P5\n2 2\n255\nabcd' >notpng.pgm
run c2 --kernel box:1 notpng.pgm out.png
check "a non-PNG image: exit 2, one line" expect_rc_line 2 'not a PNG'
head -c 100 in-37x29-1-8.png >trunc.png
run c2 --kernel box:1 trunc.png out.png
check "a truncated PNG: exit 2, one line" expect_rc_line 2 'PNG'
run c2 in-37x29-1-8.png kr.f64 out.png
check "a raw kernel without --kernel-size: usage error" expect_rc_line 1 'kernel-size'
run c2 --kernel-size 8x7 in-37x29-1-8.png kr.f64 out.png
check "a raw kernel of the wrong size: exit 2" expect_rc_line 2 'needs 448'
run c2 --kernel-size 9x7 in-37x29-1-8.png kp.png out.png
check "--kernel-size against a PNG kernel of another size: usage error" expect_rc_line 1 'does not match'
ref img 5 5 3 8 2 colour.png
run c2 in-37x29-1-8.png colour.png out.png
check "a colour PNG kernel: exit 2" expect_rc_line 2 'must be gray'
# a kernel summing to 0: 1, 0, -1
printf '\000\000\200\077\000\000\000\000\000\000\200\277' >zero-sum.f32
run c2 --kernel-size 3x1 in-37x29-1-8.png zero-sum.f32 out.png
check "a kernel summing to 0, normalised: usage error naming --normalize none" \
    expect_rc_line 1 'normalize none'
run c2 -q --normalize none --kernel-size 3x1 in-37x29-1-8.png zero-sum.f32 edges.png
check "... and with --normalize none it runs" [ "$RC" -eq 0 ]
printf '\000\000\300\177' >nan.f32
run c2 --kernel-size 1x1 in-37x29-1-8.png nan.f32 out.png
check "a NaN in the kernel: exit 2" expect_rc_line 2 'not finite'
: >empty.f32
run c2 --kernel-size 1x1 in-37x29-1-8.png empty.f32 out.png
check "an empty kernel file: exit 2" expect_rc_line 2 'empty'
check "failed runs left out.png as it was" [ "$(cat out.png)" = keep ]
no_temp_files "$T"

finish
