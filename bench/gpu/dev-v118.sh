#!/bin/sh
# bench/gpu/dev-v118.sh - stop 47 (H200 kind: no H100 came at 17:49 and
# 17:58; not run): the product with 16384's streaming stores: the GPU
# suites quick (test_gpu_large and memcheck on it, test_engine_gpu,
# test_gpu_2d, t_colsplit in full), racecheck and memcheck on bench C2C
# f32 16384 (2 MiB) and memcheck on bench --2d 16384x8192 (cf, the rows
# on pkernel); 16384 at alt 18 (plain stores) against alt 0 (streaming,
# the product) on this card, 1D two rounds and the 2D once; then
# the probe: the GFP_FAST_ALLCS build (x/gfftpipe: every fkernel, skernel
# and tkernel with GFP_FAST_CS, streaming loads and stores) against the
# product at issue 4's rows under target. Pack: pack12 (pack.sh
# .devpack/pack12.tar.xz build src/gfftpipe tests/unit/test_gpu_large
# tests/unit/test_engine_gpu tests/unit/test_gpu_2d tests/cli/fft2ref
# $PWD/build-cs/src/gfftpipe /tmp/gfftpipe-ab, the last a copy of
# build-ab/src/gfftpipe). Run (device tool): carry
# [".devpack/pack12.tar.xz"], command
# PACK=.devpack/pack12.tar.xz OUT=$OUT sh bench/gpu/dev-v118.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
C=$PWD/build/x/gfftpipe
: > $L/san.txt; : > $L/v2d.txt; : > $L/probe.txt
suites_at_once
wait
echo "[suites: $(( $(date +%s) - t0 )) s]"
san_bench p16k $G c2c 16384
SAN_TOOLS=memcheck san2d p2d $G 16384x8192
echo "[san: $(( $(date +%s) - t0 )) s]"
# 16384 with plain stores (alt 18, the product to stop 46) and streaming
# (alt 0, the product now) on this device, 1D two rounds and the 2D once
A=$PWD/build/x/gfftpipe-ab
: > $L/ab.txt
ab2 c2c 16384 18 0
for a in 18 0; do BIN=$A b2d a$a 16384x16384 gpu GFP_FAST_ALT=$a; done
b2d cufft 16384x16384 cufft
echo "[ab: $(( $(date +%s) - t0 )) s]"
probe c2c f64 16384,2097152,4194304,8388608,16777216
probe c2c f32 32768,16777216,4093,100000
probe r2c f32 16384,65536,16777216
echo "[end: $(( $(date +%s) - t0 )) s]"
show_tests
[ -f $L/t_colsplit.log ] && sum t_colsplit
cat $L/san.txt $L/ab.txt $L/v2d.txt $L/probe.txt
pack_logs
