#!/bin/sh
# bench/gpu/dev-v129.sh - stop 50 (H100; ran as call 1, 415 s; kept as
# its record, dev-v130.sh sweeps the same sizes with a second
# calibration beside the default): dev-common's
# t7_sweep (both directions, RSPAN 0.15, ROUNDS 3, REPS 5) at 8192^2
# (the 16x problem), 8192 x 16384 (1 GiB) and 16384^2 (2 GiB), to END s
# (default 440). Pack: pack14 (dev-v122.sh). Run (device tool): carry [".devpack/pack14.tar.xz"],
# command PACK=.devpack/pack14.tar.xz OUT=$OUT sh bench/gpu/dev-v129.sh
. bench/gpu/dev-common.sh
SIZES="8192x8192 8192x16384 16384x16384" t7_sweep ${END:-440}
