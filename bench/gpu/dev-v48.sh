#!/bin/sh
# bench/gpu/dev-v48.sh - stop 31's fourth call: the four-step's cut n1 x
# n2 on the H200 (GFP_GPU_4S_N1; the planner's rule was measured on the
# H100), C2C f32 2^18 .. 2^23 and R2C f32 2^16 (core 2^15 with the split
# in the second pass; GFP_GPU_4S_SPLIT=0 the split a pass of its own),
# each run with the route it took (GFP_GPU_LARGE_DEBUG=1), cuFFT once a
# size. Pack: dev-v47.sh's. Run (device tool): carry [".devpack"],
# command OUT=$OUT sh bench/gpu/dev-v48.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/n1.txt
# one run: r LABEL KIND N ENGINES ENV...
r() {
  lab=$1 k=$2 n=$3 en=$4; shift 4
  env GFP_GPU_LARGE_DEBUG=1 "$@" timeout 60 $G bench -q --reps 5 --kind $k --sizes $n --engines $en > $L/n1-$lab.log 2>&1
  printf '%-16s %s | %s\n' "$lab" "$(grep -E '^(gpu|cufft)' $L/n1-$lab.log | awk '{printf "%s %s %s GB/s x%s; ", $1, $4, $7, $8}')" \
    "$(grep -m1 -o 'four-step[^(]*\|one pass[^(]*\|nested[^(]*' $L/n1-$lab.log)" >> $L/n1.txt
}
r r16-def r2c 65536 gpu,cufft
for a in 64 256 512; do r r16-n1=$a r2c 65536 gpu GFP_GPU_4S_N1=$a; done
r r16-nosplit r2c 65536 gpu GFP_GPU_4S_SPLIT=0
r r16-nosplit256 r2c 65536 gpu GFP_GPU_4S_SPLIT=0 GFP_GPU_4S_N1=256
r c18-def c2c 262144 gpu,cufft
for a in 256 1024; do r c18-n1=$a c2c 262144 gpu GFP_GPU_4S_N1=$a; done
r c19-def c2c 524288 gpu,cufft
for a in 256 1024 2048; do r c19-n1=$a c2c 524288 gpu GFP_GPU_4S_N1=$a; done
r c21-def c2c 2097152 gpu,cufft
for a in 1024 2048; do r c21-n1=$a c2c 2097152 gpu GFP_GPU_4S_N1=$a; done
r c22-def c2c 4194304 gpu,cufft
for a in 2048 512; do r c22-n1=$a c2c 4194304 gpu GFP_GPU_4S_N1=$a; done
r c23-def c2c 8388608 gpu,cufft
for a in 4096 1024; do r c23-n1=$a c2c 8388608 gpu GFP_GPU_4S_N1=$a; done
echo "[n1: $(( $(date +%s) - t0 )) s]"
cat $L/n1.txt
pack_logs
