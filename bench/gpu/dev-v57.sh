#!/bin/sh
# bench/gpu/dev-v57.sh - stop 33's first call. (1) C2R's bins 0 and n/2
# taken as real on every route (gfp_c2r_bin's i0): test_gpu_large's new
# t_c2r_edges in full, test_gpu_large quick and memcheck on it,
# test_engine_gpu's C2R f32 sweep; the same input through the CLI with
# the old binary (build/x/gfftpipe, stop 32's kernels) and the new one
# against the CPU engine. (2) C2R f32 rows against call 4 of stop 32
# (the predicate must cost nothing). (3) ncu on the one-block kernels of
# 16384 (ours and cuFFT's: C2R, R2C, C2C 8192 and 16384): time, DRAM
# throughput, occupancy, registers, warp stalls.
# Pack: gfftpipe, test_gpu_large, test_engine_gpu, fft2ref, the old
# binary. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v57.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
(cd build && GFP_TEST_QUICK=1 timeout 170 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
(cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool memcheck --error-exitcode 9 \
    $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
tests_only test_gpu_large t_c2r_edges
tests_only test_engine_gpu t_c2r_f32
wait
echo "[chk: $(( $(date +%s) - t0 )) s]"
# the CLI: C2R of random half spectra (imaginary parts at bins 0 and n/2)
D=$(mktemp -d); : > $L/cli.txt
for n in 16384 1048576 45045 1000; do
  h=$(( n / 2 + 1 )); fr=$(( n > 100000 ? 2 : 6 ))
  $R rand $(( 2 * h * fr )) 7 $D/h.cf64
  for e in cpu gpu old; do
    b=$G; [ $e = old ] && b=$PWD/build/x/gfftpipe
    en=$e; [ $e = old ] && en=gpu
    $b ifft -q --n $n --real-out --in-format cf64 --out-format f64 --engine $en $D/h.cf64 $D/$e.f64 2>>$L/cli.txt
  done
  echo "n=$n gpu: $($R relerr f64 $D/cpu.f64 f64 $D/gpu.f64 1e-6) old: $($R relerr f64 $D/cpu.f64 f64 $D/old.f64 1e-6)" >> $L/cli.txt
done
rm -rf $D
# C2R f32 rows
: > $L/c2r.txt
BL=c2r K=c2r bl def gpu,cufft 256,4096,16384,32768,65536,1048576,16777216
echo "[bench: $(( $(date +%s) - t0 )) s]"
# ncu on the one-block kernels
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
P="$NCU --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"
for c in c2r:16384 r2c:16384 c2c:8192 c2c:16384; do
  k=${c%:*} n=${c#*:}
  for en in gpu cufft; do
    timeout 100 $P -c 3 $G bench --warmup 0 --reps 1 --bytes 128Mi --kind $k --precision f32 \
      --sizes $n --engines $en > $L/ncu-$k$n-$en.log 2>&1
  done
done
echo "[ncu: $(( $(date +%s) - t0 )) s]"
echo "== ncu"
for f in $L/ncu-*.log; do
  echo "-- $(basename $f .log)"
  grep -E '^  [a-zA-Z_].*\(|gpu__time_duration|dram__bytes|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Stall|Warp Cycles Per Issued|bank_conflicts' $f | cut -c1-120 | head -24
done > $L/ncu.txt
for t in test_gpu_large test_gpu_large-memcheck t_c2r_edges t_c2r_f32; do sum $t; done
cat $L/cli.txt
cat $L/c2r.txt
grep -E '^-- |gpu__time|DRAM Throughput|Achieved Occ|Registers Per' $L/ncu.txt | head -60
pack_logs
