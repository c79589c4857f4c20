#!/bin/sh
# bench/gpu/dev-v61.sh - stop 33's fifth call: issue 4's R2C f32 and C2R
# f32 rows on the final tree (2^14 .. 2^27 and the awkward lengths, ~1
# GiB batched, median of 5, against cuFFT), one bench run each.
# Pack: dev-v60.sh's. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v61.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
DEADLINE=${DEADLINE:-420}
AWK=4093,4241,7727,33728,45045,100000
i4_rows 220 r2c:f32:134217728 c2r:f32:134217728
bench_rows i4-r2cf32 i4-c2rf32
pack_logs
