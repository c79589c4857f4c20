#!/bin/sh
# bench/gpu/dev-v80.sh - stop 38, call 6: the tree with the 2D columns'
# four-step passes on tkernel (the product since this stop): the GPU
# suites (test_gpu_large quick with memcheck, test_engine_gpu and
# test_gpu_2d quick, t_colsplit in full), racecheck and memcheck on bench
# --2d of 64 x 16384 and 64 x 8192, bench --2d C2C f32 16384^2 and 8192^2
# against cuFFT; then with the A/B binary (x/gfftpipe): 2048 x 16384 at the
# old form (alt 68) and the new (alt 0), and the 1D four-step's first pass
# on tkernel (alt 65) against the product at C2C f32 2^16 .. 2^24. Pack:
# gfftpipe, tests/unit/test_gpu_large, test_engine_gpu, test_gpu_2d, and the
# A/B build's gfftpipe as x/gfftpipe (pack5). Run (device tool): carry
# [".devpack/pack5.tar.xz"], command
# PACK=.devpack/pack5.tar.xz OUT=$OUT sh bench/gpu/dev-v80.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
suites_at_once
: > $L/san.txt
for sz in 64x16384 64x8192; do
  for tool in racecheck memcheck; do
    (timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 $G bench -q --warmup 0 --reps 1 \
      --2d --kind c2c --precision f32 --sizes $sz --engines gpu > $L/san-$sz-$tool.log 2>&1
     echo "$sz $tool rc=$? $(grep -E 'SUMMARY' $L/san-$sz-$tool.log | head -1) $(awk '/^gpu/ {printf "err %s", $9}' $L/san-$sz-$tool.log)" >> $L/san.txt) &
  done
done
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/v2d.txt
b2d p 16384x16384 gpu,cufft
b2d p 8192x8192 gpu,cufft
echo "[2d: $(( $(date +%s) - t0 )) s]"
for round in 1 2; do
  for a in 68 0; do left 300 && BIN=$A b2d ab$a-$round 2048x16384 gpu GFP_FAST_ALT=$a; done
done
: > $L/ab.txt
for n in 65536 262144 1048576 4194304 16777216; do
  for a in 0 65; do left 380 && ab s$a-$n c2c $n $a; done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit; do sum $t; done
cat $L/san.txt
cat $L/v2d.txt
cat $L/ab.txt
pack_logs
