#!/bin/sh
# bench/gpu/dev-v70.sh - stop 37, call 2: ncu on R2C f32 16384 (nf 8192)
# at the product (alt 0) and the split-exchange forms (80, 83, 87), and on
# C2C f32 8192's product (the same skernel, 3519 GB/s) beside them: why
# skernel's R2C runs at a third to four fifths of the product (dev-v69.sh:
# 1146-2648 against 3178 GB/s). Pack: dev-v69.sh's. Run (device tool):
# carry [".devpack/pack4.tar.xz"], command PACK=.devpack/pack4.tar.xz
# OUT=$OUT sh bench/gpu/dev-v70.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
P="$NCU --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis_Tables --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,smsp__inst_executed.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum"
for c in r2c:16384:0 r2c:16384:80 r2c:16384:83 r2c:16384:87 c2c:8192:0; do
  k=${c%%:*} r=${c#*:}; n=${r%:*} a=${r#*:}
  GFP_FAST_ALT=$a timeout 100 $P -c 3 $G bench --warmup 0 --reps 1 --bytes 128Mi --kind $k \
    --precision f32 --sizes $n --engines gpu > $L/ncu-$k$n-a$a.log 2>&1
done
echo "[ncu: $(( $(date +%s) - t0 )) s]"
for f in $L/ncu-*.log; do
  echo "-- $(basename $f .log)"
  grep -E '^  [a-zA-Z_].*\(|gpu__time_duration|dram__bytes|l1tex__|smsp__inst|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Dynamic Shared|Theoretical Occ|Warp Cycles Per Issued|Block Limit' $f | cut -c1-120 | tail -28
done > $L/ncu.txt
cat $L/ncu.txt | head -150
pack_logs
