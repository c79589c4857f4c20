#!/bin/sh
# bench/gpu/dev-v121.sh - stop 47, the last ~200 s of device time on an
# H100: the product with 16384's streaming stores, test_gpu_large and
# test_gpu_2d quick at once, racecheck and memcheck on bench C2C f32 16384
# (2 MiB), C2C f32 16384^2 and 16384 against cuFFT. Pack: pack11
# (dev-v119.sh). Run (device tool): carry [".devpack/pack11.tar.xz"],
# command PACK=.devpack/pack11.tar.xz OUT=$OUT sh bench/gpu/dev-v121.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/san.txt; : > $L/v2d.txt; : > $L/l2.txt
b2k t7 c2c 16384x16384 gpu,cufft
K=c2c bl c2c14 gpu,cufft 16384
echo "[rows: $(( $(date +%s) - t0 )) s]"
san_bench p16k $G c2c 16384
echo "[san: $(( $(date +%s) - t0 )) s]"
quick2 100
echo "[end: $(( $(date +%s) - t0 )) s]"
show_tests
cat $L/san.txt $L/v2d.txt $L/l2.txt
pack_logs
