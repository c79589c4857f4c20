#!/bin/sh
# bench/gpu/dev-v88.sh - stop 40, call 2: the new cuts as defaults (C2C
# f32 2^21 as 1024 x 2048, from 2^25 p = 256) and C2R f32 2D at 4096 rows
# in two passes (the sc route; R2C through it with GFP_GPU_2D_SC=1).
# Tests first, at once: test_gpu_2d quick, t_strided_cols in full,
# test_gpu_large's t_pow2 in full (C2C f32 up to 2^27 on the new cuts) and
# t_nested; then memcheck and racecheck on bench --2d C2R and R2C through
# the sc route; bench --2d C2R and R2C 4096^2, 1024 x 4096 and 2048 x
# 4096 both ways (GFP_GPU_2D_SC) against cuFFT; the 1D defaults against
# cuFFT (2^21, 2^25, 2^26; 2^27 ours alone: cuFFT's 1086.7 in call 1),
# C2R f32 2^22 (its complex half 2^21) against 512 x 4096, and p = 128 at
# 2^25, 2^26. Pack: gfftpipe, tests/unit/test_gpu_large, test_gpu_2d
# (pack8). Run (device tool): carry [".devpack/pack8.tar.xz"], command
# PACK=.devpack/pack8.tar.xz OUT=$OUT sh bench/gpu/dev-v88.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
(cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log) &
tests_only test_gpu_2d t_strided_cols
tests_only test_gpu_large t_pow2 t_nested
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/san.txt
K=c2r; san2d sc $G 36x4096 GFP_GPU_2D_SC=1
K=r2c; san2d sc $G 36x4096 GFP_GPU_2D_SC=1
unset K
echo "[san: $(( $(date +%s) - t0 )) s]"
: > $L/v2d.txt
for sz in 4096x4096 1024x4096 2048x4096; do
  b2k def c2r $sz gpu,cufft
  b2k sc0 c2r $sz gpu GFP_GPU_2D_SC=0
  b2k def r2c $sz gpu,cufft
  b2k sc1 r2c $sz gpu GFP_GPU_2D_SC=1
done
b2k def2 c2r 4096x4096 gpu
echo "[2d: $(( $(date +%s) - t0 )) s]"
: > $L/cut.txt; : > $L/route.txt; TRY_LEFT=565
try 21-def gpu,cufft 2097152
try 25-def gpu,cufft 33554432
try 25-512-128 gpu 33554432 GFP_GPU_4S3_N1=512
K=c2r
try c2r22-def gpu,cufft 4194304
try c2r22-512 gpu 4194304 GFP_GPU_4S_N1=512
K=c2c
try 27-def gpu 134217728
try 26-def gpu,cufft 67108864
try 26-1024-128 gpu 67108864 GFP_GPU_4S3_N1=1024
echo "[1d: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_2d t_strided_cols t_pow2 t_nested; do sum $t; done
cat $L/san.txt $L/v2d.txt $L/cut.txt $L/route.txt
pack_logs
