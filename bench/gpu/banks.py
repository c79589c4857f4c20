#!/usr/bin/env python3
"""bench/gpu/banks.py - shared-memory bank model of the specialised kernels.

Replays the shared-memory addresses of kernels/gfp_gpu_fast.cuh (fstage's
Stockham reads and writes, the C2C staged store, the R2C split step) for one
kernel configuration, warp by warp, and counts wavefronts: for each warp-wide
access, the largest number of distinct 4-byte words that fall in one of the
32 banks. Two models, since how a warp's 8- and 16-byte accesses are split
is not documented exactly: A counts over the whole warp, B per group of
threads that covers 128 bytes (16 threads of f32 complex, 8 of f64).
The ratio to the conflict-free count is printed for the layout as built
(padding every 16 elements, PadN frame stride) and the best layout found
over the padding shift (none, 3, 4, 5: element i at i + (i >> sh)) and
extra frame stride (PSX, 0..31 elements, only with several frames a block).

    python3 bench/gpu/banks.py          # the table of bench/NOTES.md, v7
"""
from collections import defaultdict


def pad(i, sh):
    return i + (i >> sh) if sh else i


def frame_stride(n, sh, extra):
    return ((n + ((n >> sh) if sh else 0) + 1) | 1) + extra


def waves(addrs, wpe, model):
    """wavefronts of one warp-wide access to element addresses addrs"""
    group = 32 if model == 'A' else 32 // wpe
    total = 0
    for g in range(0, len(addrs), group):
        banks = defaultdict(set)
        for a in addrs[g:g + group]:
            for q in range(wpe):
                w = a * wpe + q
                banks[w % 32].add(w)
        total += max(len(v) for v in banks.values())
    return total


def ratio(n, tpt, fpb, radices, esz, sh, extra, model, pp=False,
          direct_in=True, direct_out=True, r2c=False):
    """wavefronts / conflict-free wavefronts over one block's shared traffic"""
    ps = frame_stride(n, sh, extra)
    bs = fpb * ps
    nt = tpt * fpb
    wpe = esz // 4
    got = ideal = 0

    def acc(addrs):
        nonlocal got, ideal
        if addrs:
            got += waves(addrs, wpe, model)
            ideal += (len(addrs) * wpe + 31) // 32

    ls, par = 1, 0
    for si, r in enumerate(radices):
        nb = n // r
        mb = (nb + tpt - 1) // tpt
        opar = 1 - par if pp else par
        first, last = si == 0, si == len(radices) - 1
        for phase in 'rw':
            if (phase == 'r' and first and direct_in) or \
               (phase == 'w' and last and direct_out):
                continue
            for w0 in range(0, nt, 32):
                for b in range(mb):
                    for s in range(r):
                        addrs = []
                        for tid in range(w0, min(w0 + 32, nt)):
                            t, x = divmod(tid, tpt)
                            j = x + b * tpt
                            if j >= nb:
                                continue
                            if phase == 'r':
                                addrs.append(par * bs + t * ps + pad(j + s * nb, sh))
                            else:
                                k = j % ls
                                addrs.append(opar * bs + t * ps +
                                             pad((j - k) * r + k + s * ls, sh))
                        acc(addrs)
        ls *= r
        par = opar
    if not direct_out and not r2c:  # C2C staged store: 16-byte pieces
        per = 16 // esz
        nv = fpb * n // per
        for it in range((nv + nt - 1) // nt):
            for w0 in range(0, nt, 32):
                for q in range(per):
                    addrs = []
                    for tid in range(w0, min(w0 + 32, nt)):
                        u = tid + it * nt
                        if u < nv:
                            tt, i = divmod(u * per, n)
                            addrs.append(tt * ps + pad(i + q, sh))
                    acc(addrs)
    if r2c:  # split step: bins k and n - k
        np_ = n // 2 + 1
        for it in range((fpb * np_ + nt - 1) // nt):
            for w0 in range(0, nt, 32):
                a1, a2 = [], []
                for tid in range(w0, min(w0 + 32, nt)):
                    e = tid + it * nt
                    if e < fpb * np_:
                        tt, k = divmod(e, np_)
                        a1.append(tt * ps + pad(k, sh))
                        a2.append(tt * ps + pad(n - k if k else 0, sh))
                acc(a1)
                acc(a2)
    return got / ideal


# name, (n, threads per frame, frames per block, radices, bytes per element,
#        options); as in kernels/gfp_gpu_fast_*.cu before v7, and ("v7")
# the cuts v7's A/B runs chose where they changed
CONFIGS = [
    ('c2c f32 16', (16, 4, 64, [4, 4], 8, dict(direct_out=False))),
    ('c2c f32 32', (32, 8, 32, [2, 4, 4], 8, dict(direct_out=False))),
    ('c2c f32 64', (64, 8, 32, [8, 8], 8, {})),
    ('c2c f32 128', (128, 8, 32, [8, 16], 8, {})),
    ('c2c f32 128 v7', (128, 32, 8, [4, 4, 8], 8, {})),
    ('c2c f32 256', (256, 16, 16, [16, 16], 8, {})),
    ('r2c f32 64', (32, 4, 64, [4, 8], 8, dict(direct_out=False, r2c=True))),
    ('r2c f32 128', (64, 8, 32, [8, 8], 8, dict(direct_out=False, r2c=True))),
    ('r2c f32 256', (128, 8, 32, [8, 16], 8, dict(direct_out=False, r2c=True))),
    ('r2c f32 256 v7', (128, 16, 16, [16, 8], 8, dict(direct_out=False, r2c=True))),
    ('r2c f32 512', (256, 16, 16, [16, 16], 8, dict(direct_out=False, r2c=True))),
    ('c2c f32 1000', (1000, 100, 3, [10, 10, 10], 8, {})),
    ('c2c f32 1331', (1331, 121, 2, [11, 11, 11], 8, {})),
    ('c2c f32 2187', (2187, 243, 1, [9, 9, 9, 3], 8, {})),
    ('c2c f32 2197', (2197, 169, 3, [13, 13, 13], 8, {})),
    ('c2c f32 2401', (2401, 343, 1, [7, 7, 7, 7], 8, dict(pp=True))),
    ('c2c f32 3000', (3000, 375, 1, [8, 15, 5, 5], 8, {})),
    ('c2c f32 3000 v7', (3000, 200, 1, [8, 15, 25], 8, {})),
    ('c2c f32 3125', (3125, 125, 2, [25, 25, 5], 8, {})),
    ('c2c f32 4095', (4095, 455, 1, [13, 9, 7, 5], 8, {})),
    ('c2c f64 1000', (1000, 100, 3, [10, 10, 10], 16, {})),
    ('c2c f64 1331', (1331, 121, 2, [11, 11, 11], 16, {})),
    ('c2c f64 2187', (2187, 243, 1, [9, 9, 9, 3], 16, {})),
    ('c2c f64 2197', (2197, 169, 1, [13, 13, 13], 16, {})),
    ('c2c f64 2401', (2401, 343, 1, [7, 7, 7, 7], 16, dict(pp=True))),
    ('c2c f64 3000', (3000, 375, 1, [8, 5, 5, 5, 3], 16, {})),
    ('c2c f64 3125', (3125, 125, 1, [25, 25, 5], 16, {})),
    ('c2c f64 4095', (4095, 455, 1, [13, 9, 7, 5], 16, {})),
    ('c2c f64 8192', (8192, 512, 1, [16, 8, 8, 8], 16, {})),
]


def main():
    print(f"{'kernel':14s} {'v4/v5 A':>8s} {'B':>6s}   {'best A':>7s} {'B':>6s}  layout")
    for name, (n, tpt, fpb, rs, esz, opt) in CONFIGS:
        cur = [ratio(n, tpt, fpb, rs, esz, 4, 0, m, **opt) for m in 'AB']
        extras = range(32) if fpb > 1 else [0]
        best = None
        for sh in (4, 0, 3, 5):
            for e in extras:
                ab = [ratio(n, tpt, fpb, rs, esz, sh, e, m, **opt) for m in 'AB']
                key = (round(sum(ab), 6), sh != 4, e)
                if best is None or key < best[0]:
                    best = (key, ab, sh, e)
        _, ab, sh, e = best
        lay = {4: 'pad 16', 0: 'no pad', 3: 'pad 8', 5: 'pad 32'}[sh]
        print(f"{name:14s} {cur[0]:8.2f} {cur[1]:6.2f}   {ab[0]:7.2f} {ab[1]:6.2f}  "
              f"{lay}{', PSX ' + str(e) if e else ''}")


if __name__ == '__main__':
    main()
