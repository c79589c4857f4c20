#!/bin/sh
# bench/gpu/dev-v33.sh - where issues 4 and 7 stand, in one call (written
# at stop 28 for the next stop's first call, when stop 28 had no device
# time left): the GPU suites and compute-sanitizer (the pack holds the
# test binaries again: pack.sh's 256 MiB window), issue 4's done-when
# table and issue 7's 2D rows, each against cuFFT in one bench run.
#
# Phases (PHASE, default "suites i4 b2d"):
#   suites test_gpu_large in full, test_gpu_2d quick, memcheck and
#          racecheck on test_gpu_large quick (dev-common.sh gpu_tests),
#          then test_engine_gpu quick and tests/cli/gpu-faults.sh
#   i4     issue 4's lengths, gpu and cufft (~1 GiB batched, median of
#          10): C2C f32 and R2C f32 at 2^14 .. 2^27 and the awkward
#          lengths (4093 4241 7727 33728 45045 100000), Z2Z f64 at 2^14
#          .. 2^26 and the same awkward lengths
#   b2d    dev-v32.sh's: C2C and R2C f32 4096^2, 16384^2, 1920x1080,
#          3840x2160 against cuFFT's 2D plans
# Pack (dev box, repository root; ~9 min):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#     tests/unit/test_gpu_large tests/unit/test_engine_gpu \
#     tests/unit/test_gpu_2d tests/cli/fft2ref tests/cli/refdft \
#     tests/fault/gpufault.so
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT PHASE='...' sh bench/gpu/dev-v33.sh
PHASE=${PHASE:-suites i4 b2d}
. bench/gpu/dev-common.sh
AWK=4093,4241,7727,33728,45045,100000
if ph suites; then
  gpu_tests
  (cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_engine_gpu > $L/test_engine_gpu.log 2>&1; echo "rc=$?" >> $L/test_engine_gpu.log)
  GFFTPIPE=$G TOP_BUILDDIR=$PWD/build timeout 120 sh tests/cli/gpu-faults.sh > $L/gpu-faults.log 2>&1; echo "rc=$?" >> $L/gpu-faults.log
fi
if ph i4; then
  timeout 300 $G bench --engines gpu,cufft --kind c2c --precision f32 --sizes 16384..134217728,$AWK > $L/i4-c2c32.log 2>&1
  timeout 300 $G bench --engines gpu,cufft --kind r2c --precision f32 --sizes 16384..134217728,$AWK > $L/i4-r2c32.log 2>&1
  timeout 300 $G bench --engines gpu,cufft --kind c2c --precision f64 --sizes 16384..67108864,$AWK > $L/i4-c2c64.log 2>&1
fi
if ph b2d; then
  timeout 200 $G bench --2d --engines gpu,cufft --kind c2c,r2c --precision f32 \
    --sizes 4096x4096,16384x16384,1920x1080,3840x2160 > $L/b2d.log 2>&1
fi
echo "== tests"
for t in test_gpu_large test_gpu_2d test_gpu_large-memcheck test_gpu_large-racecheck test_engine_gpu gpu-faults; do [ -f $L/$t.log ] && sum $t; done
echo "== issue 4 (kind prec n GB/s x-cufft err (cufft GB/s err))"; bench_rows i4-c2c32 i4-r2c32 i4-c2c64
echo "== b2d"; grep -vE '^#' $L/b2d.log 2>/dev/null
pack_logs
