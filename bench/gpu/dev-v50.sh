#!/bin/sh
# bench/gpu/dev-v50.sh - stop 31's sixth call: more four-step cuts on the
# H200 (GFP_GPU_4S_N1, no rebuild), two rounds interleaved, each run with
# its route: C2C f32 2^16, 2^17 (n1 halved), 2^20 (256 x 4096); Z2Z f64
# 2^16 .. 2^19 (n1 halved); R2C f32 2^19 (core 2^18 as 256 x 1024 with
# the split fused). Pack: dev-v47.sh's. Run (device tool): carry
# [".devpack"], command OUT=$OUT sh bench/gpu/dev-v50.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/n1.txt
# one run: r LABEL KIND PREC N ENV... (gpu only)
r() {
  lab=$1 k=$2 p=$3 n=$4; shift 4
  env GFP_GPU_LARGE_DEBUG=1 "$@" timeout 40 $G bench -q --reps 5 --kind $k --precision $p --sizes $n --engines gpu > $L/n1-$lab.log 2>&1
  printf '%-16s %s | %s\n' "$lab" "$(grep -E '^gpu' $L/n1-$lab.log | awk '{printf "%s %s %s GB/s err %s", $3, $4, $7, $NF}')" \
    "$(grep -m1 -o 'four-step[^(]*' $L/n1-$lab.log)" >> $L/n1.txt
}
for i in 1 2; do
  r c16-def$i c2c f32 65536;    r c16-128-$i c2c f32 65536 GFP_GPU_4S_N1=128
  r c17-def$i c2c f32 131072;   r c17-128-$i c2c f32 131072 GFP_GPU_4S_N1=128
  r c20-def$i c2c f32 1048576;  r c20-256-$i c2c f32 1048576 GFP_GPU_4S_N1=256
  r z16-def$i c2c f64 65536;    r z16-128-$i c2c f64 65536 GFP_GPU_4S_N1=128
  r z17-def$i c2c f64 131072;   r z17-128-$i c2c f64 131072 GFP_GPU_4S_N1=128
  r z18-def$i c2c f64 262144;   r z18-256-$i c2c f64 262144 GFP_GPU_4S_N1=256
  r z19-def$i c2c f64 524288;   r z19-256-$i c2c f64 524288 GFP_GPU_4S_N1=256
  r r19-def$i r2c f32 524288;   r r19-256-$i r2c f32 524288 GFP_GPU_4S_N1=256
done
echo "[n1: $(( $(date +%s) - t0 )) s]"
sort -s -k1.1,1.3 $L/n1.txt
pack_logs
