#!/bin/sh
# bench/gpu/dev-v91.sh - stop 41, call 1: stop 40's final tree (484796b)
# on a GPU: the GPU suites quick (test_gpu_large with memcheck,
# test_engine_gpu, test_gpu_2d, t_colsplit in full) and test_gpu_large's
# t_pow2 in full (R2C f32 2^27 on the nested p = 256 cut); then ncu on
# each pass of the large C2C f32 cores against cuFFT's kernels (time,
# DRAM bytes and throughput, stalls; clocks left alone), $L/ncu-LABEL.csv
# one file a run. Pack: gfftpipe, tests/unit/test_gpu_large,
# test_engine_gpu, test_gpu_2d (pack1). Run (device tool): carry
# [".devpack/pack1.tar.xz"], command
# PACK=.devpack/pack1.tar.xz OUT=$OUT sh bench/gpu/dev-v91.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
suites_at_once
tests_only test_gpu_large t_pow2
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_pow2; do sum $t; done
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,smsp__average_warp_latency_issue_stalled_drain.ratio,launch__registers_per_thread,launch__occupancy_limit_shared_mem
# prof LABEL ENGINE N BYTES ENV...: ncu's metrics of the first 10 launches
prof() {
  lab=$1 en=$2 n=$3 by=$4; shift 4
  left 560 || { echo "$lab: no time left"; return 0; }
  env "$@" GFP_GPU_LARGE_DEBUG=1 timeout 120 $NCU --clock-control none --csv --print-units base --metrics $M -c 10 \
    $G bench -q --engines $en --kind c2c --precision f32 --sizes $n --bytes $by --reps 1 --warmup 0 \
    > $L/ncu-$lab.csv 2> $L/ncu-$lab.err
  echo "$lab rc=$? $(grep -m1 'gfp_large:' $L/ncu-$lab.err | cut -c1-120)"
}
prof 20-gpu gpu 1048576 256Mi
prof 20-cufft cufft 1048576 256Mi
prof 21-gpu gpu 2097152 256Mi
prof 21-cufft cufft 2097152 256Mi
prof 23-gpu gpu 8388608 256Mi
prof 23-cufft cufft 8388608 256Mi
prof 24-gpu gpu 16777216 256Mi
prof 24-4s gpu 16777216 256Mi GFP_GPU_4S3=0
prof 24-cufft cufft 16777216 256Mi
prof 26-gpu gpu 67108864 512Mi
prof 26-cufft cufft 67108864 512Mi
prof 27-gpu gpu 134217728 1Gi
prof 27-512 gpu 134217728 1Gi GFP_GPU_4S3_N1=512
echo "[ncu: $(( $(date +%s) - t0 )) s]"
# each launch: label, kernel (cut), grid, block, us, DRAM GB read / written, DRAM %
for f in $L/ncu-*.csv; do
  awk -F'","' -v l=$(basename $f .csv) 'NF > 10 { gsub(/"/, "", $1); gsub(/[",]/, "", $15); if ($1 !~ /^[0-9]+$/) next; k = $1 "|" $5; nm[k] = substr($5, 1, 60); g[k] = $9; b[k] = $8
    v[k, $13] = $15; if (!(k in seen)) { seen[k] = 1; o[++n] = k } }
    END { for (i = 1; i <= n; i++) { k = o[i]; printf "%s %s g%s b%s %.1f us rd %.3f wr %.3f GB dram %.1f%% hit %.0f%% regs %s\n", l, nm[k], g[k], b[k],
      v[k, "gpu__time_duration.sum"] / 1000, v[k, "dram__bytes_read.sum"] / 1e9, v[k, "dram__bytes_write.sum"] / 1e9,
      v[k, "dram__throughput.avg.pct_of_peak_sustained_elapsed"], v[k, "lts__t_sector_hit_rate.pct"], v[k, "launch__registers_per_thread"] } }' $f
done
pack_logs
