#!/bin/sh
# bench/gpu/dev-v69.sh - stop 37: R2C f32 n = 16384 (nf 8192) and 8192
# (nf 4096) on the split exchange with the split step from a complex
# buffer (GFP_FAST_SRC, A/B alts 83 and 87; 88: stop 36's alt 80 at two
# blocks an SM): sanitized bench runs of the new forms, the A/B rounds
# against the product (alt 0) and cuFFT, then ncu on the product, alt 80
# and alt 83 (why alt 80 ran at a third of the product). Pack: the A/B
# build's gfftpipe as src/gfftpipe. Run (device tool): carry
# [".devpack/pack4.tar.xz"], command PACK=.devpack/pack4.tar.xz OUT=$OUT
# sh bench/gpu/dev-v69.sh
. bench/gpu/dev-common.sh
A=$G
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
: > $L/san.txt
san_bench r83 $G r2c 16384 GFP_FAST_ALT=83
san_bench r87 $G r2c 8192,16384 GFP_FAST_ALT=87
echo "[san: $(( $(date +%s) - t0 )) s]"
timeout 60 $G bench -q --reps 5 --kind r2c --precision f32 --sizes 8192,16384 --engines gpu,cufft > $L/r2c-cufft.log 2>&1
: > $L/ab.txt
for round in 1 2; do
  for a in 0 83 87 80 88; do left 240 && ab r$a-$round r2c 16384 $a; done
  for a in 0 87; do left 260 && ab s$a-$round r2c 8192 $a; done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
P="$NCU --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,local_load_bytes:l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum"
for a in 0 80 83; do
  left 330 && GFP_FAST_ALT=$a timeout 100 $P -c 3 $G bench --warmup 0 --reps 1 --bytes 128Mi --kind r2c \
    --precision f32 --sizes 16384 --engines gpu > $L/ncu-r2c16384-a$a.log 2>&1
done
echo "[ncu: $(( $(date +%s) - t0 )) s]"
for f in $L/ncu-*.log; do
  echo "-- $(basename $f .log)"
  grep -E '^  [a-zA-Z_].*\(|gpu__time_duration|dram__bytes|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Dynamic Shared|Theoretical Occ|Warp Cycles Per Issued|bank_conflicts|local' $f | cut -c1-120 | head -24
done > $L/ncu.txt
cat $L/san.txt
bench_rows r2c-cufft
cat $L/ab.txt
grep -E '^-- |gpu__time|DRAM Throughput|Achieved Occ|Theoretical Occ|Registers Per|Dynamic Shared|bank_conflicts|local' $L/ncu.txt | head -60
pack_logs
