#!/bin/sh
# bench/gpu/dev-v49.sh - stop 31's last call, on the final tree: C2C f32
# 2^18 and 2^19 on the new cut (256 x 1024, 256 x 2048) against the old
# (GFP_GPU_4S_N1=512), the GPU suites (quick_suites: test_gpu_large quick
# and memcheck on it, test_engine_gpu, test_gpu_2d, gpu-faults), then
# issue 4's table on the H200 (C2C f32, R2C f32, Z2Z f64 with the awkward
# lengths, bench against cuFFT, ~1 GiB, median of 5), cut to DEADLINE.
# Pack: dev-v47.sh's. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v49.sh
PHASE=${PHASE:-ab chk i4}
. bench/gpu/dev-common.sh
t0=$(date +%s)
DEADLINE=${DEADLINE:-530}
AWK=4093,4241,7727,33728,45045,100000
if ph ab; then
  : > $L/ab.txt
  for i in 1 2; do
    timeout 60 $G bench -q --reps 5 --sizes 262144,524288 --engines gpu,cufft > $L/ab-new$i.log 2>&1
    GFP_GPU_4S_N1=512 timeout 60 $G bench -q --reps 5 --sizes 262144,524288 --engines gpu > $L/ab-old$i.log 2>&1
    for f in new$i old$i; do grep -E '^(gpu|cufft)' $L/ab-$f.log | awk -v f=$f '{printf "%s %s %s %s GB/s x%s err %s\n", f, $1, $4, $7, $8, $NF}' >> $L/ab.txt; done
  done
  echo "[ab: $(( $(date +%s) - t0 )) s]"
fi
if ph chk; then
  quick_suites
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
ph i4 && i4_rows 150 c2c:f32:67108864 r2c:f32:134217728 c2c:f64:8388608
show_tests
echo "== 2^18, 2^19 new cut / old"; cat $L/ab.txt
echo "== issue 4 (kind prec n GB/s x-cufft err (cufft GB/s err))"; bench_rows i4-c2cf32 i4-r2cf32 i4-c2cf64
pack_logs
