#!/bin/sh
# bench/gpu/dev-v112.sh - stop 46, call 4 (H100 kind): the nested
# four-step (three passes) against the two-pass four-step on the H100
# where it is the default for Z2Z f64 from 2^23, C2C f32 from 2^25 and
# R2C / C2R from 2^23. Those defaults were measured on the H200 (stops
# 32-35); on the H100 C2C f32 2^24 went the other way (stop 44: the
# four-step 4096 x 4096 +14 % over the nested cut, now the H100's
# default through fast_memory). Each size on its default and with
# GFP_GPU_4S3=0 (the two-pass four-step, or the multi-pass kernels where
# no four-step cut fits), routes in route.txt; then test_gpu_large's
# t_pow2 in full with GFP_GPU_4S3=0 (every power of two on the routes
# the tries take, both precisions, C2C and R2C, against FFTW). Pack:
# pack7 (dev-v110.sh). Run (device tool): carry
# [".devpack/pack7.tar.xz"], command
# PACK=.devpack/pack7.tar.xz OUT=$OUT sh bench/gpu/dev-v112.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
tries_init 200
try_table <<TAB
z23-def gpu,cufft 8388608  P=f64
z23-4s  gpu       8388608  P=f64 GFP_GPU_4S3=0
z24-def gpu,cufft 16777216 P=f64
z24-4s  gpu       16777216 P=f64 GFP_GPU_4S3=0
z25-def gpu,cufft 33554432 P=f64
z25-4s  gpu       33554432 P=f64 GFP_GPU_4S3=0
c25-def gpu,cufft 33554432
c25-4s  gpu       33554432 GFP_GPU_4S3=0
r24-def gpu,cufft 16777216 K=r2c
r24-4s  gpu       16777216 K=r2c GFP_GPU_4S3=0
r25-def gpu,cufft 33554432 K=r2c
r25-4s  gpu       33554432 K=r2c GFP_GPU_4S3=0
TAB
echo "[tries: $(( $(date +%s) - t0 )) s]"
suite t_pow2-4s 170 test_gpu_large GFP_GPU_4S3=0 GFP_TEST_ONLY=t_pow2
echo "[end: $(( $(date +%s) - t0 )) s]"
sum t_pow2-4s
grep -E "FAIL|failed" $L/t_pow2-4s.log | head -10
show_tries
pack_logs
