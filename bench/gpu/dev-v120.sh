#!/bin/sh
# bench/gpu/dev-v120.sh - stop 47, on the H200 with what device time is
# left (~300 s): the product with 16384's streaming stores, test_gpu_large
# and test_gpu_2d quick at once, racecheck and memcheck on bench C2C f32
# 16384 (2 MiB); 16384 at alt 18 (plain stores) against alt 0 (streaming,
# the product) on this card, 1D two rounds, 2D once; then the
# ALLCS probe (x/gfftpipe) against the product at Z2Z f64 and R2C f32
# rows, while time is left. Pack: pack12 (dev-v118.sh). Run (device
# tool): carry [".devpack/pack12.tar.xz"], command
# PACK=.devpack/pack12.tar.xz OUT=$OUT sh bench/gpu/dev-v120.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
C=$PWD/build/x/gfftpipe A=$PWD/build/x/gfftpipe-ab
: > $L/san.txt; : > $L/v2d.txt; : > $L/ab.txt; : > $L/probe.txt
quick2 130
echo "[suites: $(( $(date +%s) - t0 )) s]"
san_bench p16k $G c2c 16384
echo "[san: $(( $(date +%s) - t0 )) s]"
for r in 1 2; do for a in 18 0; do ab a$a-$r c2c 16384 $a; done; done
for a in 18 0; do left 250 && BIN=$A b2d a$a 16384x16384 gpu GFP_FAST_ALT=$a; done
left 250 && b2d cufft 16384x16384 cufft
echo "[ab: $(( $(date +%s) - t0 )) s]"
PL=260 PROBE_T=60
probe c2c f64 16384,2097152,8388608
probe r2c f32 16384,65536
echo "[end: $(( $(date +%s) - t0 )) s]"
show_tests
cat $L/san.txt $L/ab.txt $L/v2d.txt $L/probe.txt
pack_logs
