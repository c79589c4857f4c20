#!/bin/sh
# bench/gpu/dev-v41.sh - stop 30's second call: the columns' four-step as
# the product (C2C f32 from h = 8192, 32 columns a block at 128 and 256)
# on the GPU suites, and its figures against cuFFT and the old route.
#
# Phases (PHASE, default "chk v2d"):
#   chk  at once: dev-common.sh's quick_suites (test_gpu_large quick and
#        memcheck on it: the pkernel's prefetch now honours the row remap;
#        test_engine_gpu, test_gpu_2d quick, gpu-faults), then
#        tests/cli/fft2-gpu.sh (32x16384 now takes the route), test_gpu_2d's
#        t_colsplit in full, racecheck of fft2 256x16384 and memcheck of
#        32x8192 on the product
#   v2d  bench --2d C2C f32 (median of 5): 16384^2 and 8192^2 the product
#        (and cuFFT), GFP_GPU_2D_CF=0 (the old route), the A/B binary at
#        alts 61 (FPB 32 at all) and 63 (16 at all); 4096^2 the product
#        and cuFFT (unchanged: below 8192); bench C2C f32 16384 (1D, the
#        pkernel) and cuFFT
# Build and pack: as dev-v40.sh. Run (device tool): carry [".devpack"],
# command
#   OUT=$OUT sh bench/gpu/dev-v41.sh
PHASE=${PHASE:-chk v2d}
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
D=$OUT/d; mkdir -p $D
t0=$(date +%s)
if ph chk; then
  quick_suites
  echo "[suites: $(( $(date +%s) - t0 )) s]"
  (GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout 200 sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
   echo "rc=$?" >> $L/fft2-gpu.log) &
  (cd build && GFP_TEST_ONLY=t_colsplit timeout 280 $U/test_gpu_2d > $L/colsplit.log 2>&1; echo "rc=$?" >> $L/colsplit.log) &
  for s in 256x16384 32x8192; do mkcf $D $s; done
  : > $L/san.txt
  for v in racecheck:256x16384 memcheck:32x8192; do
    tool=${v%:*} s=${v#*:}
    (cd $D && timeout 250 compute-sanitizer --tool $tool --error-exitcode 9 \
      $G fft2 --engine gpu --size $s --in-format cf32 $s.cf32 /dev/null > $L/s-$s-$tool.log 2>&1
     echo "$s $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/s-$s-$tool.log | tail -1)" >> $L/san.txt) &
  done
  wait
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph v2d; then
  : > $L/v2d.txt
  for sz in 16384x16384 8192x8192; do
    b2d prod $sz gpu,cufft GFP_X=0
    b2d old $sz gpu GFP_GPU_2D_CF=0
    BIN=$A b2d alt61 $sz gpu GFP_FAST_ALT=61
    BIN=$A b2d alt63 $sz gpu GFP_FAST_ALT=63
    b2d prod2 $sz gpu GFP_X=0
    echo "[v2d $sz: $(( $(date +%s) - t0 )) s]"
  done
  b2d prod 4096x4096 gpu,cufft GFP_X=0
  timeout 100 $G bench -q --reps 5 --kind c2c --precision f32 --sizes 16384 --engines gpu,cufft > $L/b1d-16384.log 2>&1
fi
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d gpu-faults colsplit; do [ -f $L/$t.log ] && sum $t; done
tail -n 2 $L/fft2-gpu.log 2>/dev/null
grep -E "^(not ok|FAIL)" $L/fft2-gpu.log 2>/dev/null | head -5
cat $L/san.txt 2>/dev/null
echo "== bench --2d C2C f32 (label size: engine GB/s x-cufft err passes)"
cat $L/v2d.txt 2>/dev/null
echo "== bench 1D C2C f32 16384"
grep -E '^(gpu|cufft)' $L/b1d-16384.log 2>/dev/null
pack_logs
