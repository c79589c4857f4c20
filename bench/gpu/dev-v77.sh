#!/bin/sh
# bench/gpu/dev-v77.sh - stop 38, call 3: the tree with C2C f32 8192's and
# 16384's new products (the split buffer padded every 32 scalars; 8192 at
# 256 x (32,8,32) on skernel, 16384 at 512 x (32,32,16) on pkernel):
# test_gpu_large quick with memcheck, test_engine_gpu and test_gpu_2d
# quick, t_colsplit in full (the 2D rows of 8192 through skernel's remap),
# racecheck and memcheck on bench runs of C2C 8192 and 16384 and of the 2D
# 8192 x 4096, then one bench round against cuFFT (C2C f32 4096 .. 16384)
# and bench --2d C2C f32 8192^2 and 16384^2. Pack: gfftpipe,
# tests/unit/test_gpu_large, test_engine_gpu, test_gpu_2d (pack3). Run
# (device tool): carry [".devpack/pack3.tar.xz"], command
# PACK=.devpack/pack3.tar.xz OUT=$OUT sh bench/gpu/dev-v77.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
suites_at_once
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/san.txt
san_bench c2c $G c2c 8192,16384
for tool in racecheck memcheck; do
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $G bench -q --warmup 0 --reps 1 \
    --2d --kind c2c --precision f32 --sizes 8192x4096 --engines gpu > $L/san-2d-$tool.log 2>&1
  echo "2d 8192x4096 $tool rc=$? $(grep -E 'SUMMARY' $L/san-2d-$tool.log | head -1) $(awk '/^gpu/ {printf "%s:%s ", $4, $NF}' $L/san-2d-$tool.log)" >> $L/san.txt
done
timeout 90 $G bench -q --reps 5 --kind c2c --precision f32 --sizes 4096,8192,16384 --engines gpu,cufft > $L/c2c-small.log 2>&1
: > $L/v2d.txt
b2d p 8192x8192 gpu,cufft
b2d p 16384x16384 gpu,cufft
echo "[bench: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit; do sum $t; done
cat $L/san.txt
bench_rows c2c-small
cat $L/v2d.txt
pack_logs
