#!/bin/sh
# bench/gpu/dev-v101.sh - stop 44, call 2 (H100): issue 7's hybrid
# done-when, bench/hybrid-sweep.sh at 8192x8192 (the 16x problem),
# 16384x16384 and 8192x32768, out of core (--gpu-mem a quarter), no A/B
# runs: calibrate, the correctness checks, CPU, GPU and hybrid at the
# model's r, and the sweeps of each direction's r. RMIN, REPS and STEP
# are hybrid-sweep.sh's own (from the environment; call 2 ran REPS=3
# HYB_T=430, and RMIN was then 0.5 by default).
# Pack: dev-v99.sh's (pack1, which has tests/cli/fft2ref). Run (device tool):
# carry [".devpack/pack1.tar.xz"], command
# PACK=.devpack/pack1.tar.xz OUT=$OUT sh bench/gpu/dev-v101.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
nproc; free -g | head -2
env OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES="${SIZES:-8192x8192 16384x16384 8192x32768}" AB=0 \
  THREADS=$TH HTHREADS=${HTHREADS:-$TH} \
  timeout ${HYB_T:-540} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
echo "hybrid-sweep rc=$? [$(( $(date +%s) - t0 )) s]"
show_sweep $L/hyb
pack_logs
