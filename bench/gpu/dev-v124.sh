#!/bin/sh
# bench/gpu/dev-v124.sh - stop 48 (H100, ~200 s, after dev-v122.sh on the
# same machine): C2C f32 16384's row kernel, the product (alt 0: pkernel
# with streaming stores) against alt 18 (its plain-store form), 22
# (skernel 512 x (32,32,16), stop 47's +4.4 % over plain) and 24 (22
# with streaming stores, new), 1D two rounds; 2D 16384^2 alts 0 and 24
# and cuFFT; racecheck and memcheck on alt 24. Pack: pack14
# (dev-v122.sh; build-ab's gfftpipe is its x/gfftpipe). Run (device
# tool): carry [".devpack/pack14.tar.xz"], command
# PACK=.devpack/pack14.tar.xz OUT=$OUT sh bench/gpu/dev-v124.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/san.txt; : > $L/v2d.txt; : > $L/ab.txt
ab2 c2c 16384 0 18 22 24
echo "[1d: $(( $(date +%s) - t0 )) s]"
for a in 0 24; do BIN=$A b2d a$a 16384x16384 gpu GFP_FAST_ALT=$a; done
b2d cufft 16384x16384 cufft
for a in 24 0; do left 200 && BIN=$A b2d a$a-2 16384x16384 gpu GFP_FAST_ALT=$a; done
echo "[2d: $(( $(date +%s) - t0 )) s]"
san_bench a24 $A c2c 16384 GFP_FAST_ALT=24
echo "[end: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt $L/ab.txt $L/v2d.txt
pack_logs
