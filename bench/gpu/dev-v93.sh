#!/bin/sh
# bench/gpu/dev-v93.sh - stop 42, call 2: the first pass of 512 on
# 512-thread blocks as the product (alt 0) against the form before (alt
# 79) on the A/B binary: C2C f32 2^26 in two rounds, R2C f32 2^27 (its
# half's first pass is 512); then on the product binary the cuts that
# pass may change, routes logged (2^20 as 512 x 2048, 2^27 as 512 x 512
# x 512, 2^26 as 256 x 512 x 512); then the GPU suites quick on the
# product (test_gpu_large with memcheck, test_engine_gpu, test_gpu_2d,
# t_colsplit), t_pow2 in full, and racecheck and memcheck on 2^20 as 512
# x 2048. Pack: gfftpipe, tests/unit/test_gpu_large, test_engine_gpu,
# test_gpu_2d, the A/B binary (x/gfftpipe) (pack3). Run (device tool):
# carry [".devpack/pack3.tar.xz"], command
# PACK=.devpack/pack3.tar.xz OUT=$OUT sh bench/gpu/dev-v93.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/ab.txt; : > $L/cut.txt; : > $L/route.txt; : > $L/san.txt
for r in 1 2; do ab c0-$r c2c 67108864 0; ab c79-$r c2c 67108864 79; done
ab r0 r2c 134217728 0
ab r79 r2c 134217728 79
echo "[ab: $(( $(date +%s) - t0 )) s]"
TRY_LEFT=300
try 20-def gpu 1048576
try 20-512 gpu 1048576 GFP_GPU_4S_N1=512
try 27-def gpu 134217728
try 27-p512 gpu 134217728 GFP_GPU_4S3_N1=512
try 26-256 gpu 67108864 GFP_GPU_4S3_N1=256
echo "[cuts: $(( $(date +%s) - t0 )) s]"
suites_at_once
tests_only test_gpu_large t_pow2
san_bench n512 $G c2c 1048576 GFP_GPU_4S_N1=512 &
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_pow2; do sum $t; done
cat $L/san.txt $L/route.txt $L/cut.txt $L/ab.txt
pack_logs
