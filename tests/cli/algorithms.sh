#!/bin/sh
# algorithms.sh - fft/ifft --algorithm, the seed papers' GPU algorithms.
# Everywhere: the usage errors (unknown name, --engine cpu, real input or
# output: exit 1 with one line) and, without a usable GPU, exit 3 with one
# line and no output when one is asked for (no fallback to the CPU). With a
# GPU: each algorithm's fft and ifft against refdft (FFTW in double
# precision), f32 and f64, a windowed power spectrum, a length past one
# block, and a length that is not a power of two refused (exit 2).
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 99

ALGS="ct-r2 ct-r4 stockham-r2 stockham-r4 stockham-r8 stockham-r16 pease"
refdft gen cf32 12000 5 >in.cf32
refdft gen s16 4096 6 >in.s16

# ---- usage errors -------------------------------------------------------------
rm -f out
run "$GFFTPIPE" fft --n 256 --algorithm radix-3 in.cf32 out
check "--algorithm radix-3: usage error naming the choices" \
    expect_usage_error "ct-r2.*pease"
for a in $ALGS; do
    run "$GFFTPIPE" fft --n 256 --algorithm "$a" --engine cpu in.cf32 out
    check "fft --algorithm $a --engine cpu: usage error" \
        expect_usage_error "GPU engine only"
done
run "$GFFTPIPE" fft --n 256 --algorithm pease --in-format s16 in.s16 out
check "fft --algorithm pease on real input: usage error" \
    expect_usage_error "complex"
run "$GFFTPIPE" ifft --n 256 --algorithm ct-r4 --real-out in.cf32 out
check "ifft --algorithm ct-r4 --real-out: usage error" \
    expect_usage_error "complex"
check "the refused runs wrote no output" [ ! -e out ]
run "$GFFTPIPE" fft --n 256 --algorithm auto --engine cpu in.cf32 out
check "fft --algorithm auto --engine cpu: exit 0" [ "$RC" -eq 0 ]

# ---- no GPU: exit 3, no output, no fallback -------------------------------------
if ! "$GFFTPIPE" fft -q --engine gpu --n 8 in.cf32 probe.out 2>/dev/null; then
    rm -f out
    run "$GFFTPIPE" fft --n 256 --algorithm ct-r2 in.cf32 out
    if expect_rc_line 3 'GPU' && [ ! -e out ]; then
        ok "--algorithm ct-r2 without a usable GPU: exit 3, one line, no output"
    else
        fail "--algorithm ct-r2 without a usable GPU: exit 3, one line, no output"
    fi
    say "(no usable GPU engine here: the GPU runs of this script are skipped)"
    finish
fi

# ---- with a GPU: each algorithm against the reference ---------------------------
gpu() { "$GFFTPIPE" "$@"; }
for a in $ALGS; do
    for n in 2 64 1024 8192; do
        rm -f got
        if gpu fft --n $n --algorithm "$a" in.cf32 got 2>"$T/stderr" &&
           r=$(refdft check --tol 1e-5 --n $n in.cf32 got); then
            ok "fft --n $n --algorithm $a: $r"
        else
            fail "fft --n $n --algorithm $a: ${r:-gfftpipe failed}"
            show_stderr
        fi
    done
    rm -f got
    if gpu fft --n 4096 --algorithm "$a" --precision f64 --out-format cf64 \
           in.cf32 got 2>"$T/stderr" &&
       r=$(refdft check --tol 1e-6 --n 4096 --out-format cf64 in.cf32 got); then
        ok "fft --n 4096 --algorithm $a --precision f64: $r"
    else
        fail "fft --n 4096 --algorithm $a --precision f64: ${r:-gfftpipe failed}"
        show_stderr
    fi
    rm -f got
    if gpu ifft --n 1024 --algorithm "$a" in.cf32 got 2>"$T/stderr" &&
       r=$(refdft check --inverse --tol 1e-5 --n 1024 in.cf32 got); then
        ok "ifft --n 1024 --algorithm $a: $r"
    else
        fail "ifft --n 1024 --algorithm $a: ${r:-gfftpipe failed}"
        show_stderr
    fi
    rm -f got
    if gpu fft --n 512 --hop 300 --window hann --out power --algorithm "$a" \
           in.cf32 got 2>"$T/stderr" &&
       r=$(refdft check --tol 1e-5 --n 512 --hop 300 --window hann --out power \
               in.cf32 got); then
        ok "fft --window hann --out power --algorithm $a: $r"
    else
        fail "fft --window hann --out power --algorithm $a: ${r:-gfftpipe failed}"
        show_stderr
    fi
    rm -f got
    run "$GFFTPIPE" fft --n 1000 --algorithm "$a" in.cf32 got
    if expect_rc_line 2 "power of two" && [ ! -e got ]; then
        ok "fft --n 1000 --algorithm $a: exit 2, one line, no output"
    else
        fail "fft --n 1000 --algorithm $a: exit 2, one line, no output"
    fi
done
# past one block's shared memory: the multi-pass and grid versions
refdft gen cf32 65536 7 >big.cf32
for a in $ALGS; do
    rm -f got
    if gpu fft --n 32768 --algorithm "$a" big.cf32 got 2>"$T/stderr" &&
       r=$(refdft check --tol 1e-5 --n 32768 big.cf32 got); then
        ok "fft --n 32768 --algorithm $a: $r"
    else
        fail "fft --n 32768 --algorithm $a: ${r:-gfftpipe failed}"
        show_stderr
    fi
done
finish
