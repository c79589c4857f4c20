#!/bin/sh
# emu-blue.sh - the one-block Bluestein kernels (kernels/gfp_gpu_fast_blue.cu)
# compiled for the CPU by bench/gpu/emu-blue.cpp (one OS thread per CUDA
# thread, a barrier for __syncthreads, outputs NaN-poisoned) against a
# long-double DFT: every M (f32 2304, 2560, 4096, 4608, 8192, 9216, 12288,
# 16384; f64 4096, 8192) in the configuration a plan of each form takes (C2C forward and
# inverse, R2C, the pair form with odd and even batches, the general form
# as C2R, the C2R form and its pair form), at the longest n each M serves (the quick set; without
# EMU_QUICK every n of emu-blue's list, and windows and post-ops), and the
# one-block C2C f32 16384. Needs no GPU, so the kernels' index maps are
# checked on every CUDA build; skipped (77) where the build has no CUDA.
. "$(dirname "$0")/lib.sh"

emu=$TOP_BUILDDIR/tests/unit/emu-blue
[ -x "$emu" ] || skip_all "no emulator (a build without CUDA)"
EMU_QUICK=1 "$emu" > "$T/emu.log" 2>&1
rc=$?
cat "$T/emu.log"
check "emu-blue exits 0" [ "$rc" -eq 0 ]
check "emu-blue reports 0 failures" grep -q '^emu-blue: 0 failures' "$T/emu.log"
n=$(grep -c '^ok ' "$T/emu.log")
check "every case ran (got $n, 100 expected)" [ "$n" -eq 100 ]
for m in 2304 2560 4096 4608 8192 9216 12288 16384; do
  check "f32 M=$m C2C ran" grep -q "^ok   f32 M=$m .* form=0 kind=0" "$T/emu.log"
  check "f32 M=$m pair form ran" grep -q "^ok   f32 M=$m .* form=3 kind=2" "$T/emu.log"
  check "f32 M=$m C2R form ran" grep -q "^ok   f32 M=$m .* form=4 kind=3" "$T/emu.log"
  check "f32 M=$m C2R pair form ran" grep -q "^ok   f32 M=$m .* form=5 kind=3" "$T/emu.log"
done
finish
