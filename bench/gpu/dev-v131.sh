#!/bin/sh
# bench/gpu/dev-v131.sh - for stop 53 (H100, ~350 s; written in stop 52,
# which had no device): two cluster forms against their defaults and
# cuFFT. R2C f32 2^16 in one cluster pass with the split fused
# (GFP_GPU_1CLR=1: gfp_gpu_fast_cl.cu's xkernel with GFP_FAST_SPL,
# gfp_gpu_large.cu's r2c1_create; default: the four-step 128 x 256 with
# the split in its second pass), and Z2Z f64 16384 and 32768 across
# clusters of 4 and 8 (GFP_GPU_1CL64=1; default: the four-step, 128 x 128
# at 16384; the route lines show both cuts). First
# test_gpu_large's t_cluster_1d (both forms against FFTW and cuFFT's
# error), racecheck and memcheck on a bench run of each, and the routes
# they plan; then two interleaved rounds of bench, default and the form,
# each beside cuFFT. Last (~120 s), R2C f32 16384's other one-block
# forms (the A/B build's alts) against its product. Pack: pack19, this
# tree's build with build-ab's gfftpipe as x/gfftpipe:
# sh bench/gpu/pack.sh .devpack/pack19.tar.xz build src/gfftpipe
# tests/unit/test_gpu_large tests/cli/fft2ref
# /work/main/build-ab/src/gfftpipe. Run (device tool): carry
# [".devpack/pack19.tar.xz"], command
# PACK=.devpack/pack19.tar.xz OUT=$OUT sh bench/gpu/dev-v131.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/l2.txt; : > $L/san.txt
suite cluster1d 170 test_gpu_large GFP_TEST_ONLY=t_cluster_1d
san_bench 1clr $G r2c 65536 GFP_GPU_1CLR=1
P=f64; san_bench 1cl64 $G c2c 16384,32768 GFP_GPU_1CL64=1; P=f32
# the routes planned, default and with each form
: > $L/route.txt
for e in GFP_GPU_1CLR=0 GFP_GPU_1CLR=1; do
  env GFP_GPU_LARGE_DEBUG=1 $e timeout 60 $G bench -q --reps 1 --warmup 0 --bytes 2Mi \
    --kind r2c --sizes 65536 --engines gpu >> $L/route.txt 2>&1
done
for e in GFP_GPU_1CL64=0 GFP_GPU_1CL64=1; do
  env GFP_GPU_LARGE_DEBUG=1 $e timeout 60 $G bench -q --reps 1 --warmup 0 --bytes 2Mi \
    --precision f64 --sizes 16384,32768 --engines gpu >> $L/route.txt 2>&1
done
echo "[checks: $(( $(date +%s) - t0 )) s]"
# (K and P set outright: a shell may keep VAR=x before a function call)
for rd in 1 2; do
  K=r2c; P=f32
  bl def$rd gpu,cufft 65536
  bl 1clr$rd gpu,cufft 65536 GFP_GPU_1CLR=1
  K=c2c; P=f64
  bl def64-$rd gpu,cufft 16384,32768
  bl 1cl64-$rd gpu,cufft 16384,32768 GFP_GPU_1CL64=1
done
P=f32
# R2C f32 16384 (0.995x cuFFT on the H100, stops 44-49; its one-block
# form was picked on an H200, stop 33) against the A/B binary's other
# forms of nf 8192 never timed on an H100 (alts 70, 71, 73-79:
# gfp_gpu_fast_r2c32.cu), two rounds, and cuFFT beside the product twice
A=$PWD/build/x/gfftpipe
: > $L/ab.txt
if [ -x $A ]; then
  K=r2c; P=f32
  bl r14-1 gpu,cufft 16384
  ab2 r2c 16384 0 70 71 73 74 75 76 77 78 79
  bl r14-2 gpu,cufft 16384
  K=c2c
fi
echo "[end: $(( $(date +%s) - t0 )) s]"
sum cluster1d
grep -h "in one cluster pass" $L/cluster1d.log
grep -h "gfp_large" $L/route.txt | uniq | cut -c1-200
cat $L/san.txt
echo "== bench (label engine kind prec n GB/s x-cufft err)"; cat $L/l2.txt
echo "== A/B R2C 16384 (label n GB/s err)"; cat $L/ab.txt
pack_logs
