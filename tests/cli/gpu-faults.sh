#!/bin/sh
# gpu-faults.sh - GPU faults (issue 8; rows 26-29 of
# shared/research/bad-inputs.md):
#   26 no usable GPU (CUDA_VISIBLE_DEVICES=): auto gives one note and the
#      CPU's result, exit 0; --engine gpu exits 3 with one line, no output.
#      Runs on every machine.
# The rest need a GPU and the LD_PRELOAD shim tests/fault/gpufault.so (see
# tests/fault/gpufault.c); without them they are reported as not run:
#   27 device or pinned allocation failures: smaller batches with the same
#      bytes as an unfaulted GPU run; when even one frame finds no device
#      memory, auto runs on the CPU (one note) and --engine gpu exits 2
#   28 a kernel that stores to an illegal address in the 3rd batch: exit 2
#      with one line, a named output never appears, and on stdout nothing
#      of the 3rd batch (or later) is written
#   29 kernels without code for the device (launches answer "no kernel
#      image"): a clear failure or the CPU, never garbage; and the PTX path
#      (CUDA_FORCE_PTX_JIT=1) gives the right answer
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 99

N=1024
refdft gen cf32 $((N * 640)) 28 >x.cf32 # 5 MiB: 5 batches of 1 MiB below
g fft --n $N --in-format cf32 x.cf32 cpu.out 2>/dev/null

# ---- row 26: no usable GPU ---------------------------------------------------
run env CUDA_VISIBLE_DEVICES= "$GFFTPIPE" fft --engine auto --wisdom "$W" \
    --n $N --in-format cf32 x.cf32 auto.out
check "row 26: auto without a GPU: exit 0, one note" \
    expect_rc_line 0 'GPU.*using the CPU engine'
check "row 26: auto without a GPU: the CPU engine's bytes" expect_same auto.out cpu.out
run env CUDA_VISIBLE_DEVICES= "$GFFTPIPE" fft --engine gpu --n $N \
    --in-format cf32 x.cf32 gpu.out
check "row 26: --engine gpu without a GPU: exit 3, one line" expect_rc_line 3 'GPU|CUDA'
check "row 26: --engine gpu without a GPU: no output file" [ ! -e gpu.out ]
check "row 26: no temporary files" no_temp_files .

# ---- the rest needs a GPU and the shim -----------------------------------------
SHIM=${GPUFAULT_SO:-$TOP_BUILDDIR/tests/fault/gpufault.so}
if ! "$GFFTPIPE" fft --engine gpu --n 8 --in-format cf32 x.cf32 >/dev/null 2>&1; then
    say "    note: no usable GPU here: rows 27-29 not run"
    finish
fi
if [ ! -f "$SHIM" ]; then
    say "    note: no GPU fault shim at $SHIM: rows 27-29 not run"
    finish
fi
# gf VAR=VAL... -- ARGS...: gfftpipe fft on the GPU under the shim.
gf() {
    _env=
    while [ "$1" != -- ]; do _env="$_env $1"; shift; done
    shift
    # shellcheck disable=SC2086
    run env LD_PRELOAD="$SHIM" $_env "$GFFTPIPE" fft --n $N --in-format cf32 "$@"
}
FRAME=$((N * 8))
run "$GFFTPIPE" fft --engine gpu --n $N --in-format cf32 x.cf32 gpu.out
check "GPU run without faults: exit 0" [ "$RC" -eq 0 ]
r=$(refdft check --n $N --in-format cf32 x.cf32 gpu.out) &&
    ok "GPU run without faults: matches refdft: $r" ||
    fail "GPU run without faults: matches refdft: $r"

# ---- row 27: allocation failures ------------------------------------------------
gf GFP_GPUFAULT_DEV_MAX=1048576 -- --engine gpu -v x.cf32 dev.out
check "row 27: device buffers over 1 MiB fail: exit 0" [ "$RC" -eq 0 ]
check "row 27: ... smaller batches (-v says at most 128 frames)" \
    grep -Eq 'batches of up to (128|64|32|16|8|4|2|1) frames' "$T/stderr"
check "row 27: ... the same bytes as the unfaulted GPU run" expect_same dev.out gpu.out
gf GFP_GPUFAULT_HOST_MAX=1048576 -- --engine gpu -v x.cf32 host.out
check "row 27: pinning over 1 MiB fails: exit 0, smaller batches" \
    grep -Eq 'batches of up to (128|64|32|16|8|4|2|1) frames' "$T/stderr"
check "row 27: ... the same bytes as the unfaulted GPU run" expect_same host.out gpu.out
gf GFP_GPUFAULT_DEV_MAX=0 -- --engine auto --wisdom "$W" x.cf32 auto0.out
check "row 27: no device memory at all, auto: exit 0, one note" \
    expect_rc_line 0 'using the CPU engine'
check "row 27: ... the CPU engine's bytes" expect_same auto0.out cpu.out
gf GFP_GPUFAULT_DEV_MAX=0 -- --engine gpu x.cf32 gpu0.out
check "row 27: no device memory at all, --engine gpu: exit 2, one line" \
    expect_rc_line 2 'memory'
check "row 27: ... no output file" [ ! -e gpu0.out ]

# ---- row 28: a faulting kernel ------------------------------------------------------
gf GFP_GPUFAULT_DEV_MAX=1048576 GFP_GPUFAULT_KERNEL=3 -- --engine gpu x.cf32 fault.out
check "row 28: illegal address in batch 3: exit 2, one line" \
    expect_rc_line 2 'GPU fault|illegal'
check "row 28: ... the named output never appears" [ ! -e fault.out ]
check "row 28: ... no temporary files" no_temp_files .
gf GFP_GPUFAULT_DEV_MAX=1048576 GFP_GPUFAULT_KERNEL=3 -- --engine gpu x.cf32
check "row 28: to stdout: exit 2, one line" expect_rc_line 2 'GPU fault|illegal'
got=$(size "$T/stdout")
# batches of 128 frames: at most batches 1 and 2 were written, whole frames
before_fault() { [ "$got" -le $((2 * 128 * FRAME)) ] && [ $((got % FRAME)) -eq 0 ]; }
check "row 28: ... at most the two batches before the fault ($got bytes)" before_fault
check "row 28: ... and those bytes are the right ones" \
    cmp -s -n "$got" "$T/stdout" gpu.out

# ---- row 29: no code for the device ----------------------------------------------------
for eng in auto gpu; do
    gf GFP_GPUFAULT_NOIMAGE=1 -- --engine $eng --wisdom "$W" x.cf32 img-$eng.out
    if [ "$RC" -eq 0 ]; then
        check "row 29: no kernel image, --engine $eng: exit 0 only with the CPU's bytes and a note" \
            expect_same img-$eng.out cpu.out
        check "row 29: ... one note" expect_stderr_one_line 'CPU'
    else
        check "row 29: no kernel image, --engine $eng: exit $RC, one line" \
            expect_stderr_one_line
        check "row 29: ... no output file" [ ! -e img-$eng.out ]
    fi
done
run env CUDA_FORCE_PTX_JIT=1 "$GFFTPIPE" fft --engine gpu --n $N --in-format cf32 x.cf32 ptx.out
check "row 29: PTX path (CUDA_FORCE_PTX_JIT=1): exit 0" [ "$RC" -eq 0 ]
r=$(refdft check --n $N --in-format cf32 x.cf32 ptx.out) &&
    ok "row 29: PTX path matches refdft: $r" ||
    fail "row 29: PTX path matches refdft: $r"
finish
