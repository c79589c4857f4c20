#!/bin/sh
# bench/gpu/dev-v103.sh - stop 44, call 2 (whatever kind is lent; the
# H100 refused three starts): stop 43's lead 1 on the A/B binary, alt
# 86 (the f32 first passes of 128, 256 and 4096 with the four-step
# twiddle from sincospif a bin) against alt 0, C2C f32 2^20 (256 x
# 4096), 2^24 (256 x 256 x 256), 2^25, 2^26, 2^27 (256 the nested cores'
# middle pass), two rounds interleaved (~1 GiB, median of 5); racecheck
# and memcheck on alt 86 (2 MiB batches); then where Z2Z f64 2^22 ..
# 2^26 stands against cuFFT (0.88-0.95x in stop 42) and ncu's per-kernel
# times and DRAM traffic of the product and cuFFT at Z2Z 2^22 and 2^24
# (256 MiB). Pack: pack2 (dev-v100.sh's). Run (device tool): carry
# [".devpack/pack2.tar.xz"], command
# PACK=.devpack/pack2.tar.xz OUT=$OUT sh bench/gpu/dev-v103.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/ab.txt; : > $L/san.txt; : > $L/prof.txt; : > $L/l2.txt
S=1048576,16777216,33554432,67108864,134217728
for r in 1 2; do for a in 0 86; do left 300 && ab p$a-$r c2c $S $a; done; done
echo "[ab: $(( $(date +%s) - t0 )) s]"
left 330 && san_bench p86 $A c2c 1048576,16777216,134217728 GFP_FAST_ALT=86
echo "[san: $(( $(date +%s) - t0 )) s]"
left 420 && P=f64 bl f64 gpu,cufft 4194304,8388608,16777216,33554432,67108864
echo "[f64: $(( $(date +%s) - t0 )) s]"
PROF_LEFT=520 P=f64
prof f64-22 gpu 4194304 256Mi >> $L/prof.txt
prof f64-22-cufft cufft 4194304 256Mi >> $L/prof.txt
prof f64-24 gpu 16777216 256Mi >> $L/prof.txt
prof f64-24-cufft cufft 16777216 256Mi >> $L/prof.txt
echo "[end: $(( $(date +%s) - t0 )) s]"
cat $L/prof.txt
ncu_sum
cat $L/san.txt $L/l2.txt $L/ab.txt
pack_logs
