#!/bin/sh
# bench/gpu/dev-v72.sh - stop 37, call 4: the R2C and C2R rows furthest
# under cuFFT (issue 4: R2C f32 2^16 0.86x, C2R 2^16 0.74x, R2C 2^22
# 0.91x, 2^24 0.88x) under the planner's knobs, no new code: the cluster
# core forced on (GFP_GPU_1CL=1; off by default on the H200), other
# four-step cuts (GFP_GPU_4S_N1), the split and the merge as passes of
# their own (GFP_GPU_4S_SPLIT=0, GFP_GPU_4S_MERGE=0). One round each,
# ~1 GiB, median of 5, the route from GFP_GPU_LARGE_DEBUG. Pack: pack5
# (the A/B build; alt 0 is the product). Run (device tool): carry
# [".devpack/pack5.tar.xz"], command PACK=.devpack/pack5.tar.xz OUT=$OUT
# sh bench/gpu/dev-v72.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
D=GFP_GPU_LARGE_DEBUG=1
: > $L/l2.txt
K=r2c bl r16-def gpu,cufft 65536 $D
for e in GFP_GPU_1CL=1 GFP_GPU_4S_N1=32 GFP_GPU_4S_N1=64 GFP_GPU_4S_N1=256 GFP_GPU_4S_SPLIT=0; do
  left 200 && K=r2c bl "r16-${e#GFP_GPU_}" gpu 65536 $D $e
done
K=c2r bl c16-def gpu,cufft 65536 $D
for e in GFP_GPU_1CL=1 GFP_GPU_4S_N1=64 GFP_GPU_4S_N1=256 GFP_GPU_4S_MERGE=0; do
  left 240 && K=c2r bl "c16-${e#GFP_GPU_}" gpu 65536 $D $e
done
left 260 && K=r2c bl r22-def gpu,cufft 4194304 $D
left 270 && K=r2c bl r22-SPLIT=0 gpu 4194304 $D GFP_GPU_4S_SPLIT=0
left 280 && K=r2c bl r22-N1=4096 gpu 4194304 $D GFP_GPU_4S_N1=4096
left 290 && K=r2c bl r24-def gpu,cufft 16777216 $D
left 300 && K=r2c bl r24-SPLIT=0 gpu 16777216 $D GFP_GPU_4S_SPLIT=0
echo "[bench: $(( $(date +%s) - t0 )) s]"
for f in $L/l2-*.log; do
  echo "$(basename $f .log): $(grep -m2 -iE 'route|core|four-step|cluster|nested' $f | cut -c1-150 | tr '\n' ' ')"
done
cat $L/l2.txt
pack_logs
