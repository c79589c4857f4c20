#!/bin/sh
# bench/gpu/dev-v58.sh - stop 33's second call. (1) The product's suites
# after the C2R edge fixes (the Bluestein loads too): test_gpu_large quick
# and memcheck on it, t_c2r_edges, t_blue_fast and t_c2r in full,
# test_engine_gpu's C2R f32 sweep; the CLI check of call 1. (2) A/B
# (build/x/gfftpipe): C2R's merge in the first stage's registers (alts
# 68, 69, GFP_FAST_C2RD) and R2C's split in the last stage's registers
# (alts 70-72, GFP_FAST_R2CD) against the product, two rounds
# interleaved, with bench's check of every run; racecheck and memcheck
# on the alts at small batches.
# Pack: gfftpipe, test_gpu_large, test_engine_gpu, fft2ref, the A/B
# binary. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v58.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
(cd build && GFP_TEST_QUICK=1 timeout 170 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
(cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool memcheck --error-exitcode 9 \
    $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
tests_only test_gpu_large t_c2r_edges t_blue_fast t_c2r
tests_only test_engine_gpu t_c2r_f32
wait
echo "[chk: $(( $(date +%s) - t0 )) s]"
D=$(mktemp -d); : > $L/cli.txt
for n in 16384 1048576 45045 1000 8186; do
  h=$(( n / 2 + 1 )); fr=$(( n > 100000 ? 2 : 5 ))
  $R rand $(( 2 * h * fr )) 7 $D/h.cf64
  for e in cpu gpu; do
    $G ifft -q --n $n --real-out --in-format cf64 --out-format f64 --engine $e $D/h.cf64 $D/$e.f64 2>>$L/cli.txt
  done
  echo "n=$n gpu: $($R relerr f64 $D/cpu.f64 f64 $D/gpu.f64 1e-6)" >> $L/cli.txt
done
rm -rf $D
# sanitizers on the alts (small batches; bench checks each run)
: > $L/san.txt
for c in 68:c2r:1024,16384,32768 69:c2r:8192,16384 70:r2c:8192,16384,32768 71:r2c:16384 72:r2c:16384; do
  a=${c%%:*} r=${c#*:}
  san_bench "alt$a" $A ${r%%:*} ${r#*:} GFP_FAST_ALT=$a
done
echo "[san: $(( $(date +%s) - t0 )) s]"
# A/B timings: ab LABEL KIND SIZES ALT (median of 5, ~1 GiB)
: > $L/ab.txt
CS=64,1024,2048,4096,8192,16384,32768 RS=8192,16384,32768
for r in 1 2; do
  ab c2r-p$r c2r $CS 0; ab c2r-68-$r c2r $CS 68; ab c2r-69-$r c2r 8192,16384 69
  ab r2c-p$r r2c $RS 0; ab r2c-70-$r r2c $RS 70; ab r2c-71-$r r2c 16384 71; ab r2c-72-$r r2c 16384 72
done
timeout 120 $G bench -q --reps 5 --kind c2r --precision f32 --sizes $CS --engines cufft > $L/cufft-c2r.log 2>&1
timeout 120 $G bench -q --reps 5 --kind r2c --precision f32 --sizes $RS --engines cufft > $L/cufft-r2c.log 2>&1
awk '/^cufft/ {printf "cufft      %s %9s %8s GB/s err %s\n", $2, $4, $7, $NF}' $L/cufft-c2r.log $L/cufft-r2c.log >> $L/ab.txt
echo "[ab: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck t_c2r_edges t_blue_fast t_c2r t_c2r_f32; do sum $t; done
cat $L/cli.txt $L/san.txt
sort -k2,2 -k3,3n $L/ab.txt
pack_logs
