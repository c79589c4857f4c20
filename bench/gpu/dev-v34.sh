#!/bin/sh
# bench/gpu/dev-v34.sh - stop 29's first call: the GPU suites on the
# product (none ran in stops 27-28), then the 2D pass of 4096 in smaller
# blocks and clusters (issue 7's C2C f32 4096^2 at 0.94x cuFFT on the
# H200: the product's pass is one 1024-thread block an SM, four frames,
# 32-byte runs, so its load, compute and store phases do not overlap),
# and 16384's cluster sizes, each against the product in one call.
#
# Phases (PHASE, default "suites san v2d"):
#   suites test_gpu_large and test_gpu_2d quick, memcheck on
#          test_gpu_large quick, test_engine_gpu quick
#   san    racecheck and memcheck of fft2 4096x48 and 48x4096 (C2C f32:
#          the 4096 pass over 48 frames, rows then columns) on the A/B
#          binary at each variant of VARS
#   v2d    bench --2d C2C f32 4096x4096 (gpu, error against FFTW) at each
#          variant, the product and cuFFT before and after; 16384x16384
#          at the product, clusters of 2 and 8, and alt 21 at 16
# VARS: alt:cl pairs (kernels/gfp_gpu_fast_2d.cu, gfp_fast2d_c2c_f32_cl):
#   21 one frame a block, 22 two, 23 four; cl blocks a cluster; a bin's
#   run 8 fpb cl bytes; 0:2 the product's four frames in pairs
# Build and pack (dev box, repository root; ~10 min):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   rm -rf build-ab && cp -a build build-ab &&
#   rm build-ab/kernels/gfp_gpu_fast_2d.o &&
#   make -C build-ab NVCCFLAGS=-DGFP_FAST_AB \
#     NVCC_GENCODE=-gencode=arch=compute_90,code=sm_90 src/gfftpipe &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#     tests/unit/test_gpu_large tests/unit/test_engine_gpu \
#     tests/unit/test_gpu_2d tests/cli/fft2ref tests/cli/refdft \
#     tests/fault/gpufault.so $PWD/build-ab/src/gfftpipe
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v34.sh
PHASE=${PHASE:-suites san v2d}
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
VARS=${VARS:-"0:2 21:2 21:4 21:8 21:16 22:2 22:4 22:8 23:4"}
t0=$(date +%s)
if ph suites; then
  (cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
  (cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool memcheck --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
  (cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log) &
  wait
  (cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_engine_gpu > $L/test_engine_gpu.log 2>&1; echo "rc=$?" >> $L/test_engine_gpu.log)
  echo "[suites: $(( $(date +%s) - t0 )) s]"
fi
if ph san; then
  mkdir -p $L/d && (cd $L/d && $R rand $((4096 * 48 * 2)) 7 r.cf64 &&
    $G fft2 -q --engine cpu --size 4096x48 --in-format cf64 --out-format cf32 r.cf64 c.cf32)
  : > $L/san.txt
  for v in $VARS; do
    a=${v%:*} c=${v#*:}
    for sz in 4096x48 48x4096; do
      for tool in racecheck memcheck; do
        (cd $L/d && GFP_FAST_ALT=$a GFP_GPU_2D_CL=$c timeout 120 compute-sanitizer --tool $tool \
          $A fft2 --engine gpu --size $sz --in-format cf32 c.cf32 o-$a-$c-$sz-$tool.cf32 > s-$a-$c-$sz-$tool.log 2>&1
         echo "alt $a cl $c $sz $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' s-$a-$c-$sz-$tool.log | tail -1)" >> $L/san.txt) &
      done
    done
    wait
  done
  echo "[san: $(( $(date +%s) - t0 )) s]"
fi
if ph v2d; then
  B="bench --2d --kind c2c --precision f32"
  timeout 100 $G $B --sizes 4096x4096 --engines gpu,cufft > $L/b4-prod1.log 2>&1
  for v in $VARS; do
    a=${v%:*} c=${v#*:}
    GFP_FAST_ALT=$a GFP_GPU_2D_CL=$c timeout 60 $A $B --sizes 4096x4096 --engines gpu > $L/b4-$a-$c.log 2>&1
  done
  timeout 100 $G $B --sizes 4096x4096 --engines gpu,cufft > $L/b4-prod2.log 2>&1
  echo "[v2d 4096: $(( $(date +%s) - t0 )) s]"
  timeout 150 $G $B --sizes 16384x16384 --engines gpu,cufft > $L/b16-prod.log 2>&1
  for v in 0:2 0:8 21:16; do
    a=${v%:*} c=${v#*:}
    GFP_FAST_ALT=$a GFP_GPU_2D_CL=$c timeout 100 $A $B --sizes 16384x16384 --engines gpu > $L/b16-$a-$c.log 2>&1
  done
  echo "[v2d 16384: $(( $(date +%s) - t0 )) s]"
fi
show_tests
echo "== sanitizers (alt cl size tool)"; cat $L/san.txt 2>/dev/null
echo "== C2C f32 2D (engine size ... GB/s x-cufft ... rel_l2)"
for f in $L/b4-prod1.log $L/b4-[0-9]*.log $L/b4-prod2.log $L/b16-prod.log $L/b16-[0-9]*.log; do
  [ -f $f ] && grep -vE '^#' $f | grep -E '^(gpu|cufft)' | sed "s|^|$(basename $f .log) |"
done
pack_logs
