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
    /// Each pixel column's item point (x, y) once worked out, and the row it was worked out for (`points` NULL: none
    /// kept); this row.
    double *points;
    int64_t *pointsRow;
    int64_t row;
} tf_mask_row;

/// `count` pixels from `pixels` on, each the texture's bilinear sample at (u, v) + k·(du, dv) with the layer rect's
/// antialiased edge, at `opacity` (0…255), drawn over what is there (premultiplied "over"), or atop it (`atop`: only
/// where it is opaque), each covered by the mask: fully (`mask` NULL), or as much as the rounded rect covers pixel
/// column `x` + k (its antialiased edge). PerspectiveRasteriser's arithmetic to the bit, doubles included.
void tf_layer_run(const tf_layer_sampler *sampler, uint32_t *pixels, int64_t count, int64_t u, int64_t v, int64_t du,
                  int64_t dv, uint32_t opacity, int atop, const tf_mask_row *mask, int64_t x);

/// A plane's texel positions along one row of pixels: at pixel column x, u = ((h0·x + u0) / q + 1.5)·65536 and
/// v = ((h3·x + v0) / q + 1.5)·65536 (16.16), q = h6·x + q0, bounded to ±2⁴⁰ (0 where not finite).
typedef struct {
    double h0, h3, h6, u0, v0, q0;
} tf_plane_row;

/// Where a plane is opaque: for each texel, how many texels from it on along its row are opaque (alpha 255), at most
/// 255 (`runs`, laid out as the texels); or, with `runs` NULL and `whole` nonzero, every texel of the picture (not
/// its border). With neither, the plane hides nothing.
typedef struct {
    const uint8_t *runs;
    int64_t whole;
} tf_opaque_texels;

/// Pixel columns [from, to) of a row.
typedef struct {
    int64_t from, to;
} tf_columns;

/// Pixels [left, right) of one row of a plane, as PerspectiveRasteriser.drawRow draws them: steps of 16 pixels
/// whose ends have exact texel positions (`plane`) with 16.16 ones between, each drawn by `tf_layer_run`, with
/// `mask` where the step's ends do not both lie a pixel inside one of the rounded rect's two inner rects. Pixels
/// in `hidden` (`hiddenCount` sorted, disjoint ranges) are left as they are: a plane drawn later covers them with
/// opaque samples, so what is drawn there first makes no difference to the bytes.
/// `positions` is room for the texel positions of the steps' ends (2·(⌈(right − left) / 16⌉ + 1) values); `known`
/// says they are there already, as `tf_layer_row_opaque` wrote them for the same columns.
void tf_layer_row(const tf_layer_sampler *sampler, const tf_plane_row *plane, const tf_mask_row *mask, uint32_t *row,
                  int64_t left, int64_t right, uint32_t opacity, int atop, const tf_columns *hidden,
                  int64_t hiddenCount, int64_t *positions, int known);

/// The pixels of [left, right) this plane's row leaves opaque whatever lies under them, as whole steps of
/// `tf_layer_row`: steps a pixel inside the mask whose every sample lies a texel inside the picture and whose
/// every tap is opaque (`opaque`), drawn at full opacity over what is there. Writes at most `capacity` ranges, sorted
/// and joined, to `out` and returns how many; and the texel positions (u, v) of the steps' ends, in order from `left`,
/// to `positions` (room for 2·(⌈(right − left) / 16⌉ + 1)).
int64_t tf_layer_row_opaque(const tf_layer_sampler *sampler, const tf_opaque_texels *opaque, const tf_plane_row *plane,
                            const tf_mask_row *mask, int64_t left, int64_t right, tf_columns *out, int64_t capacity,
                            int64_t *positions);

/// Premultiplied ARGB pixels made straight (Rasteriser.unpremultiply), in place.
void tf_unpremultiply(uint32_t *pixels, int64_t count);

/// Whether this processor runs the 256-bit (AVX2) runs of `tf_layer_run`: 1 or 0.
int tf_layer_wide_runs(void);

/// SDL2's software blend of a texture with a colour and alpha modulation (`r`, `g`, `b`, `a`) over ARGB8888 pixels:
/// `w` × `h` texels from `src` (rows `srcPitch` bytes apart) over as many pixels at `dst` (rows `dstPitch` apart),
/// byte for byte what SDL's `SDL_Blit_ARGB8888_ARGB8888_Modulate_Blend` writes, eight or four pixels at a time. With `opaque`,
/// over RGB888 pixels (no alpha: the top byte written 0), what `SDL_Blit_ARGB8888_RGB888_Modulate_Blend` writes.
void tf_modulate_blend(const uint32_t *src, int64_t srcPitch, uint32_t *dst, int64_t dstPitch, int64_t w, int64_t h,
                       uint8_t r, uint8_t g, uint8_t b, uint8_t a, int opaque);

/// `tf_modulate_blend` eight pixels at a time where the processor has AVX2 (`wide` nonzero and `tf_layer_wide_runs`),
/// else four: the same bytes either way.
void tf_modulate_blend_in(const uint32_t *src, int64_t srcPitch, uint32_t *dst, int64_t dstPitch, int64_t w, int64_t h,
                          uint8_t r, uint8_t g, uint8_t b, uint8_t a, int opaque, int wide);

/// SDL2's blend of an unmodulated copy of ARGB8888 texels over 32-bit pixels (ARGB8888, or RGB888 whose top byte it
/// writes alike): `w` × `h` texels from `src` (rows `srcPitch` bytes apart) over as many pixels at `dst` (rows
/// `dstPitch` apart), byte for byte what `BlitRGBtoRGBPixelAlphaMMX` (SDL's choice on x86) writes: a clear texel leaves
/// the pixel, an opaque one replaces it, the others blend with shifts by 8. Eight pixels at a time where the processor
/// has AVX2 and `wide` is nonzero, else four.
void tf_alpha_blend(const uint32_t *src, int64_t srcPitch, uint32_t *dst, int64_t dstPitch, int64_t w, int64_t h,
                    int wide);

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
