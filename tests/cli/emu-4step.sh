#!/bin/sh
# emu-4step.sh - the four-step FFT's two pass kernels
# (kernels/gfp_gpu_fast_4s.cu, the first with the transposed load and the
# twiddle, the second a 2D row pass) compiled for the CPU by
# bench/gpu/emu-2d.cpp (one POSIX thread per CUDA thread, a barrier for
# __syncthreads, shared memory poisoned before every block) and run as
# kernels/gfp_gpu_large.cu launches them, against FFTW's 1D transform:
# f32 and f64, forward out of place and inverse in place, 128 x 256,
# 1024 x 128 and 195 x 231 (45045: odd radices 13, 15, 11, 21), and R2C of
# 65536 with the split in the second pass (the quick set; `emu-2d 4step`
# without EMU_QUICK runs every kernel). Then the one-pass cluster transform
# (kernels/gfp_gpu_fast_cl.cu, the cluster's blocks as threads at once, a
# barrier for cluster.sync):
# every length it serves, forward out of place and inverse in place. Needs
# no GPU, so the kernels' index maps are checked on every CUDA build;
# skipped (77) where the build has no CUDA and so no emulator.
. "$(dirname "$0")/lib.sh"

emu=$TOP_BUILDDIR/tests/unit/emu-4step
[ -x "$emu" ] || skip_all "no emulator (a build without CUDA)"
EMU_QUICK=1 "$emu" 4step > "$T/emu.log" 2>&1
rc=$?
cat "$T/emu.log"
check "emu-2d 4step exits 0" [ "$rc" -eq 0 ]
n=$(grep -c '^ok ' "$T/emu.log")
check "13 cases pass (got $n)" [ "$n" -eq 13 ]
"$emu" 1cl > "$T/emu1.log" 2>&1
rc=$?
cat "$T/emu1.log"
check "emu-2d 1cl exits 0" [ "$rc" -eq 0 ]
n=$(grep -c '^ok ' "$T/emu1.log")
check "the cluster cases pass (got $n, at least 2)" [ "$n" -ge 2 ]
finish
