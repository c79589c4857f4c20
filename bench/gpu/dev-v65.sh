#!/bin/sh
# bench/gpu/dev-v65.sh - stop 35's second call: the nested three-pass core
# as the default for Z2Z f64 from 2^23 and C2C f32 2^24 (256 x 256 x 256),
# from call 1's sweep. test_gpu_large's t_nested and t_pow2 in full, then
# memcheck on t_nested quick, then two rounds of bench against cuFFT,
# then (added in stop 36, before its first run) the nested core's q 256
# cuts at f64 2^25, 2^26 and f32 2^25 .. 2^27 against the defaults.
# Pack: gfftpipe, tests/unit/test_gpu_large. Run (device tool): carry
# [".devpack"], command OUT=$OUT sh bench/gpu/dev-v65.sh
# Not run: stop 36 ran its tests and one bench round in dev-v67.sh.
. bench/gpu/dev-common.sh
t0=$(date +%s)
tests_only test_gpu_large t_nested t_pow2
wait
(cd build && GFP_TEST_QUICK=1 GFP_TEST_ONLY=t_nested timeout 150 compute-sanitizer --tool memcheck \
  --error-exitcode 9 $U/test_gpu_large > $L/t_nested-memcheck.log 2>&1; echo "rc=$?" >> $L/t_nested-memcheck.log)
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/l2.txt
for r in 1 2; do
  P=f64 bl f64-r$r gpu,cufft 4194304,8388608,16777216,33554432 GFP_GPU_LARGE_DEBUG=1
  P=f32 bl f32-r$r gpu,cufft 8388608,16777216,33554432 GFP_GPU_LARGE_DEBUG=1
done
echo "[bench: $(( $(date +%s) - t0 )) s]"
D=GFP_GPU_LARGE_DEBUG=1
P=f64 bl f64-25-n256q256 gpu 33554432 $D GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
P=f64 bl f64-25-n128q256 gpu 33554432 $D GFP_GPU_4S3_N1=128 GFP_GPU_4S3_Q=256
P=f64 bl f64-26-def gpu,cufft 67108864 $D
P=f64 bl f64-26-n512q256 gpu 67108864 $D GFP_GPU_4S3_N1=512 GFP_GPU_4S3_Q=256
P=f64 bl f64-26-n256q256 gpu 67108864 $D GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
P=f32 bl f32-25-n256q256 gpu 33554432 $D GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
P=f32 bl f32-26-def gpu,cufft 67108864,134217728 $D
P=f32 bl f32-26-n512q256 gpu 67108864 $D GFP_GPU_4S3_N1=512 GFP_GPU_4S3_Q=256
P=f32 bl f32-26-n256q256 gpu 67108864 $D GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
P=f32 bl f32-27-n512q256 gpu 134217728 $D GFP_GPU_4S3_N1=512 GFP_GPU_4S3_Q=256
echo "[sweep: $(( $(date +%s) - t0 )) s]"
for t in t_nested t_pow2 t_nested-memcheck; do sum $t; done
grep -h "nested\|four-step" $L/l2-*.log | sort | uniq -c | cut -c1-160
cat $L/l2.txt
pack_logs
