#!/bin/sh
# ptxsum.sh LOG... - one line per fkernel: <T, N, TPT, FPB, MODE, MINB, PPF, radices> regs, spills
for f in "$@"; do
awk '/Compiling entry function/ {match($0, /_Z[^'"'"' ]*/); name=substr($0, RSTART, RLENGTH)}
     /spill stores/ {sp=$0; sub(/.*frame, /, "", sp); sub(/ bytes spill stores.*/, "", sp)}
     /Used [0-9]+ registers/ {match($0, /Used [0-9]+/); r=substr($0, RSTART+5, RLENGTH-5);
       if (name ~ /[fsp]c?kernel/) print name, r, sp}' "$f" |
while read n r s; do
  d=$(echo "$n" | c++filt | sed -E 's/^void gfpfast::([fsp]c?)kernel</\1 /; s/>\(gfp_fparams\)$//')
  echo "$d  regs=$r spill=$s"
done
done
