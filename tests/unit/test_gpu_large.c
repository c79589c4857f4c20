/* test_gpu_large.c - the GPU engine at lengths the single-block kernels do
 * not take (multi-pass Stockham for smooth lengths, Bluestein for the
 * rest), against the CPU engine (FFTW in double) and, on the larger and
 * prime lengths, against cuFFT's own error. Fresh random input, poisoned
 * outputs, odd batches split over two slots (two streams on one plan).
 * Without a usable GPU it says so and exits 77 (automake's SKIP).
 *
 * GFP_TEST_QUICK=1 (for compute-sanitizer runs) keeps a few sizes only;
 * GFP_TEST_VERBOSE=1 prints each case's error beside cuFFT's.
 * GFP_TEST_SHARD=i/k makes only the checks whose running index is i modulo
 * k (the random draws are the same in every shard), so that k processes
 * share one run. */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

#include <cuda_runtime_api.h>
#include <unistd.h>

#include "../kernels/gfp_gpu.h"

static gfp_engine *gpu, *cpu, *cufft;
static int quick, verbose;
static unsigned shard_i, shard_k = 1, check_no;
/* C2R input with the imaginary parts of bins 0 and n/2 left random (else
 * zero, as a real signal's spectrum has them) */
static int c2r_edges;


static void fill_input(const gfp_plan_desc *d, size_t nframes, double *x)
{
    size_t per = gfp_plan_in_scalars(d);
    for (size_t f = 0; f < nframes; f++) {
        double amp = 1.0 + (double)f; /* batch mix-ups show */
        for (size_t i = 0; i < per; i++)
            x[f * per + i] = amp * tu_rand_range(-1, 1);
        if (d->kind == GFP_C2R && !c2r_edges) {
            x[f * per + 1] = 0;
            if (d->n % 2 == 0)
                x[f * per + 2 * (d->n / 2) + 1] = 0;
        }
    }
}

/* f32: cuFFT's error is ~2e-7 at 1024 and grows like sqrt(log n); about
 * 5x margin, still far below what a wrong twiddle or index gives */
static double tol_for(const gfp_plan_desc *d)
{
    double lg = log2((double)d->n + 1);
    return d->dbl ? 1e-14 * sqrt(lg + 1) * 4 : 4e-7 * sqrt(lg + 1);
}

typedef struct tally {
    size_t cases;
    double worst;     /* largest err / tol */
    size_t worst_n;
    double worst_cuf; /* largest ours / cuFFT's error */
    size_t worst_cuf_n;
} tally;

/* One case: GPU against FFTW (double); with vs_cufft, also against
 * cuFFT's own error on the same input. */
static void check(tally *t, gfp_kind kind, int inverse, int dbl, size_t n,
                  size_t nframes, gfp_post post, int windowed, int vs_cufft)
{
    if (check_no++ % shard_k != shard_i)
        return;
    gfp_plan_desc d = {.n = n, .kind = kind, .inverse = inverse, .dbl = dbl,
                       .scale = 1.0, .post = post};
    double *win = NULL;
    if (windowed) {
        win = malloc(n * sizeof *win);
        gfp_window w = {GFP_WIN_HANN, 0};
        gfp_window_fill(&w, n, win);
        d.window = win;
        d.scale = 1.0 / (double)n;
    }
    size_t ni = gfp_plan_in_scalars(&d) * nframes;
    size_t no = gfp_plan_out_scalars(&d) * nframes;
    double *x = malloc(ni * sizeof *x), *yg = malloc(no * sizeof *yg);
    double *yr = malloc(no * sizeof *yr);
    if (!x || !yg || !yr) {
        TU_CHECK(0, "n=%zu: out of host memory", n);
        goto out;
    }
    fill_input(&d, nframes, x);
    char msg[600] = "";
    gfp_status st = tu_run_plan(gpu, &d, nframes, 1, x, yg, msg, sizeof msg);
    TU_CHECK(st == GFP_OK, "gpu n=%zu kind=%d inv=%d dbl=%d post=%d: %s", n,
             kind, inverse, dbl, post, msg);
    if (st)
        goto out;
    gfp_plan_desc dr = d;
    dr.dbl = 1;
    st = tu_run_plan(cpu, &dr, nframes, 1, x, yr, msg, sizeof msg);
    TU_CHECK(st == GFP_OK, "cpu reference n=%zu: %s", n, msg);
    if (st)
        goto out;
    double e, tol = tol_for(&d);
    if (post == GFP_POST_PHASE) {
        double num = 0;
        for (size_t i = 0; i < no; i++) {
            double dd = remainder(yg[i] - yr[i], 2 * M_PI);
            num += dd * dd;
        }
        e = sqrt(num / (double)no);
        tol = dbl ? 1e-9 : 1e-2;
    } else {
        if (post == GFP_POST_DB)
            for (size_t i = 0; i < no; i++) {
                yg[i] = pow(10, yg[i] / 10);
                yr[i] = pow(10, yr[i] / 10);
            }
        e = tu_rel_l2(yg, yr, no);
        if (post == GFP_POST_POWER || post == GFP_POST_DB)
            tol *= 2;
    }
    TU_CHECK(e <= tol, "gpu vs cpu n=%zu kind=%d inv=%d dbl=%d post=%d "
             "win=%d: error %.3g > %.3g", n, kind, inverse, dbl, post,
             windowed, e, tol);
    t->cases++;
    if (e / tol > t->worst || !(e == e)) {
        t->worst = e / tol;
        t->worst_n = n;
    }
    if (vs_cufft && cufft && post == GFP_POST_NONE && !windowed) {
        double *yc = malloc(no * sizeof *yc);
        if (yc && tu_run_plan(cufft, &d, nframes, 1, x, yc, msg, sizeof msg) ==
                      GFP_OK) {
            double ec = tu_rel_l2(yc, yr, no);
            /* cuFFT itself returned NaN for some odd-length R2C/C2R cases
             * (H100, CUDA 13.0): no yardstick there, FFTW's check stands */
            if (isfinite(ec))
                TU_CHECK(e <= 2 * ec + (dbl ? 1e-15 : 1e-7),
                     "n=%zu kind=%d inv=%d dbl=%d: ours %.3g vs cuFFT %.3g", n,
                     kind, inverse, dbl, e, ec);
            if (verbose)
                printf("\n    n=%zu kind=%d inv=%d dbl=%d frames=%zu: ours %.3g, cuFFT %.3g (x%.3f)",
                       n, kind, inverse, dbl, nframes, e, ec, ec > 0 ? e / ec : 0.0);
            if (ec > 0 && e / ec > t->worst_cuf) {
                t->worst_cuf = e / ec;
                t->worst_cuf_n = n;
            }
        }
        free(yc);
    }
out:
    free(x); free(yg); free(yr); free(win);
}

static void report(const char *what, const tally *t)
{
    printf("\n  %s: %zu cases, worst err/tol %.3f (n=%zu)", what, t->cases,
           t->worst, t->worst_n);
    if (t->worst_cuf > 0)
        printf(", worst err/cuFFT err %.3f (n=%zu)", t->worst_cuf,
               t->worst_cuf_n);
    TU_CHECK(t->cases > 0 || shard_k > 1, "%s: nothing ran", what);
}

static int is_prime(size_t n)
{
    if (n < 2)
        return 0;
    for (size_t q = 2; q * q <= n; q++)
        if (n % q == 0)
            return 0;
    return 1;
}

/* the combinations besides C2C forward f32 */
static const struct { gfp_kind k; int inv, dbl; } combos[] = {
    {GFP_C2C, 1, 0}, {GFP_R2C, 0, 0}, {GFP_C2R, 1, 0}, {GFP_C2C, 0, 1},
    {GFP_C2C, 1, 1}, {GFP_R2C, 0, 1}, {GFP_C2R, 1, 1}};
#define NCOMBO (sizeof combos / sizeof combos[0])

/* Every n from 1 to 4096: C2C forward f32 always, every combination for
 * n <= 256, and above that one other combination drawn at random for
 * every fourth n (the primes test covers every combination). */
static void t_every_n(void)
{
    tally t = {0};
    for (size_t n = 1; n <= 4096; n++) {
        if (quick && !(n <= 20 || n == 97 || n == 1000 || n == 4093))
            continue;
        check(&t, GFP_C2C, 0, 0, n, n <= 64 ? 5 : 3, GFP_POST_NONE, 0, 0);
        for (size_t c = 0; c < NCOMBO; c++) {
            int pick = n <= 256 || (n % 4 == 0 && c == (size_t)tu_rand_below(NCOMBO));
            if (!pick || (combos[c].k != GFP_C2C && n < 2))
                continue;
            check(&t, combos[c].k, combos[c].inv, combos[c].dbl, n,
                  n <= 64 ? 5 : 3, GFP_POST_NONE, 0, 0);
        }
    }
    report("every n 1..4096", &t);
}

/* Primes up to 10000 (a random sample), every kind and precision, and
 * the awkward lengths, against cuFFT's error too. */
static void t_primes(void)
{
    tally t = {0};
    size_t fixed[] = {4093, 4241, 7727, 8191, 9973, 45045, 33728, 100000};
    size_t list[64], nl = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        list[nl++] = fixed[i];
    int want = quick ? 2 : 24;
    while (want > 0) {
        size_t n = 4097 + (size_t)tu_rand_below(10000 - 4097);
        if (is_prime(n)) {
            list[nl++] = n;
            want--;
        }
    }
    for (size_t i = 0; i < nl; i++) {
        if (quick && i >= 2 && i < 8)
            continue;
        size_t n = list[i];
        check(&t, GFP_C2C, 0, 0, n, 3, GFP_POST_NONE, 0, 1);
        for (size_t c = 0; c < NCOMBO; c++)
            if (!quick || c == (size_t)tu_rand_below(NCOMBO))
                check(&t, combos[c].k, combos[c].inv, combos[c].dbl, n, 3,
                      GFP_POST_NONE, 0, 1);
    }
    report("primes and awkward lengths", &t);
}

/* A random sample of lengths up to 2^24 (log-uniform), smooth and not. */
static void t_random_large(void)
{
    tally t = {0};
    int count = quick ? 3 : 16;
    for (int i = 0; i < count; i++) {
        double lg = 12 + tu_rand01() * (quick ? 5 : 12);
        size_t n = (size_t)exp2(lg);
        if (i % 3 == 0) /* every third one smooth: 2^a 3^b 5^c 7^d */
            for (;; n++) {
                size_t m = n;
                static const size_t p[] = {2, 3, 5, 7};
                for (int k = 0; k < 4; k++)
                    while (m % p[k] == 0)
                        m /= p[k];
                if (m == 1)
                    break;
            }
        check(&t, GFP_C2C, 0, 0, n, 1, GFP_POST_NONE, 0, 1);
        size_t c = (size_t)tu_rand_below(NCOMBO);
        check(&t, combos[c].k, combos[c].inv, combos[c].dbl, n, 1,
              GFP_POST_NONE, 0, 1);
    }
    report("random lengths up to 2^24", &t);
}

/* Powers of two: C2C f32 up to 2^27, f64 up to 2^26, R2C/C2R some. */
static void t_pow2(void)
{
    tally t = {0};
    int top = quick ? 16 : 27;
    for (int k = 14; k <= top; k++) {
        size_t n = (size_t)1 << k;
        check(&t, GFP_C2C, 0, 0, n, k <= 20 ? 3 : 1, GFP_POST_NONE, 0, 1);
        if (k % 3 == 0 || k == top) {
            check(&t, GFP_C2C, 1, 1, n >> (k == 27), 1, GFP_POST_NONE, 0, 1);
            check(&t, GFP_R2C, 0, 0, n, 1, GFP_POST_NONE, 0, 1);
            check(&t, GFP_C2R, 1, 1, n >> (k == 27), 1, GFP_POST_NONE, 0, 1);
        }
        if (k % 3 == 1) {
            check(&t, GFP_R2C, 0, 1, n >> (k == 27), 1, GFP_POST_NONE, 0, 1);
            check(&t, GFP_C2R, 1, 0, n, 1, GFP_POST_NONE, 0, 1);
        }
    }
    report("powers of two", &t);
}

/* R2C and C2R of odd lengths on the generic route, two real frames a
 * complex FFT (gfp_gpu_large.cu's gpair): batches of 1, 2 and 5 (the last
 * pair a frame alone), both precisions, R2C with a window and each post-op, and the
 * lengths through the four-step (16875 = 135 x 125, 45045, 59049 = 3^10);
 * 83521 = 17^4, not 13-smooth, goes through Bluestein, a frame each (a
 * control). */
static void t_pairs(void)
{
    tally t = {0};
    static const size_t ns[] = {16875, 45045, 59049, 83521};
    static const size_t fr[] = {1, 2, 5};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
        for (int dbl = 0; dbl < 2; dbl++)
            for (size_t f = 0; f < 3; f++) {
                if (quick && (f + i + (size_t)dbl) % 2)
                    continue;
                check(&t, GFP_R2C, 0, dbl, ns[i], fr[f], GFP_POST_NONE, 0, 1);
                check(&t, GFP_C2R, 1, dbl, ns[i], fr[f], GFP_POST_NONE, 0, 1);
            }
    static const gfp_post posts[] = {GFP_POST_POWER, GFP_POST_DB, GFP_POST_MAG, GFP_POST_PHASE};
    for (size_t q = 0; q < 4; q++)
        check(&t, GFP_R2C, 0, (int)(q % 2), 45045, 3, posts[q], 1, 0);
    report("R2C and C2R of odd lengths, two frames a transform", &t);
}

/* 32768 (C2C f32) both ways, the cluster kernel on and off
 * (GFP_GPU_1CL=1, =0): which one a device takes by default depends on its
 * memory's speed (gfp_gpu_large.cu's cluster_create), so each is checked
 * by name; the C2C f32 of 65536 with the inverse's cluster core under C2R
 * (its core is 32768). A device without clusters runs the four-step
 * both times. */
static void t_cluster_1d(void)
{
    tally t = {0};
    for (int on = 0; on < 2; on++) {
        setenv("GFP_GPU_1CL", on ? "1" : "0", 1);
        check(&t, GFP_C2C, 0, 0, 32768, 5, GFP_POST_NONE, 0, 1);
        check(&t, GFP_C2C, 1, 0, 32768, 2, GFP_POST_NONE, 0, 1);
        check(&t, GFP_C2R, 1, 0, 65536, 3, GFP_POST_NONE, 0, 1);
    }
    unsetenv("GFP_GPU_1CL");
    /* R2C 65536 in one cluster pass with the split fused (GFP_GPU_1CLR=1,
     * an A/B form): odd and even batches (two slots), against cuFFT */
    setenv("GFP_GPU_1CLR", "1", 1);
    check(&t, GFP_R2C, 0, 0, 65536, 5, GFP_POST_NONE, 0, 1);
    check(&t, GFP_R2C, 0, 0, 65536, 2, GFP_POST_NONE, 0, 1);
    unsetenv("GFP_GPU_1CLR");
    /* Z2Z f64 16384 and 32768 across a cluster (GFP_GPU_1CL64=1, an A/B
     * form) */
    setenv("GFP_GPU_1CL64", "1", 1);
    check(&t, GFP_C2C, 0, 1, 16384, 5, GFP_POST_NONE, 0, 1);
    check(&t, GFP_C2C, 1, 1, 16384, 2, GFP_POST_NONE, 0, 1);
    check(&t, GFP_C2C, 0, 1, 32768, 3, GFP_POST_NONE, 0, 1);
    check(&t, GFP_C2C, 1, 1, 32768, 2, GFP_POST_NONE, 0, 1);
    unsetenv("GFP_GPU_1CL64");
    report("32768 with the cluster kernel and without; R2C 65536 and Z2Z f64 16384, 32768 "
           "in one cluster pass", &t);
}

/* C2C of 2^lg (f64 where dbl) on the two cuts a device may take by
 * default (gfp_gpu_large.cu's fast_memory picks one by its memory's
 * speed), each by name: the two-pass four-step (GFP_GPU_4S3=0), then the
 * nested core (GFP_GPU_4S3_MIN=lg, and GFP_GPU_4S3_N1 and _Q where n1q is
 * set); forward one frame, inverse inv_frames. */
static void check_cuts(tally *t, int dbl, int lg, size_t inv_frames, const char *n1q)
{
    const size_t n = (size_t)1 << lg;
    char min[8];
    snprintf(min, sizeof min, "%d", lg);
    for (int nested = 0; nested < 2; nested++) {
        if (!nested) {
            setenv("GFP_GPU_4S3", "0", 1);
        } else {
            setenv("GFP_GPU_4S3_MIN", min, 1);
            if (n1q) {
                setenv("GFP_GPU_4S3_N1", n1q, 1);
                setenv("GFP_GPU_4S3_Q", n1q, 1);
            }
        }
        check(t, GFP_C2C, 0, dbl, n, 1, GFP_POST_NONE, 0, 1);
        check(t, GFP_C2C, 1, dbl, n, inv_frames, GFP_POST_NONE, 0, 1);
        unsetenv("GFP_GPU_4S3");
        unsetenv("GFP_GPU_4S3_MIN");
        unsetenv("GFP_GPU_4S3_N1");
        unsetenv("GFP_GPU_4S3_Q");
    }
}

/* C2C f32 2^24: the four-step 4096 x 4096 and the nested 256 x 256 x 256
 * (the H100 takes the first, the H200 the second); the inverse on two
 * frames. Not in the quick runs (the sanitizers'): 128 MiB a frame. */
static void t_cut24(void)
{
    tally t = {0};
    if (quick)
        return;
    check_cuts(&t, 0, 24, 2, "256");
    report("2^24 on the nested cut and on the four-step", &t);
}

/* Z2Z f64 2^23: the four-step 2048 x 4096 (the H100's default) and the
 * nested cut (the H200's). Not in the quick runs: 128 MiB a frame. */
static void t_cut23(void)
{
    tally t = {0};
    if (quick)
        return;
    check_cuts(&t, 1, 23, 1, NULL);
    report("Z2Z f64 2^23 on the four-step and on the nested cut", &t);
}

/* C2R f32 on its own kernels (stop 32): one block a frame with the
 * merge in the load or (n 4096, 16384, 32768) in the first stage's
 * registers (gfp_fast_c2r_f32, n 32 .. 32768; batches that leave a
 * partial last block where a block holds several frames), and the
 * four-step's first pass with the merge fused (n 2^16 .. 2^23, cores
 * n1 128 .. 1024; 2^24 the nested core's), each also with the switch that turns it off
 * (GFP_GPU_NOFASTC2R=1, GFP_GPU_4S_MERGE=0: the merge a pass of its
 * own). R2C's one-block kernels at the same lengths (n 8192 .. 32768:
 * the split in the last stage's registers). Each case against FFTW and
 * cuFFT's error. */
static void t_c2r(void)
{
    tally t = {0};
    static const size_t one[][2] = {{32, 300}, {256, 37}, {1024, 7}, {4096, 5},
                                    {8192, 3}, {16384, 3}, {32768, 2}};
    static const size_t four[] = {65536, 131072, 262144, 524288, 1048576, 2097152,
                                  4194304, 8388608, 16777216};
    for (int off = 0; off < 2; off++) {
        if (off)
            setenv("GFP_GPU_NOFASTC2R", "1", 1);
        for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
            if (!quick || i % 2 == 1 || one[i][0] == 32768) {
                check(&t, GFP_C2R, 1, 0, one[i][0], one[i][1], GFP_POST_NONE, 0, 1);
                if (!off)
                    check(&t, GFP_R2C, 0, 0, one[i][0], one[i][1], GFP_POST_NONE, 0, 1);
            }
        unsetenv("GFP_GPU_NOFASTC2R");
        if (off)
            setenv("GFP_GPU_4S_MERGE", "0", 1);
        for (size_t i = 0; i < sizeof four / sizeof four[0]; i++)
            if (!quick || four[i] == 65536 || four[i] == 1048576)
                check(&t, GFP_C2R, 1, 0, four[i], i < 4 ? 3 : 1, GFP_POST_NONE, 0, 1);
        unsetenv("GFP_GPU_4S_MERGE");
    }
    report("C2R f32: merge in the load or the first stage, merge in the first pass; "
           "R2C f32 in one block", &t);
}

/* C2R of spectra whose bins 0 and n/2 have imaginary parts: FFTW's c2r
 * takes those bins as real, and so must every GPU route, which packs
 * bins 0 and n/2 together (even n: the generic one-block kernel, f32's
 * own, the merge in a pass of its own or in the four-step's first pass,
 * the nested core's) or builds the whole spectrum (odd n, and Bluestein:
 * one frame a transform, two frames a transform, where one frame's
 * imaginary parts could reach the other's output; the one-block
 * Bluestein and the four-step's). Against FFTW only: cuFFT reads those
 * parts. */
static void t_c2r_edges(void)
{
    tally t = {0};
    static const struct { size_t n, fr; int dbl; const char *env; } cs[] = {
        {8, 5, 0, NULL},          {30, 3, 1, NULL},
        {256, 37, 0, NULL},       {256, 3, 0, "GFP_GPU_NOFASTC2R"},
        {1024, 3, 1, NULL},       {16384, 3, 0, NULL},
        {32768, 2, 0, NULL},      {65536, 3, 0, NULL},
        {65536, 3, 0, "GFP_GPU_4S_MERGE"}, {65536, 2, 1, NULL},
        {1048576, 1, 0, NULL},    {16777216, 1, 0, NULL},
        {8186, 3, 0, NULL},       {200000, 2, 0, NULL},
        {15, 4, 0, NULL},         {1001, 1, 0, NULL},
        {1001, 3, 1, NULL},       {4093, 2, 0, NULL},
        {4093, 3, 0, NULL},       {8186, 1, 0, NULL},
        {4097, 3, 1, NULL},       {10239, 3, 0, NULL},
        {20014, 3, 0, NULL},      {45045, 3, 0, NULL},
    };
    c2r_edges = 1;
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        if (quick && cs[i].n == 16777216)
            continue;
        if (cs[i].env)
            setenv(cs[i].env, strcmp(cs[i].env, "GFP_GPU_4S_MERGE") ? "1" : "0", 1);
        check(&t, GFP_C2R, 1, cs[i].dbl, cs[i].n, cs[i].fr, GFP_POST_NONE, 0, 0);
        if (cs[i].env)
            unsetenv(cs[i].env);
    }
    c2r_edges = 0;
    report("C2R: bins 0 and n/2 taken as real", &t);
}

/* Windows, scales and post-ops at large and awkward lengths (the pre and
 * post steps, the split step's post-op, the one-block Bluestein's). */
static void t_fused(void)
{
    tally t = {0};
    check(&t, GFP_R2C, 0, 0, 65536, 3, GFP_POST_POWER, 1, 0);
    check(&t, GFP_R2C, 0, 0, 100000, 3, GFP_POST_DB, 0, 0);
    check(&t, GFP_R2C, 0, 0, 4093, 3, GFP_POST_POWER, 1, 0);
    check(&t, GFP_C2C, 0, 0, 32768, 3, GFP_POST_MAG, 0, 0);
    check(&t, GFP_C2C, 1, 0, 40000, 3, GFP_POST_NONE, 1, 0);
    check(&t, GFP_C2C, 0, 1, 10007, 3, GFP_POST_PHASE, 0, 0);
    check(&t, GFP_C2C, 0, 0, 17, 9, GFP_POST_MAG, 1, 0);
    check(&t, GFP_R2C, 0, 1, 30031, 3, GFP_POST_NONE, 1, 0);
    report("windows, scales, post-ops", &t);
}

/* The specialised one-block Bluestein (kernels/gfp_gpu_fast_blue.cu): M
 * the smallest of f32 2304, 2560, 4096, 4608, 8192, 9216, 12288, 16384 (n
 * 1025..8192), f64 4096, 8192 (n 1025..4096) >= 2n-1 that has the plan's
 * form. Lengths at both ends of each M (1025 and 1151, 1153 and 1279, 1281
 * and 2047, 2049 and 2303, 2305 and 4094, 4097 and 4607, 4609 and 6143,
 * 6145 and 8191, and 1535, 1537, 3071, 3073 between) and the
 * issue's, every kind and direction, batches of 1, 4 and 7 (two slots, so
 * a launch of one frame too); then the window and post-op forms, which
 * take the general kernel of the next M that has one (f32 4096 .. 12288)
 * or, where none does (f32 M = 16384, f64 M = 8192), the generic one-block
 * kernel. */
static void t_blue_fast(void)
{
    tally t = {0};
    static const size_t ns[] = {1025, 1031, 1151, 1153, 1279, 1281, 1535, 1537, 2047,
                                2049, 2303, 2305, 3001, 3071, 3073, 4093, 4094, 4097,
                                4241, 4607, 4609, 6143, 6145, 7727, 8186, 8191};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        size_t n = ns[i];
        if (quick && n != 1153 && n != 2047 && n != 3071 && n != 4093 && n != 4241 &&
            n != 6143 && n != 8191)
            continue;
        size_t nb = 1 + 3 * (i % 3);
        check(&t, GFP_C2C, 0, 0, n, nb, GFP_POST_NONE, 0, 1);
        for (size_t c = 0; c < NCOMBO; c++)
            check(&t, combos[c].k, combos[c].inv, combos[c].dbl, n,
                  1 + 3 * ((i + c + 1) % 3), GFP_POST_NONE, 0, 1);
    }
    check(&t, GFP_C2C, 0, 0, 2047, 4, GFP_POST_MAG, 1, 0);
    check(&t, GFP_R2C, 0, 0, 1151, 3, GFP_POST_POWER, 1, 0); /* M 2304 has no general form: 4096 */
    check(&t, GFP_C2C, 1, 0, 3001, 3, GFP_POST_NONE, 1, 0);
    check(&t, GFP_R2C, 0, 0, 4093, 5, GFP_POST_DB, 1, 0);
    check(&t, GFP_C2C, 1, 0, 7727, 3, GFP_POST_NONE, 1, 0);
    check(&t, GFP_R2C, 0, 0, 8191, 2, GFP_POST_POWER, 0, 0);
    check(&t, GFP_R2C, 0, 0, 4241, 3, GFP_POST_MAG, 1, 0);
    check(&t, GFP_C2R, 1, 0, 6143, 3, GFP_POST_NONE, 0, 0);
    check(&t, GFP_C2C, 0, 1, 1031, 3, GFP_POST_PHASE, 0, 0);
    check(&t, GFP_R2C, 0, 1, 2049, 3, GFP_POST_POWER, 1, 0);
    check(&t, GFP_C2C, 1, 1, 4093, 2, GFP_POST_NONE, 1, 0);
    /* C2C f32 16384 in one block (the same file) */
    check(&t, GFP_C2C, 0, 0, 16384, 1, GFP_POST_NONE, 0, 1);
    check(&t, GFP_C2C, 1, 0, 16384, 5, GFP_POST_NONE, 0, 1);
    check(&t, GFP_C2C, 0, 0, 16384, 3, GFP_POST_MAG, 1, 0);
    /* R2C f32 16384: nf 8192 in one block (gfp_gpu_fast_r2c32.cu) */
    check(&t, GFP_R2C, 0, 0, 16384, 1, GFP_POST_NONE, 0, 1);
    check(&t, GFP_R2C, 0, 0, 16384, 7, GFP_POST_NONE, 0, 1);
    check(&t, GFP_R2C, 0, 0, 16384, 3, GFP_POST_POWER, 1, 0);
    report("one-block bluestein, specialised; c2c and r2c f32 16384", &t);
}

/* Bluestein on the four-step in three passes (gfp_gpu_fast_4sb.cu): f64
 * past 4096, f32 past 8192, M = n1 n2 with n1 a power of two from 128 and
 * n2 of 72 .. 4096. Lengths at both ends of an M (f64 4097 and 4608 on
 * 128 x 72, 4609 on 128 x 80, 6143 on 128 x 96, 7727 on 128 x 128, 8193
 * on 128 x 160; f32 8193 and 10239 on 128 x 160, 12289 on 128 x 240,
 * 40009 on 256 x 320) and a long one (f32 1000003 on 2048 x 1024), every
 * kind and direction (odd and even n: R2C and C2R), batches of 1 to 5 (odd
 * batches split over two slots: frames of one launch straddle the
 * blocks' matrices). */
static void t_blue4(void)
{
    tally t = {0};
    static const struct { size_t n; int dbl; } ns[] = {
        {4097, 1}, {4608, 1}, {4609, 1}, {6143, 1}, {7727, 1}, {8193, 1},
        {8193, 0}, {10239, 0}, {10240, 0}, {12289, 0}, {40009, 0}};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        size_t n = ns[i].n, nb = 1 + 2 * (i % 3);
        int dbl = ns[i].dbl;
        if (quick && i % 2)
            continue;
        check(&t, GFP_C2C, 0, dbl, n, nb, GFP_POST_NONE, 0, 1);
        check(&t, GFP_C2C, 1, dbl, n, 5 - nb / 2, GFP_POST_NONE, 0, 1);
        check(&t, GFP_R2C, 0, dbl, n, nb, GFP_POST_NONE, 0, 1);
        check(&t, GFP_C2R, 1, dbl, n, 3, GFP_POST_NONE, 0, 1);
    }
    if (!quick)
        check(&t, GFP_C2C, 0, 0, 1000003, 1, GFP_POST_NONE, 0, 1);
    report("bluestein on the four-step, three passes", &t);
}

/* Bluestein whole in one block, several frames a block (route BLUES:
 * non-smooth n <= 1024, M = 2^a 3^b 5^c of 64 .. 2048): n at the ends of
 * the M (17 and 31 on 64, 47 on 96, 61 on 128, 79 on 160, 127 on 256, 157
 * on 320, 191 on 384, 255 on 512, 257 and 319 on 640, 383 on 768, 511 on
 * 1024, 641 and 767 on 1536, 769 and 1021 on 2048), every kind and
 * direction, batches of 1 to 37 (partial last blocks, odd last pairs of
 * R2C and C2R). */
static void t_blues(void)
{
    tally t = {0};
    static const size_t ns[] = {17,  31,  47,  61,  79,  127, 157, 191, 255,
                                257, 319, 383, 511, 641, 767, 769, 1021};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        size_t n = ns[i], nb = 1 + 12 * (i % 4);
        if (quick && n != 17 && n != 127 && n != 257 && n != 383 && n != 1021)
            continue;
        check(&t, GFP_C2C, 0, 0, n, nb, GFP_POST_NONE, 0, 1);
        for (size_t c = 0; c < NCOMBO; c++)
            check(&t, combos[c].k, combos[c].inv, combos[c].dbl, n, 1 + 12 * ((i + c + 1) % 4),
                  GFP_POST_NONE, 0, 1);
    }
    report("bluestein in one block, frames a block", &t);
}

/* The four-step at lengths with odd factors (L = n1 n2, both passes from
 * gfp_gpu_fast_4s.cu's kernels of 136, 195, 200, 210, 250, 400 and 124,
 * 105, 120, 210, 231, 240, 248, 250, 270, 400, 420): C2C of L, R2C and C2R of 2 L
 * (R2C f32's split in the second pass where its row length has a split
 * form: 100000, 44100, 48000, 88200, 96000; else a pass of its own), the audio rates (44100 = 210 x 210,
 * 48000 = 200 x 240, 88200 = 210 x 420, 96000 = 400 x 240), 33728 = 136 x
 * 248 without Bluestein (radices 17 and 31; R2C and C2R on 16864 = 136 x
 * 124), the prime 40009 (Bluestein: plain, on the three passes of
 * t_blue4, M = 81920 = 256 x 320; with a window and a post-op, the
 * six-step route on M = 81900 = 195 x 420, such a product), every kind
 * and precision, odd batches; a window and a post-op through the pre and
 * post steps. */
static void t_fourstep_odd(void)
{
    tally t = {0};
    static const size_t ns[] = {45045, 100000, 48750, 54000, 62500, 78000, 33728, 40009,
                                44100, 48000, 88200, 96000};
    /* R2C and C2R of 44100 and 48000 on 22050 = 210 x 105, 24000 = 200 x 120 */
    for (int dbl = 0; dbl < 2; dbl++)
        for (size_t i = 0; i < 2; i++) {
            size_t n = i ? 48000 : 44100;
            if (quick && (dbl || !i))
                continue;
            check(&t, GFP_R2C, 0, dbl, n, 3, GFP_POST_NONE, 0, 1);
            if (!quick)
                check(&t, GFP_C2R, 1, dbl, n, 2, GFP_POST_NONE, 0, 1);
        }
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        size_t n = ns[i];
        if (quick && n != 45045 && n != 100000 && n != 33728)
            continue;
        check(&t, GFP_C2C, 0, 0, n, 3, GFP_POST_NONE, 0, 1);
        for (size_t c = 0; c < NCOMBO; c++)
            if (!quick || c == (size_t)tu_rand_below(NCOMBO))
                check(&t, combos[c].k, combos[c].inv, combos[c].dbl, n, 1 + 2 * (c % 2),
                      GFP_POST_NONE, 0, 1);
    }
    check(&t, GFP_R2C, 0, 0, 100000, 3, GFP_POST_POWER, 1, 0);
    check(&t, GFP_C2C, 1, 0, 45045, 3, GFP_POST_NONE, 1, 0);
    check(&t, GFP_C2C, 0, 0, 40009, 3, GFP_POST_MAG, 1, 0);
    report("four-step at lengths with odd factors", &t);
}

/* The nested four-step (gfp_gpu_large.cu's nested_create: L = n1 x p x q
 * in three passes; by default from 2^25, which only the full t_pow2
 * reaches), forced from 2^21 (GFP_GPU_4S3_MIN) with rows of q = 128
 * (GFP_GPU_4S3_Q): C2C of 2^21 = 128 x 128 x 128 and 2^22 = 128 x 256 x
 * 128, R2C and C2R of 2^22 (the core of 2^21, the split in a pass of its
 * own: there is no split pass of 128); then q = 256: C2C of 2^23 = 128 x
 * 256 x 256, R2C and C2R of 2^23 (the core 2^22 = 128 x 128 x 256, R2C f32
 * with the split in the third pass). Both precisions, batches of 1 to 3
 * (the last pass runs a launch a frame). GFP_GPU_LARGE_DEBUG=1 shows the
 * routes taken. */
static void t_nested(void)
{
    tally t = {0};
    setenv("GFP_GPU_4S3_MIN", "21", 1);
    for (int k = 21; k <= 23; k++) {
        size_t n = (size_t)1 << k;
        setenv("GFP_GPU_4S3_Q", k < 23 ? "128" : "256", 1);
        if (k == 21 || !quick)
            check(&t, GFP_C2C, 0, 0, n, 3, GFP_POST_NONE, 0, 1);
        for (size_t c = 0; c < NCOMBO; c++) {
            const int real = combos[c].k != GFP_C2C;
            if ((k == 21 && real) || (quick && (k == 21) == real))
                continue;
            if (quick && k == 23 && (combos[c].k != GFP_R2C || combos[c].dbl))
                continue;
            check(&t, combos[c].k, combos[c].inv, combos[c].dbl, n, 1 + (c + (size_t)k) % 3,
                  GFP_POST_NONE, 0, 1);
        }
    }
    unsetenv("GFP_GPU_4S3_MIN");
    unsetenv("GFP_GPU_4S3_Q");
    report("four-step nested, three passes", &t);
}

/* In-place C2C through the plain C API (the engine runs out of place):
 * nb frames of each of the n sizes[], in place and out of place alike. */
static void inplace_cases(const size_t *sizes, size_t nsizes, size_t nb)
{
    for (size_t si = 0; si < nsizes; si++) {
        size_t n = sizes[si];
        gfp_gpu_desc gd = {.n = n, .kind = GFP_GPU_C2C, .inverse = 0,
                           .dbl = 0, .scale = 1.0, .device = 0};
        gfp_gpu_plan *p = NULL;
        char msg[256] = "";
        int rc = gfp_gpu_plan_create(&gd, &p, msg, sizeof msg);
        TU_CHECK(rc == 0, "plan n=%zu: %s", n, msg);
        float *h = malloc(2 * n * nb * sizeof *h);
        float *ho = malloc(2 * n * nb * sizeof *ho);
        void *d1 = NULL, *d2 = NULL;
        if (rc || !h || !ho ||
            cudaMalloc(&d1, 2 * n * nb * sizeof *h) != cudaSuccess ||
            cudaMalloc(&d2, 2 * n * nb * sizeof *h) != cudaSuccess) {
            TU_CHECK(0, "setup n=%zu", n);
            goto next;
        }
        for (size_t i = 0; i < 2 * n * nb; i++)
            h[i] = (float)tu_rand_range(-1, 1);
        cudaMemcpy(d1, h, 2 * n * nb * sizeof *h, cudaMemcpyHostToDevice);
        cudaMemcpy(d2, h, 2 * n * nb * sizeof *h, cudaMemcpyHostToDevice);
        rc = gfp_gpu_plan_exec(p, d1, d2, nb, NULL, msg, sizeof msg) ||
             gfp_gpu_plan_exec(p, d1, d1, nb, NULL, msg, sizeof msg);
        TU_CHECK(rc == 0 && cudaDeviceSynchronize() == cudaSuccess,
                 "exec n=%zu: %s", n, msg);
        cudaMemcpy(h, d1, 2 * n * nb * sizeof *h, cudaMemcpyDeviceToHost);
        cudaMemcpy(ho, d2, 2 * n * nb * sizeof *h, cudaMemcpyDeviceToHost);
        /* in place and out of place: the same kernels, the same answer */
        size_t bad = 0;
        for (size_t i = 0; i < 2 * n * nb; i++)
            bad += !(h[i] == ho[i]);
        TU_CHECK(bad == 0, "n=%zu: in place differs in %zu values", n, bad);
    next:
        if (d1) cudaFree(d1);
        if (d2) cudaFree(d2);
        free(h);
        free(ho);
        gfp_gpu_plan_destroy(p);
    }
}

static void t_inplace(void)
{
    static const size_t sizes[] = {32768, 1 << 21, 4093, 100003, 16384, 7727};
    inplace_cases(sizes, sizeof sizes / sizeof sizes[0], 2);
}

/* The four-step's batch in chunks (gfp_gpu_large.cu's l2_chunk), the
 * chunk set small (GFP_GPU_L2CHUNK, KiB: two and a half frames of the
 * core, so two frames) so that 7 frames make four chunks, the last
 * short, on one stream and on two (GFP_GPU_L2STREAMS=2): C2C both ways and precisions, R2C with the split in the second
 * pass and C2R, an odd length (45045, and R2C 44100 on 22050 with the
 * split after the core), a prime through Bluestein, and in place. */
static void t_chunks(void)
{
    tally t = {0};
    static const size_t ns[] = {65536, 262144, 45045, 44100, 100003};
    static const size_t ip[] = {65536};
    char kib[32];
    for (int st = 1; st <= 2; st++) { /* GFP_GPU_L2STREAMS: one stream, two */
        setenv("GFP_GPU_L2STREAMS", st == 2 ? "2" : "1", 1);
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
            for (size_t c = 0; c <= NCOMBO; c++) { /* NCOMBO: C2C forward f32 */
                const size_t n = ns[i];
                const gfp_kind k = c < NCOMBO ? combos[c].k : GFP_C2C;
                const int inv = c < NCOMBO ? combos[c].inv : 0;
                const int dbl = c < NCOMBO && combos[c].dbl;
                if (quick && c < NCOMBO && (c + (size_t)st) % 2 != i % 2)
                    continue;
                const size_t core = k == GFP_C2C ? n : n / 2; /* R2C's core n / 2 */
                snprintf(kib, sizeof kib, "%zu", core * (dbl ? 16 : 8) * 5 / 2 / 1024);
                setenv("GFP_GPU_L2CHUNK", kib, 1);
                check(&t, k, inv, dbl, n, 7, GFP_POST_NONE, 0, 1);
            }
        }
        setenv("GFP_GPU_L2CHUNK", "1280", 1); /* 2.5 frames of 65536 f32 */
        inplace_cases(ip, 1, 7);
    }
    unsetenv("GFP_GPU_L2CHUNK");
    unsetenv("GFP_GPU_L2STREAMS");
    report("four-step in chunks", &t);
}

int main(void)
{
    quick = getenv("GFP_TEST_QUICK") != NULL;
    verbose = getenv("GFP_TEST_VERBOSE") != NULL;
    const char *sh = getenv("GFP_TEST_SHARD");
    if (sh && (sscanf(sh, "%u/%u", &shard_i, &shard_k) != 2 || shard_k == 0 ||
               shard_i >= shard_k)) {
        fprintf(stderr, "GFP_TEST_SHARD: '%s' is not i/k with i < k\n", sh);
        return 99;
    }
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    gfp_engine_opts o = {.quick_plans = 1, .quiet_notes = 1,
                         .threads = ncpu > 1 ? (int)(ncpu < 16 ? ncpu : 16) : 1};
    gfp_error err = {0};
    if (gfp_engine_open("gpu", &o, "test", &gpu, &err)) {
        printf("GPU suite skipped: %s\n", err.msg);
        return 77;
    }
    memset(&err, 0, sizeof err);
    if (gfp_engine_open("cpu", &o, "test", &cpu, &err)) {
        fprintf(stderr, "cpu engine: %s\n", err.msg);
        return 99;
    }
    memset(&err, 0, sizeof err);
    if (gfp_engine_open("cufft", &o, "test", &cufft, &err))
        cufft = NULL;
    if (tu_init())
        return 99;
    tu_suite("gpu_large");
    TU_TEST(t_primes);
    TU_TEST(t_blue_fast);
    TU_TEST(t_fourstep_odd);
    TU_TEST(t_nested);
    TU_TEST(t_blue4);
    TU_TEST(t_blues);
    TU_TEST(t_fused);
    TU_TEST(t_inplace);
    TU_TEST(t_chunks);
    TU_TEST(t_random_large);
    TU_TEST(t_pow2);
    TU_TEST(t_cluster_1d);
    TU_TEST(t_cut24);
    TU_TEST(t_cut23);
    TU_TEST(t_pairs);
    TU_TEST(t_c2r);
    TU_TEST(t_c2r_edges);
    TU_TEST(t_every_n);
    int rc = tu_run();
    gfp_engine_close(gpu);
    gfp_engine_close(cpu);
    gfp_engine_close(cufft);
    return rc;
}
