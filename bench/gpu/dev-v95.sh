#!/bin/sh
# bench/gpu/dev-v95.sh - stop 42, call 4: the final tree. The product
# (f64 first passes of 512 and 1024 on tkernel) against alt 81 (those
# two on fkernel, as before) on the A/B binary, Z2Z f64 2^18 .. 2^22,
# 2^25, 2^26 (~1 GiB, median of 5); the GPU suites quick on the product
# (test_gpu_large with memcheck, test_engine_gpu, test_gpu_2d,
# t_colsplit), t_pow2 in full, racecheck and memcheck on Z2Z 2^20 and
# 2^22. Pack: gfftpipe, tests/unit/test_gpu_large, test_engine_gpu,
# test_gpu_2d, the A/B binary (x/gfftpipe) (pack5). Run (device tool):
# carry [".devpack/pack5.tar.xz"], command
# PACK=.devpack/pack5.tar.xz OUT=$OUT sh bench/gpu/dev-v95.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/ab.txt; : > $L/san.txt
S=262144,524288,1048576,2097152,4194304,33554432,67108864
P=f64 ab z0 c2c $S 0
P=f64 ab z81 c2c $S 81
echo "[ab: $(( $(date +%s) - t0 )) s]"
suites_at_once
tests_only test_gpu_large t_pow2
P=f64 san_bench f64 $G c2c 1048576,4194304 &
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_pow2; do sum $t; done
cat $L/san.txt $L/ab.txt
pack_logs
