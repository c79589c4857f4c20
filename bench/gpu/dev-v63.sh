#!/bin/sh
# bench/gpu/dev-v63.sh - stop 33's review call: C2R's bins 0 and n/2 taken
# as real in pre_value (the generic route's Hermitian load) instead of in
# gfp_lpairpre_kernel after it. test_gpu_large quick, t_c2r_edges and
# t_pairs in full.
# Pack: gfftpipe, test_gpu_large. Run (device tool): carry [".devpack"],
# command OUT=$OUT sh bench/gpu/dev-v63.sh
. bench/gpu/dev-common.sh
(cd build && GFP_TEST_QUICK=1 timeout 170 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
tests_only test_gpu_large t_c2r_edges t_pairs
wait
for t in test_gpu_large t_c2r_edges t_pairs; do sum $t; done
pack_logs
