#!/bin/sh
# bench/gpu/dev-v105.sh - stop 45, call 2 (H100): issue 7's hybrid
# done-when again, bench/hybrid-sweep.sh from RMIN 0.3 (stop 44's best r
# was the sweep's first point, 0.5, at two sizes) to 0.8 (stop 44's
# sweeps rose steadily from 0.65 on), REPS 7, no A/B runs,
# and beside the default calibrate two others whose split pass (the
# beside factors) is 4096 x 4096 and 1024 x 1024 (GFP_CAL_BESIDE_N;
# ALT_CAL: each one's r and times at every size against the same sweeps).
# Pack: gfftpipe and tests/cli/fft2ref (pack4). Run (device tool): carry
# [".devpack/pack4.tar.xz"], command
# PACK=.devpack/pack4.tar.xz OUT=$OUT sh bench/gpu/dev-v105.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
nproc; free -g | head -2
env OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES="${SIZES:-8192x8192 16384x16384 8192x32768}" AB=0 \
  THREADS=$TH HTHREADS=${HTHREADS:-$TH} REPS=${REPS:-7} RMAX=${RMAX:-0.8} \
  ALT_CAL="${ALT_CAL-n4096:GFP_CAL_BESIDE_N=4096 n1024:GFP_CAL_BESIDE_N=1024}" \
  timeout ${HYB_T:-560} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
echo "hybrid-sweep rc=$? [$(( $(date +%s) - t0 )) s]"
show_sweep $L/hyb
grep -h "alt " $L/hyb/sweep.log | cut -c1-330
pack_logs
