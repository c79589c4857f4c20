#!/bin/sh
# bench/gpu/dev-v109.sh - stop 45, the last ~140 device seconds: does
# GFP_CAL_BIG=1 put the CPU's line right on a 16-core GPU machine? Two
# calibrates (default, big), the CPU engine alone at 8192^2 cf32
# (--repeat 3), and the hybrid -v with each model (its r, its CPU
# alone and GPU alone, measured time). Each result is printed as it
# comes (the call may be cut short). Pack: pack6 (dev-v104.sh says how
# it is made). Run (device tool): carry [".devpack/pack6.tar.xz"],
# command PACK=.devpack/pack6.tar.xz OUT=$OUT sh bench/gpu/dev-v109.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
for v in def big; do
  e=; [ $v = big ] && e=GFP_CAL_BIG=1
  env $e timeout 60 $G calibrate -v --threads $TH --wisdom $W -o $L/model-$v 2> $L/cal-$v.log
  echo "[$v: $(( $(date +%s) - t0 )) s] $(grep -E 'f32 cpu_fft  ' $L/cal-$v.log | cut -c1-120)"
done
D=$PWD/build/d; mkdir -p $D; mkdata $D 8192x8192
$G fft2 -v --engine cpu --threads $TH --wisdom $W --repeat 3 --size 8192x8192 --in-format cf32 --out-format cf32 $D/data.cf32 - 2>&1 >/dev/null | grep -o "transforms [0-9.]* s" | sed "s/^/cpu alone 8192^2: /"
echo "[cpu: $(( $(date +%s) - t0 )) s]"
for v in def big; do
  GFFTPIPE_MODEL=$L/model-$v $G fft2 -v --engine hybrid --gpu-mem 128Mi --threads $TH --wisdom $W --repeat 3 --size 8192x8192 \
    --in-format cf32 --out-format cf32 $D/data.cf32 - 2>&1 >/dev/null | grep -E "hybrid: r" | cut -c1-260 | sed "s/^/$v: /"
done
echo "[end: $(( $(date +%s) - t0 )) s]"
pack_logs
