#!/bin/sh
# bench/gpu/dev-v78.sh - stop 38, call 4: ncu on the 2D passes furthest
# under cuFFT's: C2C f32 4096^2 (two passes of fkernel, four frames a
# block, transposed store) and 2048 x 16384 (the columns of 16384 as a 128
# x 128 four-step along the strided axis, the rows of 2048), ours and
# cuFFT's, one transform each: time, DRAM throughput, shared-memory
# wavefronts and bank conflicts, occupancy, warp stalls. Pack: the
# product's gfftpipe (pack3). Run (device tool): carry
# [".devpack/pack3.tar.xz"], command
# PACK=.devpack/pack3.tar.xz OUT=$OUT sh bench/gpu/dev-v78.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
P="$NCU --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum"
for c in 4096x4096:gpu 4096x4096:cufft 2048x16384:gpu 2048x16384:cufft; do
  sz=${c%:*} en=${c#*:}
  timeout 150 $P -c 8 $G bench --warmup 0 --reps 1 --2d --kind c2c --precision f32 --sizes $sz \
    --engines $en > $L/ncu-$sz-$en.log 2>&1
done
echo "[ncu: $(( $(date +%s) - t0 )) s]"
for f in $L/ncu-*.log; do
  echo "-- $(basename $f .log)"
  grep -E '^  [a-zA-Z_].*\(|gpu__time_duration|dram__bytes|l1tex__|smsp__inst|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Dynamic Shared|Warp Cycles Per Issued|Stall' $f | cut -c1-110
done > $L/ncu.txt
grep -E '^--|^  [a-zA-Z_].*\(|gpu__time|bank_conflicts|wavefronts|DRAM Through|Achieved Occ' $L/ncu.txt | cut -c1-100 | head -120
pack_logs
