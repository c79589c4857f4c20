#!/bin/sh
# bench/gpu/dev-v40.sh - stop 30's first call: the 2D FFT's columns as a
# four-step along the strided axis, then the rows (kernels/gfp_gpu_2d.cu's
# cf route, GFP_GPU_2D_CF=1; the cut cuFFT takes at 16384^2, stop 29 call
# 6), against the product's two transposing passes and cuFFT.
#
# Phases (PHASE, default "chk v2d ncu"):
#   chk  at once: test_gpu_2d quick (all tests) and its t_colsplit in full
#        (GFP_TEST_ONLY); racecheck and memcheck of fft2 --engine gpu
#        with GFP_GPU_2D_CF=1 on 64x4096 and 256x16384 (W x H), memcheck
#        on 16384x4096 (the persistent row kernel with the remap); the A/B
#        binary's alts 61 (32 columns a block) and 62 (8) under racecheck
#        on 256x16384
#   v2d  bench --2d C2C f32 (gpu, error against FFTW; median of 5):
#        16384^2, 8192^2 and 4096^2, each the product, CF=1, and (4096,
#        16384) CF=1 at alts 61 and 62, cuFFT in the first run of each
#   ncu  one 16384^2 transform through CF=1: each pass's time and DRAM
# Build and pack (dev box, repository root):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   make -C build-ab NVCCFLAGS=-DGFP_FAST_AB \
#     NVCC_GENCODE=-gencode=arch=compute_90,code=sm_90 src/gfftpipe &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#     tests/unit/test_gpu_large tests/unit/test_engine_gpu \
#     tests/unit/test_gpu_2d tests/cli/fft2ref tests/cli/refdft \
#     tests/fault/gpufault.so $PWD/build-ab/src/gfftpipe
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v40.sh
PHASE=${PHASE:-chk v2d ncu}
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
D=$OUT/d; mkdir -p $D
t0=$(date +%s)
if ph chk; then
  (cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log) &
  (cd build && GFP_TEST_ONLY=t_colsplit timeout 280 $U/test_gpu_2d > $L/colsplit.log 2>&1; echo "rc=$?" >> $L/colsplit.log) &
  for s in 64x4096 256x16384 16384x4096; do mkcf $D $s; done
  : > $L/san.txt
  san() { # san TOOL SIZE BIN ALT
    (cd $D && GFP_GPU_2D_CF=1 GFP_FAST_ALT=$4 timeout 280 compute-sanitizer --tool $1 --error-exitcode 9 \
      $3 fft2 --engine gpu --size $2 --in-format cf32 $2.cf32 /dev/null > $L/s-$2-$1-$4.log 2>&1
     echo "alt $4 $2 $1: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/s-$2-$1-$4.log | tail -1)" >> $L/san.txt) &
  }
  for s in 64x4096 256x16384; do san racecheck $s $G 0; san memcheck $s $G 0; done
  san memcheck 16384x4096 $G 0
  san racecheck 256x16384 $A 61; san racecheck 256x16384 $A 62
  wait
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph v2d; then
  : > $L/v2d.txt
  for sz in 16384x16384 8192x8192 4096x4096; do
    b2d prod $sz gpu,cufft GFP_GPU_2D_CF=0
    b2d cf $sz gpu GFP_GPU_2D_CF=1
    if [ $sz != 8192x8192 ]; then
      BIN=$A b2d cf61 $sz gpu GFP_GPU_2D_CF=1 GFP_FAST_ALT=61
      BIN=$A b2d cf62 $sz gpu GFP_GPU_2D_CF=1 GFP_FAST_ALT=62
    fi
    b2d prod2 $sz gpu GFP_GPU_2D_CF=0
    echo "[v2d $sz: $(( $(date +%s) - t0 )) s]"
  done
fi
if ph ncu; then
  NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  GFP_GPU_2D_CF=1 timeout 150 $NCU --clock-control none --section SpeedOfLight --section Occupancy \
    --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum -c 6 \
    $G bench --warmup 0 --reps 1 --2d --kind c2c --precision f32 --sizes 16384x16384 --engines gpu > $L/ncu-cf.log 2>&1
  echo "[ncu: $(( $(date +%s) - t0 )) s]"
fi
echo "== tests"
for t in test_gpu_2d colsplit; do [ -f $L/$t.log ] && sum $t; done
grep -E "FAIL|failed" $L/colsplit.log 2>/dev/null | head -5
cat $L/san.txt 2>/dev/null
echo "== bench --2d C2C f32 (label size: engine GB/s x-cufft err passes)"
cat $L/v2d.txt 2>/dev/null
echo "== ncu, 16384^2 through CF=1"
grep -E '^  [a-zA-Z_].*\(|gpu__time_duration|dram__bytes|DRAM Throughput|Achieved Occupancy' $L/ncu-cf.log 2>/dev/null | cut -c1-140 | head -40
pack_logs
