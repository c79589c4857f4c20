#!/bin/sh
# bench/gpu/dev-v43.sh - stop 30's last call, on the final tree: the GPU
# suites (dev-common.sh's quick_suites, tests/cli/fft2-gpu.sh, test_gpu_2d's
# t_colsplit in full), the 16384-point pkernel's plain stores (the new
# product) against streaming stores (the old, A/B alt 8) in 1D and as the
# rows of the 2D route, issue 7's square sizes against cuFFT, then issue
# 4's rows (C2C f32, R2C f32, Z2Z f64: 2^14 .. 2^27 / 2^26 and the awkward
# lengths, bench against cuFFT, ~1 GiB, median of 5), cut to DEADLINE
# (540 s from the start).
# Pack: dev-v40.sh's. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v43.sh
PHASE=${PHASE:-chk ab i4}
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
AWK=4093,4241,7727,33728,45045,100000
t0=$(date +%s)
if ph chk; then
  route_checks
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph ab; then
  : > $L/ab.txt
  o() { echo "$1: $(grep -E '^(gpu|cufft)' $L/$2.log | awk '{printf "%s %s GB/s x%s err %s; ", $1, $7, $8, $9}')" >> $L/ab.txt; }
  for i in 1 2; do
    timeout 60 $G bench -q --reps 5 --sizes 16384 --engines gpu,cufft > $L/1d-new-$i.log 2>&1; o "1D 16384 plain (product) $i" 1d-new-$i
    GFP_FAST_ALT=8 timeout 60 $A bench -q --reps 5 --sizes 16384 --engines gpu > $L/1d-old-$i.log 2>&1; o "1D 16384 streaming (alt 8) $i" 1d-old-$i
  done
  for sz in 16384x16384 8192x8192 4096x4096; do
    timeout 120 $G bench -q --reps 5 --2d --sizes $sz --engines gpu,cufft > $L/2d-$sz.log 2>&1; o "2D $sz product" 2d-$sz
  done
  GFP_FAST_ALT=8 timeout 120 $A bench -q --reps 5 --2d --sizes 16384x16384 --engines gpu > $L/2d-old.log 2>&1; o "2D 16384x16384 rows alt 8" 2d-old
  echo "[ab: $(( $(date +%s) - t0 )) s]"
fi
DEADLINE=${DEADLINE:-540}
ph i4 && i4_rows 140 c2c:f32:134217728 r2c:f32:134217728 c2c:f64:67108864
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d gpu-faults colsplit; do [ -f $L/$t.log ] && sum $t; done
tail -n 2 $L/fft2-gpu.log 2>/dev/null
echo "== A/B and issue 7's sizes"; cat $L/ab.txt 2>/dev/null
echo "== issue 4 (kind prec n GB/s x-cufft err (cufft GB/s err))"; bench_rows i4-c2cf32 i4-r2cf32 i4-c2cf64
pack_logs
