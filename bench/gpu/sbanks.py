#!/usr/bin/env python3
"""bench/gpu/sbanks.py - shared-memory bank model of the split exchange.

skernel and pkernel (kernels/gfp_gpu_fast.cuh) exchange a stage's results
through a buffer of N scalars, the real parts and then the imaginary
parts, 4 bytes each in f32; element i sits at i + (i >> sh) (the layout's
padding: sh 4 by default, GFP_FAST_PAD3 3, GFP_FAST_PAD5 5, GFP_FAST_NOPAD
none). For one kernel configuration this replays, warp by warp, the
addresses of sput (a stage's out pattern, SPat::out) and of the next
stage's loads (SPat::in) and counts wavefronts: for each warp-wide access,
the largest number of distinct 4-byte words that fall in one of the 32
banks (1 is conflict-free). It prints, for each stage, the put's and the
get's wavefronts an access, and the whole exchange's ratio to the
conflict-free count; "slow-addr" marks a cut whose addresses under that
padding lose SPat's fast form (a base plus compile-time offsets), which
cost registers (stop 35's alt 45). Stop 38 (bench/NOTES.md): C2C f32 8192
at 256 x (32,16,16) is 2.00 at sh 4 and 1.00 at sh 5; ncu counted 16 K
conflicts and 0.

tkernel (threads across the frames) exchanges the same way, but a warp
is FPB frames (t = tid % FPB) of 32 / FPB columns (x = tid / FPB), frame
t at t times its frame stride; model counts those accesses too (FPB,
and an extra added to PadS's stride): with FPB < 32 PadS's (1 mod 32)
stacks the frames one bank apart (stop 39: 3.5 at 4096 x 4 frames), and
TStride's (32 / FPB mod 32) clears them.

    python3 bench/gpu/sbanks.py        # the tables of bench/NOTES.md, stops 38, 39
"""
import itertools

from banks import frame_stride, pad, waves as bwaves  # fkernel's model (bench/gpu/banks.py)


def waves(addrs):
    """wavefronts of one warp-wide access of 4-byte scalars at addrs"""
    return bwaves(addrs, 1, 'A')


def model(N, TPT, rad, sh, FPB=1, extra=0):
    """(ratio to conflict-free, per stage (R, ls, put, get) wavefronts an
    access) of the exchanges of FPB frames of TPT threads, frame t =
    tid % FPB at t times PadS's stride plus extra, column x = tid / FPB
    (FPB 1: skernel's and pkernel's one frame; more: tkernel's)"""
    PS = frame_stride(N, sh, extra); NT = TPT * FPB
    ls = 1; tot = 0; ideal = 0; per = []
    for si in range(len(rad) - 1):
        R, R2 = rad[si], rad[si + 1]
        NB = N // R; MB = NB // TPT
        # put: out pattern of stage (R, ls)
        w = 0; n = 0
        for b in range(MB):
            for s in range(R):
                for w0 in range(0, NT, 32):
                    ad = []
                    for tid in range(w0, w0 + 32):
                        j = tid // FPB + b * TPT; k = j % ls if ls > 1 else 0
                        ad.append((tid % FPB) * PS + pad((j - k) * R + k + s * ls, sh))
                    w += waves(ad); n += 1
        NB2 = N // R2; MB2 = NB2 // TPT
        w2 = 0; n2 = 0
        for b in range(MB2):
            for s in range(R2):
                for w0 in range(0, NT, 32):
                    ad = [(tid % FPB) * PS + pad(tid // FPB + b * TPT + s * NB2, sh)
                          for tid in range(w0, w0 + 32)]
                    w2 += waves(ad); n2 += 1
        per.append((R, ls, w / n, w2 / n2))
        tot += 2 * (w + w2); ideal += 2 * (n + n2)
        ls *= R
    return tot / ideal, per
for N, TPT, rad in [(8192, 256, (32, 16, 16)), (16384, 512, (16, 16, 16, 4)), (16384, 1024, (16, 16, 16, 4)), (4096, 256, (16, 16, 16)), (8192,256,(16,16,32))]:
    for sh in (0, 3, 4, 5):
        r, per = model(N, TPT, rad, sh)
        print(N, TPT, rad, 'sh', sh, 'ratio %.2f' % r, ' '.join('R%d ls%d put %.1f get %.1f' % p for p in per))
print('---')
def fast(N, TPT, rad, sh):
    if sh == 0: return True
    Q = 1 << sh; ls = 1; ok = True
    for si, R in enumerate(rad):
        NB = N // R
        if si > 0 and not (TPT % Q == 0 and NB % Q == 0): ok = False   # inp
        if si < len(rad) - 1 and not (ls % Q == 0 or (ls == 1 and R % Q == 0)): ok = False  # outp
        ls *= R
    return ok
for N, TPT in [(8192, 256), (16384, 512), (16384, 1024), (4096, 256)]:
    E = N // TPT
    cands = set()
    for k in range(2, 5):
        for rad in itertools.product([4, 8, 16, 32], repeat=k):
            p = 1
            for r in rad: p *= r
            if p == N and all((N // r) % TPT == 0 for r in rad) and all(r <= E for r in rad):
                cands.add(rad)
    for rad in sorted(cands):
        for sh in (4, 5):
            r, per = model(N, TPT, rad, sh)
            if r < 1.3 or sh == 4:
                print(N, TPT, rad, 'sh', sh, 'ratio %.2f' % r, 'fast' if fast(N, TPT, rad, sh) else 'slow-addr')
print('--- tkernel: wavefronts an access, PadS\'s stride (extra 0) and TStride\'s')


for N, TPT, rad, FPB in [(4096, 256, (16, 16, 16), 4), (4096, 128, (16, 16, 16), 4),
                         (2048, 128, (8, 16, 16), 4), (2048, 128, (16, 16, 8), 4),
                         (1024, 64, (4, 16, 16), 8), (1024, 64, (16, 16, 4), 8),
                         (2048, 128, (8, 16, 16), 8), (2048, 128, (16, 16, 8), 8),
                         (1024, 64, (4, 16, 16), 16), (1024, 64, (16, 16, 4), 16),
                         (512, 32, (2, 16, 16), 32), (256, 16, (16, 16), 32)]:
    for sh in (0, 4):
        ps = frame_stride(N, sh, 0)
        ts = ps if FPB >= 32 else ps + ((32 // FPB - ps % 32) % 32 + 32) % 32
        print(N, TPT, rad, 'fpb', FPB, 'sh', sh, 'PadS %.2f' % model(N, TPT, rad, sh, FPB, 0)[0],
              'TStride %.2f' % model(N, TPT, rad, sh, FPB, ts - ps)[0])
