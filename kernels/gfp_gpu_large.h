/* gfp_gpu_large.h - lengths the single-block kernels of gfp_gpu.cu cannot
 * do: multi-pass Stockham (four-step generalised) for smooth lengths,
 * Bluestein for the rest. Internal to kernels/: host code sees only
 * gfp_gpu.h, whose plans hand over to this module. */
#ifndef GFP_GPU_LARGE_H
#define GFP_GPU_LARGE_H

#include <stddef.h>
#include "gfp_gpu.h"

typedef struct gfp_large gfp_large;

/* Whether this module takes d (any length 1 .. 2^28 of a valid kind). */
int gfp_large_supported(const gfp_gpu_desc *d);

/* The plan: tables on the device, a workspace pool (each exec allocates
 * its own workspace from it, stream-ordered, so several streams may run
 * one plan at once). */
int gfp_large_create(const gfp_gpu_desc *d, gfp_large **out, char *err, size_t errlen);
int gfp_large_exec(const gfp_large *L, const void *d_in, void *d_out, size_t batch,
                   void *stream, char *err, size_t errlen);
void gfp_large_destroy(gfp_large *L);

/* Whether the single-block kernels of gfp_gpu.cu take d themselves
 * (gfp_gpu_supported also says yes for what this module takes). */
int gfp_gpu_single_supported(const gfp_gpu_desc *d);

/* One line for tests and bench notes: route, passes, radices. */
const char *gfp_large_describe(const gfp_large *L);

#endif
