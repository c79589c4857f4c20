#!/bin/sh
# bench/gpu/dev-v46.sh - stop 31's second call: the four-step in chunks
# again, now with the chunk's second pass on a stream of its own
# (GFP_GPU_L2STREAMS=2, two scratch chunks) so that chunk i's second pass
# runs beside chunk i + 1's first; C2C f32 2^15 .. 2^19 off (the
# product), one stream at 65536 KiB (larger than L2), two streams at
# 8192, 16384 and 32768 KiB; Z2Z f64 and R2C f32 off and at the best
# guess (two streams, 16384 KiB); test_gpu_large's t_chunks in full and
# under memcheck; then issue 4's rows not yet measured on the H200 (C2C
# f32 2^27 and the awkward lengths, Z2Z f64 2^24 .. 2^26 and the awkward
# lengths, R2C f32 45045 and 100000), cut to DEADLINE (560 s).
# Pack: bench/gpu/pack.sh of gfftpipe and test_gpu_large. Run (device
# tool): carry [".devpack"], command OUT=$OUT sh bench/gpu/dev-v46.sh
PHASE=${PHASE:-l2 chk i4}
. bench/gpu/dev-common.sh
t0=$(date +%s)
DEADLINE=${DEADLINE:-560}
AWK=4093,4241,7727,33728,45045,100000
if ph l2; then
  : > $L/l2.txt
  S=32768..524288
  bl off gpu,cufft $S GFP_GPU_1CL=0
  bl s1-65536 gpu $S GFP_GPU_1CL=0 GFP_GPU_L2CHUNK=65536
  for c in 8192 16384 32768; do bl s2-$c gpu $S GFP_GPU_1CL=0 GFP_GPU_L2CHUNK=$c GFP_GPU_L2STREAMS=2; done
  bl off-r2 gpu $S GFP_GPU_1CL=0
  P=f64 bl z-off gpu,cufft 32768..262144
  P=f64 bl z-s2-16384 gpu 32768..262144 GFP_GPU_L2CHUNK=16384 GFP_GPU_L2STREAMS=2
  K=r2c bl r-off gpu,cufft 65536..524288
  K=r2c bl r-s2-16384 gpu 65536..524288 GFP_GPU_L2CHUNK=16384 GFP_GPU_L2STREAMS=2
  echo "[l2: $(( $(date +%s) - t0 )) s]"
fi
if ph chk; then
  (cd build && GFP_TEST_ONLY=t_chunks timeout 120 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
  (cd build && GFP_TEST_QUICK=1 GFP_TEST_ONLY=t_chunks timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
  wait
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph i4; then
  for r in c2c:f32:134217728,$AWK c2c:f64:16777216,33554432,67108864,$AWK r2c:f32:45045,100000; do
    k=${r%%:*} rest=${r#*:}; pr=${rest%%:*} sz=${rest#*:}
    n=$(( DEADLINE - ($(date +%s) - t0) )); [ "$n" -gt 20 ] || { echo "[$k $pr: no time left]"; continue; }
    timeout $n $G bench --reps 5 --engines gpu,cufft --kind $k --precision $pr --sizes $sz > $L/i4-$k$pr.log 2>&1
    echo "[$k $pr: $(( $(date +%s) - t0 )) s]"
  done
fi
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck; do [ -f $L/$t.log ] && sum $t; done
grep -E "four-step in chunks" $L/test_gpu_large*.log | cut -c1-200
echo "== l2 (label engine kind prec n GB/s)"; sort -s -k3,3 -k4,4 -k5,5n $L/l2.txt 2>/dev/null
echo "== issue 4 (kind prec n GB/s x-cufft err (cufft GB/s err))"; bench_rows i4-c2cf32 i4-c2cf64 i4-r2cf32
pack_logs
