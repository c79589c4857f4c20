#!/bin/sh
# bench/gpu/dev-v106.sh - stop 45, call 1 where the card is an H200
# (dev-v104.sh's twin; bench/gpu/dev-v107.sh picks by card):
# test_gpu_large in full (t_cut24, t_pow2), then C2C f32 2^24 on both
# cuts (the nested 256^3 default where fast_memory, and the four-step
# 4096 x 4096 by GFP_GPU_4S3=0: stop 35's 9.9 % for the nested cut
# predates tkernel), and R2C f32 2^16 on its cluster core and the
# four-step (GFP_GPU_1CL=0, =1). Pack: pack3. Run (device tool): carry
# [".devpack/pack3.tar.xz"], command
# PACK=.devpack/pack3.tar.xz OUT=$OUT sh bench/gpu/dev-v106.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,clocks.max.sm,power.limit,temperature.gpu --format=csv > $L/smi.txt 2>&1
(cd build && timeout 330 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log)
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/cut.txt; : > $L/route.txt; TRY_LEFT=${TRY_LEFT:-560}
try 24-def gpu,cufft 16777216
try 24-4s gpu 16777216 GFP_GPU_4S3=0
try 24-def2 gpu 16777216
try 24-4s2 gpu 16777216 GFP_GPU_4S3=0
K=r2c
try r16-def gpu,cufft 65536
try r16-1cl gpu 65536 GFP_GPU_1CL=1
try r16-4s gpu 65536 GFP_GPU_1CL=0
K=c2c
try 15-def gpu,cufft 32768
try 15-1cl gpu 32768 GFP_GPU_1CL=1
echo "[end: $(( $(date +%s) - t0 )) s]"
cat $L/smi.txt
sum test_gpu_large
grep -E "^(Test: )?t_(cut24|pow2)|FAIL|failed" $L/test_gpu_large.log | head -20
cat $L/route.txt | cut -c1-150
cat $L/cut.txt
pack_logs
