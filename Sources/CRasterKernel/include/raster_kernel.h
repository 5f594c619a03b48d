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
} tf_layer_sampler;

/// The mask of a tilted item along one row of pixels (PerspectiveMask): pixel column x → item point ((m0·x + mx0) / q,
/// (m3·x + my0) / q), q = m6·x + mq0, at pixel centres; the rounded rect's half sizes, radius, and pixels per point.
typedef struct {
    double m0, m3, m6, mx0, my0, mq0;
    double halfWidth, halfHeight, radius, scale;
} tf_mask_row;

/// `count` pixels from `pixels` on, each the texture's bilinear sample at (u, v) + k·(du, dv) with the layer rect's
/// antialiased edge, at `opacity` (0…255), drawn over what is there (premultiplied "over"), or atop it (`atop`: only
/// where it is opaque), each covered by the mask: fully (`mask` NULL), or as much as the rounded rect covers pixel
/// column `x` + k (its antialiased edge). PerspectiveRasteriser's arithmetic to the bit, doubles included.
void tf_layer_run(const tf_layer_sampler *sampler, uint32_t *pixels, int64_t count, int64_t u, int64_t v, int64_t du,
                  int64_t dv, uint32_t opacity, int atop, const tf_mask_row *mask, int64_t x);

/// SDL2's software blend of a texture with a colour and alpha modulation (`r`, `g`, `b`, `a`) over ARGB8888 pixels:
/// `w` × `h` texels from `src` (rows `srcPitch` bytes apart) over as many pixels at `dst` (rows `dstPitch` apart),
/// byte for byte what SDL's `SDL_Blit_ARGB8888_ARGB8888_Modulate_Blend` writes, four pixels at a time. With `opaque`,
/// over RGB888 pixels (no alpha: the top byte written 0), what `SDL_Blit_ARGB8888_RGB888_Modulate_Blend` writes.
void tf_modulate_blend(const uint32_t *src, int64_t srcPitch, uint32_t *dst, int64_t dstPitch, int64_t w, int64_t h,
                       uint8_t r, uint8_t g, uint8_t b, uint8_t a, int opaque);

#endif
