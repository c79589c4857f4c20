#!/bin/sh
# bench/gpu/dev-v126.sh - stop 49 (H100, ~380 s): the hybrid sweep out of
# core, the columns' r only (the direction whose r is off at 2 GiB), each
# point run in 3 processes (ROUNDS 3: up, down, up; a point's time the
# median of the three), REPS 5, r 0.55 .. 0.85, the 2 GiB sizes first
# (16384^2, 8192 x 32768, then 8192^2), to END s (default 380). Pack:
# pack14 (dev-v122.sh). Run (device tool): carry
# [".devpack/pack14.tar.xz"], command
# PACK=.devpack/pack14.tar.xz OUT=$OUT sh bench/gpu/dev-v126.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
SIZES="16384x16384 8192x32768 8192x8192" REPS=5 ROUNDS=3 DIRS=cols RMIN=0.55 RMAX=0.85 \
    hyb_sweep $(( ${END:-380} - ($(date +%s) - t0) )) 25
echo "[end: $(( $(date +%s) - t0 )) s]"
show_hyb
pack_logs
