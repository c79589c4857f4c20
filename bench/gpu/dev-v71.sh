#!/bin/sh
# bench/gpu/dev-v71.sh - stop 37, call 3: R2C f32 with the split step's
# twiddle from two small parts of its table (GFP_FAST_SRT, alts 89 and 90
# at nf 8192, 89 at nf 4096) against the product and alt 87: sanitized
# bench runs, two A/B rounds, ncu on alt 89. Pack: the A/B build's
# gfftpipe as src/gfftpipe (pack5). Run (device tool): carry
# [".devpack/pack5.tar.xz"], command PACK=.devpack/pack5.tar.xz OUT=$OUT
# sh bench/gpu/dev-v71.sh
. bench/gpu/dev-common.sh
A=$G
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
: > $L/san.txt
san_bench r89 $G r2c 8192,16384 GFP_FAST_ALT=89
san_bench r90 $G r2c 16384 GFP_FAST_ALT=90
echo "[san: $(( $(date +%s) - t0 )) s]"
timeout 60 $G bench -q --reps 5 --kind r2c --precision f32 --sizes 8192,16384 --engines gpu,cufft > $L/r2c-cufft.log 2>&1
: > $L/ab.txt
for round in 1 2; do
  for a in 0 87 89 90; do left 240 && ab r$a-$round r2c 16384 $a; done
  for a in 0 89; do left 260 && ab s$a-$round r2c 8192 $a; done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
P="$NCU --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis_Tables --metrics gpu__time_duration.sum,l1tex__t_sector_hit_rate.pct,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__inst_executed.sum"
for a in 89 87; do
  left 330 && GFP_FAST_ALT=$a timeout 100 $P -c 3 $G bench --warmup 0 --reps 1 --bytes 128Mi --kind r2c \
    --precision f32 --sizes 16384 --engines gpu > $L/ncu-r2c16384-a$a.log 2>&1
done
echo "[ncu: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt
bench_rows r2c-cufft
cat $L/ab.txt
for f in $L/ncu-*.log; do
  echo "-- $(basename $f .log)"
  awk '/\(2048, 1, 1\)/ {on=1} on && /gpu__time|hit_rate|bank_conflicts|inst_executed|Warp Cycles Per Issued|DRAM Throughput|L1\/TEX Hit|Achieved Occ/ {print} on && /Achieved Occ/ {on=0}' $f | cut -c1-100
done
pack_logs
