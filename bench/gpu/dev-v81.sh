#!/bin/sh
# bench/gpu/dev-v81.sh - stop 39, call 1: C2C f32 4096^2 (issue 7's last
# square size, 0.94x cuFFT): bench --2d against cuFFT on the product, the
# 2D pass of 4096 on tkernel (A/B alts 69 padded, 70 unpadded, 71 on 128
# threads a frame), the rows by the 1D plan and the columns in one strided
# pass (GFP_GPU_2D_SC=1) and the columns' four-step (GFP_GPU_2D_CF=1), two
# rounds; then the 1D four-step's first pass on tkernel (A/B alt 65)
# against the product at C2C f32 2^16 .. 2^27 (its second round below
# 2^25); then racecheck and memcheck on bench --2d of the new forms. Pack:
# gfftpipe and the A/B build's gfftpipe as x/gfftpipe (pack1). Run (device
# tool): carry [".devpack/pack1.tar.xz"], command
# PACK=.devpack/pack1.tar.xz OUT=$OUT sh bench/gpu/dev-v81.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
: > $L/v2d.txt
for round in 1 2; do
  b2d p$round 4096x4096 gpu,cufft
  for a in 69 70 71; do left 220 && BIN=$A b2d ab$a-$round 4096x4096 gpu GFP_FAST_ALT=$a; done
  left 220 && b2d sc$round 4096x4096 gpu GFP_GPU_2D_SC=1
done
left 240 && b2d cf 4096x4096 gpu GFP_GPU_2D_CF=1
echo "[2d: $(( $(date +%s) - t0 )) s]"
: > $L/ab.txt
for n in 65536 262144 1048576 4194304 16777216 67108864 134217728; do
  for a in 0 65; do left 420 && ab s$a-$n c2c $n $a; done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
: > $L/san.txt
san2d sc $G 36x4096 GFP_GPU_2D_SC=1
for a in 69 70 71; do san2d ab$a $A 4096x36 GFP_FAST_ALT=$a; done
echo "[san: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt
cat $L/v2d.txt
cat $L/ab.txt
pack_logs
