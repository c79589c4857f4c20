#!/bin/sh
# bench/gpu/dev-v36.sh - stop 29's third call: where the 2D pass of 4096
# loses to cuFFT's 2D plan on the H200 (C2C f32 4096^2 at 0.94x; calls 1-2:
# every cluster, pipelined and smaller-block form slower; 16- and 8-byte
# runs 3-4x slower). ncu (--clock-control none) on one 4096^2 matrix:
# our two passes (fkernel), cuFFT's kernels for the same transform, and
# our 1D C2C 4096 over the same 128 MiB (the same kernel family with a
# contiguous store), each launch's time, DRAM bytes read and written
# (more written than 128 MiB would mean partial sectors written back),
# L2 sectors and requests, occupancy and the warps' stall reasons.
# Pack: dev-v34.sh's (the product binary alone is needed).
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v36.sh
. bench/gpu/dev-common.sh
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum,gpu__time_duration.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed
P="$NCU --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy --section LaunchStats --metrics $M"
B="bench --warmup 0 --reps 1 --bytes 128Mi"
timeout 150 $P -c 6 $G $B --2d --kind c2c --precision f32 --sizes 4096x4096 --engines gpu > $L/ncu-gpu2d.log 2>&1
timeout 150 $P -c 8 $G $B --2d --kind c2c --precision f32 --sizes 4096x4096 --engines cufft > $L/ncu-cufft2d.log 2>&1
timeout 150 $P -c 3 $G $B --kind c2c --precision f32 --sizes 4096 --engines gpu > $L/ncu-gpu1d.log 2>&1
timeout 150 $P -c 3 $G $B --kind c2c --precision f32 --sizes 4096 --engines cufft > $L/ncu-cufft1d.log 2>&1
for f in gpu2d cufft2d gpu1d cufft1d; do
  echo "== $f"
  grep -E '^  [a-zA-Z_].*\(|Duration|dram__bytes|lts__t_sectors_op|lts__t_requests|write_lookup|Memory Throughput|DRAM Throughput|Achieved Occupancy|Registers Per|Block Size|Grid Size|Dynamic Shared|Warp Cycles Per Issued|One or More|Stall' $L/ncu-$f.log | cut -c1-150 | head -120
done
pack_logs
