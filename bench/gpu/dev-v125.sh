#!/bin/sh
# bench/gpu/dev-v125.sh - stop 48 on an H200 (~330 s), while no H100
# comes: the product (16384 with streaming stores) through test_gpu_large
# and test_gpu_2d quick at once, racecheck and memcheck on bench C2C f32
# 16384 (2 MiB); C2C f32 16384's row kernel on this card, alts 0 (the
# product), 18 (plain stores), 22 (skernel) and 24 (22 with streaming
# stores), 1D two rounds; 2D 16384^2 alts 0, 18 and 24 and cuFFT. Pack:
# pack14 (dev-v122.sh). Run (device tool): carry
# [".devpack/pack14.tar.xz"], command
# PACK=.devpack/pack14.tar.xz OUT=$OUT sh bench/gpu/dev-v125.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/san.txt; : > $L/v2d.txt; : > $L/ab.txt
quick2 120
echo "[suites: $(( $(date +%s) - t0 )) s]"
san_bench p16k $G c2c 16384
echo "[san: $(( $(date +%s) - t0 )) s]"
ab2 c2c 16384 0 18 22 24
echo "[1d: $(( $(date +%s) - t0 )) s]"
for a in 0 18 24; do left 300 && BIN=$A b2d a$a 16384x16384 gpu GFP_FAST_ALT=$a; done
left 310 && b2d cufft 16384x16384 cufft
echo "[end: $(( $(date +%s) - t0 )) s]"
show_tests
cat $L/san.txt $L/ab.txt $L/v2d.txt
pack_logs
