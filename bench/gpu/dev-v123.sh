#!/bin/sh
# bench/gpu/dev-v123.sh - stop 48, call 2 (H100, ~560 s, on call 1's
# warm machine): the hybrid sweep out of core (hybrid-sweep.sh through
# hyb_sweep: 8192^2, 16384^2, 8192 x 32768; REPS 5, r 0.5 .. 0.9) with
# ALT_CAL gm16 (calibrate at --gpu-mem=16Mi, so its split pass copies
# back runs as short as fft2's) beside the default calibration, to END s
# (default 560). Pack: pack14 (dev-v122.sh). Run (device tool): carry
# [".devpack/pack14.tar.xz"], command
# PACK=.devpack/pack14.tar.xz OUT=$OUT sh bench/gpu/dev-v123.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
REPS=5 ALT_CAL="gm16:--gpu-mem=16Mi" hyb_sweep $(( ${END:-560} - ($(date +%s) - t0) )) 40
echo "[end: $(( $(date +%s) - t0 )) s]"
show_hyb
pack_logs
