#!/bin/sh
# bench/gpu/dev-v79.sh - stop 38, call 5: the 2D columns' four-step passes
# on tkernel (threads across the frames: the strided loads and stores
# straight from and to memory, no staging through shared memory): A/B
# alts 65 (32 frames a block, the product's cuts), 66 (other cuts), 67 (16
# frames a block) against the product (fkernel with TL and TR): racecheck
# and memcheck on bench --2d of 64 x 16384 and 64 x 8192, then bench --2d
# C2C f32 2048 x 16384 (the 128 x 128 passes), 8192^2 (64 x 128) and
# 16384^2 at the product and round 1's fastest alt, and ncu's shared
# wavefronts of the passes at alt 65. Pack: the A/B build's gfftpipe
# (pack4). Run (device tool): carry [".devpack/pack4.tar.xz"], command
# PACK=.devpack/pack4.tar.xz OUT=$OUT sh bench/gpu/dev-v79.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
: > $L/san.txt
for a in 65 66 67; do
  for sz in 64x16384 64x8192; do
    for tool in racecheck memcheck; do
      GFP_FAST_ALT=$a timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $G bench -q --warmup 0 --reps 1 \
        --2d --kind c2c --precision f32 --sizes $sz --engines gpu > $L/san-$a-$sz-$tool.log 2>&1
      echo "alt $a $sz $tool rc=$? $(grep -E 'SUMMARY' $L/san-$a-$sz-$tool.log | head -1) $(awk '/^gpu/ {printf "err %s", $9}' $L/san-$a-$sz-$tool.log)" >> $L/san.txt
    done
  done
done
echo "[san: $(( $(date +%s) - t0 )) s]"
: > $L/v2d.txt
for round in 1 2; do
  for a in 0 65 66 67; do left 200 && b2d a$a-$round 2048x16384 gpu GFP_FAST_ALT=$a; done
done
best=$(awk '$1 ~ /-1$/ {l = $1; sub(/^a/, "", l); sub(/-1$/, "", l); print l, $4}' $L/v2d.txt | sort -k2 -gr | head -1 | cut -d' ' -f1)
echo "best of round 1 at 2048x16384: alt $best"
left 260 && b2d p0 8192x8192 gpu,cufft GFP_FAST_ALT=0
left 280 && b2d p$best 8192x8192 gpu GFP_FAST_ALT=$best
left 300 && b2d q0 16384x16384 gpu,cufft GFP_FAST_ALT=0
[ "${best:-0}" != 0 ] && left 380 && b2d q$best 16384x16384 gpu GFP_FAST_ALT=$best
echo "[2d: $(( $(date +%s) - t0 )) s]"
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
left 460 && GFP_FAST_ALT=65 timeout 100 $NCU --clock-control none --metrics gpu__time_duration.sum,dram__bytes_read.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed \
  -c 4 $G bench --warmup 0 --reps 1 --2d --kind c2c --precision f32 --sizes 2048x16384 --engines gpu > $L/ncu-a65.log 2>&1
echo "[ncu: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt
cat $L/v2d.txt
grep -E '^  [a-zA-Z_].*\(|gpu__time|bank_conflicts|wavefronts|dram__' $L/ncu-a65.log | cut -c1-100
pack_logs
