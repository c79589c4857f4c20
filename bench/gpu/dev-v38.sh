#!/bin/sh
# bench/gpu/dev-v38.sh - stop 29's fifth call: is cuFFT's 2D cut (one
# column pass with strided loads and stores, in place, plus one contiguous
# row pass) open to us? Our doubly strided pass exists: the four-step's
# first pass at n1 = 4096 (GFP_FAST_TL | GFP_FAST_TR, four columns a
# block, 32-byte runs), with its twiddle (product) or without (A/B alt 24
# of gfp_fast4s_c2c_f32, which is the 2D column pass exactly). ncu
# (--clock-control none) on the 1D C2C f32 2^24 (4096 x 4096) over one 128
# MiB batch: each pass's time, DRAM throughput, occupancy.
# Pack: dev-v37.sh's. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v38.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
P="$NCU --clock-control none --section SpeedOfLight --section Occupancy --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"
B="bench --warmup 0 --reps 1 --bytes 128Mi --kind c2c --precision f32 --sizes 16777216 --engines gpu"
timeout 150 $P -c 4 $A $B > $L/ncu-4s-prod.log 2>&1
GFP_FAST_ALT=24 timeout 150 $P -c 4 $A $B > $L/ncu-4s-alt24.log 2>&1
for f in 4s-prod 4s-alt24; do
  echo "== $f"
  grep -E '^  [a-zA-Z_].*\(|gpu__time_duration|dram__bytes|DRAM Throughput|Achieved Occupancy' $L/ncu-$f.log | cut -c1-140 | head -40
done
pack_logs
