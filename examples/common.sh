# examples/common.sh - sourced by the example scripts (set `example` to
# the script's name first). Defines die(), finds the gfftpipe binary as G
# ($GFFTPIPE, else the one built in this tree, src/gfftpipe or
# build/src/gfftpipe, else the one on PATH) and to_s16le.

die() { echo "$example: $*" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${GFFTPIPE:-}" ]; then
    G=$GFFTPIPE
elif [ -x "$here/../src/gfftpipe" ]; then
    G=$here/../src/gfftpipe
elif [ -x "$here/../build/src/gfftpipe" ]; then
    G=$here/../build/src/gfftpipe
elif command -v gfftpipe >/dev/null 2>&1; then
    G=$(command -v gfftpipe)
else
    die "no gfftpipe: build it (./configure && make) or set GFFTPIPE"
fi
[ -x "$G" ] || die "'$G' is not executable"

# Integers, one per line, to 16-bit little-endian bytes: awk writes octal
# escapes, printf(1) turns them into bytes (awk cannot write a NUL byte
# portably).
to_s16le() {
    awk '{ v = $1; if (v < 0) v += 65536
           printf "\\%03o\\%03o", v % 256, int(v / 256)
           if (++k % 256 == 0) printf "\n" }
         END { if (k % 256) printf "\n" }' |
    while IFS= read -r line; do printf "$line"; done
}
