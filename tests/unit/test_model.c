/* test_model.c - the hybrid engine's performance model (src/model.c):
 * least-squares fits recover known coefficients from noisy synthetic
 * timings, the prediction of a 16x larger problem from a model fitted on
 * small ones, the choice of r where the optimum is known in closed form,
 * and the model file (path rules, round trip, refusals). */
#include "config.h"
#include "model.h"
#include "testutil.h"

#include <unistd.h>

/* y = X c with relative noise of +-noise. */
static double noisy(double v, double noise)
{
    return v * (1 + tu_rand_range(-noise, noise));
}

static void test_lsq_exact_and_noisy(void)
{
    const double want[3] = {2.5e-4, 3.0e-10, 7.0e-12};
    enum { M = 40 };
    double X[M * 3], y[M], yn[M], c[3];
    for (int i = 0; i < M; i++) {
        double bytes = tu_rand_range(1e5, 1e9), work = tu_rand_range(1e6, 1e11);
        X[i * 3] = 1;
        X[i * 3 + 1] = bytes;
        X[i * 3 + 2] = work;
        y[i] = want[0] + want[1] * bytes + want[2] * work;
        yn[i] = noisy(y[i], 0.01);
    }
    TU_CHECK(gfp_lsq_fit(X, y, M, 3, c) == 0, "exact fit failed");
    for (int j = 0; j < 3; j++)
        TU_CHECK(fabs(c[j] - want[j]) <= 1e-6 * want[j],
                 "exact: c%d = %.6g, want %.6g", j, c[j], want[j]);
    TU_CHECK(gfp_lsq_fit(X, yn, M, 3, c) == 0, "noisy fit failed");
    /* 1% noise: the dominant slopes within 5%; the intercept is small
     * next to the noise of the large timings, so only its sign and size. */
    TU_CHECK(fabs(c[1] - want[1]) <= 0.05 * want[1], "noisy: c1 = %.6g, "
             "want %.6g", c[1], want[1]);
    TU_CHECK(fabs(c[2] - want[2]) <= 0.05 * want[2], "noisy: c2 = %.6g, "
             "want %.6g", c[2], want[2]);
    /* too few rows, a zero column, two equal columns: refused */
    TU_CHECK(gfp_lsq_fit(X, y, 2, 3, c) == -1, "m < k accepted");
    double Z[4 * 2] = {1, 0, 1, 0, 1, 0, 1, 0}, zy[4] = {1, 2, 3, 4};
    TU_CHECK(gfp_lsq_fit(Z, zy, 4, 2, c) == -1, "zero column accepted");
    double D[4 * 2] = {1, 2, 2, 4, 3, 6, 4, 8};
    TU_CHECK(gfp_lsq_fit(D, zy, 4, 2, c) == -1, "dependent columns accepted");
}

/* A "true" machine: the model the synthetic timings come from. */
static void true_model(gfp_model *m)
{
    memset(m, 0, sizeof *m);
    for (int d = 0; d < 2; d++) {
        double f = d ? 2 : 1;
        m->c[d][GFP_STEP_CPU_FFT][0] = 2e-4;
        m->c[d][GFP_STEP_CPU_FFT][2] = 4e-11 * f;
        m->c[d][GFP_STEP_TRANSPOSE][0] = 5e-5;
        m->c[d][GFP_STEP_TRANSPOSE][1] = 1.2e-10;
        m->c[d][GFP_STEP_GPU_COPY][0] = 3e-4;
        m->c[d][GFP_STEP_GPU_COPY][1] = 6e-11;
        m->c[d][GFP_STEP_GPU_COPY][2] = 9e-9; /* a run of the copy back */
        m->c[d][GFP_STEP_GPU_FFT][0] = 5e-5;
        m->c[d][GFP_STEP_GPU_FFT][2] = 1.5e-12 * f;
        m->c[d][GFP_STEP_ALLOC][0] = 1e-4;
        m->c[d][GFP_STEP_ALLOC][1] = 8e-11;
    }
    m->have_gpu = 1;
    m->gpu_overlap = 1;
    m->threads = 8;
}

/* calibrate's copy probe (measure_copies): frames of 4096 cf32, 8192 or
 * 4096 of them, batches of nf frames copied back in runs of nf values
 * (4096 runs a batch) or whole (one); bytes in + out */
static const size_t probe[][3] = {{8192, 32, 1},  {8192, 64, 1},
                                  {8192, 128, 1}, {8192, 256, 1},
                                  {8192, 256, 0}, {4096, 32, 1},
                                  {4096, 128, 1}, {4096, 256, 0}};
enum { NPROBE = 8 };
static void probe_obs(double *b, double *runs)
{
    for (int k = 0; k < NPROBE; k++) {
        size_t F = probe[k][0], nf = probe[k][1], fb = 8 * 4096;
        b[k] = 2.0 * (double)(F * fb);
        runs[k] = (double)((F + nf - 1) / nf) * (probe[k][2] ? 4096 : 1);
    }
}

/* Calibration-like observations of every step at sizes 256..2048 (square
 * and not), timings from `truth` with 2% noise; fitted into *fit. */
static void fit_from_synthetic(const gfp_model *truth, gfp_model *fit,
                               double noise)
{
    memset(fit, 0, sizeof *fit);
    const size_t shapes[][2] = {{256, 256},  {512, 512},   {1024, 1024},
                                {2048, 2048}, {256, 4096}, {4096, 256},
                                {512, 2048}, {2048, 512}, {1024, 256}};
    enum { NS = sizeof shapes / sizeof *shapes };
    for (int d = 0; d < 2; d++) {
        double es = d ? 8 : 4;
        for (int s = 0; s < GFP_STEP_COUNT; s++) {
            double b[NS], w[NS], t[NS];
            if (s == GFP_STEP_GPU_COPY) { /* from the copy probe */
                double pb[NPROBE], pr[NPROBE], pt[NPROBE];
                probe_obs(pb, pr);
                for (int i = 0; i < NPROBE; i++)
                    pt[i] = noisy(gfp_model_step_time(truth, d, s, pb[i],
                                                      pr[i]),
                                  noise);
                TU_CHECK(gfp_model_fit_step(fit, d, s, pb, pr, pt, NPROBE)
                             == 0, "fit of gpu_copy failed");
                continue;
            }
            for (int i = 0; i < NS; i++) {
                double n = (double)shapes[i][0], F = (double)shapes[i][1];
                b[i] = F * n * 4 * es;
                w[i] = F * n * log2(n);
                t[i] = noisy(gfp_model_step_time(truth, d, s, b[i], w[i]),
                             noise);
            }
            TU_CHECK(gfp_model_fit_step(fit, d, s, b, w, t, NS) == 0,
                     "fit of %s failed", gfp_model_step_name(s));
        }
    }
    fit->have_gpu = 1;
    fit->gpu_overlap = truth->gpu_overlap;
}

static void test_fit_steps_recover(void)
{
    gfp_model truth, fit;
    true_model(&truth);
    fit_from_synthetic(&truth, &fit, 0.0);
    for (int d = 0; d < 2; d++)
        for (int s = 0; s < GFP_STEP_COUNT; s++)
            for (int f = 0; f < 3; f++) {
                double w = truth.c[d][s][f], g = fit.c[d][s][f];
                TU_CHECK(fabs(g - w) <= 1e-6 * fabs(w) + 1e-18,
                         "%s c%d: %.6g, want %.6g", gfp_model_step_name(s), f,
                         g, w);
            }
    fit_from_synthetic(&truth, &fit, 0.02);
    for (int d = 0; d < 2; d++)
        for (int s = 0; s < GFP_STEP_COUNT; s++) {
            int f = truth.c[d][s][1] != 0 ? 1 : 2; /* the slope */
            double w = truth.c[d][s][f], g = fit.c[d][s][f];
            TU_CHECK(fabs(g - w) <= 0.05 * w, "2%% noise: %s slope %.6g, "
                     "want %.6g", gfp_model_step_name(s), g, w);
        }
}

/* Fitted on sizes up to 2048x2048, the prediction for 8192x8192 (16x
 * the data) stays within 5% of the truth's, at every r. */
static void test_predict_16x(void)
{
    gfp_model truth, fit;
    true_model(&truth);
    fit_from_synthetic(&truth, &fit, 0.02);
    gfp_model_problem p = {.W = 8192, .H = 8192, .kind = GFP_C2C};
    for (int d = 0; d < 2; d++) {
        p.dbl = d;
        for (int i = 0; i <= 20; i++) {
            double r = i / 20.0;
            double tw = gfp_model_predict(&truth, &p, r, NULL);
            double tf = gfp_model_predict(&fit, &p, r, NULL);
            TU_CHECK(fabs(tf - tw) <= 0.05 * tw, "r %.2f: %.4g s, truth "
                     "%.4g s", r, tf, tw);
        }
    }
}

/* Slopes only (no fixed costs): per direction G = g r, C = (c + t)(1 - r),
 * the same for both directions of a square C2C problem, so the optimum is
 * r* = (c + t) / (g + c + t) and the time 2 g r*. */
static void test_best_ratio_known(void)
{
    const struct { double cpu, tr, copy, gfft; } cases[] = {
        {4e-11, 1e-10, 6e-11, 1e-12},   /* GPU link-bound */
        {1e-10, 2e-11, 2e-10, 1e-12},   /* slow GPU link: r < 0.5 */
        {2e-11, 1e-11, 1e-11, 1e-12},
        {1e-9, 0, 1e-11, 1e-12},        /* slow CPU: r near 1 */
        {4e-11, 5e-9, 6e-11, 1e-12},    /* slow transposes: r near 1 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gfp_model m;
        memset(&m, 0, sizeof m);
        m.have_gpu = 1;
        m.c[0][GFP_STEP_CPU_FFT][2] = cases[i].cpu;
        m.c[0][GFP_STEP_TRANSPOSE][1] = cases[i].tr;
        m.c[0][GFP_STEP_GPU_COPY][1] = cases[i].copy;
        m.c[0][GFP_STEP_GPU_FFT][2] = cases[i].gfft;
        size_t n = 4096;
        gfp_model_problem p = {.W = n, .H = n, .kind = GFP_C2C};
        double N = (double)n, es = 4;
        double bytes = N * 4 * N * es, work = N * N * log2(N),
               trb = N * 2 * N * es;
        double g = cases[i].copy * bytes + cases[i].gfft * work;
        double c = cases[i].cpu * work, t = cases[i].tr * trb;
        double want = (c + t) / (g + c + t);
        double tbest, r = gfp_model_best_ratio(&m, &p, &tbest);
        TU_CHECK(fabs(r - want) <= 0.0015, "case %zu: r %.4f, want %.4f", i,
                 r, want);
        double twant = 2 * g * want;
        TU_CHECK(fabs(tbest - twant) <= 0.005 * twant, "case %zu: time "
                 "%.5g, want %.5g", i, tbest, twant);
        /* and no r does better than the chosen one */
        for (int k = 0; k <= 100; k++)
            TU_CHECK(gfp_model_predict(&m, &p, k / 100.0, NULL) >=
                         tbest * (1 - 1e-12),
                     "case %zu: r %.2f beats the choice", i, k / 100.0);
    }
    /* no GPU steps: r = 0, and the prediction is the CPU's */
    gfp_model m;
    true_model(&m);
    m.have_gpu = 0;
    gfp_model_problem p = {.W = 1000, .H = 999, .kind = GFP_R2C};
    TU_CHECK(gfp_model_best_ratio(&m, &p, NULL) == 0, "no GPU: r != 0");
}

/* Both parts at once, each slower beside the other by a known factor
 * (kc the CPU's, kg the GPU's): per direction max(kg g r, kc c (1 - r)),
 * so r* = kc c / (kg g + kc c) and the time 2 kg g r*; at r = 0 and 1 one
 * engine runs alone and no factor applies. */
static void test_beside_known(void)
{
    const struct { double cpu, copy, kc, kg; } cases[] = {
        {4e-11, 6e-11, 1.0, 1.0},
        {4e-11, 6e-11, 1.6, 1.0},  /* the CPU's FFTs starved: r up */
        {4e-11, 6e-11, 1.0, 1.5},  /* the GPU's copies starved: r down */
        {1e-10, 2e-11, 1.4, 1.3},
    };
    size_t n = 8192;
    double N = (double)n, es = 4;
    double bytes = N * 4 * N * es, work = N * N * log2(N);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gfp_model m;
        memset(&m, 0, sizeof m);
        m.have_gpu = 1;
        m.c[0][GFP_STEP_CPU_FFT][2] = cases[i].cpu;
        m.c[0][GFP_STEP_GPU_COPY][1] = cases[i].copy;
        TU_CHECK(gfp_model_fit_beside(&m, 0, 0, 1.0, cases[i].kc, 2.0,
                                      2.0 * cases[i].kg) == 0,
                 "case %zu: fit refused", i);
        TU_CHECK(fabs(m.beside[0][0] - cases[i].kc) < 1e-12 &&
                     fabs(m.beside[0][1] - cases[i].kg) < 1e-12,
                 "case %zu: factors %.4f %.4f", i, m.beside[0][0],
                 m.beside[0][1]);
        gfp_model_problem p = {.W = n, .H = n, .kind = GFP_C2C};
        double g = cases[i].copy * bytes, c = cases[i].cpu * work;
        double kc = cases[i].kc, kg = cases[i].kg;
        double want = kc * c / (kg * g + kc * c);
        double tbest, r = gfp_model_best_ratio(&m, &p, &tbest);
        /* an end alone may beat every split when the factors are large */
        double tend = fmin(2 * g, 2 * c), tsplit = 2 * kg * g * want;
        if (tsplit < tend) {
            TU_CHECK(fabs(r - want) <= 0.0015, "case %zu: r %.4f, want "
                     "%.4f", i, r, want);
            TU_CHECK(fabs(tbest - tsplit) <= 0.005 * tsplit, "case %zu: "
                     "time %.5g, want %.5g", i, tbest, tsplit);
        } else {
            TU_CHECK(r == 0 || r == 1, "case %zu: r %.4f, an end wins", i,
                     r);
        }
        /* the ends are the engines alone */
        TU_CHECK(fabs(gfp_model_predict(&m, &p, 1, NULL) - 2 * g) <=
                     1e-9 * g, "case %zu: r = 1 is not the GPU alone", i);
        TU_CHECK(fabs(gfp_model_predict(&m, &p, 0, NULL) - 2 * c) <=
                     1e-9 * c, "case %zu: r = 0 is not the CPU alone", i);
    }
    /* a part timed faster beside the other is noise: 1; too large: the
     * cap; a time that is not positive: refused, nothing changed */
    gfp_model m;
    memset(&m, 0, sizeof m);
    TU_CHECK(gfp_model_fit_beside(&m, 1, 0, 2.0, 1.9, 1.0, 9.0) == 0, "fit");
    TU_CHECK(m.beside[1][0] == 1 && m.beside[1][1] == GFP_MODEL_BESIDE_MAX,
             "clamped: %.3f %.3f", m.beside[1][0], m.beside[1][1]);
    TU_CHECK(gfp_model_fit_beside(&m, 1, 0, 0, 1, 1, 1) == -1 &&
                 m.beside[1][0] == 1, "zero time accepted");
}

/* Fitted as calibrate fits it (steps on small sizes, the factors from a
 * split pass's parts timed alone and at once, 2% noise), the prediction
 * of 8192x8192 near the best r stays within 5% of the truth's, and the r
 * within 0.02. */
static void test_beside_predict_16x(void)
{
    gfp_model truth, fit;
    true_model(&truth);
    truth.beside[0][0] = 1.45;
    truth.beside[0][1] = 1.2;
    for (int rep = 0; rep < 5; rep++) {
        fit_from_synthetic(&truth, &fit, 0.02);
        double ca = 0.004, ga = 0.003;
        TU_CHECK(gfp_model_fit_beside(&fit, 0, 0, noisy(ca, 0.02),
                                      noisy(ca * 1.45, 0.02),
                                      noisy(ga, 0.02),
                                      noisy(ga * 1.2, 0.02)) == 0, "fit");
        gfp_model_problem p = {.W = 8192, .H = 8192, .kind = GFP_C2C};
        double tt, tf, rt = gfp_model_best_ratio(&truth, &p, &tt);
        double rf = gfp_model_best_ratio(&fit, &p, &tf);
        TU_CHECK(fabs(rf - rt) <= 0.02, "r %.3f, truth's %.3f", rf, rt);
        double at = gfp_model_predict(&truth, &p, rf, NULL);
        TU_CHECK(fabs(tf - at) <= 0.05 * at, "%.4g s, truth %.4g s", tf,
                 at);
        /* and the factors matter here: without them the r is off */
        gfp_model plain = truth;
        plain.beside[0][0] = plain.beside[0][1] = 1;
        double r0 = gfp_model_best_ratio(&plain, &p, NULL);
        TU_CHECK(fabs(r0 - rt) > 0.02, "the factors moved r by %.3f only",
                 fabs(r0 - rt));
    }
}

/* The columns' own factors (their GPU part copies back in runs): set,
 * they move the columns' r and time alone, by the closed form of
 * test_beside_known per direction; unset, the rows' serve both. */
static void test_beside_cols(void)
{
    gfp_model m;
    memset(&m, 0, sizeof m);
    m.have_gpu = 1;
    double cpu = 4e-11, copy = 6e-11;
    m.c[0][GFP_STEP_CPU_FFT][2] = cpu;
    m.c[0][GFP_STEP_GPU_COPY][1] = copy;
    TU_CHECK(gfp_model_fit_beside(&m, 0, 0, 1, 1.2, 1, 1.1) == 0, "rows");
    size_t n = 8192;
    double N = (double)n, bytes = N * 4 * N * 4, work = N * N * log2(N);
    double g = copy * bytes, c = cpu * work;
    gfp_model_problem p = {.W = n, .H = n, .kind = GFP_C2C};
    double r0[2], r1[2], t0, t1;
    gfp_model_best_ratios(&m, &p, r0, &t0);
    double want0 = 1.2 * c / (1.1 * g + 1.2 * c);
    TU_CHECK(fabs(r0[0] - want0) <= 0.0015 && fabs(r0[1] - want0) <= 0.0015,
             "unset: r %.4f %.4f, want %.4f both", r0[0], r0[1], want0);
    TU_CHECK(gfp_model_fit_beside(&m, 0, 1, 1, 1.6, 1, 1.3) == 0 &&
                 m.beside[0][0] == 1.2 && m.beside_cols[0][0] == 1.6,
             "the columns' fit touched the rows'");
    gfp_model_best_ratios(&m, &p, r1, &t1);
    double want1 = 1.6 * c / (1.3 * g + 1.6 * c);
    TU_CHECK(fabs(r1[0] - want0) <= 0.0015, "rows' r moved: %.4f", r1[0]);
    TU_CHECK(fabs(r1[1] - want1) <= 0.0015, "columns' r %.4f, want %.4f",
             r1[1], want1);
    TU_CHECK(fabs(t1 - (1.1 * g * want0 + 1.3 * g * want1)) <= 0.005 * t1,
             "time %.5g", t1);
    gfp_model_pred pr;
    gfp_model_predict2(&m, &p, 0.5, 0.5, &pr);
    TU_CHECK(fabs(pr.cpu[1] / pr.cpu[0] - 1.6 / 1.2) < 1e-9 &&
                 fabs(pr.gpu[1] / pr.gpu[0] - 1.3 / 1.1) < 1e-9,
             "the parts at 0.5 not by the factors: %.4f %.4f",
             pr.cpu[1] / pr.cpu[0], pr.gpu[1] / pr.gpu[0]);
}

/* fft2's GPU batches and the runs of their copies back, counted by hand:
 * 8192^2 C2C f32 has frames of 64 KiB, 128 a batch of 8 MiB, 64 batches
 * of 8192 rows a pass; a --gpu-mem cap shrinks the batch. */
static void test_copy_runs(void)
{
    const size_t K = 1024;
    TU_CHECK(gfp_model_gpu_batch(8192, 64 * K, 128 * K, 0) == 128,
             "8192: batch %zu", gfp_model_gpu_batch(8192, 64 * K, 128 * K,
                                                    0));
    TU_CHECK(gfp_model_copy_runs(8192, 64 * K, 128 * K, 8192, 0) ==
                 8192.0 * 64, "8192^2: runs %.0f",
             gfp_model_copy_runs(8192, 64 * K, 128 * K, 8192, 0));
    /* a quarter of the array (128 MiB): the 8 MiB batch still */
    TU_CHECK(gfp_model_copy_runs(8192, 64 * K, 128 * K, 8192, 128 * K * K)
                 == 8192.0 * 64, "8192^2 within 128 MiB");
    /* 16 MiB: a slot within 4 MiB, 32 frames */
    TU_CHECK(gfp_model_gpu_batch(8192, 64 * K, 128 * K, 16 * K * K) == 32,
             "8192 within 16 MiB: batch %zu",
             gfp_model_gpu_batch(8192, 64 * K, 128 * K, 16 * K * K));
    TU_CHECK(gfp_model_copy_runs(8192, 64 * K, 128 * K, 8192, 16 * K * K) ==
                 8192.0 * 256, "runs within 16 MiB");
    /* 16384^2: 64 frames of 128 KiB, 256 batches of 16384 rows */
    TU_CHECK(gfp_model_copy_runs(16384, 128 * K, 256 * K, 16384, 0) ==
                 16384.0 * 256, "16384^2 runs");
    /* fewer frames than a batch: one batch; 7 frames' worth: 4 */
    TU_CHECK(gfp_model_copy_runs(100, 64 * K, 128 * K, 8192, 0) == 8192,
             "one batch");
    TU_CHECK(gfp_model_gpu_batch(1000, 1170 * K, 2340 * K, 0) == 4,
             "7 frames' worth: %zu",
             gfp_model_gpu_batch(1000, 1170 * K, 2340 * K, 0));
    TU_CHECK(gfp_model_gpu_batch(1000, 64 * K, 128 * K, 1) == 1,
             "a cap below a frame: 1");
    TU_CHECK(gfp_model_copy_runs(0, 64 * K, 128 * K, 8192, 0) == 0,
             "no frames, no runs");
}

/* The GPU alone, from its steps by hand: per direction the copies
 * c1 x bytes + c2 x runs and the kernels g x work, added (version 1) or
 * overlapped (version 2: max). */
static void test_predict_gpu_known(void)
{
    gfp_model m;
    memset(&m, 0, sizeof m);
    m.have_gpu = 1;
    m.c[0][GFP_STEP_GPU_COPY][1] = 1.2e-11;
    m.c[0][GFP_STEP_GPU_COPY][2] = 9e-9;
    m.c[0][GFP_STEP_GPU_FFT][2] = 2e-12;
    /* 64 batches a pass: the rows' copied back whole (64 runs), the
     * columns' in 8192 runs each */
    double N = 8192, bytes = N * N * 16, runs = 8192.0 * 64;
    double work = N * N * 13;
    double cr = 1.2e-11 * bytes + 9e-9 * 64, cp = 1.2e-11 * bytes + 9e-9 * runs;
    double k = 2e-12 * work;
    gfp_model_problem p = {.W = 8192, .H = 8192, .kind = GFP_C2C};
    gfp_model_pred pr;
    double t = gfp_model_predict(&m, &p, 1, &pr);
    TU_CHECK(fabs(t - (cr + k) - (cp + k)) <= 1e-9 * t, "version 1: %.6g s, "
             "want %.6g", t, cr + cp + 2 * k);
    TU_CHECK(fabs(pr.gpu[0] - (cr + k)) <= 1e-9 * t &&
                 fabs(pr.gpu[1] - (cp + k)) <= 1e-9 * t,
             "the rows %.6g s (want %.6g), the columns %.6g s (want %.6g)",
             pr.gpu[0], cr + k, pr.gpu[1], cp + k);
    m.gpu_overlap = 1;
    t = gfp_model_predict(&m, &p, 1, NULL);
    TU_CHECK(fabs(t - fmax(cr, k) - fmax(cp, k)) <= 1e-9 * t, "version 2: "
             "%.6g s, want %.6g", t, fmax(cr, k) + fmax(cp, k));
    /* kernels slower than the copies: they set the time */
    m.c[0][GFP_STEP_GPU_FFT][2] = 2e-10;
    t = gfp_model_predict(&m, &p, 1, NULL);
    TU_CHECK(fabs(t - 2 * 2e-10 * work) <= 1e-9 * t, "kernel-bound: %.6g",
             t);
    /* a smaller --gpu-mem: 4x the runs (32-frame batches) */
    m.c[0][GFP_STEP_GPU_FFT][2] = 0;
    m.c[0][GFP_STEP_GPU_COPY][1] = 0;
    p.gpu_mem = (size_t)16 << 20;
    t = gfp_model_predict(&m, &p, 1, NULL);
    TU_CHECK(fabs(t - 9e-9 * 8193 * 256) <= 1e-9 * t, "16 MiB: %.6g", t);
    /* half to the GPU: half the frames, half the batches, half the runs */
    p.gpu_mem = 0;
    t = gfp_model_predict(&m, &p, 0.5, NULL);
    double cpu = 0; /* no CPU steps: the CPU's part costs nothing */
    TU_CHECK(fabs(t - fmax(cpu, 9e-9 * 8193 * 32)) <= 1e-9 * t,
             "r 0.5: %.6g", t);
}

/* The copy step fitted as calibrate fits it (the probe, 2% noise)
 * predicts the GPU alone at 8192^2 within 5% of the truth; the same
 * copies fitted without runs on the profiling passes (32 MiB and less,
 * 2-16 KiB runs back: calibrate before v3) predict it more than 10% low,
 * as the H100 runs found (32-54%). */
static void test_copy_probe_16x(void)
{
    gfp_model truth;
    true_model(&truth);
    truth.c[0][GFP_STEP_GPU_COPY][0] = 1e-4;
    truth.c[0][GFP_STEP_GPU_COPY][1] = 1.2e-11; /* 83 GB/s both ways */
    /* a run 64 KiB or more apart: ~10-15 ns on the H100 machine (1 KiB
     * runs at 54 GB/s both ways against 88 whole) */
    const double run = 1.2e-8;
    truth.c[0][GFP_STEP_GPU_COPY][2] = run;
    gfp_model_problem p = {.W = 8192, .H = 8192, .kind = GFP_C2C};
    double tt = gfp_model_predict(&truth, &p, 1, NULL);
    for (int rep = 0; rep < 5; rep++) {
        gfp_model fit = truth;
        double b[NPROBE], runs[NPROBE], t[NPROBE];
        probe_obs(b, runs);
        for (int i = 0; i < NPROBE; i++)
            t[i] = noisy(gfp_model_step_time(&truth, 0, GFP_STEP_GPU_COPY,
                                             b[i], runs[i]), 0.02);
        TU_CHECK(gfp_model_fit_step(&fit, 0, GFP_STEP_GPU_COPY, b, runs, t,
                                    NPROBE) == 0, "probe fit");
        TU_CHECK(fabs(fit.c[0][GFP_STEP_GPU_COPY][2] - run) <= 0.15 * run,
                 "runs: %.4g s/run, want %.4g",
                 fit.c[0][GFP_STEP_GPU_COPY][2], run);
        double tf = gfp_model_predict(&fit, &p, 1, NULL);
        TU_CHECK(fabs(tf - tt) <= 0.05 * tt, "probe fit: 8192^2 GPU %.4g s, "
                 "truth %.4g s", tf, tt);
        /* the old way: the profiling passes' copies, no runs feature */
        const size_t sh[][2] = {{256, 2048}, {512, 512}, {1024, 1024},
                                {2048, 2048}, {4096, 512}, {1024, 4096},
                                {512, 4096}, {2048, 256}};
        double ob[8], ow[8], ot[8];
        for (int i = 0; i < 8; i++) {
            size_t n = sh[i][0], F = sh[i][1], fb = 8 * n;
            ob[i] = 2.0 * (double)(F * fb);
            ow[i] = 0;
            ot[i] = noisy(gfp_model_step_time(
                              &truth, 0, GFP_STEP_GPU_COPY, ob[i],
                              gfp_model_copy_runs(F, fb, 2 * fb, n, 0)),
                          0.02);
        }
        gfp_model old = truth;
        TU_CHECK(gfp_model_fit_step(&old, 0, GFP_STEP_GPU_COPY, ob, ow, ot,
                                    8) == -1, "a zero runs column fitted");
        /* (a zero column is refused; the old fit had no runs at all) */
        double X[8 * 2], c[2];
        for (int i = 0; i < 8; i++) {
            X[2 * i] = 1;
            X[2 * i + 1] = ob[i];
        }
        TU_CHECK(gfp_lsq_fit(X, ot, 8, 2, c) == 0, "old fit");
        old.c[0][GFP_STEP_GPU_COPY][0] = c[0];
        old.c[0][GFP_STEP_GPU_COPY][1] = c[1];
        old.c[0][GFP_STEP_GPU_COPY][2] = 0;
        double to = gfp_model_predict(&old, &p, 1, NULL);
        TU_CHECK(to < 0.9 * tt, "the old fit: %.4g s, truth %.4g s: not "
                 "more than 10%% low", to, tt);
    }
}

/* The CPU's pass in batches of 128 MiB (fft2's), by hand; and a CPU whose
 * every batch costs a fixed 1 ms (FFTW's 16 threads started and joined),
 * fitted from calibrate's shapes (one batch each) with the constant
 * counted a batch, prices 8192^2's CPU alone (4 batches a pass) within
 * 5 %, where the constant counted a pass prices it more than 10 % low
 * (f32; stop 26: 12-29 % on two machines, with 16 batches a pass). */
static void test_cpu_batches(void)
{
    const size_t K = 1024;
    TU_CHECK(gfp_model_cpu_batches(8192, 64 * K) == 4, "8192 of 64 KiB: "
             "%.0f", gfp_model_cpu_batches(8192, 64 * K));
    TU_CHECK(gfp_model_cpu_batches(16384, 128 * K) == 16 &&
                 gfp_model_cpu_batches(2048, 32 * K) == 1 &&
                 gfp_model_cpu_batches(8192, 32 * K) == 2 &&
                 gfp_model_cpu_batches(100, 64 * K) == 1 &&
                 gfp_model_cpu_batches(0, 64 * K) == 0,
             "batches by hand");
    /* 112 frames of 1170 KiB a batch (a multiple of 4): 9 batches */
    TU_CHECK(gfp_model_cpu_batches(1000, 1170 * K) == 9, "1000 of 1170 "
             "KiB: %.0f", gfp_model_cpu_batches(1000, 1170 * K));
    for (int dbl = 0; dbl < 2; dbl++) {
        gfp_model truth;
        memset(&truth, 0, sizeof truth);
        double es = dbl ? 8 : 4;
        truth.c[dbl][GFP_STEP_CPU_FFT][0] = 1e-3;
        truth.c[dbl][GFP_STEP_CPU_FFT][2] = 1.5e-11 * (dbl ? 2 : 1);
        truth.c[dbl][GFP_STEP_TRANSPOSE][1] = 2e-11;
        const size_t sh[][2] = {{256, 2048}, {512, 512},   {1024, 1024},
                                {2048, 2048}, {4096, 512}, {1024, 4096},
                                {512, 4096}, {2048, 256}};
        enum { NSH = sizeof sh / sizeof *sh };
        double nb[NSH], b[NSH], w[NSH], t[NSH];
        for (int i = 0; i < NSH; i++) {
            size_t n = sh[i][0], F = sh[i][1], fb = 2 * n * (size_t)es;
            nb[i] = gfp_model_cpu_batches(F, fb);
            b[i] = (double)F * (double)fb;
            w[i] = (double)F * (double)n * log2((double)n);
            t[i] = noisy(truth.c[dbl][GFP_STEP_CPU_FFT][0] * nb[i] +
                             truth.c[dbl][GFP_STEP_CPU_FFT][2] * w[i],
                         0.02);
        }
        for (int i = 0; i < NSH; i++)
            TU_CHECK(nb[i] == 1, "%s shape %d: %.0f batches",
                     dbl ? "f64" : "f32", i, nb[i]);
        gfp_model fit = truth, old = truth;
        TU_CHECK(gfp_model_fit_step_batched(&fit, dbl, GFP_STEP_CPU_FFT, nb,
                                            b, w, t, NSH) == 0 &&
                     gfp_model_fit_step(&old, dbl, GFP_STEP_CPU_FFT, b, w, t,
                                        NSH) == 0,
                 "fits");
        gfp_model_problem p = {.W = 8192, .H = 8192, .kind = GFP_C2C,
                               .dbl = dbl};
        double tt = gfp_model_predict(&truth, &p, 0, NULL),
               tf = gfp_model_predict(&fit, &p, 0, NULL);
        /* the old way: its constant once a pass (of two) */
        double c0 = old.c[dbl][GFP_STEP_CPU_FFT][0];
        old.c[dbl][GFP_STEP_CPU_FFT][0] = 0;
        double to = gfp_model_predict(&old, &p, 0, NULL) + 2 * c0;
        TU_CHECK(fabs(tf - tt) <= 0.05 * tt, "%s batched fit: 8192^2 CPU "
                 "%.4g s, truth %.4g s", dbl ? "f64" : "f32", tf, tt);
        /* f64's FFTs take longer, so its constants weigh less */
        TU_CHECK(to < (dbl ? 0.95 : 0.9) * tt, "%s fit a pass: %.4g s, "
                 "truth %.4g s: not low enough", dbl ? "f64" : "f32", to, tt);
    }
}

/* The copy step as the H100 machine's probe measured it (stop 26): 88
 * GB/s both ways for whole copies, ~12 ns more a run 64 KiB apart (f32) */
static void h100_copies(gfp_model *m)
{
    m->c[0][GFP_STEP_GPU_COPY][0] = 1e-4;
    m->c[0][GFP_STEP_GPU_COPY][1] = 1.0 / 88e9;
    m->c[0][GFP_STEP_GPU_COPY][2] = 1.2e-8;
}

/* Two arrays of 2 GiB, out of core: 16384^2's column pass copies back
 * 16384 runs a batch of 64 frames, 8192 x 32768's (columns of 32768) 32768
 * runs a batch of 32, so with the probe's copy step fitted (the H100's
 * figures: 88 GB/s both ways whole, a run ~12 ns more) the taller array
 * costs the GPU c2 x (8.39 M - 4.19 M) runs more, all of it in the column
 * pass; their row passes cost the same. */
static void test_predict_tall_runs(void)
{
    gfp_model truth;
    true_model(&truth);
    h100_copies(&truth);
    gfp_model fit = truth;
    double b[NPROBE], runs[NPROBE], t[NPROBE];
    probe_obs(b, runs);
    for (int i = 0; i < NPROBE; i++)
        t[i] = noisy(gfp_model_step_time(&truth, 0, GFP_STEP_GPU_COPY, b[i],
                                         runs[i]), 0.02);
    TU_CHECK(gfp_model_fit_step(&fit, 0, GFP_STEP_GPU_COPY, b, runs, t,
                                NPROBE) == 0, "probe fit");
    gfp_model_problem sq = {.W = 16384, .H = 16384, .kind = GFP_C2C,
                            .gpu_mem = (size_t)512 << 20};
    gfp_model_problem tall = sq;
    tall.W = 8192;
    tall.H = 32768;
    gfp_model_pred a, c;
    gfp_model_predict(&fit, &sq, 1, &a);
    gfp_model_predict(&fit, &tall, 1, &c);
    double want = 1.2e-8 * (32768.0 * 256 - 16384.0 * 256);
    TU_CHECK(fabs((c.gpu[1] - a.gpu[1]) - want) <= 0.15 * want,
             "columns: 8192x32768 %.4g s, 16384^2 %.4g s: %.4g s apart, "
             "want %.4g", c.gpu[1], a.gpu[1], c.gpu[1] - a.gpu[1], want);
    TU_CHECK(fabs(c.gpu[0] - a.gpu[0]) <= 0.01 * a.gpu[0],
             "rows: %.4g s against %.4g s", c.gpu[0], a.gpu[0]);
    /* and the whole GPU alone within 5% of the truth's at both */
    double ts = gfp_model_predict(&truth, &sq, 1, NULL),
           tt = gfp_model_predict(&truth, &tall, 1, NULL);
    TU_CHECK(fabs(a.total - ts) <= 0.05 * ts && fabs(c.total - tt) <= 0.05 * tt,
             "16384^2 %.4g s (truth %.4g), 8192x32768 %.4g s (truth %.4g)",
             a.total, ts, c.total, tt);
}

/* Each direction's own r: the column pass's GPU part copies back in runs
 * (the rows' whole), so at the probe's price its best r is lower; the
 * pair beats every single r and its neighbours, and predict2 at (r, r)
 * is predict at r. */
static void test_best_ratios(void)
{
    gfp_model m;
    true_model(&m);
    h100_copies(&m);
    m.beside[0][0] = 1.6;
    m.beside[0][1] = 1.1;
    /* a CPU within 2-3x of the GPU, as the H100 machine's 16 threads */
    m.c[0][GFP_STEP_CPU_FFT][2] = 1e-11;
    m.c[0][GFP_STEP_TRANSPOSE][1] = 2e-11;
    const size_t sz[][2] = {{8192, 8192}, {16384, 16384}, {8192, 32768}};
    for (size_t i = 0; i < sizeof sz / sizeof *sz; i++) {
        gfp_model_problem p = {.W = sz[i][0], .H = sz[i][1],
                               .kind = GFP_C2C,
                               .gpu_mem = sz[i][0] * sz[i][1] * 2};
        double r[2], t, t1;
        gfp_model_best_ratios(&m, &p, r, &t);
        double r1 = gfp_model_best_ratio(&m, &p, &t1);
        TU_CHECK(r[1] < r[0] && r[0] > 0 && r[0] < 1 && r[1] > 0,
                 "%zux%zu: rows r %.3f, columns r %.3f", sz[i][0],
                 sz[i][1], r[0], r[1]);
        TU_CHECK(t <= t1 * (1 + 1e-12) &&
                     fabs(t - gfp_model_predict2(&m, &p, r[0], r[1], NULL))
                         <= 1e-12 * t,
                 "%zux%zu: the pair %.6g s, one r (%.3f) %.6g s", sz[i][0],
                 sz[i][1], t, r1, t1);
        for (int d = 0; d < 2; d++)
            for (int sgn = -1; sgn <= 1; sgn += 2) {
                double q[2] = {r[0], r[1]};
                q[d] += sgn * 0.01;
                double tq = gfp_model_predict2(&m, &p, q[0], q[1], NULL);
                TU_CHECK(tq >= t * (1 - 1e-12), "%zux%zu: r %.3f,%.3f "
                         "%.6g s beats the pair's %.6g s", sz[i][0],
                         sz[i][1], q[0], q[1], tq, t);
            }
        for (int k = 0; k <= 10; k++) {
            double rk = k / 10.0;
            gfp_model_pred a, b;
            double ta = gfp_model_predict(&m, &p, rk, &a),
                   tb = gfp_model_predict2(&m, &p, rk, rk, &b);
            TU_CHECK(ta == tb && a.gpu[1] == b.gpu[1] && a.cpu[0] == b.cpu[0],
                     "r %.1f: predict %.6g, predict2 %.6g", rk, ta, tb);
        }
    }
    /* no GPU steps: both 0 */
    m.have_gpu = 0;
    gfp_model_problem p = {.W = 1024, .H = 1024, .kind = GFP_C2C};
    double r[2] = {0.5, 0.5};
    gfp_model_best_ratios(&m, &p, r, NULL);
    TU_CHECK(r[0] == 0 && r[1] == 0, "no GPU: %.3f, %.3f", r[0], r[1]);
}

/* Runs that cost nothing (here a little less than nothing, as noise may
 * make it): the fit drops them and keeps a positive per-byte cost. */
static void test_copy_fit_negative_runs(void)
{
    gfp_model m;
    memset(&m, 0, sizeof m);
    double b[NPROBE], runs[NPROBE], t[NPROBE];
    probe_obs(b, runs);
    for (int i = 0; i < NPROBE; i++)
        t[i] = 2e-4 + 1.5e-11 * b[i] - 1e-10 * runs[i];
    TU_CHECK(gfp_model_fit_step(&m, 0, GFP_STEP_GPU_COPY, b, runs, t,
                                NPROBE) == 0, "fit");
    TU_CHECK(m.c[0][GFP_STEP_GPU_COPY][2] == 0, "runs %.4g, want 0",
             m.c[0][GFP_STEP_GPU_COPY][2]);
    TU_CHECK(m.c[0][GFP_STEP_GPU_COPY][1] > 1e-11 &&
                 m.c[0][GFP_STEP_GPU_COPY][1] < 2e-11, "bytes %.4g",
             m.c[0][GFP_STEP_GPU_COPY][1]);
    /* and a positive one is kept */
    for (int i = 0; i < NPROBE; i++)
        t[i] = 2e-4 + 1.5e-11 * b[i] + 1e-8 * runs[i];
    TU_CHECK(gfp_model_fit_step(&m, 0, GFP_STEP_GPU_COPY, b, runs, t,
                                NPROBE) == 0 &&
                 fabs(m.c[0][GFP_STEP_GPU_COPY][2] - 1e-8) < 1e-14,
             "runs %.6g, want 1e-8", m.c[0][GFP_STEP_GPU_COPY][2]);
}

/* R2C: half the work on the rows and W/2+1 columns. */
static void test_predict_r2c_cheaper(void)
{
    gfp_model m;
    true_model(&m);
    gfp_model_problem c = {.W = 3840, .H = 2160, .kind = GFP_C2C};
    gfp_model_problem r = c;
    r.kind = GFP_R2C;
    for (int i = 0; i <= 4; i++) {
        double x = i / 4.0;
        double tc = gfp_model_predict(&m, &c, x, NULL),
               tr = gfp_model_predict(&m, &r, x, NULL);
        TU_CHECK(tr < 0.75 * tc && tr > 0.3 * tc, "r %.2f: R2C %.4g, C2C "
                 "%.4g", x, tr, tc);
    }
}

static void test_model_file(void)
{
    char dir[] = "/tmp/gfp-model-XXXXXX", path[512], buf[600];
    TU_CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    gfp_error err = {0};
    /* the path rules */
    unsetenv("GFFTPIPE_MODEL");
    setenv("XDG_CACHE_HOME", dir, 1);
    TU_CHECK(gfp_model_path(buf, sizeof buf, &err) == GFP_OK, "%s", err.msg);
    snprintf(path, sizeof path, "%s/gfftpipe/model", dir);
    TU_CHECK(!strcmp(buf, path), "XDG path %s", buf);
    setenv("XDG_CACHE_HOME", "", 1);
    setenv("HOME", "/home/someone", 1);
    TU_CHECK(gfp_model_path(buf, sizeof buf, &err) == GFP_OK &&
                 !strcmp(buf, "/home/someone/.cache/gfftpipe/model"),
             "HOME path %s", buf);
    setenv("GFFTPIPE_MODEL", "/x/y", 1);
    TU_CHECK(gfp_model_path(buf, sizeof buf, &err) == GFP_OK &&
                 !strcmp(buf, "/x/y"), "override path %s", buf);
    unsetenv("GFFTPIPE_MODEL");
    /* round trip, directories created */
    snprintf(path, sizeof path, "%s/a/b/model", dir);
    gfp_model m, back;
    true_model(&m);
    m.beside[0][0] = 1.25;
    m.beside[0][1] = 1.5;
    m.beside_cols[0][0] = 1.75;
    m.beside_cols[0][1] = 1.125;
    m.beside[1][0] = 1.3; /* f64's columns' unset: written as these */
    m.beside[1][1] = 1.4;
    snprintf(m.device, sizeof m.device, "NVIDIA Test GPU 80GB");
    TU_CHECK(gfp_model_save(path, &m, &err) == GFP_OK, "save: %s", err.msg);
    TU_CHECK(gfp_model_load(path, &back, &err) == GFP_OK, "load: %s",
             err.msg);
    TU_CHECK(back.threads == 8 && back.have_gpu == 1 &&
                 !strcmp(back.device, m.device), "header fields");
    TU_CHECK(fabs(back.beside[0][0] - 1.25) < 1e-6 &&
                 fabs(back.beside[0][1] - 1.5) < 1e-6 &&
                 fabs(back.beside[1][0] - 1.3) < 1e-6 &&
                 fabs(back.beside[1][1] - 1.4) < 1e-6,
             "beside factors %.4f %.4f %.4f %.4f", back.beside[0][0],
             back.beside[0][1], back.beside[1][0], back.beside[1][1]);
    /* the columns' factors kept; f64's unset, written as the rows' */
    TU_CHECK(fabs(back.beside_cols[0][0] - 1.75) < 1e-6 &&
                 fabs(back.beside_cols[0][1] - 1.125) < 1e-6 &&
                 fabs(back.beside_cols[1][0] - 1.3) < 1e-6 &&
                 fabs(back.beside_cols[1][1] - 1.4) < 1e-6,
             "columns' factors %.4f %.4f %.4f %.4f", back.beside_cols[0][0],
             back.beside_cols[0][1], back.beside_cols[1][0],
             back.beside_cols[1][1]);
    /* a file without the beside lines (before them): factors 1 */
    {
        FILE *g = fopen(path, "r");
        char nb[600];
        snprintf(nb, sizeof nb, "%s/old", dir);
        FILE *h = fopen(nb, "w");
        char line[512];
        while (g && h && fgets(line, sizeof line, g))
            if (!strstr(line, "beside"))
                fputs(line, h);
        if (g)
            fclose(g);
        if (h)
            fclose(h);
        gfp_model old;
        TU_CHECK(gfp_model_load(nb, &old, &err) == GFP_OK, "old file: %s",
                 err.msg);
        TU_CHECK(old.beside[0][0] == 1 && old.beside[0][1] == 1 &&
                     old.beside[1][0] == 1 && old.beside[1][1] == 1 &&
                     old.beside_cols[0][0] == 0 && old.beside_cols[0][1] == 0,
                 "old file's factors not 1 (columns': unset)");
        unlink(nb);
    }
    for (int d = 0; d < 2; d++)
        for (int s = 0; s < GFP_STEP_COUNT; s++)
            for (int f = 0; f < 3; f++)
                TU_CHECK(fabs(back.c[d][s][f] - m.c[d][s][f]) <=
                             1e-8 * fabs(m.c[d][s][f]),
                         "coefficient %d/%d/%d", d, s, f);
    /* version 3 (calibrate with a GPU): the overlap and the runs kept */
    TU_CHECK(back.gpu_overlap == 1 &&
                 back.c[0][GFP_STEP_GPU_COPY][2] == m.c[0][GFP_STEP_GPU_COPY][2],
             "version 3: overlap %d, runs %.4g", back.gpu_overlap,
             back.c[0][GFP_STEP_GPU_COPY][2]);
    /* version 1 (no overlap): written as 1, which older gfftpipes read;
     * read back without overlap, and a version 1 file's gpu_copy third
     * coefficient (never a runs one) is 0 */
    {
        gfp_model v1 = m, b1;
        v1.gpu_overlap = 0;
        TU_CHECK(gfp_model_save(path, &v1, &err) == GFP_OK, "save v1");
        FILE *g = fopen(path, "r");
        char line[512];
        int ver = 0, cols_lines = 0;
        while (g && fgets(line, sizeof line, g)) {
            sscanf(line, "gfftpipe-model %d", &ver);
            cols_lines += line[0] != '#' && strstr(line, "beside_cols");
        }
        if (g)
            fclose(g);
        TU_CHECK(ver == 1, "version written: %d", ver);
        TU_CHECK(cols_lines == 0, "version 1 with %d beside_cols lines "
                 "(older gfftpipes refuse them)", cols_lines);
        TU_CHECK(gfp_model_load(path, &b1, &err) == GFP_OK, "load v1: %s",
                 err.msg);
        TU_CHECK(b1.gpu_overlap == 0 && b1.c[0][GFP_STEP_GPU_COPY][2] == 0 &&
                     b1.c[1][GFP_STEP_GPU_COPY][2] == 0 &&
                     b1.c[0][GFP_STEP_GPU_COPY][1] ==
                         back.c[0][GFP_STEP_GPU_COPY][1],
                 "v1: overlap %d, runs %.4g", b1.gpu_overlap,
                 b1.c[0][GFP_STEP_GPU_COPY][2]);
        TU_CHECK(gfp_model_save(path, &m, &err) == GFP_OK, "save v3");
    }
    /* version 2 (calibrate of stops 17-27): the overlap and the runs, no
     * columns' factors, so the columns take the rows' */
    {
        char v2[600];
        snprintf(v2, sizeof v2, "%s/v2", dir);
        FILE *g = fopen(path, "r"), *h = fopen(v2, "w");
        char line[512];
        while (g && h && fgets(line, sizeof line, g)) {
            if (strstr(line, "beside_cols"))
                continue;
            if (!strncmp(line, "gfftpipe-model ", 15))
                fputs("gfftpipe-model 2\n", h);
            else
                fputs(line, h);
        }
        if (g)
            fclose(g);
        if (h)
            fclose(h);
        gfp_model b2;
        TU_CHECK(gfp_model_load(v2, &b2, &err) == GFP_OK, "load v2: %s",
                 err.msg);
        TU_CHECK(b2.gpu_overlap == 1 &&
                     b2.c[0][GFP_STEP_GPU_COPY][2] ==
                         back.c[0][GFP_STEP_GPU_COPY][2] &&
                     b2.beside_cols[0][0] == 0 && b2.beside_cols[1][1] == 0,
                 "v2: overlap %d, runs %.4g, columns' %.3f", b2.gpu_overlap,
                 b2.c[0][GFP_STEP_GPU_COPY][2], b2.beside_cols[0][0]);
        gfp_model_problem p = {.W = 4096, .H = 4096, .kind = GFP_C2C};
        gfp_model_pred pr, pb;
        gfp_model_predict2(&b2, &p, 0.5, 0.5, &pr);
        gfp_model cp = b2;
        cp.beside_cols[0][0] = b2.beside[0][0];
        cp.beside_cols[0][1] = b2.beside[0][1];
        gfp_model_predict2(&cp, &p, 0.5, 0.5, &pb);
        TU_CHECK(pr.cpu[1] == pb.cpu[1] && pr.gpu[1] == pb.gpu[1] &&
                     pr.cpu[1] > 0,
                 "v2: the columns not at the rows' factors");
        unlink(v2);
    }
    /* absent, not a model, a missing line, a factor below 1, version 4 */
    {
        char v4[600];
        snprintf(v4, sizeof v4, "%s/v4", dir);
        FILE *h = fopen(v4, "w");
        fputs("gfftpipe-model 4\n", h);
        fclose(h);
        gfp_error e6 = {0};
        TU_CHECK(gfp_model_load(v4, &back, &e6) == GFP_EFORMAT &&
                     strstr(e6.msg, "version"), "version 4: %s", e6.msg);
        unlink(v4);
    }
    gfp_error e2 = {0};
    snprintf(buf, sizeof buf, "%s/none", dir);
    TU_CHECK(gfp_model_load(buf, &back, &e2) == GFP_EIO, "absent: %d",
             (int)e2.status);
    snprintf(buf, sizeof buf, "%s/bad", dir);
    FILE *f = fopen(buf, "w");
    fputs("hello world\n", f);
    fclose(f);
    gfp_error e3 = {0};
    TU_CHECK(gfp_model_load(buf, &back, &e3) == GFP_EFORMAT, "not a model");
    f = fopen(buf, "w");
    fputs("gfftpipe-model 1\nthreads 1\ngpu 1\nf32 cpu_fft 1 0 1\n", f);
    fclose(f);
    gfp_error e4 = {0};
    TU_CHECK(gfp_model_load(buf, &back, &e4) == GFP_EFORMAT &&
                 strstr(e4.msg, "no f32 transpose"), "missing line: %s",
             e4.msg);
    f = fopen(buf, "w");
    fputs("gfftpipe-model 1\nf32 beside 0.5 1\n", f);
    fclose(f);
    gfp_error e5 = {0};
    TU_CHECK(gfp_model_load(buf, &back, &e5) == GFP_EFORMAT &&
                 strstr(e5.msg, "line 2"), "beside 0.5: %s", e5.msg);
    unlink(buf);
    unlink(path);
    snprintf(buf, sizeof buf, "%s/a/b", dir);
    rmdir(buf);
    snprintf(buf, sizeof buf, "%s/a", dir);
    rmdir(buf);
    rmdir(dir);
}

int main(void)
{
    if (tu_init())
        return 99;
    tu_suite("least squares");
    TU_TEST(test_lsq_exact_and_noisy);
    TU_TEST(test_fit_steps_recover);
    tu_suite("prediction and r");
    TU_TEST(test_predict_16x);
    TU_TEST(test_best_ratio_known);
    TU_TEST(test_predict_r2c_cheaper);
    TU_TEST(test_beside_known);
    TU_TEST(test_beside_predict_16x);
    TU_TEST(test_beside_cols);
    TU_TEST(test_copy_runs);
    TU_TEST(test_predict_gpu_known);
    TU_TEST(test_copy_probe_16x);
    TU_TEST(test_predict_tall_runs);
    TU_TEST(test_best_ratios);
    TU_TEST(test_cpu_batches);
    TU_TEST(test_copy_fit_negative_runs);
    tu_suite("model file");
    TU_TEST(test_model_file);
    return tu_run();
}
