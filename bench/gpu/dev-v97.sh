#!/bin/sh
# bench/gpu/dev-v97.sh - stop 43, call 2: tkernel's strided loads and
# stores by pointer steps, and the factored four-step twiddle as the
# product (f32 first passes 512 .. 2048). Two A/B binaries: x/gfftpipe
# (the tree now) and x/gfftpipe-old (call 1's: the index-times-stride
# addressing). C2C f32 2^21, 2^23, 2^27 (~1 GiB, median of 5) on old alt
# 0 (the table a bin), old alt 84 (factored), new alt 0 (factored), new
# alt 84 (the table a bin), new alt 85 (factored, sincospif); the
# addressing alone (old 0 against new 84) where tkernel runs without the
# factored twiddle: C2C f32 2^20, 2^24, Z2Z 2^21, 2^22, 2D C2C 4096^2;
# racecheck and memcheck on the new product; the SASS of the new
# tkernel1024; then the GPU suites quick and t_pow2 in full on the
# product build. Pack: gfftpipe, tests/unit/test_gpu_large,
# test_engine_gpu, test_gpu_2d, both A/B binaries, stripped (pack2). Run
# (device tool): carry [".devpack/pack2.tar.xz"], command
# PACK=.devpack/pack2.tar.xz OUT=$OUT sh bench/gpu/dev-v97.sh
# Since call 3 the new binary's alt 0 is alt 85's form (factored from
# sincospif) and alt 85 is factored from the table (this call's alt 0).
. bench/gpu/dev-common.sh
t0=$(date +%s)
NEW=$PWD/build/x/gfftpipe OLD=$PWD/build/x/gfftpipe-old
: > $L/ab.txt; : > $L/san.txt; : > $L/v2d.txt; : > $L/prof.txt
S=2097152,8388608,134217728
A=$OLD; ab o0 c2c $S 0; ab o84 c2c $S 84
A=$NEW; ab n0 c2c $S 0; ab n84 c2c $S 84; ab n85 c2c $S 85
echo "[ab: $(( $(date +%s) - t0 )) s]"
A=$OLD; ab o0b c2c 1048576,16777216 0; P=f64 ab o0z c2c 2097152,4194304 0
A=$NEW; ab n84b c2c 1048576,16777216 84; P=f64 ab n84z c2c 2097152,4194304 84
for b in OLD NEW; do eval BIN=\$$b; b2k $b-0 c2c 4096x4096 gpu GFP_FAST_ALT=0; done
echo "[addressing: $(( $(date +%s) - t0 )) s]"
left 330 && san_bench n0 $NEW c2c 2097152,8388608,67108864
left 360 && P=f64 san_bench n0 $NEW c2c 2097152
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
f=_ZN7gfpfast7tkernelIfLi1024ELi64ELi16ELin2147270656ELi1EJLi16ELi16ELi4EEEEv11gfp_fparams
timeout 40 $CUOBJ -sass -fun $f $NEW > $L/sass-new.txt 2>&1
echo "sass new tkernel1024 rc=$?: $(grep -cE '^ +/\*[0-9a-f]{4}\*/' $L/sass-new.txt) instructions" >> $L/prof.txt
echo "[san: $(( $(date +%s) - t0 )) s]"
if left 400; then
  suites_at_once
  tests_only test_gpu_large t_pow2
  wait
fi
echo "[tests: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_pow2; do [ -f $L/$t.log ] && sum $t; done
cat $L/prof.txt $L/san.txt $L/v2d.txt $L/ab.txt
pack_logs
