#!/bin/sh
# bench/gpu/dev-v56.sh - stop 32's review call: one C2R merge function
# (gfp_c2r_bin in gfp_gpu_fft.cuh) for the generic kernels' C2R load,
# gfp_lmerge_kernel and the specialised kernels; the fused C2R route
# through core_exec. At once: test_gpu_large quick, its t_c2r and
# t_fourstep_odd in full (C2R through gfp_lmerge_kernel at 100000 and
# the odd lengths), test_engine_gpu's C2R f32 sweep in full (the generic
# kernel at even lengths that are not powers of two); then C2R f32 bench
# rows as a check against call 4's figures (the arithmetic is unchanged).
# Pack: gfftpipe, test_gpu_large, test_engine_gpu. Run (device tool):
# carry [".devpack"], command OUT=$OUT sh bench/gpu/dev-v56.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
(cd build && GFP_TEST_QUICK=1 timeout 170 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
for t in t_c2r t_fourstep_odd; do
  (cd build && GFP_TEST_ONLY=$t timeout 170 $U/test_gpu_large > $L/$t.log 2>&1; echo "rc=$?" >> $L/$t.log) &
done
(cd build && GFP_TEST_ONLY=t_c2r_f32 timeout 170 $U/test_engine_gpu > $L/t_c2r_f32.log 2>&1; echo "rc=$?" >> $L/t_c2r_f32.log) &
wait
echo "[chk: $(( $(date +%s) - t0 )) s]"
: > $L/c2r.txt
BL=c2r K=c2r bl def gpu,cufft 16384,65536,1048576,16777216,100000
for t in test_gpu_large t_c2r t_fourstep_odd t_c2r_f32; do sum $t; done
cat $L/c2r.txt
pack_logs
