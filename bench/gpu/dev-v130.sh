#!/bin/sh
# bench/gpu/dev-v130.sh - for stop 51 (H100, ~480 s; not run in stop 50):
# dev-common's t7_sweep (both directions, RSPAN 0.15 around the default
# model's r, ROUNDS 3, REPS 5) at 8192^2, 16384^2, 8192 x 32768, with a
# second calibration, GFP_CAL_CPU_ROUNDS=3 (ALT_CAL cr3), whose model's r,
# predicted and measured time hybrid-sweep.sh reports at every size
# beside the default's. Pack: pack16, main's build after stop 50's
# calibrate change: sh bench/gpu/pack.sh .devpack/pack16.tar.xz build
# src/gfftpipe tests/cli/fft2ref. Run (device tool): carry
# [".devpack/pack16.tar.xz"], command
# PACK=.devpack/pack16.tar.xz OUT=$OUT sh bench/gpu/dev-v130.sh
. bench/gpu/dev-common.sh
SIZES="8192x8192 16384x16384 8192x32768" ALT_CAL="cr3:GFP_CAL_CPU_ROUNDS=3" \
    t7_sweep ${END:-590}
