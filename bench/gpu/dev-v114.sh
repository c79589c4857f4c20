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
ALT_CAL="${ALT_CAL-gm16:--gpu-mem=16Mi gm8:--gpu-mem=8Mi}" hyb_sweep ${HYB_T:-540}
show_hyb
pack_logs
