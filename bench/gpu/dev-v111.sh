#!/bin/sh
# bench/gpu/dev-v111.sh - stop 46, call 3 (H100 kind): issue 7's 2D rows
# against cuFFT's 2D plans (C2C f32 4096^2 and 16384^2, the latter twice;
# R2C f32 1920x1080 and 3840x2160; bench --2d, median of 5), then
# Z2Z f64 2^21 .. 2^24 on two cuts each (default n1 = L / 4096, and
# twice that), then bench/hybrid-sweep.sh again (REPS 7, r 0.5 .. 0.9, the three sizes
# out of core) with the parts' crossing (r_x, new this stop) in its
# table, and ALT_CAL big (GFP_CAL_BIG=1) and n4096 (GFP_CAL_BESIDE_N=4096:
# the beside factors from a split pass of 4096^2 instead of 2048^2; call
# 1's sweeps put the CPU part beside the GPU's at ~1.0-1.2x its time
# alone in the rows and ~1.4-1.6x in the columns, where calibrate's
# 2048^2 pass measured 1.35x and 1.22x). Pack: pack7 (dev-v110.sh). Run
# (device tool): carry [".devpack/pack7.tar.xz"], command
# PACK=.devpack/pack7.tar.xz OUT=$OUT sh bench/gpu/dev-v111.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
# the host: NUMA nodes, sockets, cores (call 1's CPU parts moved up to 2x
# from one process to the next)
lscpu | grep -iE 'model name|socket|core|thread|numa' > $L/lscpu.txt 2>&1
: > $L/v2d.txt
b2k 2d c2c 4096x4096 gpu,cufft
b2k 2d c2c 16384x16384 gpu,cufft
b2k 2d r2c 1920x1080 gpu,cufft
b2k 2d r2c 3840x2160 gpu,cufft
b2k 2d-again c2c 16384x16384 gpu,cufft
echo "[2d: $(( $(date +%s) - t0 )) s]"
# Z2Z f64 2^21 .. 2^24 (0.92-0.97x cuFFT on stop 44's H100) on their
# default n1 = L / 4096 against the squarer cut f32 took at 2^21
tries_init 170
for lg in 21 22 23 24; do
  n=$((1 << lg)) n1=$((1 << (lg - 11)))
  echo "z$lg-def gpu,cufft $n P=f64"
  echo "z$lg-$((n1 / 1024))k gpu $n P=f64 GFP_GPU_4S_N1=$n1"
done | try_table
echo "[f64 cuts: $(( $(date +%s) - t0 )) s]"
ALT_CAL="${ALT_CAL-big:GFP_CAL_BIG=1 n4096:GFP_CAL_BESIDE_N=4096}" \
  hyb_sweep ${HYB_T:-$(( 560 - ($(date +%s) - t0) ))}
cat $L/lscpu.txt
cut -c1-200 $L/v2d.txt
show_hyb
show_tries
pack_logs
