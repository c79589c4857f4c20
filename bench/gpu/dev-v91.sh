#!/bin/sh
# bench/gpu/dev-v91.sh - stop 41, call 1: stop 40's final tree (484796b)
# on a GPU: the GPU suites quick (test_gpu_large with memcheck,
# test_engine_gpu, test_gpu_2d, t_colsplit in full) and test_gpu_large's
# t_pow2 in full (R2C f32 2^27 on the nested p = 256 cut); then ncu on
# each pass of the large C2C f32 cores against cuFFT's kernels (time,
# DRAM bytes and throughput, stalls; clocks left alone), $L/ncu-LABEL.csv
# one file a run. Pack: gfftpipe, tests/unit/test_gpu_large,
# test_engine_gpu, test_gpu_2d (pack1). Run (device tool): carry
# [".devpack/pack1.tar.xz"], command
# PACK=.devpack/pack1.tar.xz OUT=$OUT sh bench/gpu/dev-v91.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
suites_at_once
tests_only test_gpu_large t_pow2
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_pow2; do sum $t; done
prof 20-gpu gpu 1048576 256Mi
prof 20-cufft cufft 1048576 256Mi
prof 21-gpu gpu 2097152 256Mi
prof 21-cufft cufft 2097152 256Mi
prof 23-gpu gpu 8388608 256Mi
prof 23-cufft cufft 8388608 256Mi
prof 24-gpu gpu 16777216 256Mi
prof 24-4s gpu 16777216 256Mi GFP_GPU_4S3=0
prof 24-cufft cufft 16777216 256Mi
prof 26-gpu gpu 67108864 512Mi
prof 26-cufft cufft 67108864 512Mi
prof 27-gpu gpu 134217728 1Gi
prof 27-512 gpu 134217728 1Gi GFP_GPU_4S3_N1=512
echo "[ncu: $(( $(date +%s) - t0 )) s]"
ncu_sum
pack_logs
