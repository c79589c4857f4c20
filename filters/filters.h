/* filters.h - the list of stages (subcommands), after SoX's effects list.
 * To add a stage: write filters/NAME.c defining gfp_stage_NAME and add one
 * line here. */
#ifndef GFP_FILTERS_H
#define GFP_FILTERS_H

#include "gfp.h"

#define GFP_STAGES(X) \
    X(fft)            \
    X(ifft)           \
    X(spectrogram)    \
    X(convolve)       \
    X(fft2)           \
    X(ifft2)          \
    X(convolve2d)

#define GFP_DECLARE_STAGE(name) extern const gfp_stage_handler gfp_stage_##name;
GFP_STAGES(GFP_DECLARE_STAGE)
#undef GFP_DECLARE_STAGE

/* Shared by fft and ifft: spectral bookkeeping on one frame of bins. */
typedef enum gfp_norm { GFP_NORM_BACKWARD, GFP_NORM_ORTHO, GFP_NORM_FORWARD }
    gfp_norm;
/* --norm's argument; a usage error with the choices otherwise. */
gfp_status gfp_norm_parse(const char *s, gfp_norm *out, gfp_error *err) GFP_WUR;
/* Scale of a transform of length n under a norm (numpy's meanings). */
double gfp_norm_scale(gfp_norm norm, size_t n, int inverse);
/* numpy.fft.fftshift of nb items of `width` scalars: dst[j] = src[j - nb/2]. */
void gfp_fftshift(const double *src, size_t nb, size_t width, double *dst);

/* Writes count working values (f32 or f64) to snk in format fmt, through
 * a conversion buffer the caller owns (grown as needed). */
gfp_status gfp_write_values(gfp_sink *snk, const gfp_format *fmt,
                            const void *vals, int dbl, size_t count,
                            void **buf, size_t *cap, gfp_error *err) GFP_WUR;

/* Colour maps, shared by spectrogram and fft2: 256 RGB entries from dark
 * (index 0) to bright. The order is spectrogram's cmap_id. */
typedef enum gfp_cmap {
    GFP_CM_VIRIDIS, GFP_CM_MAGMA, GFP_CM_INFERNO, GFP_CM_PLASMA, GFP_CM_GRAY
} gfp_cmap;
/* viridis, magma, inferno, plasma, gray (or grey); GFP_EINVAL otherwise. */
gfp_status gfp_cmap_parse(const char *s, gfp_cmap *out) GFP_WUR;
void gfp_cmap_lut(gfp_cmap id, uint8_t lut[256][3]);

#endif
