#!/bin/sh
# bench/gpu/dev-v64.sh - stop 34's first call: cuts and routes never
# measured on the H200, through the planner's switches alone (no kernel
# changes). (1) Z2Z f64 2^21 .. 2^24: the four-step's n1
# (GFP_GPU_4S_N1) and the nested three-pass core (GFP_GPU_4S3_MIN, _N1,
# _Q) against the default, whose 2^23 and 2^24 (0.78x, 0.76x cuFFT) are
# two passes of 32-byte runs. (2) C2C f32 2^21 .. 2^24 likewise. (3) The
# A/B alternatives of C2C f32 8192 (alts 31-34, 41-49: 256 threads x 32
# values, the split exchange), measured on the H100 only (stop 9).
# GFP_GPU_LARGE_DEBUG=1 names each run's route in its log.
# Pack: gfftpipe, the A/B binary (x/gfftpipe). Run (device tool): carry
# [".devpack"], command OUT=$OUT sh bench/gpu/dev-v64.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
D=GFP_GPU_LARGE_DEBUG=1
: > $L/l2.txt
# (1) f64
P=f64
bl f64-def gpu,cufft 2097152,4194304,8388608,16777216
bl f64-21-1024 gpu 2097152 $D GFP_GPU_4S_N1=1024
bl f64-21-2048 gpu 2097152 $D GFP_GPU_4S_N1=2048
bl f64-21-4096 gpu 2097152 $D GFP_GPU_4S_N1=4096
bl f64-22-2048 gpu 4194304 $D GFP_GPU_4S_N1=2048
bl f64-22-4096 gpu 4194304 $D GFP_GPU_4S_N1=4096
bl f64-23-4096 gpu 8388608 $D GFP_GPU_4S_N1=4096
bl f64-23-nest gpu 8388608 $D GFP_GPU_4S3_MIN=23
bl f64-23-n256q256 gpu 8388608 $D GFP_GPU_4S3_MIN=23 GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
bl f64-23-n128q256 gpu 8388608 $D GFP_GPU_4S3_MIN=23 GFP_GPU_4S3_N1=128 GFP_GPU_4S3_Q=256
bl f64-24-nest gpu 16777216 $D GFP_GPU_4S3_MIN=23
bl f64-24-n256q256 gpu 16777216 $D GFP_GPU_4S3_MIN=23 GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
bl f64-24-n128q256 gpu 16777216 $D GFP_GPU_4S3_MIN=23 GFP_GPU_4S3_N1=128 GFP_GPU_4S3_Q=256
echo "[f64: $(( $(date +%s) - t0 )) s]"
# (2) f32
P=f32
bl f32-def gpu,cufft 2097152,4194304,8388608,16777216
bl f32-21-1024 gpu 2097152 $D GFP_GPU_4S_N1=1024
bl f32-21-2048 gpu 2097152 $D GFP_GPU_4S_N1=2048
bl f32-22-2048 gpu 4194304 $D GFP_GPU_4S_N1=2048
bl f32-23-4096 gpu 8388608 $D GFP_GPU_4S_N1=4096
bl f32-24-nest gpu 16777216 $D GFP_GPU_4S3_MIN=24
bl f32-24-n256q256 gpu 16777216 $D GFP_GPU_4S3_MIN=24 GFP_GPU_4S3_N1=256 GFP_GPU_4S3_Q=256
bl f32-23-n128q256 gpu 8388608 $D GFP_GPU_4S3_MIN=23 GFP_GPU_4S3_N1=128 GFP_GPU_4S3_Q=256
echo "[f32: $(( $(date +%s) - t0 )) s]"
# (3) C2C f32 8192's A/B forms, two rounds of the product
: > $L/ab.txt
ab p1 c2c 8192 0
for a in 31 32 33 34 41 42 43 44 45 46 47 48 49; do ab a$a c2c 8192 $a; done
ab p2 c2c 8192 0
timeout 60 $G bench -q --reps 5 --kind c2c --precision f32 --sizes 4096,8192,16384 --engines gpu,cufft > $L/c2c-small.log 2>&1
echo "[ab: $(( $(date +%s) - t0 )) s]"
grep -h "route\|core\|four-step" $L/l2-*.log | sort | uniq -c | cut -c1-200 | head -40
cat $L/l2.txt
cat $L/ab.txt
bench_rows c2c-small
pack_logs
