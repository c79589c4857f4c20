#!/bin/sh
# bench/gpu/dev-v74.sh - stop 37's last call: the final tree's GPU suites
# (its header gained skernel's R2C forms, A/B only; the products' code is
# meant unchanged): test_gpu_large quick with memcheck, test_engine_gpu
# and test_gpu_2d quick, t_colsplit in full, racecheck and memcheck on
# bench runs of C2C 8192 and R2C 16384, then one bench round of both
# against cuFFT. Pack: gfftpipe, tests/unit/test_gpu_large,
# test_engine_gpu, test_gpu_2d (pack7). Run (device tool): carry
# [".devpack/pack7.tar.xz"], command PACK=.devpack/pack7.tar.xz OUT=$OUT
# sh bench/gpu/dev-v74.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
suites_at_once
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/san.txt
san_bench c2c $G c2c 8192
san_bench r2c $G r2c 16384
timeout 90 $G bench -q --reps 5 --kind c2c --precision f32 --sizes 4096,8192,16384 --engines gpu,cufft > $L/c2c-small.log 2>&1
timeout 90 $G bench -q --reps 5 --kind r2c --precision f32 --sizes 8192,16384 --engines gpu,cufft > $L/r2c-small.log 2>&1
echo "[bench: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit; do sum $t; done
cat $L/san.txt
bench_rows c2c-small r2c-small
pack_logs
