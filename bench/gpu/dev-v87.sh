#!/bin/sh
# bench/gpu/dev-v87.sh - stop 40, call 1: stop 39's final tree (f4e6049)
# on a GPU: the GPU suites quick (test_gpu_large with memcheck,
# test_engine_gpu, test_gpu_2d, t_colsplit in full); bench --2d R2C, C2R
# and C2C 4096^2 against cuFFT (dev-v86.sh's rows); then the four-step
# and nested cuts of C2C f32 2^18 .. 2^27 since tkernel took the first
# passes (GFP_GPU_4S_N1, GFP_GPU_4S3_MIN/_N1/_Q), the defaults against
# cuFFT, each run's route (GFP_GPU_LARGE_DEBUG) in $L/cut.txt. Pack:
# gfftpipe, tests/unit/test_gpu_large, test_engine_gpu, test_gpu_2d
# (pack7). Run (device tool): carry [".devpack/pack7.tar.xz"], command
# PACK=.devpack/pack7.tar.xz OUT=$OUT sh bench/gpu/dev-v87.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
suites_at_once
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/v2d.txt
for k in r2c c2r c2c; do b2k p $k 4096x4096 gpu,cufft; done
echo "[2d: $(( $(date +%s) - t0 )) s]"
# try (dev-common.sh): the runs and their routes, in $L/cut.txt and
# $L/route.txt
: > $L/cut.txt; : > $L/route.txt; TRY_LEFT=560
try 21-def gpu,cufft 2097152
try 21-1024 gpu 2097152 GFP_GPU_4S_N1=1024
try 21-2048 gpu 2097152 GFP_GPU_4S_N1=2048
try 21-n128 gpu 2097152 GFP_GPU_4S3_MIN=21 GFP_GPU_4S3_N1=128 GFP_GPU_4S3_Q=128
try 27-def gpu,cufft 134217728
try 27-1024-512 gpu 134217728 GFP_GPU_4S3_N1=1024
try 27-256-512 gpu 134217728 GFP_GPU_4S3_N1=256
try 27-512-1024 gpu 134217728 GFP_GPU_4S3_Q=1024
try 27-256-1024 gpu 134217728 GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=1024
try 27-1024-256 gpu 134217728 GFP_GPU_4S3_N1=1024 GFP_GPU_4S3_Q=256
try 27-2048-256 gpu 134217728 GFP_GPU_4S3_N1=2048 GFP_GPU_4S3_Q=256
try 18-def gpu,cufft 262144
try 18-128 gpu 262144 GFP_GPU_4S_N1=128
try 18-512 gpu 262144 GFP_GPU_4S_N1=512
try 19-def gpu,cufft 524288
try 19-128 gpu 524288 GFP_GPU_4S_N1=128
try 19-512 gpu 524288 GFP_GPU_4S_N1=512
try 23-def gpu,cufft 8388608
try 23-n128-512 gpu 8388608 GFP_GPU_4S3_MIN=23 GFP_GPU_4S3_N1=128 GFP_GPU_4S3_Q=512
try 23-n256-256 gpu 8388608 GFP_GPU_4S3_MIN=23 GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
try 24-def gpu,cufft 16777216
try 24-4s gpu 16777216 GFP_GPU_4S3=0
try 24-128-512 gpu 16777216 GFP_GPU_4S3_N1=128 GFP_GPU_4S3_Q=512
try 24-128-256 gpu 16777216 GFP_GPU_4S3_N1=128 GFP_GPU_4S3_Q=256
try 25-def gpu,cufft 33554432
try 25-256-512 gpu 33554432 GFP_GPU_4S3_N1=256
try 25-256-256 gpu 33554432 GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
try 25-4s gpu 33554432 GFP_GPU_4S3=0
try 26-def gpu,cufft 67108864
try 26-512-512 gpu 67108864 GFP_GPU_4S3_N1=512
try 26-256-256 gpu 67108864 GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
try 26-512-256 gpu 67108864 GFP_GPU_4S3_N1=512 GFP_GPU_4S3_Q=256
echo "[cuts: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit; do sum $t; done
cat $L/v2d.txt
cat $L/cut.txt
cat $L/route.txt
pack_logs
