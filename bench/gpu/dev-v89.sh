#!/bin/sh
# bench/gpu/dev-v89.sh - stop 40, call 3: the final tree's GPU suites
# quick, at once (test_gpu_large with memcheck, test_engine_gpu,
# test_gpu_2d, t_strided_cols in full); C2R f32 2^22 on its restored cut;
# A/B alt 76 (the sc route's columns of 4096 on fkernel, staged) against
# the product (tkernel) at bench --2d C2R 4096^2, 1024 x 4096 and C2C
# 4096^2, with racecheck and memcheck on it; the nested p = 256 cut at R2C
# and C2R f32 2^26 (half 2^25: 256 x 256 x 512 against 128 x 512 x 512)
# and Z2Z f64 2^25. Pack: gfftpipe, tests/unit/test_gpu_large,
# test_engine_gpu, test_gpu_2d, and the A/B build's gfftpipe as
# x/gfftpipe (pack9). Run (device tool): carry [".devpack/pack9.tar.xz"],
# command PACK=.devpack/pack9.tar.xz OUT=$OUT sh bench/gpu/dev-v89.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
suites_at_once
tests_only test_gpu_2d t_strided_cols
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/san.txt
K=c2r; san2d alt76 $A 36x4096 GFP_FAST_ALT=76; unset K
: > $L/v2d.txt
for r in 1 2; do
  b2k p$r c2r 4096x4096 gpu
  BIN=$A b2k a76-$r c2r 4096x4096 gpu GFP_FAST_ALT=76
done
b2k p c2r 1024x4096 gpu
BIN=$A b2k a76 c2r 1024x4096 gpu GFP_FAST_ALT=76
b2k p c2c 4096x4096 gpu,cufft
BIN=$A b2k a76 c2c 4096x4096 gpu GFP_FAST_ALT=76
echo "[2d: $(( $(date +%s) - t0 )) s]"
: > $L/cut.txt; : > $L/route.txt; TRY_LEFT=420
K=c2r
try c2r22-def gpu 4194304
try c2r26-def gpu,cufft 67108864
try c2r26-256 gpu 67108864 GFP_GPU_4S3_N1=256
K=r2c
try r2c26-def gpu,cufft 67108864
try r2c26-256 gpu 67108864 GFP_GPU_4S3_N1=256
K=c2c P=f64
try z25-def gpu,cufft 33554432
try z25-256 gpu 33554432 GFP_GPU_4S3_N1=256
K=c2c P=f32
echo "[1d: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_strided_cols; do sum $t; done
cat $L/san.txt $L/v2d.txt $L/cut.txt $L/route.txt
pack_logs
