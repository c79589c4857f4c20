#!/bin/sh
# bench/gpu/dev-v115.sh - stop 47, call 1 (H100 kind): where C2C f32
# 16384^2's time goes on the H100 (issue 7: 0.982x cuFFT), and the
# alternatives that were only ever timed on the H200. (1) t_cut23: Z2Z
# f64 2^23 on both cuts against FFTW, and its new default's route and
# speed ("four-step 2048 x 4096" where the memory is slow) with the nested
# cut beside it; (2) ncu on one bench --2d 16384^2 transform, ours and
# cuFFT's: each pass's time and DRAM share; (3) the A/B binary (x/gfftpipe,
# build-ab: the kernels with -DGFP_FAST_AB), C2C f32 16384 (the 2D rows'
# kernel) at alts 0 (the product, pkernel 512 x (32,32,16) PAD5), 5, 9, 19,
# 12, 15, 22, 23 (new: the product with streaming stores); then bench
# --2d 16384^2 at alts 0, 9, 19, 22, 23 (the rows) and
# 66, 67 (the columns' passes: other cuts, 16 frames a block), two rounds.
# Pack: pack9 (pack.sh .devpack/pack9.tar.xz build src/gfftpipe
# tests/unit/test_gpu_large tests/unit/test_engine_gpu tests/unit/test_gpu_2d
# tests/cli/fft2ref $PWD/build-ab/src/gfftpipe). Run (device tool): carry
# [".devpack/pack9.tar.xz"], command
# PACK=.devpack/pack9.tar.xz OUT=$OUT sh bench/gpu/dev-v115.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/ab.txt; : > $L/v2d.txt; : > $L/prof.txt
suite t_cut23 120 test_gpu_large GFP_TEST_ONLY=t_cut23
tries_init 200
try_table <<TAB
z23-def  gpu,cufft 8388608 P=f64
z23-nest gpu       8388608 P=f64 GFP_GPU_4S3_MIN=23
TAB
echo "[f64: $(( $(date +%s) - t0 )) s]"
PROF_LEFT=260 PROF_X=--2d NCU_C=12
prof 2d16k gpu 16384x16384 2Gi >> $L/prof.txt
prof 2d16k-cufft cufft 16384x16384 2Gi >> $L/prof.txt
echo "[ncu: $(( $(date +%s) - t0 )) s]"
for a in 0 5 9 19 12 15 22 23; do left 330 && ab a$a c2c 16384 $a; done
echo "[1d: $(( $(date +%s) - t0 )) s]"
for r in 1 2; do
  for a in 0 9 19 22 23 66 67; do left 520 && BIN=$A b2d a$a-$r 16384x16384 gpu GFP_FAST_ALT=$a; done
  [ $r = 1 ] && left 520 && b2d cufft-1 16384x16384 cufft
done
echo "[end: $(( $(date +%s) - t0 )) s]"
sum t_cut23
cat $L/prof.txt
ncu_sum
show_tries
cat $L/ab.txt $L/v2d.txt
pack_logs
