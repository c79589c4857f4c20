#!/bin/sh
# bench/gpu/dev-v94.sh - stop 42, call 3: alt 80 (the f64 four-step
# first passes 128 .. 4096 on tkernel) against the product (alt 0) on the
# A/B binary, Z2Z f64 2^13 .. 2^26 (~1 GiB, median of 5; the large sizes
# in a second round), cuFFT's rows beside them, racecheck and memcheck on
# alt 80 (2^16, 2^20, 2^22, 2^23), and ncu on both alts' passes at 2^22
# and 2^24. Pack: gfftpipe, the A/B binary (x/gfftpipe) (pack4). Run
# (device tool): carry [".devpack/pack4.tar.xz"], command
# PACK=.devpack/pack4.tar.xz OUT=$OUT sh bench/gpu/dev-v94.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
P=f64
: > $L/ab.txt; : > $L/l2.txt; : > $L/san.txt
LO=8192,16384,32768,65536,131072,262144,524288,1048576
HI=2097152,4194304,8388608,16777216,33554432,67108864
for a in 0 80; do ab z$a-lo c2c $LO $a; ab z$a-hi c2c $HI $a; done
echo "[ab round 1: $(( $(date +%s) - t0 )) s]"
for a in 0 80; do left 250 && ab z$a-hi2 c2c $HI $a; done
echo "[ab round 2: $(( $(date +%s) - t0 )) s]"
left 300 && bl cufft cufft $LO,$HI
echo "[cufft: $(( $(date +%s) - t0 )) s]"
left 380 && san_bench a80 $A c2c 65536,1048576,4194304,8388608 GFP_FAST_ALT=80
echo "[san: $(( $(date +%s) - t0 )) s]"
B=$A M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread
NCU_C=6 NCU_T=40 PROF_LEFT=520
prof 22-0 gpu 4194304 256Mi GFP_FAST_ALT=0
prof 22-80 gpu 4194304 256Mi GFP_FAST_ALT=80
prof 24-0 gpu 16777216 256Mi GFP_FAST_ALT=0
prof 24-80 gpu 16777216 256Mi GFP_FAST_ALT=80
echo "[end: $(( $(date +%s) - t0 )) s]"
ncu_sum
cat $L/san.txt $L/l2.txt $L/ab.txt
pack_logs
