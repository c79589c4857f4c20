#!/bin/sh
# bench/gpu/dev-v127.sh - for stop 50 (H100, ~480 s; not run in stop 49,
# whose device time was spent): issue 7's hybrid sweep as the done-when
# asks, on one host: both directions, each on the 0.05 grid within 0.15
# of the model's r (RSPAN), three rounds a point (ROUNDS 3, up, down, up;
# a point's time the median), REPS 5, 8192^2 (the 16x problem), 16384^2,
# 8192 x 32768, to END s (default 590). Pack: pack14 (dev-v122.sh). Run
# (device tool): carry [".devpack/pack14.tar.xz"], command
# PACK=.devpack/pack14.tar.xz OUT=$OUT sh bench/gpu/dev-v127.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
SIZES="8192x8192 16384x16384 8192x32768" REPS=5 ROUNDS=3 RSPAN=0.15 \
    hyb_sweep $(( ${END:-590} - ($(date +%s) - t0) )) 30
echo "[end: $(( $(date +%s) - t0 )) s]"
show_hyb
pack_logs
