#!/bin/sh
# bench/gpu/dev-v108.sh - stop 45, the first call on whatever card comes
# (starts were refused four times): what matters most in one call.
# test_gpu_large's t_cut24 alone (C2C f32 2^24 on both cuts by name),
# then bench/hybrid-sweep.sh (from r 0.3 to RMAX, REPS 7, no A/B runs, the default
# calibrate and ALT_CAL's two others: the call stop 45 ran had
# n4096:GFP_CAL_BESIDE_N=4096 n1024:GFP_CAL_BESIDE_N=1024, the default
# is now big:GFP_CAL_BIG=1 clean:GFP_CAL_CLEAN_FLUSH=1), then, in the time left, C2C f32
# 2^24 and R2C f32 2^16 against cuFFT and R2C 2^16 on the four-step.
# RMAX: 0.8 in the call stop 45 ran (its sweeps on that H100 still fell
# there: 1 now). REPS 7: a run costs ~0.5 s more at 2 GiB than with 3 (its input, the
# pinning and its output dominate), and the medians steady the sweeps.
# DEADLINE (hybrid-sweep.sh): HYB_T - 60 s, so the sweep stops in time
# to write every size's row (stop 45's call lost 8192 x 32768's).
# Pack: the call stop 45 ran had pack3 (its gfftpipe before
# GFP_CAL_BIG and GFP_CAL_CLEAN_FLUSH); from now on pack6 (dev-v104.sh
# says how it is made: gfftpipe, the GPU test binaries, fft2ref). Run
# (device tool): carry [".devpack/pack6.tar.xz"], command
# PACK=.devpack/pack6.tar.xz OUT=$OUT sh bench/gpu/dev-v108.sh
. bench/gpu/dev-common.sh
hyb_env
t0=$(date +%s)
nproc; free -g | head -2
tests_only test_gpu_large t_cut24
wait
echo "[t_cut24: $(( $(date +%s) - t0 )) s]"
RMIN=${RMIN:-0.3} RMAX=${RMAX:-1} ALT_CAL="${ALT_CAL-big:GFP_CAL_BIG=1 clean:GFP_CAL_CLEAN_FLUSH=1}" \
  hyb_sweep ${HYB_T:-480} 60
tries_init ${TRY_LEFT:-560}
tries_s45
echo "[end: $(( $(date +%s) - t0 )) s]"
sum t_cut24
show_hyb
show_tries
pack_logs
