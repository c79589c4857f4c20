#!/bin/sh
# bench/gpu/dev-v59.sh - stop 33's third call, on the tree with R2C's
# split (nf 4096, 8192) and C2R's merge (nf 2048, 8192, 16384) in
# registers as the product. (1) quick_suites (test_gpu_large quick and
# memcheck on it, test_engine_gpu, test_gpu_2d, gpu-faults), the R2C and
# C2R f32 sweeps of test_engine_gpu and t_c2r, t_c2r_edges in full;
# racecheck and memcheck on the product's one-block R2C and C2R kernels
# (bench, small batches). (2) A/B alts 73-75 (more cuts) and the old
# products (alts 68, 70), two rounds interleaved. (3) The R2C and C2R f32
# rows up to 32768 against cuFFT.
# Pack: gfftpipe, test_gpu_large, test_engine_gpu, test_gpu_2d, fft2ref,
# refdft, gpufault.so, the A/B binary. Run (device tool): carry
# [".devpack"], command OUT=$OUT sh bench/gpu/dev-v59.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
quick_suites
tests_only test_engine_gpu t_r2c_f32 t_c2r_f32
tests_only test_gpu_large t_c2r t_c2r_edges
wait
echo "[chk: $(( $(date +%s) - t0 )) s]"
: > $L/san.txt
for k in r2c c2r; do san_bench product $G $k 4096,8192,16384,32768; done
echo "[san: $(( $(date +%s) - t0 )) s]"
: > $L/ab.txt
for r in 1 2; do
  ab c2r-p$r c2r 4096,16384,32768 0; ab c2r-68-$r c2r 4096,16384,32768 68
  ab c2r-73-$r c2r 16384,32768 73; ab c2r-74-$r c2r 16384 74
  ab r2c-p$r r2c 8192,16384,32768 0; ab r2c-70-$r r2c 8192,16384,32768 70
  ab r2c-73-$r r2c 16384,32768 73; ab r2c-74-$r r2c 16384,32768 74; ab r2c-75-$r r2c 16384 75
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
for k in r2c c2r; do
  timeout 150 $G bench --reps 5 --engines gpu,cufft --kind $k --precision f32 \
    --sizes 1024,2048,4096,8192,16384,32768 > $L/rows-$k.log 2>&1
done
echo "[rows: $(( $(date +%s) - t0 )) s]"
show_tests
for t in t_r2c_f32 t_c2r_f32 t_c2r t_c2r_edges; do sum $t; done
cat $L/san.txt
sort -k2,2 -k3,3n $L/ab.txt
bench_rows rows-r2c rows-c2r
pack_logs
