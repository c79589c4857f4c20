#!/bin/sh
# bench/gpu/dev-v104.sh - stop 45, call 1, on whichever card comes (run
# it with the H200 kind, which may bring an H100): what stop 44 left
# unrun. test_gpu_large in full (t_cut24: C2C f32 2^24 on both cuts by
# name, and t_pow2 in full, on the tree where fast_memory picks 2^24's
# cut), then tries_s45 (C2C f32 2^24 and R2C f32 2^16 against cuFFT, R2C
# 2^16 on the four-step), then by card: on an H100 the cuts of 2^15 ..
# 2^21 against their defaults (stop 44's dev-v102.sh, never run, folded
# in here as a table for try_table; routes in $L/route.txt); on an H200 2^24's two cuts
# again (the nested 256^3 default there, the four-step 4096 x 4096 by
# GFP_GPU_4S3=0: stop 35's 9.9 % for the nested cut predates tkernel)
# and 2^15 and R2C 2^16 on the cluster core (GFP_GPU_1CL=1). Pack:
# gfftpipe and the GPU test binaries, built from the tree at the close
# of stop 45 (pack6: pack.sh .devpack/pack6.tar.xz build src/gfftpipe
# tests/unit/test_gpu_large tests/unit/test_engine_gpu
# tests/unit/test_gpu_2d tests/cli/fft2ref). Run (device tool): carry
# [".devpack/pack6.tar.xz"], command
# PACK=.devpack/pack6.tar.xz OUT=$OUT sh bench/gpu/dev-v104.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,clocks.max.sm,power.limit,temperature.gpu --format=csv > $L/smi.txt 2>&1
suite test_gpu_large 330 test_gpu_large
echo "[tests: $(( $(date +%s) - t0 )) s]"
tries_init ${TRY_LEFT:-560}
tries_s45
if nvidia-smi -L | grep -q H100; then
  try_table <<EOF
15-def  gpu,cufft 32768
15-4s   gpu       32768   GFP_GPU_1CL=0
16-def  gpu,cufft 65536
16-128  gpu       65536   GFP_GPU_4S_N1=128
16-64   gpu       65536   GFP_GPU_4S_N1=64
17-def  gpu,cufft 131072
17-128  gpu       131072  GFP_GPU_4S_N1=128
17-512  gpu       131072  GFP_GPU_4S_N1=512
18-def  gpu,cufft 262144
18-512  gpu       262144  GFP_GPU_4S_N1=512
19-def  gpu,cufft 524288
19-512  gpu       524288  GFP_GPU_4S_N1=512
20-def  gpu,cufft 1048576
20-512  gpu       1048576 GFP_GPU_4S_N1=512
21-def  gpu,cufft 2097152
21-512  gpu       2097152 GFP_GPU_4S_N1=512
21-2048 gpu       2097152 GFP_GPU_4S_N1=2048
EOF
else
  try 24-4s gpu 16777216 GFP_GPU_4S3=0
  try 24-def2 gpu 16777216
  try 24-4s2 gpu 16777216 GFP_GPU_4S3=0
  K=r2c; try r16-1cl gpu 65536 GFP_GPU_1CL=1; K=c2c
  try 15-def gpu,cufft 32768
  try 15-1cl gpu 32768 GFP_GPU_1CL=1
fi
echo "[end: $(( $(date +%s) - t0 )) s]"
cat $L/smi.txt
sum test_gpu_large
grep -E "^(Test: )?t_(cut24|pow2)|FAIL|failed" $L/test_gpu_large.log | head -20
show_tries
pack_logs
