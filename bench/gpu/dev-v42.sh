#!/bin/sh
# bench/gpu/dev-v42.sh - stop 30's third call: which 16384-point kernel
# for the rows after the columns' four-step (16384^2: the rows' pkernel
# ran 1.59-1.63 ms at 55 % of DRAM, cuFFT's vector_fft<16384> 1.45 ms)?
# The A/B binary's alternatives of gfp_fast_c2c_f32big (alts 1-11:
# kernels/gfp_gpu_fast_blue.cu; the route's rows take it, its column
# passes keep their product kernels at these alts), measured on the H200:
#   1D bench C2C f32 16384 (gpu, median of 5) at alts 0-11, cuFFT once;
#   bench --2d C2C f32 16384^2 at alts 0 1 3 4 6 11 (gpu, median of 5).
# Pack: dev-v40.sh's. Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v42.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
timeout 60 $G bench -q --reps 5 --kind c2c --precision f32 --sizes 16384 --engines cufft > $L/1d-cufft.log 2>&1
: > $L/1d.txt
for a in 0 1 2 3 4 5 6 7 8 9 10 11; do
  GFP_FAST_ALT=$a timeout 60 $A bench -q --reps 5 --kind c2c --precision f32 --sizes 16384 --engines gpu > $L/1d-$a.log 2>&1
  echo "alt $a: $(grep -E '^gpu' $L/1d-$a.log | awk '{print $7, "GB/s err", $9}')" >> $L/1d.txt
done
echo "[1d: $(( $(date +%s) - t0 )) s]"
: > $L/2d.txt
for a in 0 1 3 4 6 11; do
  GFP_FAST_ALT=$a timeout 120 $A bench -q --reps 5 --2d --kind c2c --precision f32 --sizes 16384x16384 --engines gpu > $L/2d-$a.log 2>&1
  echo "alt $a: $(grep -E '^gpu' $L/2d-$a.log | awk '{print $7, "GB/s err", $9, "passes", $10}')" >> $L/2d.txt
  echo "[2d alt $a: $(( $(date +%s) - t0 )) s]"
done
echo "== 1D C2C f32 16384"; grep -E '^cufft' $L/1d-cufft.log; cat $L/1d.txt
echo "== 2D C2C f32 16384^2 (route cf)"; cat $L/2d.txt
pack_logs
