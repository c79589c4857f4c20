#!/bin/sh
# bench/gpu/dev-v122.sh - stop 48, call 1 (H100, ~250 s): the product
# with 16384's streaming stores first run as the product: issue 7's 2D
# rows against cuFFT (t7_rows: C2C 4096^2, 16384^2 twice, R2C 1920x1080,
# 3840x2160, and C2C f32 16384), racecheck and memcheck on bench C2C f32
# 16384 (2 MiB), test_gpu_large and test_gpu_2d quick at once. Pack:
# pack14 (pack.sh .devpack/pack14.tar.xz build src/gfftpipe
# tests/unit/test_gpu_large tests/unit/test_engine_gpu
# tests/unit/test_gpu_2d tests/cli/fft2ref $PWD/build-ab/src/gfftpipe;
# pack13, the same without the last, serves too). Run (device tool):
# carry [".devpack/pack14.tar.xz"], command
# PACK=.devpack/pack14.tar.xz OUT=$OUT sh bench/gpu/dev-v122.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/san.txt; : > $L/v2d.txt; : > $L/l2.txt
t7_rows
echo "[rows: $(( $(date +%s) - t0 )) s]"
san_bench p16k $G c2c 16384
echo "[san: $(( $(date +%s) - t0 )) s]"
quick2 120
echo "[end: $(( $(date +%s) - t0 )) s]"
show_tests
cat $L/san.txt $L/v2d.txt $L/l2.txt
pack_logs
