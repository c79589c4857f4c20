#!/bin/sh
# bench/gpu/dev-v54.sh - stop 32's last call, on the final tree: the GPU
# suites (quick_suites; test_gpu_large's t_c2r in full; test_engine_gpu's
# C2R f32 sweep in full), A/B alt 67 (x/gfftpipe: C2R's one-block load a
# pair at a time, call 2's form, against every pair loaded first), then
# issue 4's R2C f32 rows and the C2R f32 rows against cuFFT (~1 GiB,
# median of 5, 2^14 .. 2^27 and the awkward lengths), cut to DEADLINE.
# Pack: dev-v53.sh's. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v54.sh
PHASE=${PHASE:-chk ab i4}
. bench/gpu/dev-common.sh
t0=$(date +%s)
DEADLINE=${DEADLINE:-540}
AWK=4093,4241,7727,33728,45045,100000
A=$PWD/build/x/gfftpipe
if ph chk; then
  quick_suites
  (cd build && GFP_TEST_ONLY=t_c2r timeout 200 $U/test_gpu_large > $L/t_c2r.log 2>&1; echo "rc=$?" >> $L/t_c2r.log) &
  (cd build && GFP_TEST_ONLY=t_c2r_f32 timeout 200 $U/test_engine_gpu > $L/t_c2r_f32.log 2>&1; echo "rc=$?" >> $L/t_c2r_f32.log) &
  wait
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph ab; then
  : > $L/ab.txt
  for i in 1 2; do
    for v in def alt67; do
      e=""; [ $v = alt67 ] && e=GFP_FAST_ALT=67
      env $e timeout 60 $A bench -q --reps 5 --kind c2r --sizes 256,4096,16384,32768 --engines gpu > $L/ab-$v$i.log 2>&1
      grep -E '^gpu' $L/ab-$v$i.log | awk -v f=$v$i '{printf "%-8s %s %s GB/s err %s\n", f, $4, $7, $NF}' >> $L/ab.txt
    done
  done
  echo "[ab: $(( $(date +%s) - t0 )) s]"
fi
ph i4 && i4_rows 200 r2c:f32:134217728 c2r:f32:134217728
show_tests
for t in t_c2r t_c2r_f32; do [ -f $L/$t.log ] && sum $t; done
echo "== alt 67 (C2R f32, A/B binary)"; sort -k2,2n -s $L/ab.txt 2>/dev/null
echo "== issue 4 (kind prec n GB/s x-cufft err (cufft GB/s err))"; bench_rows i4-r2cf32 i4-c2rf32
pack_logs
