#!/bin/sh
# bench/gpu/dev-v44.sh - stop 30's fifth call, on the final tree: the GPU
# suites as dev-v43.sh's chk phase, then the 2D route's first pass with
# its twiddles from shared memory (GFP_FAST_XTS, the product) against the
# lookups (A/B alt 64), two rounds interleaved at 16384^2, one at 8192^2,
# cuFFT in the product's runs.
# Pack: dev-v40.sh's. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v44.sh
PHASE=${PHASE:-chk ab}
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
if ph chk; then
  route_checks
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph ab; then
  : > $L/v2d.txt
  for i in 1 2; do
    b2d prod$i 16384x16384 gpu,cufft GFP_X=0
    (BIN=$A b2d alt64-$i 16384x16384 gpu GFP_FAST_ALT=64)
  done
  b2d prod 8192x8192 gpu,cufft GFP_X=0
  (BIN=$A b2d alt64 8192x8192 gpu GFP_FAST_ALT=64)
  echo "[ab: $(( $(date +%s) - t0 )) s]"
fi
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d gpu-faults colsplit; do [ -f $L/$t.log ] && sum $t; done
tail -n 2 $L/fft2-gpu.log 2>/dev/null
echo "== bench --2d C2C f32 (label size: engine GB/s x-cufft err passes)"; cat $L/v2d.txt 2>/dev/null
pack_logs
