#!/bin/sh
# bench/gpu/dev-v130.sh - for stop 52 (H100, ~490 s; written in stop 50,
# not run in stops 50 and 51): dev-common's t7_sweep (both directions,
# RSPAN 0.15 around the default model's r, ROUNDS 3, REPS 5) at 8192^2,
# 8192 x 16384 and 16384^2 (stop 50 call 1's sizes, dev-v129.sh: 415 s
# there; 8192 x 32768 would add ~100 s to a call that must end by 590),
# the default calibration timing the CPU's passes
# in five rounds (stop 51), with a second calibration, GFP_CAL_CPU_ROUNDS=1
# (ALT_CAL cr1: one round, the default before stop 51), whose model's r,
# predicted and measured time hybrid-sweep.sh reports at every size
# beside the default's. Pack: pack18, main's build after stop 51's
# default: sh bench/gpu/pack.sh .devpack/pack18.tar.xz build
# src/gfftpipe tests/cli/fft2ref. Run (device tool): carry
# [".devpack/pack18.tar.xz", ".devpack/plan-shim.so"], command
# PACK=.devpack/pack18.tar.xz OUT=$OUT sh bench/gpu/dev-v130.sh
# Stop 52 added, first (~10 s, when .devpack/plan-shim.so is carried
# too): one calibrate (one round) with fresh wisdom under
# bench/plan-shim.c, which prints every FFTW plan over 50 ms with its
# time: do the 16 threads' MEASURE plans come near the CPU engine's 2 s
# limit? (bench/NOTES.md, stop 52; 2 threads here: 0.13 s at most).
# Build it here: gcc -O2 -shared -fPIC bench/plan-shim.c -o
# .devpack/plan-shim.so -ldl; carry both files.
. bench/gpu/dev-common.sh
if [ -f .devpack/plan-shim.so ]; then
  hyb_env
  t1=$(date +%s)
  LD_PRELOAD=$PWD/.devpack/plan-shim.so GFP_CAL_CPU_ROUNDS=1 timeout 60 $G calibrate \
    --threads $TH --wisdom $L/shim.wis -o $L/shim.model > $L/shim.log 2>&1
  echo "plan-shim calibrate rc=$? [$(( $(date +%s) - t1 )) s], its slowest plans:"
  grep plan-shim $L/shim.log | sort -t: -k3 -g | tail -n 4
fi
SIZES="8192x8192 8192x16384 16384x16384" ALT_CAL="cr1:GFP_CAL_CPU_ROUNDS=1" \
    t7_sweep ${END:-590}
