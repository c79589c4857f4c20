#!/bin/sh
# bench/gpu/dev-v39.sh - stop 29's last call, on the final tree: the GPU
# suites (quick, dev-common.sh's quick_suites: memcheck on test_gpu_large,
# tests/cli/gpu-faults.sh) and tests/cli/fft2-gpu.sh on the product
# (hybrid.sh left out for time: no host change since stop 28 ran it),
# then where issue 4 stands on the H200: C2C f32, R2C f32 (2^14 .. 2^27
# and the awkward lengths) and Z2Z f64 (2^14 .. 2^26 and the same), each
# a bench run against cuFFT (~1 GiB batched, median of 5), cut to the
# time left of DEADLINE (560 s from the start); between them, ncu on
# C2C f32 16384^2, ours and cuFFT's (issue 7's 0.75x: how many passes
# cuFFT makes there, and at what rate).
# Pack (dev box, repository root): as dev-v33.sh (no A/B binary).
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v39.sh
PHASE=${PHASE:-suites ncu16 i4}
. bench/gpu/dev-common.sh
AWK=4093,4241,7727,33728,45045,100000
t0=$(date +%s)
if ph suites; then
  quick_suites
  GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout 200 sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
  echo "rc=$?" >> $L/fft2-gpu.log
  echo "[suites: $(( $(date +%s) - t0 )) s]"
fi
# ncu on 16384^2: our two passes (ckernel, clusters of 4) and cuFFT's
# kernels for the same transform (bench's FFTW reference in double takes
# ~70 s of each run)
if ph ncu16; then
  NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  P="$NCU --clock-control none --section SpeedOfLight --section Occupancy --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"
  B="bench --warmup 0 --reps 1 --bytes 2Gi --2d --kind c2c --precision f32 --sizes 16384x16384"
  timeout 150 $P -c 10 $G $B --engines gpu,cufft > $L/ncu16.log 2>&1
  echo "[ncu16: $(( $(date +%s) - t0 )) s]"
fi
# issue 4's rows, each bench run cut to the time left of DEADLINE seconds
DEADLINE=${DEADLINE:-560}
ph i4 && i4_rows 150 c2c:f32:134217728 c2c:f64:67108864 r2c:f32:134217728
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_gpu_2d test_engine_gpu gpu-faults; do [ -f $L/$t.log ] && sum $t; done
tail -n 2 $L/fft2-gpu.log 2>/dev/null
echo "== issue 4 (kind prec n GB/s x-cufft err (cufft GB/s err))"; bench_rows i4-c2cf32 i4-c2cf64 i4-r2cf32
echo "== ncu 16384^2"
grep -E '^  [a-zA-Z_].*\(|gpu__time_duration|dram__bytes|DRAM Throughput|Achieved Occupancy' $L/ncu16.log 2>/dev/null | cut -c1-140 | head -60
pack_logs
