#!/bin/sh
# bench/gpu/dev-v110.sh - stop 46, call 1 (H100 kind): issue 7's table
# with the big-shape calibration beside the default's. The whole call
# is bench/hybrid-sweep.sh: REPS 7, r from RMIN 0.4 (stop 44's H100 had
# its best at 0.5) to RMAX 1 by 0.05, the three sizes out of core,
# ALT_CAL big (GFP_CAL_BIG=1) and clean (GFP_CAL_CLEAN_FLUSH=1) against
# the same sweeps, DEADLINE HYB_T - 50 s so every row is written.
# runs.log keeps each run's -v lines (each model's CPU alone and GPU
# alone beside the measured). Then, in what is left, C2C f32 2^24
# against cuFFT. Pack: pack7 (pack.sh .devpack/pack7.tar.xz build
# src/gfftpipe tests/unit/test_gpu_large tests/unit/test_engine_gpu
# tests/unit/test_gpu_2d tests/cli/fft2ref, from stop 45's final
# tree). Run (device tool): carry [".devpack/pack7.tar.xz"], command
# PACK=.devpack/pack7.tar.xz OUT=$OUT sh bench/gpu/dev-v110.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
nproc; free -g | head -2; lscpu | grep -E 'Model name|^CPU\(s\)|MHz' | head -4
RMIN=${RMIN:-0.4} RMAX=${RMAX:-1} ALT_CAL="${ALT_CAL-big:GFP_CAL_BIG=1 clean:GFP_CAL_CLEAN_FLUSH=1}" \
  hyb_sweep ${HYB_T:-540} 50
tries_init ${TRY_LEFT:-570}
try 24-def gpu,cufft 16777216
echo "[end: $(( $(date +%s) - t0 )) s]"
show_hyb
grep -h -A3 "^## .*--engine cpu\b" $L/hyb/runs.log | grep -o "transforms [0-9.]* s" | head -3
grep -h "CPU alone" $L/hyb/runs.log | sed 's/.*\(CPU alone [0-9.]* s, GPU alone [0-9.]* s\), model.*/\1/' | sort | uniq -c | head -12
show_tries
pack_logs
