#!/bin/sh
# bench/gpu/dev-v68.sh - stop 36's last call: test_gpu_2d's t_colsplit
# (quick and in full) with its new 8192 x 4096 case (the 8192-long rows
# through skernel's remap) on a GPU, then what dev-v67.sh left out: the
# nested core's q 256 cuts at f64 2^25, 2^26 and f32 2^25, 2^26 against
# the defaults, each skipped once 240 s have gone. Pack: gfftpipe,
# tests/unit/test_gpu_2d. Run (device tool): carry
# [".devpack/pack3.tar.xz"], command PACK=.devpack/pack3.tar.xz OUT=$OUT
# sh bench/gpu/dev-v68.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-240} ]; }
(cd build && GFP_TEST_QUICK=1 GFP_TEST_ONLY=t_colsplit timeout 120 $U/test_gpu_2d > $L/t_colsplit-quick.log 2>&1; echo "rc=$?" >> $L/t_colsplit-quick.log) &
tests_only test_gpu_2d t_colsplit
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
D=GFP_GPU_LARGE_DEBUG=1
: > $L/l2.txt
left && P=f64 bl f64-25-def gpu 33554432 $D
left && P=f64 bl f64-25-n256q256 gpu 33554432 $D GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
left && P=f64 bl f64-26-def gpu,cufft 67108864 $D
left && P=f64 bl f64-26-n512q256 gpu 67108864 $D GFP_GPU_4S3_N1=512 GFP_GPU_4S3_Q=256
left && P=f32 bl f32-25-def gpu 33554432 $D
left && P=f32 bl f32-25-n256q256 gpu 33554432 $D GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
left && P=f32 bl f32-26-def gpu,cufft 67108864 $D
left && P=f32 bl f32-26-n512q256 gpu 67108864 $D GFP_GPU_4S3_N1=512 GFP_GPU_4S3_Q=256
echo "[bench: $(( $(date +%s) - t0 )) s]"
for t in t_colsplit-quick t_colsplit; do sum $t; done
grep -h "nested\|four-step" $L/l2-*.log 2>/dev/null | sort | uniq -c | cut -c1-160
cat $L/l2.txt
pack_logs
