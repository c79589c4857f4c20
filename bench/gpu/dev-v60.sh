#!/bin/sh
# bench/gpu/dev-v60.sh - stop 33's fourth call, on the final kernels (R2C
# nf 16384 on (16,16,8,8) with the split in registers). (1) quick_suites,
# test_engine_gpu's R2C and C2R f32 sweeps, t_c2r, t_c2r_edges and
# t_blue_fast in full; racecheck and memcheck on the one-block R2C and
# C2R kernels. (2) A/B alts 76-79 (nf 8192: PAD5, PAD3, no padding,
# streaming) for R2C and C2R against the product, two rounds. (3) The R2C
# and C2R f32 rows up to 32768 against cuFFT.
# Pack: as dev-v59.sh. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v60.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
quick_suites
tests_only test_engine_gpu t_r2c_f32 t_c2r_f32
tests_only test_gpu_large t_c2r t_c2r_edges t_blue_fast
wait
echo "[chk: $(( $(date +%s) - t0 )) s]"
: > $L/san.txt
for k in r2c c2r; do san_bench product $G $k 4096,8192,16384,32768; done
echo "[san: $(( $(date +%s) - t0 )) s]"
: > $L/ab.txt
for r in 1 2; do
  for k in r2c c2r; do
    ab $k-p$r $k 16384 0
    for a in 76 77 78 79; do ab $k-$a-$r $k 16384 $a; done
  done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
for k in r2c c2r; do
  timeout 150 $G bench --reps 5 --engines gpu,cufft --kind $k --precision f32 \
    --sizes 1024,2048,4096,8192,16384,32768 > $L/rows-$k.log 2>&1
done
echo "[rows: $(( $(date +%s) - t0 )) s]"
show_tests
for t in t_r2c_f32 t_c2r_f32 t_c2r t_c2r_edges t_blue_fast; do sum $t; done
cat $L/san.txt
sort -k2,2 -k3,3n $L/ab.txt
bench_rows rows-r2c rows-c2r
pack_logs
