/* model.c - the hybrid engine's performance model (model.h): least-squares
 * fits of the step coefficients, the 2D prediction, the choice of r, and
 * the model file. */
#include "config.h"
#include "model.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const step_names[GFP_STEP_COUNT] = {
    "cpu_fft", "transpose", "gpu_copy", "gpu_fft", "alloc"};

const char *gfp_model_step_name(int step)
{
    return step >= 0 && step < GFP_STEP_COUNT ? step_names[step] : NULL;
}

/* Which features (1, bytes, work) a step uses. */
static const int step_uses[GFP_STEP_COUNT][3] = {
    {1, 0, 1}, /* cpu_fft */
    {1, 1, 0}, /* transpose */
    {1, 1, 1}, /* gpu_copy: 1, bytes, runs */
    {1, 0, 1}, /* gpu_fft */
    {1, 1, 0}, /* alloc */
};

int gfp_lsq_fit(const double *X, const double *y, size_t m, int k,
                double *coef)
{
    if (k < 1 || k > 4 || m < (size_t)k)
        return -1;
    double scale[4], A[4][5];
    for (int j = 0; j < k; j++) {
        double mx = 0;
        for (size_t i = 0; i < m; i++)
            mx = fmax(mx, fabs(X[i * (size_t)k + (size_t)j]));
        if (mx == 0)
            return -1;
        scale[j] = mx;
    }
    /* Normal equations of the scaled columns: (S X)^T (S X) b' = ... */
    for (int a = 0; a < k; a++) {
        for (int b = 0; b <= k; b++) {
            double s = 0;
            for (size_t i = 0; i < m; i++) {
                double xa = X[i * (size_t)k + (size_t)a] / scale[a];
                double xb = b < k ? X[i * (size_t)k + (size_t)b] / scale[b]
                                  : y[i];
                s += xa * xb;
            }
            A[a][b] = s;
        }
    }
    for (int col = 0; col < k; col++) {
        int piv = col;
        for (int r = col + 1; r < k; r++)
            if (fabs(A[r][col]) > fabs(A[piv][col]))
                piv = r;
        if (fabs(A[piv][col]) < 1e-12 * (fabs(A[0][0]) + 1e-300))
            return -1;
        if (piv != col)
            for (int b = 0; b <= k; b++) {
                double t = A[col][b];
                A[col][b] = A[piv][b];
                A[piv][b] = t;
            }
        for (int r = col + 1; r < k; r++) {
            double f = A[r][col] / A[col][col];
            for (int b = col; b <= k; b++)
                A[r][b] -= f * A[col][b];
        }
    }
    for (int r = k - 1; r >= 0; r--) {
        double s = A[r][k];
        for (int b = r + 1; b < k; b++)
            s -= A[r][b] * coef[b];
        coef[r] = s / A[r][r];
    }
    for (int j = 0; j < k; j++) {
        coef[j] /= scale[j];
        if (!isfinite(coef[j]))
            return -1;
    }
    return 0;
}

int gfp_model_fit_step(gfp_model *m, int dbl, gfp_model_step step,
                       const double *bytes, const double *work,
                       const double *secs, size_t nobs)
{
    return gfp_model_fit_step_batched(m, dbl, step, NULL, bytes, work, secs,
                                      nobs);
}

int gfp_model_fit_step_batched(gfp_model *m, int dbl, gfp_model_step step,
                               const double *batches, const double *bytes,
                               const double *work, const double *secs,
                               size_t nobs)
{
    if (step < 0 || step >= GFP_STEP_COUNT || nobs == 0)
        return -1;
    int k = 0, idx[3];
    for (int f = 0; f < 3; f++)
        if (step_uses[step][f])
            idx[k++] = f;
    double *X = malloc(nobs * (size_t)k * sizeof *X);
    if (!X)
        return -1;
    for (size_t i = 0; i < nobs; i++)
        for (int j = 0; j < k; j++) {
            double v = idx[j] == 0   ? (batches ? batches[i] : 1.0)
                       : idx[j] == 1 ? bytes[i]
                                     : work[i];
            X[i * (size_t)k + (size_t)j] = v;
        }
    double c[3] = {0, 0, 0};
    int rc = gfp_lsq_fit(X, secs, nobs, k, c);
    if (!rc && step == GFP_STEP_GPU_COPY && c[k - 1] < 0) {
        /* runs that cost nothing: the fit without them (X's rows keep
         * their first k - 1 columns in place when read with stride k,
         * so compact them first) */
        for (size_t i = 0; i < nobs; i++)
            for (int j = 0; j < k - 1; j++)
                X[i * (size_t)(k - 1) + (size_t)j] = X[i * (size_t)k +
                                                       (size_t)j];
        k--;
        c[k] = 0;
        rc = gfp_lsq_fit(X, secs, nobs, k, c);
        k++;
    }
    free(X);
    if (rc)
        return -1;
    double *dst = m->c[dbl ? 1 : 0][step];
    dst[0] = dst[1] = dst[2] = 0;
    for (int j = 0; j < k; j++)
        dst[idx[j]] = c[j];
    return 0;
}

void gfp_model_shape_obs(size_t n, size_t F, int dbl, double *bytes,
                         double *array, double *work, double *batches)
{
    size_t fb = 2 * n * (dbl ? sizeof(double) : sizeof(float));
    *bytes = (double)F * 2 * (double)fb;
    *array = (double)F * (double)fb;
    *work = (double)F * (double)n * log2((double)n);
    *batches = gfp_model_cpu_batches(F, fb);
}

int gfp_model_step_per_batch(gfp_model_step step)
{
    return step == GFP_STEP_CPU_FFT || step == GFP_STEP_TRANSPOSE;
}

int gfp_model_fit_shapes(gfp_model *m, int dbl, gfp_model_step step,
                         const double *bytes, const double *array,
                         const double *work, const double *batches,
                         const double *secs, size_t nobs)
{
    if (step == GFP_STEP_GPU_COPY)
        return -1;
    const double *by = step == GFP_STEP_TRANSPOSE || step == GFP_STEP_ALLOC
                           ? array : bytes;
    const double *nb = gfp_model_step_per_batch(step) ? batches : NULL;
    return gfp_model_fit_step_batched(m, dbl, step, nb, by, work, secs,
                                      nobs);
}

int gfp_model_fit_beside(gfp_model *m, int dbl, int cols, double cpu_alone,
                         double cpu_both, double gpu_alone, double gpu_both)
{
    if (!(cpu_alone > 0 && cpu_both > 0 && gpu_alone > 0 && gpu_both > 0))
        return -1;
    double k[2] = {cpu_both / cpu_alone, gpu_both / gpu_alone};
    double *b = cols ? m->beside_cols[dbl ? 1 : 0] : m->beside[dbl ? 1 : 0];
    for (int i = 0; i < 2; i++)
        b[i] = k[i] < 1 ? 1 : k[i] > GFP_MODEL_BESIDE_MAX
                                  ? GFP_MODEL_BESIDE_MAX : k[i];
    return 0;
}

/* A beside factor as used (direction d: 1 the columns'): unset (0, a
 * model made by hand) is 1, an unset columns' factor the rows'. */
static double beside(const gfp_model *m, int dbl, int d, int part)
{
    double k = d ? m->beside_cols[dbl ? 1 : 0][part] : 0;
    if (!(k >= 1))
        k = m->beside[dbl ? 1 : 0][part];
    return k >= 1 ? k : 1;
}

/* A step's time with its constant counted nb times (the CPU steps': once
 * a batch, model.h); 0 for no bytes and no work. */
static double step_time_nb(const gfp_model *m, int dbl, gfp_model_step step,
                           double nb, double bytes, double work)
{
    if (bytes <= 0 && work <= 0)
        return 0;
    const double *c = m->c[dbl ? 1 : 0][step];
    double t = c[0] * nb + c[1] * bytes + c[2] * work;
    return t > 0 ? t : 0;
}

double gfp_model_step_time(const gfp_model *m, int dbl, gfp_model_step step,
                           double bytes, double work)
{
    return step_time_nb(m, dbl, step, 1, bytes, work);
}

size_t gfp_model_gpu_batch(size_t frames, size_t fb, size_t db,
                           size_t gpu_mem)
{
    size_t g = GFP_MODEL_GPU_BATCH_BYTES / (fb ? fb : 1);
    if (gpu_mem) {
        size_t cap = gpu_mem / 2 / (2 * (db ? db : 1));
        if (cap < g)
            g = cap;
    }
    return gfp_model_round_batch(g, frames);
}

size_t gfp_model_round_batch(size_t k, size_t frames)
{
    if (k >= frames)
        return frames ? frames : 1;
    return k >= 4 ? k / 4 * 4 : 1;
}

size_t gfp_model_cpu_batch(size_t frames, size_t fb)
{
    size_t bytes = GFP_MODEL_CPU_BATCH_BYTES;
    const char *e = getenv("GFP_CPU_BATCH_MIB"); /* A/B runs */
    if (e && atoi(e) > 0 && atoi(e) <= 4096)
        bytes = (size_t)atoi(e) << 20;
    return gfp_model_round_batch(bytes / (fb ? fb : 1), frames);
}

double gfp_model_cpu_batches(size_t frames, size_t fb)
{
    if (!frames)
        return 0;
    size_t k = gfp_model_cpu_batch(frames, fb);
    return (double)((frames + k - 1) / k);
}


double gfp_model_copy_runs(size_t frames, size_t fb, size_t db, size_t L,
                           size_t gpu_mem)
{
    if (!frames)
        return 0;
    size_t nf = gfp_model_gpu_batch(frames, fb, db, gpu_mem);
    return (double)L * (double)((frames + nf - 1) / nf);
}

/* A GPU part: its copies and its kernels, added (version 1: the copies
 * were timed as what a pass took beyond its kernels) or overlapped. */
static double gpu_part(const gfp_model *m, int dbl, double bytes,
                       double runs, double work)
{
    double c = gfp_model_step_time(m, dbl, GFP_STEP_GPU_COPY, bytes, 0);
    if (bytes > 0 || runs > 0)
        c += m->c[dbl ? 1 : 0][GFP_STEP_GPU_COPY][2] * runs;
    if (c < 0)
        c = 0;
    double k = gfp_model_step_time(m, dbl, GFP_STEP_GPU_FFT, 0, work);
    return m->gpu_overlap ? fmax(c, k) : c + k;
}

static double clamp_ratio(const gfp_model *m, double r)
{
    if (r < 0)
        r = 0;
    if (r > 1 || !m->have_gpu)
        r = m->have_gpu ? 1 : 0;
    return r;
}

double gfp_model_predict(const gfp_model *m, const gfp_model_problem *p,
                         double r, gfp_model_pred *out)
{
    return gfp_model_predict2(m, p, r, r, out);
}

double gfp_model_predict2(const gfp_model *m, const gfp_model_problem *p,
                          double r_rows, double r_cols, gfp_model_pred *out)
{
    gfp_model_pred pr;
    memset(&pr, 0, sizeof pr);
    const double rr[2] = {clamp_ratio(m, r_rows), clamp_ratio(m, r_cols)};
    int dbl = p->dbl;
    double es = dbl ? 8.0 : 4.0;
    double W = (double)p->W, H = (double)p->H;
    int real = p->kind != GFP_C2C;
    double Wc = real ? (double)(p->W / 2 + 1) : W;
    /* [direction]: frames, input + output bytes, work, transposed bytes;
     * the frames, frame bytes and device bytes a frame of the GPU's
     * batches (the copies' runs) */
    double bytes[2], work[2], trb[2];
    size_t Wci = real ? p->W / 2 + 1 : p->W;
    size_t rin = (real ? p->W : 2 * p->W) * (size_t)es, rout = 2 * Wci *
                                                              (size_t)es;
    size_t fr[2] = {p->H, Wci};
    size_t fb[2] = {rin > rout ? rin : rout, 2 * p->H * (size_t)es};
    size_t db[2] = {rin + rout, 4 * p->H * (size_t)es};
    bytes[0] = H * ((real ? W : 2 * W) + 2 * Wc) * es;
    work[0] = H * W * log2(W) * (real ? 0.5 : 1.0);
    trb[0] = H * 2 * Wc * es;
    bytes[1] = Wc * 4 * H * es;
    work[1] = Wc * H * log2(H);
    trb[1] = Wc * 2 * H * es;
    for (int d = 0; d < 2; d++) {
        double g = 0, c, r = rr[d];
        if (r > 0) {
            /* the rows' batches copy back whole, each into a tile of the
             * intermediate array; the columns' as H rows of the batch's
             * frames into the result (model.h) */
            size_t ng = (size_t)llround(r * (double)fr[d]);
            double runs = gfp_model_copy_runs(ng ? ng : 1, fb[d], db[d],
                                              d ? p->H : 1, p->gpu_mem);
            g = gpu_part(m, dbl, r * bytes[d], runs, r * work[d]);
        }
        /* each side transposes its own part: the GPU on the device (in
         * its copies' time), the CPU its 1 - r */
        double nb = gfp_model_cpu_batches(
            fr[d] - (size_t)llround(r * (double)fr[d]), fb[d]);
        c = step_time_nb(m, dbl, GFP_STEP_CPU_FFT, nb, 0,
                         (1 - r) * work[d]) +
            step_time_nb(m, dbl, GFP_STEP_TRANSPOSE, nb, (1 - r) * trb[d],
                         0);
        /* both at once: each at its speed beside the other */
        if (r > 0 && r < 1) {
            g *= beside(m, dbl, d, 1);
            c *= beside(m, dbl, d, 0);
        }
        pr.gpu[d] = g;
        pr.cpu[d] = c;
        pr.total += g > c ? g : c;
    }
    /* two working arrays of H x max(W, 2 Wc) scalars, allocated apart
     * (calibrate times one array's allocation) */
    double per = real ? fmax(W, 2 * Wc) : 2 * W;
    pr.alloc = 2 * gfp_model_step_time(m, dbl, GFP_STEP_ALLOC,
                                       H * per * es, 0);
    if (out)
        *out = pr;
    return pr.total;
}

double gfp_model_best_ratio(const gfp_model *m, const gfp_model_problem *p,
                            double *t)
{
    double best_r = 0, best = gfp_model_predict(m, p, 0, NULL);
    if (m->have_gpu)
        for (int i = 1; i <= 1000; i++) {
            double r = i / 1000.0, v = gfp_model_predict(m, p, r, NULL);
            if (v < best) {
                best = v;
                best_r = r;
            }
        }
    if (t)
        *t = best;
    return best_r;
}

void gfp_model_best_ratios(const gfp_model *m, const gfp_model_problem *p,
                           double r[2], double *t)
{
    /* the directions add and each depends on its own r alone */
    double best[2] = {INFINITY, INFINITY};
    r[0] = r[1] = 0;
    for (int i = 0; i <= (m->have_gpu ? 1000 : 0); i++) {
        double ri = i / 1000.0;
        gfp_model_pred pr;
        gfp_model_predict2(m, p, ri, ri, &pr);
        for (int d = 0; d < 2; d++) {
            double v = fmax(pr.cpu[d], pr.gpu[d]);
            if (v < best[d]) {
                best[d] = v;
                r[d] = ri;
            }
        }
    }
    if (t)
        *t = gfp_model_predict2(m, p, r[0], r[1], NULL);
}

double gfp_model_best_ratio_1d(const gfp_model *m, int dbl, gfp_kind kind,
                               size_t n, size_t frames)
{
    if (!m->have_gpu || !n || !frames)
        return 0;
    double es = dbl ? 8.0 : 4.0, N = (double)n, F = (double)frames;
    double bins = kind == GFP_C2C ? N : (double)(n / 2 + 1);
    double bytes = F * ((kind == GFP_C2C ? 2 * N : N) + 2 * bins) * es;
    double work = F * N * log2(N) * (kind == GFP_C2C ? 1.0 : 0.5);
    double best = INFINITY, best_r = 0;
    for (int i = 0; i <= 1000; i++) {
        double r = i / 1000.0;
        double g = r > 0 ? gpu_part(m, dbl, r * bytes, 0, r * work) : 0;
        double c = gfp_model_step_time(m, dbl, GFP_STEP_CPU_FFT, 0,
                                       (1 - r) * work);
        if (r > 0 && r < 1) {
            g *= beside(m, dbl, 0, 1);
            c *= beside(m, dbl, 0, 0);
        }
        double t = g > c ? g : c;
        if (t < best) {
            best = t;
            best_r = r;
        }
    }
    return best_r;
}

void gfp_model_default(gfp_model *m)
{
    memset(m, 0, sizeof *m);
    for (int dbl = 0; dbl < 2; dbl++) {
        double f = dbl ? 2.0 : 1.0;
        double (*c)[3] = m->c[dbl];
        c[GFP_STEP_CPU_FFT][0] = 1e-4;
        c[GFP_STEP_CPU_FFT][2] = 1e-9 * f;     /* ~5 GFLOP/s */
        c[GFP_STEP_TRANSPOSE][0] = 1e-4;
        c[GFP_STEP_TRANSPOSE][1] = 5e-10;      /* 2 GB/s */
        c[GFP_STEP_GPU_COPY][0] = 1e-3;
        c[GFP_STEP_GPU_COPY][1] = 1e-10;       /* 10 GB/s */
        c[GFP_STEP_GPU_FFT][0] = 1e-4;
        c[GFP_STEP_GPU_FFT][2] = 1e-11 * f;
        c[GFP_STEP_ALLOC][0] = 1e-4;
        c[GFP_STEP_ALLOC][1] = 1e-10;
    }
    m->have_gpu = 1;
    m->threads = 1;
    m->beside[0][0] = m->beside[0][1] = m->beside[1][0] = m->beside[1][1] = 1;
    snprintf(m->device, sizeof m->device, "-");
}

gfp_status gfp_model_path(char *buf, size_t len, gfp_error *err)
{
    const char *env = getenv("GFFTPIPE_MODEL");
    int n;
    if (env && *env) {
        n = snprintf(buf, len, "%s", env);
    } else {
        const char *xdg = getenv("XDG_CACHE_HOME");
        const char *home = getenv("HOME");
        if (xdg && *xdg)
            n = snprintf(buf, len, "%s/gfftpipe/model", xdg);
        else if (home && *home)
            n = snprintf(buf, len, "%s/.cache/gfftpipe/model", home);
        else
            return gfp_fail(err, GFP_EIO, "neither XDG_CACHE_HOME nor HOME "
                            "is set: no place for the model file");
    }
    if (n < 0 || (size_t)n >= len)
        return gfp_fail(err, GFP_EIO, "the model file's path is too long");
    return GFP_OK;
}

/* mkdir -p of path's directory. */
static int make_parents(const char *path)
{
    char d[4096];
    size_t len = strlen(path);
    if (len >= sizeof d)
        return -1;
    memcpy(d, path, len + 1);
    for (char *s = d + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(d, 0755) != 0 && errno != EEXIST)
                return -1;
            *s = '/';
        }
    return 0;
}

gfp_status gfp_model_save(const char *path, const gfp_model *m,
                          gfp_error *err)
{
    char tmp[4200];
    if (make_parents(path))
        return gfp_fail(err, GFP_EIO, "cannot create the directory of '%s': "
                        "%s", path, strerror(errno));
    if (snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid()) >=
        (int)sizeof tmp)
        return gfp_fail(err, GFP_EIO, "path too long");
    FILE *f = fopen(tmp, "w");
    if (!f)
        return gfp_fail(err, GFP_EIO, "cannot write '%s': %s", tmp,
                        strerror(errno));
    fprintf(f, "# gfftpipe performance model (gfftpipe calibrate)\n"
               "# step time = c0 + c1*bytes + c2*work seconds; "
               "work = frames*n*log2(n)%s\n"
               "gfftpipe-model %d\nthreads %d\ngpu %d\ndevice %s\n",
            m->gpu_overlap ? "\n# gpu_copy: c2*runs (rows of the strided "
                             "copies back); a GPU part is max(gpu_copy, "
                             "gpu_fft)" : "",
            m->gpu_overlap ? 3 : 1, m->threads, m->have_gpu,
            m->device[0] ? m->device : "-");
    for (int dbl = 0; dbl < 2; dbl++)
        for (int s = 0; s < GFP_STEP_COUNT; s++)
            fprintf(f, "%s %s %.9e %.9e %.9e\n", dbl ? "f64" : "f32",
                    step_names[s], m->c[dbl][s][0], m->c[dbl][s][1],
                    m->c[dbl][s][2]);
    fprintf(f, "# beside: CPU part, GPU part slower beside the other "
               "(beside_cols: in the columns' pass)\n");
    for (int dbl = 0; dbl < 2; dbl++) {
        fprintf(f, "%s beside %.6f %.6f\n", dbl ? "f64" : "f32",
                beside(m, dbl, 0, 0), beside(m, dbl, 0, 1));
        if (m->gpu_overlap)
            fprintf(f, "%s beside_cols %.6f %.6f\n", dbl ? "f64" : "f32",
                    beside(m, dbl, 1, 0), beside(m, dbl, 1, 1));
    }
    int bad = ferror(f);
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        return gfp_fail(err, GFP_EIO, "cannot write '%s': %s", path,
                        strerror(e));
    }
    return GFP_OK;
}

gfp_status gfp_model_load(const char *path, gfp_model *m, gfp_error *err)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return gfp_fail(err, GFP_EIO, "cannot read '%s': %s", path,
                        strerror(errno));
    gfp_model t;
    memset(&t, 0, sizeof t);
    /* a file from before the beside line: no contention measured */
    t.beside[0][0] = t.beside[0][1] = t.beside[1][0] = t.beside[1][1] = 1;
    char line[512];
    int version = 0, seen[2][GFP_STEP_COUNT] = {{0}}, lineno = 0;
    gfp_status st = GFP_OK;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        if (!line[0] || line[0] == '#')
            continue;
        char prec[8], step[32];
        double a, b, c;
        if (sscanf(line, "gfftpipe-model %d", &version) == 1)
            continue;
        if (sscanf(line, "threads %d", &t.threads) == 1)
            continue;
        if (sscanf(line, "gpu %d", &t.have_gpu) == 1)
            continue;
        if (!strncmp(line, "device ", 7)) {
            snprintf(t.device, sizeof t.device, "%.127s", line + 7);
            continue;
        }
        char which[16];
        if (sscanf(line, "%7s %15s %lf %lf", prec, which, &a, &b) == 4 &&
            (!strcmp(which, "beside") || !strcmp(which, "beside_cols")) &&
            (!strcmp(prec, "f32") || !strcmp(prec, "f64")) && a >= 1 &&
            b >= 1 && a <= GFP_MODEL_BESIDE_MAX &&
            b <= GFP_MODEL_BESIDE_MAX) {
            double *k = strcmp(which, "beside")
                            ? t.beside_cols[!strcmp(prec, "f64")]
                            : t.beside[!strcmp(prec, "f64")];
            k[0] = a;
            k[1] = b;
            continue;
        }
        if (sscanf(line, "%7s %31s %lf %lf %lf", prec, step, &a, &b, &c) ==
                5 &&
            (!strcmp(prec, "f32") || !strcmp(prec, "f64")) && isfinite(a) &&
            isfinite(b) && isfinite(c)) {
            int d = !strcmp(prec, "f64"), s;
            for (s = 0; s < GFP_STEP_COUNT; s++)
                if (!strcmp(step, step_names[s]))
                    break;
            if (s < GFP_STEP_COUNT) {
                t.c[d][s][0] = a;
                t.c[d][s][1] = b;
                t.c[d][s][2] = c;
                seen[d][s] = 1;
                continue;
            }
        }
        st = gfp_fail(err, GFP_EFORMAT, "'%s' line %d is not a gfftpipe "
                      "model line: %.60s", path, lineno, line);
        break;
    }
    fclose(f);
    if (st)
        return st;
    if (version < 1 || version > 3)
        return gfp_fail(err, GFP_EFORMAT, "'%s' is not a gfftpipe model "
                        "(version 1 to 3)", path);
    /* version 1: the copies were what a pass took beyond its kernels,
     * and had no runs feature (model.h) */
    t.gpu_overlap = version >= 2;
    if (version == 1)
        t.c[0][GFP_STEP_GPU_COPY][2] = t.c[1][GFP_STEP_GPU_COPY][2] = 0;
    for (int d = 0; d < 2; d++)
        for (int s = 0; s < GFP_STEP_COUNT; s++)
            if (!seen[d][s])
                return gfp_fail(err, GFP_EFORMAT, "'%s' has no %s %s line",
                                path, d ? "f64" : "f32", step_names[s]);
    *m = t;
    return GFP_OK;
}
