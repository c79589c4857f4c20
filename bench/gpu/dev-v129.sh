#!/bin/sh
# bench/gpu/dev-v129.sh - stop 50 (H100, ~400 s), for when less device
# time is left than dev-v127.sh needs: the same sweep (both directions,
# RSPAN 0.15, ROUNDS 3, REPS 5) at 8192^2 (the 16x problem), 8192 x 16384
# (1 GiB) and 16384^2 (2 GiB), to END s (default 440). Pack: pack14
# (dev-v122.sh). Run (device tool): carry [".devpack/pack14.tar.xz"],
# command PACK=.devpack/pack14.tar.xz OUT=$OUT sh bench/gpu/dev-v129.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
SIZES="8192x8192 8192x16384 16384x16384" REPS=5 ROUNDS=3 RSPAN=0.15 \
    hyb_sweep $(( ${END:-440} - ($(date +%s) - t0) )) 30
echo "[end: $(( $(date +%s) - t0 )) s]"
show_hyb
pack_logs
