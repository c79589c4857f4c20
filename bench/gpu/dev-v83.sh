#!/bin/sh
# bench/gpu/dev-v83.sh - stop 39, call 3: the product with tkernel in the
# four-step's first passes (128 .. 4096) and the 2D pass of 4096, and the
# sc route by default at h = 4096: the GPU suites (test_gpu_large quick
# with memcheck, test_engine_gpu and test_gpu_2d quick, t_colsplit and
# t_strided_cols in full); bench --2d C2C f32 4096^2 against cuFFT (two
# rounds) and with GFP_GPU_2D_SC=0, widths 1024 .. 8192 over 4096 rows
# both ways, 8192^2; issue 4's C2C f32 rows 2^15 .. 2^27 against cuFFT;
# 2^20 as 256 x 4096. Pack: gfftpipe, tests/unit/test_gpu_large,
# test_engine_gpu, test_gpu_2d (pack3). Run (device tool): carry
# [".devpack/pack3.tar.xz"], command
# PACK=.devpack/pack3.tar.xz OUT=$OUT sh bench/gpu/dev-v83.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
suites_at_once
tests_only test_gpu_2d t_strided_cols
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/v2d.txt
b2d p1 4096x4096 gpu,cufft
b2d sc0 4096x4096 gpu GFP_GPU_2D_SC=0
b2d p2 4096x4096 gpu,cufft
for w in 1024 2048 3840 8192; do
  b2d p ${w}x4096 gpu,cufft
  b2d sc0 ${w}x4096 gpu GFP_GPU_2D_SC=0
done
b2d p 8192x8192 gpu,cufft
echo "[2d: $(( $(date +%s) - t0 )) s]"
n=$(( 520 - ($(date +%s) - t0) )); [ $n -gt 240 ] && n=240
[ $n -gt 30 ] && timeout $n $G bench --reps 5 --engines gpu,cufft --kind c2c --precision f32 \
  --sizes 32768..134217728 > $L/i4-c2cf32.log 2>&1
echo "[i4: $(( $(date +%s) - t0 )) s]"
: > $L/l2.txt
left 540 && bl n1-512 gpu 1048576
left 550 && bl n1-256 gpu 1048576 GFP_GPU_4S_N1=256
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_strided_cols; do sum $t; done
cat $L/v2d.txt
bench_rows i4-c2cf32
cat $L/l2.txt
pack_logs
