#!/bin/sh
# bench/gpu/dev-v86.sh - stop 39, call 6: the final tree (fkernel again for
# the column pass of 4096 at odd row strides): test_gpu_2d quick; bench
# --2d R2C, C2R and C2C 4096^2 against cuFFT. Pack: gfftpipe,
# tests/unit/test_gpu_2d (pack6). Run (device tool): carry
# [".devpack/pack6.tar.xz"], command
# PACK=.devpack/pack6.tar.xz OUT=$OUT sh bench/gpu/dev-v86.sh
. bench/gpu/dev-common.sh
(cd build && GFP_TEST_QUICK=1 timeout 100 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log)
: > $L/v2d.txt
for k in r2c c2r c2c; do b2k p $k 4096x4096 gpu,cufft; done
sum test_gpu_2d
cat $L/v2d.txt
pack_logs
