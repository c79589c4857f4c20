#!/bin/sh
# bench/gpu/dev-v119.sh - stop 47, the H100 call after three refused
# starts: what must run on the H100. test_gpu_2d and test_gpu_large quick
# at once, racecheck and memcheck on bench C2C f32 16384 (2 MiB); issue
# 7's 2D rows (C2C 4096^2, 16384^2 twice, R2C 1920x1080, 3840x2160) and
# C2C f32 16384 against cuFFT on the product with 16384's streaming
# stores; then the hybrid sweep (dev-v114.sh's, ALT_CAL gm16 only, REPS 5)
# to END s (default 575) from its start. Pack: pack11 (pack.sh
# .devpack/pack11.tar.xz build src/gfftpipe tests/unit/test_gpu_large
# tests/unit/test_engine_gpu tests/unit/test_gpu_2d tests/cli/fft2ref
# $PWD/build-cs/src/gfftpipe, the last the GFP_FAST_ALLCS build as
# x/gfftpipe). Run (device tool): carry [".devpack/pack11.tar.xz"], command
# PACK=.devpack/pack11.tar.xz OUT=$OUT sh bench/gpu/dev-v119.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
: > $L/san.txt; : > $L/v2d.txt; : > $L/l2.txt
quick2 150
echo "[suites: $(( $(date +%s) - t0 )) s]"
san_bench p16k $G c2c 16384
echo "[san: $(( $(date +%s) - t0 )) s]"
t7_rows
echo "[rows: $(( $(date +%s) - t0 )) s]"
T=$(( ${END:-575} - ($(date +%s) - t0) ))
REPS=5 ALT_CAL="gm16:--gpu-mem=16Mi" hyb_sweep $T 40
echo "[end: $(( $(date +%s) - t0 )) s]"
show_tests
cat $L/san.txt $L/v2d.txt $L/l2.txt
show_hyb
pack_logs
