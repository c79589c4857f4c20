#!/bin/sh
# bench/gpu/dev-v52.sh - stop 32's second call: C2R f32 on its own
# kernels (one block a frame with the merge in the load, n <= 32768; the
# four-step's first pass with the merge fused, n 2^16 .. 2^23) and R2C's
# split pass of 256 at 32 frames a block (alt 65, now the product's):
# the GPU suites (quick_suites; test_gpu_large's t_c2r in full, and
# racecheck on it quick), then bench against cuFFT: C2R f32 32 ..
# 2^25, R2C f32 2^14 .. 2^20, and the switches that give the old paths
# (GFP_GPU_NOFASTC2R=1, GFP_GPU_4S_MERGE=0); R2C f32 2^24 and 2^25 on
# the nested core with the split in its third pass (GFP_GPU_4S3_MIN=23)
# against call 1's 0.76x, 0.75x. Pack: dev-v51.sh's without
# the A/B binary. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v52.sh
PHASE=${PHASE:-chk bench}
. bench/gpu/dev-common.sh
t0=$(date +%s)
if ph chk; then
  quick_suites
  (cd build && GFP_TEST_ONLY=t_c2r timeout 150 $U/test_gpu_large > $L/t_c2r.log 2>&1; echo "rc=$?" >> $L/t_c2r.log) &
  (cd build && GFP_TEST_ONLY=t_c2r GFP_TEST_QUICK=1 timeout 200 compute-sanitizer --tool racecheck --error-exitcode 9 \
    $U/test_gpu_large > $L/t_c2r-racecheck.log 2>&1; echo "rc=$?" >> $L/t_c2r-racecheck.log) &
  wait
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph bench; then
  : > $L/c2r.txt
  BL=c2r K=c2r bl def gpu,cufft 32,256,1024,4096,8192,16384..33554432 GFP_GPU_LARGE_DEBUG=1
  BL=c2r K=c2r bl old gpu 16384,32768,65536,1048576,8388608 GFP_GPU_NOFASTC2R=1 GFP_GPU_4S_MERGE=0
  BL=c2r K=r2c bl r2c gpu,cufft 16384..1048576 GFP_GPU_LARGE_DEBUG=1
  BL=c2r K=r2c bl r2c-nest gpu 16777216,33554432 GFP_GPU_4S3_MIN=23 GFP_GPU_LARGE_DEBUG=1
  echo "[bench: $(( $(date +%s) - t0 )) s]"
fi
show_tests
for t in t_c2r t_c2r-racecheck; do [ -f $L/$t.log ] && sum $t; done
echo "== C2R (old: GFP_GPU_NOFASTC2R=1 GFP_GPU_4S_MERGE=0), R2C f32"; cat $L/c2r.txt 2>/dev/null
echo "== routes"; grep -h -o 'gfp_large: .*' $L/c2r-*.log 2>/dev/null | sort -u | cut -c1-220 | head -30
pack_logs
