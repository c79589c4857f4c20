#!/bin/sh
# emu-4step.sh - the four-step FFT's two pass kernels
# (kernels/gfp_gpu_fast_4s.cu, the first with the transposed load and the
# twiddle, the second a 2D row pass) compiled for the CPU by
# bench/gpu/emu-2d.cpp (one POSIX thread per CUDA thread, a barrier for
# __syncthreads, shared memory poisoned before every block) and run as
# kernels/gfp_gpu_large.cu launches them, against FFTW's 1D transform:
# f32 and f64, forward out of place and inverse in place, 128 x 256,
# 1024 x 128 and 195 x 231 (45045: odd radices 13, 15, 11, 21), and R2C of
# 65536 and 100000 (200 x 250) with the split in the second pass (the
# quick set; `emu-2d 4step` without EMU_QUICK runs every kernel). Then C2R
# (`emu-2d c2r`, input with imaginary parts at bins 0 and n/2, which
# FFTW's c2r and the kernels ignore): the one-block kernels with the merge
# in the load (n 32, 128, 16384), the four-step with the merge in its
# first pass (128 x 256, 1024 x 512; without EMU_QUICK every kernel and
# the nested form), and R2C's one-block kernels (n 32, 16384). Then the nested four-step's three
# passes (kernels/gfp_gpu_large.cu's nested_create): 128 x 128 x 128 f32
# and f64, and R2C on 128 x 128 x 256 with the split in the third pass
# (`emu-2d 4step3`: every last-pass kernel, 18 cases). Then Bluestein on the four-step in
# three passes (kernels/gfp_gpu_fast_4sb.cu, as gfp_gpu_large.cu's route
# BLUE4 sets up and launches them): pass B lengths 72 and 160, n1 256,
# C2C, R2C and C2R at 4241 and 4242, f32 and f64, one case in place
# (`emu-2d blue4` without EMU_QUICK: every pass kernel, 60 cases). Then
# Bluestein whole in one block, frames a block (gfp_gpu_fast_4sb.cu's
# form B1, route BLUES): M 256, 640 and 1536, every kind, f32 and f64,
# batches with a partial last block (`emu-2d blues`: every M, 122 cases).
# Then the one-pass cluster transform (kernels/gfp_gpu_fast_cl.cu, the
# cluster's blocks as threads at once, a barrier for cluster.sync): every
# length it serves (Z2Z f64 16384 and 32768 too: GFP_GPU_1CL64=1),
# forward out of place and inverse in place, and R2C of 2^16 in one
# cluster pass with the split fused (`emu-2d 1cl`, gfp_fastcl_r2c_f32:
# GFP_GPU_1CLR=1). Then
# the 2D FFT's columns as a four-step along the strided axis and the rows
# after it (kernels/gfp_gpu_2d.cu's cf route, `emu-2d 2dcf`), and the
# rows by the 1D plan with the columns in one strided pass (its sc
# route; C2R the columns first, R2C's rows R2C), through
# gfp_gpu_plan2d over a mock CUDA runtime. Then C2C f32's one-block
# kernels of 4096 and 8192 (`emu-2d c2c1`: fkernel, and skernel's split
# exchange padded every 32 scalars), forward and inverse. Needs
# no GPU, so the kernels' index maps are checked on every CUDA build;
# skipped (77) where the build has no CUDA and so no emulator.
. "$(dirname "$0")/lib.sh"

emu=$TOP_BUILDDIR/tests/unit/emu-4step
[ -x "$emu" ] || skip_all "no emulator (a build without CUDA)"
# run_set SET MIN EXACT: `emu-2d SET` (the quick set), its exit status and
# its count of passed cases (exactly MIN, or at least MIN where EXACT is 0)
run_set() {
  EMU_QUICK=1 "$emu" "$1" > "$T/emu-$1.log" 2>&1
  rc=$?
  cat "$T/emu-$1.log"
  check "emu-2d $1 exits 0" [ "$rc" -eq 0 ]
  n=$(grep -c '^ok ' "$T/emu-$1.log")
  if [ "$3" -eq 1 ]; then
    check "emu-2d $1: $2 cases pass (got $n)" [ "$n" -eq "$2" ]
  else
    check "emu-2d $1: at least $2 cases pass (got $n)" [ "$n" -ge "$2" ]
  fi
}
run_set 4step 14 1
check "R2C with the split fused for rows of 250 ran" grep -q "^ok   4step r2c f32   200 x   250" "$T/emu-4step.log"
run_set c2r 7 1
check "C2R with the merge in the four-step's first pass ran" grep -q "^ok   4step c2r f32" "$T/emu-c2r.log"
check "R2C's one-block kernel of 16384 ran" grep -q "^ok   r2c f32  16384" "$T/emu-c2r.log"
run_set 4step3 3 1
check "nested R2C with the split in the third pass ran" grep -q "^ok   4step3 r2c f32" "$T/emu-4step3.log"
run_set blue4 18 1
for k in c2c r2c c2r; do
  check "Bluestein $k f64 ran" grep -q "^ok   blue4 f64 $k" "$T/emu-blue4.log"
done
run_set blues 24 1
run_set 1cl 7 0
check "R2C 65536 in one cluster pass with the split fused ran" \
  grep -q "^ok   1cl r2c f32  65536" "$T/emu-1cl.log"
check "Z2Z f64 16384 and 32768 across a cluster ran, both ways" \
  test "$(grep -c '^ok   1cl f64  \(16384\|32768\)' "$T/emu-1cl.log")" -eq 4
run_set 2dcf 31 1
run_set c2c1 4 1
check "C2C f32 8192's one-block kernel (the split exchange) ran" \
  grep -q "^ok   c2c1 f32   8192 x .* (inverse" "$T/emu-c2c1.log"
check "the 2D columns' four-step ran (64 x 128, inverse)" \
  grep -q "^ok   plan c2c f32 inv 32x8192 x1: rows pass, cols 4step" "$T/emu-2dcf.log"
check "the rows by the 1D plan and the columns' strided pass ran (4096, inverse)" \
  grep -q "^ok   plan c2c f32 inv 6x4096 x3: rows 1D alone, cols pass" "$T/emu-2dcf.log"
check "C2R's strided columns, then its rows by the 1D plan, ran (4096, scaled)" \
  grep -q "^ok   plan c2r f32 inv 13x4096 x1: rows 1D alone, cols pass" "$T/emu-2dcf.log"
check "R2C's rows by the 1D plan, then the columns at stride w/2+1, ran (4096)" \
  grep -q "^ok   plan r2c f32 13x4096 x2: rows 1D alone, cols pass" "$T/emu-2dcf.log"
finish
