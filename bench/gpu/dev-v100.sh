#!/bin/sh
# bench/gpu/dev-v100.sh - stop 44, call 2 (H100): issue 4's Z2Z f64 rows
# (2^14 .. 2^26 and the awkward lengths) and R2C f32 rows (2^14 .. 2^27
# and the awkward lengths) against cuFFT, ~1 GiB batched, median of 5,
# one bench run each; racecheck and memcheck on bench runs of Z2Z and
# R2C where time is left; then stop 43's lead 1 on the A/B binary: alt
# 86 (the f32 first passes of 128, 256 and 4096 with the twiddle from
# sincospif a bin) against alt 0 at C2C f32 2^20 (256 first) and 2^27
# (256 the nested cores' middle pass). Pack: dev-v99.sh's plus the A/B
# binary (x/gfftpipe) (pack2). Run (device tool): carry
# [".devpack/pack2.tar.xz"], command
# PACK=.devpack/pack2.tar.xz OUT=$OUT sh bench/gpu/dev-v100.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/san.txt; : > $L/ab.txt
A=$PWD/build/x/gfftpipe
DEADLINE=${DEADLINE:-520}
AWK=4093,4241,7727,33728,45045,100000
i4_rows 260 c2c:f64:67108864 r2c:f32:134217728
echo "[bench: $(( $(date +%s) - t0 )) s]"
P=f64 left 540 && P=f64 san_bench p $G c2c 16384,4093,1048576
left 560 && san_bench p $G r2c 16384,65536,4093
for r in 1 2; do for a in 0 86; do left 570 && ab p$a-$r c2c 1048576,134217728 $a; done; done
echo "[end: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt $L/ab.txt
bench_rows i4-c2cf64 i4-r2cf32
pack_logs
