#!/bin/sh
# bench/gpu/dev-v113.sh - for stop 47 (written at the close of stop 46,
# unrun): the tree with Z2Z f64 2^23 on the four-step where the memory is
# slow. test_gpu_large in full, then Z2Z f64 2^23 against cuFFT on its
# new default (the route must read "four-step 2048 x 4096" on an H100,
# "nested" on an H200) and, for the spread, the nested cut again
# (GFP_GPU_4S3_MIN=23), and 2^24 on both cuts (stop 46: +1.1 % for the
# four-step, one round). Pack: pack8 (pack.sh .devpack/pack8.tar.xz
# build src/gfftpipe tests/unit/test_gpu_large tests/unit/test_engine_gpu
# tests/unit/test_gpu_2d tests/cli/fft2ref, from stop 46's final tree).
# Run (device tool): carry [".devpack/pack8.tar.xz"], command
# PACK=.devpack/pack8.tar.xz OUT=$OUT sh bench/gpu/dev-v113.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
suite test_gpu_large 330 test_gpu_large
echo "[tests: $(( $(date +%s) - t0 )) s]"
tries_init 560
try_table <<TAB
z23-def    gpu,cufft 8388608  P=f64
z23-nest   gpu       8388608  P=f64 GFP_GPU_4S3_MIN=23
z23-def2   gpu       8388608  P=f64
z24-def    gpu,cufft 16777216 P=f64
z24-4s     gpu       16777216 P=f64 GFP_GPU_4S3=0
z24-def2   gpu       16777216 P=f64
TAB
echo "[end: $(( $(date +%s) - t0 )) s]"
sum test_gpu_large
show_tries
pack_logs
