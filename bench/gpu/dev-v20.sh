#!/bin/sh
# bench/gpu/dev-v20.sh - issue 4's four-step FFT (gfp_gpu_fast_4s.cu), one
# call: the GPU suites that run it (test_gpu_large in full, test_gpu_2d
# quick: the shared pass setup), memcheck and racecheck on test_gpu_large
# quick, then the bench table over powers of two (C2C f32 2^14..2^27, Z2Z
# f64 2^14..2^26, R2C f32 2^15..2^27) and A/B of the first pass's length
# (GFP_GPU_4S_N1) at a few sizes, and the first pass's A/B kernels (PHASE
# alt, GFP_FAST_ALT 21 .. 25) and each pass alone (PHASE only); a short
# table last.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/unit/test_gpu_large tests/unit/test_gpu_2d [$PWD/build-ab/src/gfftpipe]
#   run (device tool, carry [".devpack"]): PHASE='tests b1' OUT=$OUT sh bench/gpu/dev-v20.sh
#   (PHASE: any of tests b1 b2 b3, or all; each call has 600 s)
. bench/gpu/dev-common.sh
if ph tests; then
  gpu_tests
fi
B="timeout 280 $G bench --engines gpu,cufft"
if ph b1; then
  GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f32 --sizes 16384..4194304 > $L/c2c32a.log 2>&1
fi
if ph bx; then # sizes from the environment (C32_SIZES, C64_SIZES)
  [ -z "${C32_SIZES:-}" ] || GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f32 --sizes $C32_SIZES > $L/c2c32x.log 2>&1
  [ -z "${C64_SIZES:-}" ] || GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f64 --sizes $C64_SIZES > $L/c2c64x.log 2>&1
fi
if ph b2; then
  GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f32 --sizes 8388608..134217728 > $L/c2c32b.log 2>&1
  GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f64 --sizes 16384..67108864 > $L/c2c64.log 2>&1
fi
if ph alt; then # the first pass's A/B forms (build-ab: gfp_gpu_fast_4s.o with -DGFP_FAST_AB)
  for alt in ${ALTS:-21 22}; do
    GFP_FAST_ALT=$alt timeout 280 $PWD/build/x/gfftpipe bench --engines gpu,cufft --kind c2c \
      --precision f32 --sizes ${ALT_SIZES:-1048576..16777216} > $L/alt-$alt.log 2>&1
  done
fi
if ph only; then # each four-step pass alone (A/B build, GFP_GPU_4S_ONLY; wrong spectra)
  for o in 1 2; do
    GFP_GPU_4S_ONLY=$o timeout 280 $PWD/build/x/gfftpipe bench --engines gpu,cufft --kind c2c \
      --precision f32 --sizes ${ONLY_SIZES:-262144..16777216} > $L/only-$o.log 2>&1
  done
fi
if ph b3; then
  GFP_GPU_LARGE_DEBUG=1 $B --kind r2c --precision f32 --sizes ${R2C_SIZES:-32768..134217728} > $L/r2c32.log 2>&1
  for a in ${N1AB:-1048576:512 1048576:2048 4194304:1024 16777216:2048 33554432:8192 65536:128 32768:256}; do
    GFP_GPU_4S_N1=${a#*:} $B --kind c2c --precision f32 --sizes ${a%:*} > $L/ab-${a%:*}-${a#*:}.log 2>&1
  done
fi
echo "== tests"
for t in test_gpu_large test_gpu_2d test_gpu_large-memcheck test_gpu_large-racecheck; do [ -f $L/$t.log ] && sum $t; done
echo "== bench (gpu rows: kind prec n GB/s x-cufft err; cufft err)"
bench_rows c2c32a c2c32b c2c32x c2c64 c2c64x r2c32 $(cd $L && ls alt-*.log only-*.log 2>/dev/null | sed 's/\.log$//') $(cd $L && ls ab-*.log 2>/dev/null | sed 's/\.log$//')
