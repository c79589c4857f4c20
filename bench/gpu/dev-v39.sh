#!/bin/sh
# bench/gpu/dev-v39.sh - stop 29's last call, on the final tree: the GPU
# suites (quick, dev-common.sh's quick_suites: memcheck on test_gpu_large,
# tests/cli/gpu-faults.sh) and tests/cli/fft2-gpu.sh on the product
# (hybrid.sh left out for time: no host change since stop 28 ran it),
# then where issue 4 stands on the H200: C2C f32, R2C f32 (2^14 .. 2^27
# and the awkward lengths) and Z2Z f64 (2^14 .. 2^26 and the same), each
# a bench run against cuFFT (~1 GiB batched, median of 5).
# Pack (dev box, repository root): as dev-v33.sh (no A/B binary).
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v39.sh
PHASE=${PHASE:-suites i4}
. bench/gpu/dev-common.sh
AWK=4093,4241,7727,33728,45045,100000
t0=$(date +%s)
if ph suites; then
  quick_suites
  GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout 200 sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
  echo "rc=$?" >> $L/fft2-gpu.log
  echo "[suites: $(( $(date +%s) - t0 )) s]"
fi
if ph i4; then
  timeout 170 $G bench --reps 5 --engines gpu,cufft --kind c2c --precision f32 --sizes 16384..134217728,$AWK > $L/i4-c2c32.log 2>&1
  echo "[c2c f32: $(( $(date +%s) - t0 )) s]"
  timeout 150 $G bench --reps 5 --engines gpu,cufft --kind c2c --precision f64 --sizes 16384..67108864,$AWK > $L/i4-c2c64.log 2>&1
  echo "[z2z f64: $(( $(date +%s) - t0 )) s]"
  timeout 150 $G bench --reps 5 --engines gpu,cufft --kind r2c --precision f32 --sizes 16384..134217728,$AWK > $L/i4-r2c32.log 2>&1
  echo "[r2c f32: $(( $(date +%s) - t0 )) s]"
fi
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_gpu_2d test_engine_gpu gpu-faults; do [ -f $L/$t.log ] && sum $t; done
tail -n 2 $L/fft2-gpu.log 2>/dev/null
echo "== issue 4 (kind prec n GB/s x-cufft err (cufft GB/s err))"; bench_rows i4-c2c32 i4-c2c64 i4-r2c32
pack_logs
