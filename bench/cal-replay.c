/* cal-replay.c - calibrate's CPU fit again, offline, from the per-shape
 * lines of one or more `gfftpipe calibrate -v` logs (issue 7). Each
 * shape's CPU times are the least over all the logs' lines for it (the
 * first pass's and any GFP_CAL_CPU_ROUNDS lines), as GFP_CAL_CPU_ROUNDS
 * takes the least of its rounds; cpu_fft and transpose are fitted again
 * from them as calibrate fits them; every other coefficient (the GPU's
 * steps, the beside factors) stays the base model's. For each problem it
 * prints the base model's and the replayed model's r (rows, columns),
 * predicted time and predicted CPU alone; with cpu=SECONDS (the CPU
 * engine's measured time of that problem) a third line with the base
 * model's CPU steps scaled so its CPU alone is that time.
 *
 *   bench/cal-replay MODEL LOG... -- WxH:GPU_MEM[:cpu=SECONDS] ...
 *
 * C2C f32. Built by `make bench/cal-replay` (not installed, not a test). */
#include "config.h"
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSHAPES 32

typedef struct shape {
    size_t n, F;
    double plain, trans; /* least seconds (trans: the transposed pass) */
} shape;

static shape shapes[2][MAXSHAPES];
static size_t nshapes[2];

static void add(int dbl, size_t n, size_t F, double plain, double trans)
{
    shape *s = shapes[dbl];
    size_t i = 0;
    while (i < nshapes[dbl] && !(s[i].n == n && s[i].F == F))
        i++;
    if (i == nshapes[dbl]) {
        if (i == MAXSHAPES)
            return;
        s[i] = (shape){n, F, plain, trans};
        nshapes[dbl]++;
        return;
    }
    if (plain < s[i].plain)
        s[i].plain = plain;
    if (trans < s[i].trans)
        s[i].trans = trans;
}

static int read_log(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "calibrate: f");
        char prec[4];
        size_t n, F;
        double cf, tr;
        if (p && sscanf(p, "calibrate: %3s n %zu x %zu frames: cpu_fft %lf "
                           "ms, transpose %lf ms",
                        prec, &n, &F, &cf, &tr) == 5)
            add(strcmp(prec, "f64") == 0, n, F, cf * 1e-3, (cf + tr) * 1e-3);
    }
    fclose(f);
    return 0;
}

/* cpu_fft and transpose of m (precision dbl) fitted from shapes[dbl] as
 * calibrate fits them */
static int refit(gfp_model *m, int dbl)
{
    size_t k = nshapes[dbl];
    double bytes[MAXSHAPES], array[MAXSHAPES], work[MAXSHAPES],
        batches[MAXSHAPES], tf[MAXSHAPES], tt[MAXSHAPES];
    for (size_t i = 0; i < k; i++) {
        const shape *s = &shapes[dbl][i];
        gfp_model_shape_obs(s->n, s->F, dbl, &bytes[i], &array[i], &work[i],
                            &batches[i]);
        tf[i] = s->plain;
        tt[i] = s->trans - s->plain;
    }
    return gfp_model_fit_shapes(m, dbl, GFP_STEP_CPU_FFT, bytes, array,
                                work, batches, tf, k) ||
           gfp_model_fit_shapes(m, dbl, GFP_STEP_TRANSPOSE, bytes, array,
                                work, batches, tt, k);
}

static void show(const char *label, const gfp_model *m,
                 const gfp_model_problem *p)
{
    double r[2], t;
    gfp_model_best_ratios(m, p, r, &t);
    printf("  %-8s r %.3f,%.3f  pred %.4f s  cpu alone %.4f s  gpu alone "
           "%.4f s  f32 cpu_fft %.3e s/(n log2 n)\n",
           label, r[0], r[1], t, gfp_model_predict(m, p, 0, NULL),
           gfp_model_predict(m, p, 1, NULL),
           m->c[0][GFP_STEP_CPU_FFT][2]);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s MODEL LOG... -- WxH:GPU_MEM[:cpu=S] "
                        "...\n", argv[0]);
        return 2;
    }
    gfp_model base;
    gfp_error err = {0};
    if (gfp_model_load(argv[1], &base, &err)) {
        fprintf(stderr, "%s: %s\n", argv[1], err.msg);
        return 1;
    }
    int a = 2;
    for (; a < argc && strcmp(argv[a], "--"); a++)
        if (read_log(argv[a]))
            return 1;
    gfp_model re = base;
    for (int dbl = 0; dbl < 2; dbl++) {
        printf("%s: %zu shapes, least over the logs:", dbl ? "f64" : "f32",
               nshapes[dbl]);
        for (size_t i = 0; i < nshapes[dbl]; i++)
            printf(" %zux%zu %.3f/%.3f", shapes[dbl][i].n, shapes[dbl][i].F,
                   1e3 * shapes[dbl][i].plain, 1e3 * shapes[dbl][i].trans);
        printf(" ms\n");
        if (nshapes[dbl] && refit(&re, dbl)) {
            fprintf(stderr, "the %s timings do not fit a line\n",
                    dbl ? "f64" : "f32");
            return 1;
        }
    }
    for (a++; a < argc; a++) {
        gfp_model_problem p = {.kind = GFP_C2C, .dbl = 0};
        double cpu = 0;
        int nr = 0;
        if (sscanf(argv[a], "%zux%zu:%zu%n", &p.W, &p.H, &p.gpu_mem, &nr) < 3) {
            fprintf(stderr, "bad problem %s\n", argv[a]);
            return 2;
        }
        if (argv[a][nr] == ':' && sscanf(argv[a] + nr, ":cpu=%lf", &cpu) != 1) {
            fprintf(stderr, "bad problem %s\n", argv[a]);
            return 2;
        }
        printf("%s\n", argv[a]);
        show("base", &base, &p);
        show("replayed", &re, &p);
        if (cpu > 0) {
            gfp_model sc = base;
            double k = cpu / gfp_model_predict(&base, &p, 0, NULL);
            for (int s = GFP_STEP_CPU_FFT; s <= GFP_STEP_TRANSPOSE; s++)
                for (int f = 0; f < 3; f++)
                    sc.c[0][s][f] *= k;
            char lab[32];
            snprintf(lab, sizeof lab, "x%.3f", k);
            show(lab, &sc, &p);
        }
    }
    return 0;
}
