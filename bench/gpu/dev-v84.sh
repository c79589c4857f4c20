#!/bin/sh
# bench/gpu/dev-v84.sh - stop 39, call 4: the final tree (the sc route only
# at 4096 x 4096 and where the rows have no pass kernel; C2C f32 2^20 as
# 256 x 4096): test_gpu_2d quick and t_strided_cols in full,
# test_gpu_large quick; bench --2d against cuFFT at C2C 4096^2 and
# widths 1024 .. 8192 over 4096 rows, R2C 1920x1080, 3840x2160,
# 4096x4096; C2C f32 2^20, 2^21, R2C f32 2^16 .. 2^24 and C2R f32 at
# 2^18, 2^21, 2^22, 2^24 against cuFFT (the four-step's first passes
# moved to tkernel under them too); R2C against the old first passes
# (A/B alt 75) at 2^20, 2^22, 2^24. Pack: gfftpipe, tests/unit/
# test_gpu_large, test_gpu_2d, the A/B build's gfftpipe as x/gfftpipe
# (pack4). Run (device tool): carry [".devpack/pack4.tar.xz"], command
# PACK=.devpack/pack4.tar.xz OUT=$OUT sh bench/gpu/dev-v84.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
(cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
(cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log) &
tests_only test_gpu_2d t_strided_cols
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/v2d.txt
for sz in 4096x4096 1024x4096 2048x4096 3840x4096 8192x4096; do b2d p $sz gpu,cufft; done
for sz in 1920x1080 3840x2160 4096x4096; do
  timeout 120 $G bench -q --reps 5 --2d --kind r2c --precision f32 --sizes $sz --engines gpu,cufft > $L/r2d-$sz.log 2>&1
  echo "r2c $sz: $(grep -E '^(gpu|cufft)' $L/r2d-$sz.log | awk '{printf "%s %s GB/s x%s err %s passes %s; ", $1, $7, $8, $9, $10}')" >> $L/v2d.txt
done
echo "[2d: $(( $(date +%s) - t0 )) s]"
: > $L/l2.txt
bl c2c gpu,cufft 1048576,2097152
K=r2c bl r2c gpu,cufft 65536..16777216
echo "[r2c: $(( $(date +%s) - t0 )) s]"
left 380 && K=c2r bl c2r gpu,cufft 262144,2097152,4194304,16777216
echo "[c2r: $(( $(date +%s) - t0 )) s]"
: > $L/ab.txt
for n in 1048576 4194304 16777216; do
  for a in 0 75; do
    left 470 || continue
    GFP_FAST_ALT=$a timeout 60 $A bench -q --reps 5 --kind r2c --precision f32 --sizes $n \
      --engines gpu > $L/ab-r$a-$n.log 2>&1
    awk -v l="r2c-$a" '/^gpu/ {printf "%-10s %s %9s %8s GB/s err %s\n", l, $2, $4, $7, $NF}' $L/ab-r$a-$n.log >> $L/ab.txt
  done
done
for t in test_gpu_large test_gpu_2d t_strided_cols; do sum $t; done
cat $L/v2d.txt
cat $L/l2.txt
cat $L/ab.txt
pack_logs
