#!/bin/sh
# bench/gpu/dev-v114.sh - for stop 47 (written at the close of stop 46,
# unrun): the hybrid sweep with calibrations whose split pass copies back
# in runs as short as the real problems'. calibrate's columns split pass
# (2048^2, --gpu-mem 64Mi: 8 MiB batches of 512 frames) copies back in 4
# KiB runs; fft2's column pass out of core copies back 1 KiB runs at
# 8192^2, 512 B at 16384^2 and 256 B at 8192 x 32768. Stop 46's sweeps put
# the columns' CPU part beside the GPU's at ~1.4-1.6x its time alone,
# calibrate at 1.22-1.26x. ALT_CAL gm16 (--gpu-mem=16Mi: 2 MiB batches,
# 1 KiB runs) and gm8 (8Mi: 512 B runs) beside the default, r 0.5 .. 0.9,
# REPS 7, r_x in the table. Pack: pack8 (dev-v113.sh). Run (device
# tool): carry [".devpack/pack8.tar.xz"], command
# PACK=.devpack/pack8.tar.xz OUT=$OUT sh bench/gpu/dev-v114.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
HYB_T=${HYB_T:-540}
env OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES="${SIZES:-8192x8192 16384x16384 8192x32768}" AB=0 \
  THREADS=$TH HTHREADS=$TH REPS=${REPS:-7} RMIN=${RMIN:-0.5} RMAX=${RMAX:-0.9} DEADLINE=$(( HYB_T - 45 )) \
  ALT_CAL="${ALT_CAL-gm16:--gpu-mem=16Mi gm8:--gpu-mem=8Mi}" \
  timeout $HYB_T bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
echo "hybrid-sweep rc=$? [$(( $(date +%s) - t0 )) s]"
grep -hE '^(ok|FAIL)|beside|sweep of' $L/hyb/sweep.log | cut -c1-300
grep -h "alt " $L/hyb/sweep.log | grep size
cat $L/hyb/table.txt
pack_logs
