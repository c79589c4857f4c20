#!/bin/sh
# bench/gpu/dev-v102.sh - stop 44 (H100): the H200-tuned cuts of C2C f32
# against the others on the H100 (the routes were last measured on an
# H100 in stop 26): 2^15 with and without the cluster core
# (GFP_GPU_1CL), 2^16 .. 2^21 at other four-step n1 (GFP_GPU_4S_N1),
# the defaults beside cuFFT; each run's route in $L/route.txt (try,
# dev-common.sh). Pack: dev-v99.sh's (pack1). Run (device tool): carry
# [".devpack/pack1.tar.xz"], command
# PACK=.devpack/pack1.tar.xz OUT=$OUT sh bench/gpu/dev-v102.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/cut.txt; : > $L/route.txt; TRY_LEFT=${TRY_LEFT:-540}
try 15-def gpu,cufft 32768
try 15-4s gpu 32768 GFP_GPU_1CL=0
try 16-def gpu,cufft 65536
try 16-128 gpu 65536 GFP_GPU_4S_N1=128
try 16-64 gpu 65536 GFP_GPU_4S_N1=64
try 17-def gpu,cufft 131072
try 17-128 gpu 131072 GFP_GPU_4S_N1=128
try 17-512 gpu 131072 GFP_GPU_4S_N1=512
try 18-def gpu,cufft 262144
try 18-512 gpu 262144 GFP_GPU_4S_N1=512
try 19-def gpu,cufft 524288
try 19-512 gpu 524288 GFP_GPU_4S_N1=512
try 20-def gpu,cufft 1048576
try 20-512 gpu 1048576 GFP_GPU_4S_N1=512
try 21-def gpu,cufft 2097152
try 21-512 gpu 2097152 GFP_GPU_4S_N1=512
try 21-2048 gpu 2097152 GFP_GPU_4S_N1=2048
echo "[end: $(( $(date +%s) - t0 )) s]"
cat $L/route.txt | cut -c1-150
cat $L/cut.txt
pack_logs
