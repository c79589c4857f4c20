#!/bin/sh
# bench/gpu/dev-v76.sh - stop 38, call 2: the split buffer padded every 32
# scalars (GFP_FAST_PAD5), which bench/gpu/sbanks.py counts free of bank
# conflicts where every exchange at 16 is two-way: C2C f32 8192 on skernel
# (alts 58 = the product's cut, 59, 60) and 16384 on pkernel (18, 19, 20 =
# the product's cut; 9 and 21 the same cuts at 16) and skernel (22):
# sanitized bench runs, two A/B rounds, ncu's bank conflicts and time for
# 0 and 58 at 8192, 0 and 18 at 16384, then bench --2d C2C f32 8192^2 and
# 16384^2 at the product and at round 1's fastest alternative where it
# beat the product. Pack: the A/B build's gfftpipe (pack2). Run (device
# tool): carry [".devpack/pack2.tar.xz"], command
# PACK=.devpack/pack2.tar.xz OUT=$OUT sh bench/gpu/dev-v76.sh
. bench/gpu/dev-common.sh
A=$G
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
: > $L/san.txt
san_bench c58 $G c2c 8192 GFP_FAST_ALT=58
for a in 18 20; do san_bench c$a $G c2c 16384 GFP_FAST_ALT=$a; done
echo "[san: $(( $(date +%s) - t0 )) s]"
: > $L/ab.txt
for round in 1 2; do
  for a in 0 58 59 60; do left 200 && ab s$a-$round c2c 8192 $a; done
  for a in 0 9 18 19 20 21 22; do left 220 && ab c$a-$round c2c 16384 $a; done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
bestof() { awk -v p="$1" '$1 ~ "^" p "[0-9]+-1$" {l = $1; sub("^" p, "", l); sub(/-1$/, "", l); print l, $4}' $L/ab.txt | sort -k2 -gr | head -1 | cut -d' ' -f1; }
b8=$(bestof s); b16=$(bestof c)
echo "best of round 1: 8192 alt $b8, 16384 alt $b16"
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
P="$NCU --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --metrics gpu__time_duration.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__inst_executed.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum"
for c in 8192:0 8192:58 16384:0 16384:18; do
  n=${c%:*} a=${c#*:}
  left 300 && GFP_FAST_ALT=$a timeout 100 $P -c 3 $G bench --warmup 0 --reps 1 --bytes 128Mi --kind c2c \
    --precision f32 --sizes $n --engines gpu > $L/ncu-c2c$n-a$a.log 2>&1
done
for f in $L/ncu-*.log; do
  echo "-- $(basename $f .log)"
  grep -E '^  [a-zA-Z_].*\(|gpu__time_duration|l1tex__|smsp__inst|DRAM Throughput|Achieved Occupancy|Warp Cycles Per Issued' $f | cut -c1-120 | tail -12
done > $L/ncu.txt
echo "[ncu: $(( $(date +%s) - t0 )) s]"
: > $L/v2d.txt
left 330 && b2d a0 8192x8192 gpu,cufft GFP_FAST_ALT=0
[ "${b8:-0}" != 0 ] && left 360 && b2d a$b8 8192x8192 gpu GFP_FAST_ALT=$b8
left 380 && b2d a0 16384x16384 gpu,cufft GFP_FAST_ALT=0
[ "${b16:-0}" != 0 ] && left 460 && b2d a$b16 16384x16384 gpu GFP_FAST_ALT=$b16
echo "[2d: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt
cat $L/ab.txt
grep -E '^--|gpu__time|bank_conflicts' $L/ncu.txt
cat $L/v2d.txt
pack_logs
