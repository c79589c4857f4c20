#!/bin/sh
# bench/gpu/dev-v96.sh - stop 43, call 1: what holds the f32 first pass
# of 1024 back. ncu (sections WarpStateStats, SchedulerStats, Occupancy,
# LaunchStats, InstructionStats, MemoryWorkloadAnalysis, SpeedOfLight,
# ComputeWorkloadAnalysis; the raw page) on C2C f32 2^21 (256 MiB) for
# the product, alt 82 (the four-step twiddle left out: timing only),
# alt 84 (the twiddle factored: GFP_FAST_XF) and cuFFT, and on the
# product at 2^27 (1 GiB); the A/B rows of alts 0, 82, 83 (sincospif)
# and 84 at 2^21, 2^23 and 2^27 (the first passes of 1024, 2048, 1024;
# ~1 GiB, median of 5), 2^22 and 2^26 (1024, 512) where time is left;
# racecheck and memcheck on alt 84; the SASS of tkernel1024 (product
# and alt 84). Pack: gfftpipe, the A/B binary (x/gfftpipe) (pack1). Run
# (device tool): carry [".devpack/pack1.tar.xz"], command
# PACK=.devpack/pack1.tar.xz OUT=$OUT sh bench/gpu/dev-v96.sh
# The alts have moved since: the product took alt 84's factored
# twiddle in call 2 (then from sincospif, call 3), and alt 84 is now
# the table a bin (call 1's alt 0).
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/ab.txt; : > $L/san.txt; : > $L/prof.txt
# ncu sections on one bench run each: prof's raw page, $L/raw-LABEL.csv
SECS="--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section SchedulerStats --section InstructionStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis"
B=$A NCU_SEL="$SECS --page raw" NCU_OUT=raw NCU_C=6 NCU_T=90 PROF_LEFT=540
prof 21-0 gpu 2097152 256Mi GFP_FAST_ALT=0 >> $L/prof.txt
prof 21-84 gpu 2097152 256Mi GFP_FAST_ALT=84 >> $L/prof.txt
prof 21-82 gpu 2097152 256Mi GFP_FAST_ALT=82 >> $L/prof.txt
prof 21-cufft cufft 2097152 256Mi >> $L/prof.txt
prof 27-0 gpu 134217728 1Gi GFP_FAST_ALT=0 >> $L/prof.txt
echo "[ncu: $(( $(date +%s) - t0 )) s]"
S=2097152,8388608,134217728
for a in 0 82 83 84; do left 420 && ab c$a c2c $S $a; done
echo "[ab: $(( $(date +%s) - t0 )) s]"
left 440 && san_bench a84 $A c2c 2097152,8388608,67108864 GFP_FAST_ALT=84
for a in 0 84; do left 480 && ab d$a c2c 4194304,67108864 $a; done
echo "[end: $(( $(date +%s) - t0 )) s]"
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
for f in Li212992 Lin2147270656; do
  left 560 || break
  timeout 40 $CUOBJ -sass -fun _ZN7gfpfast7tkernelIfLi1024ELi64ELi16E${f}ELi1EJLi16ELi16ELi4EEEEv11gfp_fparams $A > $L/sass-$f.txt 2>&1
  echo "sass $f rc=$?: $(grep -cE '^ +/\*[0-9a-f]{4}\*/' $L/sass-$f.txt) instructions" >> $L/prof.txt
done
cat $L/prof.txt $L/san.txt $L/ab.txt
pack_logs
