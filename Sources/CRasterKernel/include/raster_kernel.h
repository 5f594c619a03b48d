#ifndef TENFOOT_RASTER_KERNEL_H
#define TENFOOT_RASTER_KERNEL_H

#include <stdint.h>

/// A layer texture as PerspectiveRasteriser samples it: premultiplied ARGB texels with a 2-texel clear border, and
/// the limits of its sample positions (16.16 fixed point; see PerspectiveRasteriser.draw).
typedef struct {
    const uint32_t *texels;
    int64_t stride;
    int64_t minS, maxSU, maxSV;
    int64_t loU, hiU, hiV;
    int64_t edgeScale;
    /// Nonzero: runs may be drawn eight pixels at a time with 256-bit vectors (AVX2) where the processor has them;
    /// zero: one pixel at a time (SSE2). The bytes are the same.
    int64_t wide;
} tf_layer_sampler;

/// The mask of a tilted item along one row of pixels (PerspectiveMask): pixel column x → item point ((m0·x + mx0) / q,
/// (m3·x + my0) / q), q = m6·x + mq0, at pixel centres; the rounded rect's half sizes, radius, and pixels per point.
typedef struct {
    double m0, m3, m6, mx0, my0, mq0;
    double halfWidth, halfHeight, radius, scale;
    /// Each pixel column's coverage once worked out on this row, 0xFFFF where not yet (NULL: none kept).
    uint16_t *coverage;
} tf_mask_row;

/// `count` pixels from `pixels` on, each the texture's bilinear sample at (u, v) + k·(du, dv) with the layer rect's
/// antialiased edge, at `opacity` (0…255), drawn over what is there (premultiplied "over"), or atop it (`atop`: only
/// where it is opaque), each covered by the mask: fully (`mask` NULL), or as much as the rounded rect covers pixel
/// column `x` + k (its antialiased edge). PerspectiveRasteriser's arithmetic to the bit, doubles included.
void tf_layer_run(const tf_layer_sampler *sampler, uint32_t *pixels, int64_t count, int64_t u, int64_t v, int64_t du,
                  int64_t dv, uint32_t opacity, int atop, const tf_mask_row *mask, int64_t x);

/// Whether this processor runs the 256-bit (AVX2) runs of `tf_layer_run`: 1 or 0.
int tf_layer_wide_runs(void);

/// SDL2's software blend of a texture with a colour and alpha modulation (`r`, `g`, `b`, `a`) over ARGB8888 pixels:
/// `w` × `h` texels from `src` (rows `srcPitch` bytes apart) over as many pixels at `dst` (rows `dstPitch` apart),
/// byte for byte what SDL's `SDL_Blit_ARGB8888_ARGB8888_Modulate_Blend` writes, four pixels at a time. With `opaque`,
/// over RGB888 pixels (no alpha: the top byte written 0), what `SDL_Blit_ARGB8888_RGB888_Modulate_Blend` writes.
void tf_modulate_blend(const uint32_t *src, int64_t srcPitch, uint32_t *dst, int64_t dstPitch, int64_t w, int64_t h,
                       uint8_t r, uint8_t g, uint8_t b, uint8_t a, int opaque);

/// Rows `row0` … `row0 + rows − 1` and columns `col0` … `col0 + cols − 1` of SDL2's bilinear stretch of `srcW` × `srcH`
/// ARGB texels at `src` (rows `srcPitch` bytes apart) to `dstW` × `dstH` pixels, into `out` (rows `outPitch` apart): byte
/// for byte what `SDL_SoftStretchLinear` writes there on x86 (its SSE2 code: each channel's two vertical products summed,
/// then the horizontal ones, one floor division by 2^14), without the rest of the picture. `work` is memory for its
/// tables, `tf_stretch_work_bytes(srcW, cols)` bytes aligned for 32-bit values. Sides up to 16384; 0 when drawn, -1
/// (nothing drawn) for sizes out of range.
int tf_stretch_linear(const uint32_t *src, int64_t srcPitch, int32_t srcW, int32_t srcH, int32_t dstW, int32_t dstH,
                      int32_t col0, int32_t cols, int32_t row0, int32_t rows, uint32_t *out, int64_t outPitch,
                      void *work);

/// The bytes of work memory `tf_stretch_linear` needs.
int64_t tf_stretch_work_bytes(int32_t srcW, int32_t cols);

#endif
