#include "raster_kernel.h"

#include <math.h>
#include <stddef.h>

// The mask's coverage must round as Swift's does: no fused multiply-adds where the machine has them.
#pragma STDC FP_CONTRACT OFF

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/// Every channel × k / 255, rounded (PerspectiveRasteriser.mulDiv255).
static inline uint32_t mul_div_255(uint32_t c, uint32_t k) {
    uint32_t rb = (c & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + (rb >> 8 & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = (c >> 8 & 0x00FF00FFu) * k + 0x00800080u;
    ag = (ag + (ag >> 8 & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

/// Swift's min and max (which of two equal values each returns matters for signed zeros).
static inline double swift_min(double x, double y) { return y < x ? y : x; }
static inline double swift_max(double x, double y) { return y >= x ? y : x; }

/// The mask's coverage 0…255 of pixel column `x` (PerspectiveMask.coverage at the item point of the pixel's centre).
static inline uint32_t coverage(const tf_mask_row *m, int64_t x) {
    const double px = (double)x + 0.5;
    const double q = m->m6 * px + m->mq0;
    const double ix = (m->m0 * px + m->mx0) / q;
    const double iy = (m->m3 * px + m->my0) / q;
    const double qx = fabs(ix) - (m->halfWidth - m->radius);
    const double qy = fabs(iy) - (m->halfHeight - m->radius);
    const double ox = swift_max(qx, 0), oy = swift_max(qy, 0);
    const double outside = sqrt(ox * ox + oy * oy);
    const double d = outside + swift_min(swift_max(qx, qy), 0) - m->radius;
    const double c = 0.5 - d * m->scale;
    // (NaN, which a finite homography does not make, is no coverage rather than an undefined conversion.)
    return !(c > 0) ? 0 : c >= 1 ? 255 : (uint32_t)(c * 255 + 0.5);
}

/// `coverage`, kept in the row's memory for the planes after this one.
static inline uint32_t kept_coverage(const tf_mask_row *m, int64_t x) {
    if (!m->coverage) return coverage(m, x);
    uint16_t c = m->coverage[x];
    if (c == 0xFFFF) m->coverage[x] = c = (uint16_t)coverage(m, x);
    return c;
}

/// Rasteriser.unpremultiply: each channel × 255 / alpha, rounded, at most 255; clear where alpha is 0.
static inline uint32_t unpremultiply(uint32_t c) {
    const uint32_t a = c >> 24;
    if (a == 255) return c;
    if (a == 0) return 0;
    uint32_t out = a << 24;
    for (int s = 0; s <= 16; s += 8) {
        const uint32_t v = ((c >> s & 0xFF) * 255 + a / 2) / a;
        out |= (v < 255 ? v : 255) << s;
    }
    return out;
}

#if !defined(__SSE2__)
/// a·(256 − f) + b·f, over 256, every channel (PerspectiveRasteriser.lerp).
static inline uint32_t lerp(uint32_t a, uint32_t b, uint32_t f) {
    uint32_t g = 256 - f;
    uint32_t rb = (((a & 0x00FF00FFu) * g + (b & 0x00FF00FFu) * f) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((a >> 8 & 0x00FF00FFu) * g + (b >> 8 & 0x00FF00FFu) * f) & 0xFF00FF00u;
    return rb | ag;
}
#endif

/// The run, specialised by the compiler for each constant `interior` (every sample at least a texel inside the layer's
/// rect and inside the clamp: no edge coverage, no clamp), `faded` (opacity below 255) and `atop`.
static inline __attribute__((always_inline)) void run(const tf_layer_sampler *sampler, uint32_t *pixels, int64_t count,
                                                       int64_t u, int64_t v, int64_t du, int64_t dv, uint32_t opacity,
                                                       const int interior, const int faded, const int atop,
                                                       const tf_mask_row *mask, int64_t x) {
    const uint32_t *tex = sampler->texels;
    const int64_t stride = sampler->stride;
    const int64_t minS = sampler->minS, maxSU = sampler->maxSU, maxSV = sampler->maxSV;
    const int64_t loU = sampler->loU, hiU = sampler->hiU, hiV = sampler->hiV;
    const int64_t edgeScale = sampler->edgeScale;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
#endif
    for (int64_t k = 0; k < count; k++, u += du, v += dv) {
        // Inside the layer's rect: the distance to its nearest edge (texels, 16.16) as coverage.
        const int64_t edge = interior ? 1 << 16 : min64(min64(u - loU, hiU - u), min64(v - loU, hiV - v));
        if (edge <= -(1 << 16)) continue;
        const int64_t iu = interior ? u : min64(maxSU, max64(minS, u));
        const int64_t iv = interior ? v : min64(maxSV, max64(minS, v));
        const uint32_t *p = tex + (iv >> 16) * stride + (iu >> 16);
        const uint32_t fx = (uint32_t)((iu >> 8) & 0xFF);
        const uint32_t fy = (uint32_t)((iv >> 8) & 0xFF);
#if defined(__SSE2__)
        // Both rows' two taps, each channel a 16-bit lane: the same floor((a·(256 − f) + b·f) / 256) per channel as
        // the scalar lerp, which keeps each channel's products below 2¹⁶ too.
        const __m128i top = _mm_loadl_epi64((const __m128i *)p);
        const __m128i bottom = _mm_loadl_epi64((const __m128i *)(p + stride));
        if (_mm_cvtsi128_si64(_mm_or_si128(top, bottom)) == 0) continue;
        const __m128i t16 = _mm_unpacklo_epi8(top, zero);
        const __m128i b16 = _mm_unpacklo_epi8(bottom, zero);
        const __m128i left = _mm_unpacklo_epi64(t16, b16);
        const __m128i right = _mm_unpackhi_epi64(t16, b16);
        const __m128i across = _mm_srli_epi16(
            _mm_add_epi16(_mm_mullo_epi16(left, _mm_set1_epi16((short)(256 - fx))),
                          _mm_mullo_epi16(right, _mm_set1_epi16((short)fx))),
            8);
        const __m128i lower = _mm_unpackhi_epi64(across, across);
        const __m128i sample = _mm_srli_epi16(
            _mm_add_epi16(_mm_mullo_epi16(across, _mm_set1_epi16((short)(256 - fy))),
                          _mm_mullo_epi16(lower, _mm_set1_epi16((short)fy))),
            8);
        uint32_t s = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(sample, sample));
#else
        const uint32_t p00 = p[0], p01 = p[1], p10 = p[stride], p11 = p[stride + 1];
        if ((p00 | p01 | p10 | p11) == 0) continue;
        uint32_t s = lerp(lerp(p00, p01, fx), lerp(p10, p11, fx), fy);
#endif
        if (edge < 1 << 16) {
            const int64_t c = ((edge * edgeScale + (1 << 15)) >> 16) + 128;
            if (c <= 0) continue;
            if (c < 256) s = mul_div_255(s, (uint32_t)c);
        }
        if (mask) {
            const uint32_t cover = kept_coverage(mask, x + k) * opacity / 255;
            if (cover == 0) continue;
            if (cover < 255) s = mul_div_255(s, cover);
        } else if (faded) {
            s = mul_div_255(s, opacity);
        }
        const uint32_t d = pixels[k];
        const uint32_t sa = s >> 24;
        if (!atop) {
            pixels[k] = sa == 255 || d == 0 ? s : s + mul_div_255(d, 255 - sa);
        } else {
            const uint32_t da = d >> 24;
            if (da == 0) continue;
            pixels[k] = (mul_div_255(s & 0x00FFFFFFu, da) + (mul_div_255(d, 255 - sa) & 0x00FFFFFFu)) | (d & 0xFF000000u);
        }
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define TF_WIDE_RUNS 1
#include <cpuid.h>
#include <immintrin.h>

/// AVX2 in the processor and its 256-bit registers saved by the system (XCR0's SSE and AVX state).
static int detect_wide_runs(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}

int tf_layer_wide_runs(void) {
    // 0 not yet asked, 1 no, 2 yes: racing threads store the same answer.
    static int known = 0;
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k == 0) {
        k = detect_wide_runs() ? 2 : 1;
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k == 2;
}

#define WIDE __attribute__((target("avx2"))) static inline

/// mul_div_255 of every channel of eight pixels, each by its pixel's factor (`k16`: in both 16-bit halves of its
/// 32-bit lane). A channel's (c·k + 128 + ((c·k + 128) >> 8)) >> 8 stays below 2¹⁶, as in the scalar one.
WIDE __m256i mul_div_255_wide(__m256i c, __m256i k16) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(0x80);
    __m256i rb = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(c, low), k16), half);
    __m256i ag = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(c, 8), low), k16), half);
    rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_srli_epi16(rb, 8)), 8);
    ag = _mm256_srli_epi16(_mm256_add_epi16(ag, _mm256_srli_epi16(ag, 8)), 8);
    return _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8));
}

/// floor((a·g + b·f) / 256) every channel of eight pixels (lerp), `f16` and `g16` = 256 − f in both halves of a lane.
WIDE __m256i lerp_wide(__m256i a, __m256i b, __m256i f16, __m256i g16) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF);
    const __m256i rb = _mm256_srli_epi16(
        _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low), g16),
                         _mm256_mullo_epi16(_mm256_and_si256(b, low), f16)),
        8);
    const __m256i ag = _mm256_srli_epi16(
        _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(a, 8), low), g16),
                         _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(b, 8), low), f16)),
        8);
    return _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8));
}

/// A 32-bit lane's value 0…256 in both of its 16-bit halves.
WIDE __m256i both_halves(__m256i x) { return _mm256_or_si256(x, _mm256_slli_epi32(x, 16)); }

/// The interior run (every sample a texel inside the rect and the clamp), eight pixels at a time: the bytes of `run`.
/// Its skips are arithmetic here: four clear taps sample 0, and 0 over (or atop) a pixel leaves it as it was, since
/// mul_div_255(d, 255) is d; an opaque sample over anything, or any sample over 0, is the sample, since
/// mul_div_255(d, 0) is 0; so is a coverage of 0 or 255 (`masked`: the mask's coverage × opacity / 255 of each pixel,
/// worked out one at a time as `run` does, kept for the row). The last eight may be fewer: the lanes past the run
/// sample its last position and are neither read nor written. Sample positions fit 32 bits inside a texture of at
/// most 8,196 texels a side.
__attribute__((target("avx2"), always_inline)) static inline void run_wide(const tf_layer_sampler *sampler,
                                                                           uint32_t *pixels, int64_t count, int64_t u,
                                                                           int64_t v, int64_t du, int64_t dv,
                                                                           uint32_t opacity, const int faded,
                                                                           const int atop, const int masked,
                                                                           const tf_mask_row *mask, int64_t x) {
    const long long *tex = (const long long *)sampler->texels;
    const __m256i stride = _mm256_set1_epi32((int)sampler->stride);
    // Each 64-bit gather loads a pixel's two taps side by side, for four pixels; splitting the left taps from the right
    // ones puts the pixels in the order 0, 1, 4, 5, 2, 3, 6, 7, so the weights are worked out in that order (`su`,
    // `sv`) and the samples put back in order before the blend.
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i shuffled = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    const __m256i du1 = _mm256_set1_epi32((int)du), dv1 = _mm256_set1_epi32((int)dv);
    const __m256i byte = _mm256_set1_epi32(0xFF), full = _mm256_set1_epi16(256), opaque = _mm256_set1_epi32(255);
    const __m256i fade = _mm256_set1_epi16((short)opacity);
    const __m256i colour = _mm256_set1_epi32(0x00FFFFFF), alpha = _mm256_set1_epi32((int)0xFF000000u);
    const __m256i u0 = _mm256_set1_epi32((int)u), v0 = _mm256_set1_epi32((int)v);
    const __m256i stepU = _mm256_set1_epi32((int)(8 * du)), stepV = _mm256_set1_epi32((int)(8 * dv));
    __m256i vu = _mm256_add_epi32(u0, _mm256_mullo_epi32(lanes, du1));
    __m256i vv = _mm256_add_epi32(v0, _mm256_mullo_epi32(lanes, dv1));
    __m256i su = _mm256_add_epi32(u0, _mm256_mullo_epi32(shuffled, du1));
    __m256i sv = _mm256_add_epi32(v0, _mm256_mullo_epi32(shuffled, dv1));
    for (int64_t k = 0; k < count; k += 8) {
        // The last eight's lanes past the run sample its last pixel.
        const int64_t n = min64(8, count - k);
        if (n < 8) {
            const __m256i last = _mm256_set1_epi32((int)(n - 1));
            const __m256i ku = _mm256_set1_epi32((int)(u + k * du)), kv = _mm256_set1_epi32((int)(v + k * dv));
            vu = _mm256_add_epi32(ku, _mm256_mullo_epi32(_mm256_min_epi32(lanes, last), du1));
            vv = _mm256_add_epi32(kv, _mm256_mullo_epi32(_mm256_min_epi32(lanes, last), dv1));
            su = _mm256_add_epi32(ku, _mm256_mullo_epi32(_mm256_min_epi32(shuffled, last), du1));
            sv = _mm256_add_epi32(kv, _mm256_mullo_epi32(_mm256_min_epi32(shuffled, last), dv1));
        }
        const __m256i at = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(vv, 16), stride),
                                            _mm256_srli_epi32(vu, 16));
        const __m256i below = _mm256_add_epi32(at, stride);
        const __m256 topA = _mm256_castsi256_ps(_mm256_i32gather_epi64(tex, _mm256_castsi256_si128(at), 4));
        const __m256 topB = _mm256_castsi256_ps(_mm256_i32gather_epi64(tex, _mm256_extracti128_si256(at, 1), 4));
        const __m256 lowA = _mm256_castsi256_ps(_mm256_i32gather_epi64(tex, _mm256_castsi256_si128(below), 4));
        const __m256 lowB = _mm256_castsi256_ps(_mm256_i32gather_epi64(tex, _mm256_extracti128_si256(below, 1), 4));
        const __m256i p00 = _mm256_castps_si256(_mm256_shuffle_ps(topA, topB, _MM_SHUFFLE(2, 0, 2, 0)));
        const __m256i p01 = _mm256_castps_si256(_mm256_shuffle_ps(topA, topB, _MM_SHUFFLE(3, 1, 3, 1)));
        const __m256i p10 = _mm256_castps_si256(_mm256_shuffle_ps(lowA, lowB, _MM_SHUFFLE(2, 0, 2, 0)));
        const __m256i p11 = _mm256_castps_si256(_mm256_shuffle_ps(lowA, lowB, _MM_SHUFFLE(3, 1, 3, 1)));
        const __m256i fx = both_halves(_mm256_and_si256(_mm256_srli_epi32(su, 8), byte));
        const __m256i fy = both_halves(_mm256_and_si256(_mm256_srli_epi32(sv, 8), byte));
        const __m256i gx = _mm256_sub_epi16(full, fx), gy = _mm256_sub_epi16(full, fy);
        vu = _mm256_add_epi32(vu, stepU);
        vv = _mm256_add_epi32(vv, stepV);
        su = _mm256_add_epi32(su, stepU);
        sv = _mm256_add_epi32(sv, stepV);
        __m256i s = _mm256_permutevar8x32_epi32(
            lerp_wide(lerp_wide(p00, p01, fx, gx), lerp_wide(p10, p11, fx, gx), fy, gy), shuffled);
        if (masked) {
            int cover[8];
            // (A cover past 255, from an opacity past it, is drawn as 255, as `run` draws it.)
            for (int64_t j = 0; j < 8; j++)
                cover[j] = (int)min64(255, kept_coverage(mask, x + k + min64(j, n - 1)) * opacity / 255);
            s = mul_div_255_wide(s, both_halves(_mm256_loadu_si256((const __m256i *)cover)));
        } else if (faded) {
            s = mul_div_255_wide(s, fade);
        }
        const __m256i inRun = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), lanes);
        const __m256i d = n == 8 ? _mm256_loadu_si256((const __m256i *)(pixels + k))
                                 : _mm256_maskload_epi32((const int *)(pixels + k), inRun);
        const __m256i under = both_halves(_mm256_sub_epi32(opaque, _mm256_srli_epi32(s, 24)));
        __m256i out;
        if (!atop) {
            out = _mm256_add_epi32(s, mul_div_255_wide(d, under));
        } else {
            const __m256i da = _mm256_srli_epi32(d, 24);
            out = _mm256_or_si256(
                _mm256_add_epi32(mul_div_255_wide(_mm256_and_si256(s, colour), both_halves(da)),
                                 _mm256_and_si256(mul_div_255_wide(d, under), colour)),
                _mm256_and_si256(d, alpha));
            out = _mm256_blendv_epi8(out, d, _mm256_cmpeq_epi32(da, _mm256_setzero_si256()));
        }
        if (n == 8)
            _mm256_storeu_si256((__m256i *)(pixels + k), out);
        else
            _mm256_maskstore_epi32((int *)(pixels + k), inRun, out);
    }
}

/// `run_wide` made for each `faded`, `atop` and `masked` (where the coverage holds the opacity).
#define RUN_WIDE(name, faded, atop, masked)                                                                            \
    __attribute__((target("avx2"))) static void name(const tf_layer_sampler *sampler, uint32_t *pixels,               \
                                                     int64_t count, int64_t u, int64_t v, int64_t du, int64_t dv,     \
                                                     uint32_t opacity, const tf_mask_row *mask, int64_t x) {          \
        run_wide(sampler, pixels, count, u, v, du, dv, opacity, faded, atop, masked, mask, x);                        \
    }
RUN_WIDE(run_wide_over, 0, 0, 0)
RUN_WIDE(run_wide_faded_over, 1, 0, 0)
RUN_WIDE(run_wide_atop, 0, 1, 0)
RUN_WIDE(run_wide_faded_atop, 1, 1, 0)
RUN_WIDE(run_wide_masked_over, 0, 0, 1)
RUN_WIDE(run_wide_masked_atop, 0, 1, 1)
#else
int tf_layer_wide_runs(void) { return 0; }
#endif

/// Whether samples from (u, v) to (lu, lv) all lie a texel inside the layer's rect and inside the clamp (linear along
/// a run: the ends decide).
static inline int run_interior(const tf_layer_sampler *s, int64_t u, int64_t v, int64_t lu, int64_t lv) {
    const int64_t inside = 1 << 16;
    return min64(min64(min64(u - s->loU, s->hiU - u), min64(v - s->loU, s->hiV - v)),
                 min64(min64(lu - s->loU, s->hiU - lu), min64(lv - s->loU, s->hiV - lv))) >= inside &&
           min64(u, lu) >= s->minS && max64(u, lu) <= s->maxSU && min64(v, lv) >= s->minS && max64(v, lv) <= s->maxSV;
}

void tf_layer_run(const tf_layer_sampler *sampler, uint32_t *pixels, int64_t count, int64_t u, int64_t v, int64_t du,
                  int64_t dv, uint32_t opacity, int atop, const tf_mask_row *mask, int64_t x) {
    if (count <= 0) return;
    // The samples move along a line, and the distance to the rect's nearest edge is the least of four linear ones: when
    // the first and the last sample are a texel inside and within the clamp, so is every one between.
    const int interior = run_interior(sampler, u, v, u + (count - 1) * du, v + (count - 1) * dv);
    const int faded = opacity < 255;
#if defined(TF_WIDE_RUNS)
    if (interior && sampler->wide && tf_layer_wide_runs()) {
        (mask    ? atop ? run_wide_masked_atop : run_wide_masked_over
         : faded ? atop ? run_wide_faded_atop : run_wide_faded_over
         : atop  ? run_wide_atop
                 : run_wide_over)(sampler, pixels, count, u, v, du, dv, opacity, mask, x);
        return;
    }
#endif
    if (mask)
        run(sampler, pixels, count, u, v, du, dv, opacity, 0, faded, atop, mask, x);
    else if (interior && !faded && !atop)
        run(sampler, pixels, count, u, v, du, dv, opacity, 1, 0, 0, NULL, 0);
    else if (interior)
        run(sampler, pixels, count, u, v, du, dv, opacity, 1, faded, atop, NULL, 0);
    else
        run(sampler, pixels, count, u, v, du, dv, opacity, 0, faded, atop, NULL, 0);
}

/// PerspectiveRasteriser.step: pixels between exact texel positions.
#define STEP 16

/// x / n as C divides (toward zero), without a division for a whole step.
static inline int64_t per_pixel(int64_t x, int64_t n) { return n == STEP ? x / STEP : x / n; }

/// A texel coordinate (16.16, as a double) as a whole number, bounded to ±2⁴⁰, 0 where not finite.
static inline int64_t fixed(double c) {
    const double limit = (double)((int64_t)1 << 40);
    return isfinite(c) ? (int64_t)swift_max(-limit, swift_min(limit, c)) : 0;
}

/// The plane's texel position at the centre of pixel column `x` (16.16; PerspectiveRasteriser.drawRow's `texel`).
static inline void texel_at(const tf_plane_row *p, int64_t x, int64_t *u, int64_t *v) {
    const double c = (double)x + 0.5;
    const double q = p->h6 * c + p->q0;
    *u = fixed(((p->h0 * c + p->u0) / q + 1.5) * 65536);
    *v = fixed(((p->h3 * c + p->v0) / q + 1.5) * 65536);
}

#if defined(TF_WIDE_RUNS)
/// `texel_at` of columns x, x + 16, x + 32 and x + 48 at once: the same operations on four doubles (each correctly
/// rounded, as one at a time), into `u` and `v`.
__attribute__((target("avx2"))) static void texels_at_wide(const tf_plane_row *p, int64_t x, int64_t *u, int64_t *v) {
    const __m256d c = _mm256_add_pd(_mm256_set1_pd((double)x), _mm256_setr_pd(0.5, 16.5, 32.5, 48.5));
    const __m256d q = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(p->h6), c), _mm256_set1_pd(p->q0));
    const __m256d offset = _mm256_set1_pd(1.5), scale = _mm256_set1_pd(65536);
    const __m256d fu = _mm256_mul_pd(
        _mm256_add_pd(
            _mm256_div_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(p->h0), c), _mm256_set1_pd(p->u0)), q), offset),
        scale);
    const __m256d fv = _mm256_mul_pd(
        _mm256_add_pd(
            _mm256_div_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(p->h3), c), _mm256_set1_pd(p->v0)), q), offset),
        scale);
    double du[4], dv[4];
    _mm256_storeu_pd(du, fu);
    _mm256_storeu_pd(dv, fv);
    for (int j = 0; j < 4; j++) {
        u[j] = fixed(du[j]);
        v[j] = fixed(dv[j]);
    }
}
#endif

/// The texel positions (u, v) of the ends of a row's steps from `left` to `right`, in order: `left`, every 16
/// pixels after it, and `right`; four at a time when the sampler may run wide and the processor can.
static void step_positions(const tf_layer_sampler *sampler, const tf_plane_row *p, int64_t left, int64_t right,
                           int64_t *out) {
    int64_t x = left, k = 0;
#if defined(TF_WIDE_RUNS)
    if (sampler->wide && tf_layer_wide_runs()) {
        for (; x + 48 < right; x += 64, k += 4) {
            int64_t u[4], v[4];
            texels_at_wide(p, x, u, v);
            for (int j = 0; j < 4; j++) {
                out[2 * (k + j)] = u[j];
                out[2 * (k + j) + 1] = v[j];
            }
        }
    }
#endif
    for (; x < right; x += STEP, k++) texel_at(p, x, &out[2 * k], &out[2 * k + 1]);
    texel_at(p, right, &out[2 * k], &out[2 * k + 1]);
}

/// The item point at the centre of pixel column `x` (PerspectiveRasteriser.drawRow's `item`), kept for the row.
static inline void item_at(const tf_mask_row *m, int64_t x, double *ix, double *iy) {
    if (m->points && m->pointsRow[x] == m->row) {
        *ix = m->points[2 * x];
        *iy = m->points[2 * x + 1];
        return;
    }
    const double c = (double)x + 0.5;
    const double q = m->m6 * c + m->mq0;
    *ix = (m->m0 * c + m->mx0) / q;
    *iy = (m->m3 * c + m->my0) / q;
    if (m->points) {
        m->points[2 * x] = *ix;
        m->points[2 * x + 1] = *iy;
        m->pointsRow[x] = m->row;
    }
}

/// Whether both item points lie a pixel inside one of the rounded rect's two inner rects (PerspectiveMask.solid).
static inline int solid(const tf_mask_row *m, double ax, double ay, double bx, double by) {
    const double e = 1 / m->scale;
    const double aw = m->halfWidth - e, ah = m->halfHeight - m->radius - e;
    const double bw = m->halfWidth - m->radius - e, bh = m->halfHeight - e;
    return (fabs(ax) <= aw && fabs(ay) <= ah && fabs(bx) <= aw && fabs(by) <= ah) ||
           (fabs(ax) <= bw && fabs(ay) <= bh && fabs(bx) <= bw && fabs(by) <= bh);
}

/// A walk along a plane's row in steps (PerspectiveRasteriser.drawRow's): the step's first column `x` and pixels `n`,
/// the texel positions at its ends and the increments between, and whether it lies a pixel inside the mask.
typedef struct {
    const tf_mask_row *mask;
    const int64_t *positions;
    int64_t x, n, right, fu, fv, eu, ev, du, dv;
    double ax, ay, bx, by;
    int solid;
} step_walk;

/// A walk from `left` to `right` over the steps' end positions (`step_positions`).
static inline step_walk walk_from(const tf_mask_row *mask, const int64_t *positions, int64_t left, int64_t right) {
    step_walk w = {.mask = mask, .positions = positions + 2, .x = left, .n = 0, .right = right};
    w.eu = positions[0];
    w.ev = positions[1];
    item_at(mask, left, &w.bx, &w.by);
    return w;
}

/// Moves to the walk's next step; 0 past the row's end.
static inline int next_step(step_walk *w) {
    w->x += w->n;
    if (w->x >= w->right) return 0;
    w->fu = w->eu;
    w->fv = w->ev;
    w->ax = w->bx;
    w->ay = w->by;
    w->n = min64(STEP, w->right - w->x);
    w->eu = *w->positions++;
    w->ev = *w->positions++;
    item_at(w->mask, w->x + w->n, &w->bx, &w->by);
    w->du = per_pixel(w->eu - w->fu, w->n);
    w->dv = per_pixel(w->ev - w->fv, w->n);
    w->solid = solid(w->mask, w->ax, w->ay, w->bx, w->by);
    return 1;
}

void tf_layer_row(const tf_layer_sampler *sampler, const tf_plane_row *plane, const tf_mask_row *mask, uint32_t *row,
                  int64_t left, int64_t right, uint32_t opacity, int atop, const tf_columns *hidden,
                  int64_t hiddenCount, int64_t *positions, int known) {
    if (!known) step_positions(sampler, plane, left, right, positions);
    int64_t h = 0;
    for (step_walk w = walk_from(mask, positions, left, right); next_step(&w);) {
        const tf_mask_row *m = w.solid ? NULL : mask;
        // The step's pixels outside the hidden ranges, each part from its own offset along the step.
        while (h < hiddenCount && hidden[h].to <= w.x) h++;
        int64_t at = w.x;
        for (int64_t j = h; at < w.x + w.n;) {
            if (j < hiddenCount && hidden[j].from <= at) {
                at = max64(at, hidden[j].to);
                j++;
                continue;
            }
            const int64_t end = j < hiddenCount ? min64(w.x + w.n, hidden[j].from) : w.x + w.n;
            const int64_t o = at - w.x;
            tf_layer_run(sampler, row + at, end - at, w.fu + o * w.du, w.fv + o * w.dv, w.du, w.dv, opacity, atop, m,
                         at);
            at = end;
        }
    }
}

/// Whether every texel of columns c0…c1 and rows r0…r1 is opaque.
static inline int opaque_box(const tf_layer_sampler *s, const tf_opaque_texels *o, int64_t c0, int64_t c1, int64_t r0,
                             int64_t r1) {
    if (!o->runs) return o->whole && c0 >= 2 && r0 >= 2 && c1 <= s->maxSU >> 16 && r1 <= s->maxSV >> 16;
    const int64_t need = c1 - c0 + 1;
    if (need > 255) return 0;
    for (int64_t r = r0; r <= r1; r++)
        if (o->runs[r * s->stride + c0] < need) return 0;
    return 1;
}

int64_t tf_layer_row_opaque(const tf_layer_sampler *sampler, const tf_opaque_texels *opaque, const tf_plane_row *plane,
                            const tf_mask_row *mask, int64_t left, int64_t right, tf_columns *out, int64_t capacity,
                            int64_t *positions) {
    step_positions(sampler, plane, left, right, positions);
    int64_t count = 0;
    for (step_walk w = walk_from(mask, positions, left, right); next_step(&w);) {
        const int64_t lu = w.fu + (w.n - 1) * w.du, lv = w.fv + (w.n - 1) * w.dv;
        // Interior samples are not clamped, so their taps are the texels of these columns and rows.
        if (w.solid && run_interior(sampler, w.fu, w.fv, lu, lv) &&
            opaque_box(sampler, opaque, min64(w.fu, lu) >> 16, (max64(w.fu, lu) >> 16) + 1, min64(w.fv, lv) >> 16,
                       (max64(w.fv, lv) >> 16) + 1)) {
            if (count > 0 && out[count - 1].to == w.x) {
                out[count - 1].to = w.x + w.n;
            } else if (count < capacity) {
                out[count].from = w.x;
                out[count].to = w.x + w.n;
                count++;
            }
        }
    }
    return count;
}

void tf_unpremultiply(uint32_t *pixels, int64_t count) {
    int64_t i = 0;
#if defined(__SSE2__)
    // Four pixels at a time where all four are opaque or all 0: they stay as they are.
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    for (; i + 4 <= count; i += 4) {
        const __m128i p = _mm_loadu_si128((const __m128i *)(pixels + i));
        const int opaque = _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(p, alpha), alpha)) == 0xFFFF;
        const int clear = _mm_movemask_epi8(_mm_cmpeq_epi32(p, _mm_setzero_si128())) == 0xFFFF;
        if (opaque || clear) continue;
        for (int64_t j = i; j < i + 4; j++) pixels[j] = unpremultiply(pixels[j]);
    }
#endif
    for (; i < count; i++) pixels[i] = unpremultiply(pixels[i]);
}

/// One pixel of SDL's modulated blend, in its own arithmetic (every division floors).
static inline uint32_t modulate_blend_pixel(uint32_t s, uint32_t d, uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    uint32_t sr = (s >> 16 & 0xFF) * r / 255, sg = (s >> 8 & 0xFF) * g / 255, sb = (s & 0xFF) * b / 255;
    const uint32_t sa = (s >> 24) * a / 255;
    if (sa < 255) {
        sr = sr * sa / 255;
        sg = sg * sa / 255;
        sb = sb * sa / 255;
    }
    const uint32_t k = 255 - sa;
    const uint32_t dr = sr + k * (d >> 16 & 0xFF) / 255, dg = sg + k * (d >> 8 & 0xFF) / 255;
    const uint32_t db = sb + k * (d & 0xFF) / 255, da = sa + k * (d >> 24) / 255;
    return da << 24 | dr << 16 | dg << 8 | db;
}

#if defined(__SSE2__)
/// floor(x / 255) in every 16-bit lane, exact for x ≤ 65,535: (x · 0x8081) >> 23.
static inline __m128i div255_epu16(__m128i x) {
    return _mm_srli_epi16(_mm_mulhi_epu16(x, _mm_set1_epi16((short)0x8081)), 7);
}

/// Two pixels, widened to 16-bit lanes (blue, green, red, alpha each), blended over two more.
static inline __m128i modulate_blend2(__m128i s, __m128i d, __m128i mod, __m128i colourLanes, __m128i alphaLanes) {
    const __m128i sm = div255_epu16(_mm_mullo_epi16(s, mod));
    const __m128i alpha = _mm_shufflehi_epi16(_mm_shufflelo_epi16(sm, 0xFF), 0xFF);
    // Colour × alpha; the alpha lane × 255, which leaves it as it is.
    const __m128i premultiplied = div255_epu16(_mm_mullo_epi16(sm, _mm_or_si128(_mm_and_si128(alpha, colourLanes), alphaLanes)));
    const __m128i rest = _mm_sub_epi16(_mm_set1_epi16(255), alpha);
    return _mm_add_epi16(premultiplied, div255_epu16(_mm_mullo_epi16(d, rest)));
}
#endif

#if defined(TF_WIDE_RUNS)
WIDE __m256i div255_epu16_wide(__m256i x) {
    return _mm256_srli_epi16(_mm256_mulhi_epu16(x, _mm256_set1_epi16((short)0x8081)), 7);
}

/// `modulate_blend2` on four pixels, two in each 128-bit half.
WIDE __m256i modulate_blend4(__m256i s, __m256i d, __m256i mod, __m256i colourLanes, __m256i alphaLanes) {
    const __m256i sm = div255_epu16_wide(_mm256_mullo_epi16(s, mod));
    const __m256i alpha = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sm, 0xFF), 0xFF);
    const __m256i premultiplied = div255_epu16_wide(
        _mm256_mullo_epi16(sm, _mm256_or_si256(_mm256_and_si256(alpha, colourLanes), alphaLanes)));
    const __m256i rest = _mm256_sub_epi16(_mm256_set1_epi16(255), alpha);
    return _mm256_add_epi16(premultiplied, div255_epu16_wide(_mm256_mullo_epi16(d, rest)));
}

/// The pixels of one row of `tf_modulate_blend` eight at a time, as many as fit in `w`: how many it blended. A group
/// of eight clear texels is left as it is, like a group of four: the arithmetic leaves a clear texel's pixel as it is.
__attribute__((target("avx2"))) static int64_t modulate_blend_row_wide(const uint32_t *s, uint32_t *d, int64_t w,
                                                                      uint8_t r, uint8_t g, uint8_t b, uint8_t a,
                                                                      int opaque, uint32_t keep, uint32_t read) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i mod = _mm256_set_epi16(a, r, g, b, a, r, g, b, a, r, g, b, a, r, g, b);
    const __m256i colourLanes = _mm256_set_epi16(0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1);
    const __m256i alphaLanes = _mm256_set_epi16(255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0);
    const __m256i alphaBytes = _mm256_set1_epi32((int)0xFF000000u);
    const __m256i keep8 = _mm256_set1_epi32((int)keep), read8 = _mm256_set1_epi32((int)read);
    int64_t x = 0;
    for (; x + 8 <= w; x += 8) {
        const __m256i s8 = _mm256_loadu_si256((const __m256i *)(s + x));
        if (!opaque && _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(s8, alphaBytes), zero)) == -1) continue;
        const __m256i d8 = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(d + x)), read8);
        // Unpacked and packed within each half, so the pixels come back in their order.
        const __m256i lo = modulate_blend4(_mm256_unpacklo_epi8(s8, zero), _mm256_unpacklo_epi8(d8, zero), mod,
                                           colourLanes, alphaLanes);
        const __m256i hi = modulate_blend4(_mm256_unpackhi_epi8(s8, zero), _mm256_unpackhi_epi8(d8, zero), mod,
                                           colourLanes, alphaLanes);
        _mm256_storeu_si256((__m256i *)(d + x), _mm256_and_si256(_mm256_packus_epi16(lo, hi), keep8));
    }
    return x;
}
#endif

void tf_modulate_blend(const uint32_t *src, int64_t srcPitch, uint32_t *dst, int64_t dstPitch, int64_t w, int64_t h,
                       uint8_t r, uint8_t g, uint8_t b, uint8_t a, int opaque) {
    tf_modulate_blend_in(src, srcPitch, dst, dstPitch, w, h, r, g, b, a, opaque, 1);
}

void tf_modulate_blend_in(const uint32_t *src, int64_t srcPitch, uint32_t *dst, int64_t dstPitch, int64_t w, int64_t h,
                          uint8_t r, uint8_t g, uint8_t b, uint8_t a, int opaque, int wide) {
    // Over RGB888, SDL reads the pixel's alpha as 255 and writes the top byte 0.
    const uint32_t keep = opaque ? 0x00FFFFFFu : 0xFFFFFFFFu, read = opaque ? 0xFF000000u : 0;
#if defined(TF_WIDE_RUNS)
    wide = wide && tf_layer_wide_runs();
#else
    wide = 0;
#endif
    for (int64_t y = 0; y < h; y++) {
        const uint32_t *s = (const uint32_t *)((const uint8_t *)src + y * srcPitch);
        uint32_t *d = (uint32_t *)((uint8_t *)dst + y * dstPitch);
        int64_t x = 0;
#if defined(TF_WIDE_RUNS)
        if (wide) x = modulate_blend_row_wide(s, d, w, r, g, b, a, opaque, keep, read);
#endif
#if defined(__SSE2__)
        const __m128i zero = _mm_setzero_si128();
        const __m128i mod = _mm_set_epi16(a, r, g, b, a, r, g, b);
        const __m128i colourLanes = _mm_set_epi16(0, -1, -1, -1, 0, -1, -1, -1);
        const __m128i alphaLanes = _mm_set_epi16(255, 0, 0, 0, 255, 0, 0, 0);
        const __m128i alphaBytes = _mm_set1_epi32((int)0xFF000000u);
        const __m128i keep4 = _mm_set1_epi32((int)keep), read4 = _mm_set1_epi32((int)read);
        for (; x + 4 <= w; x += 4) {
            const __m128i s4 = _mm_loadu_si128((const __m128i *)(s + x));
            // A clear texel leaves the pixel as it is (its alpha, modulated, is 0); over RGB888 SDL still writes it.
            if (!opaque && _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s4, alphaBytes), zero)) == 0xFFFF) continue;
            const __m128i d4 = _mm_or_si128(_mm_loadu_si128((const __m128i *)(d + x)), read4);
            const __m128i lo = modulate_blend2(_mm_unpacklo_epi8(s4, zero), _mm_unpacklo_epi8(d4, zero), mod,
                                               colourLanes, alphaLanes);
            const __m128i hi = modulate_blend2(_mm_unpackhi_epi8(s4, zero), _mm_unpackhi_epi8(d4, zero), mod,
                                               colourLanes, alphaLanes);
            _mm_storeu_si128((__m128i *)(d + x), _mm_and_si128(_mm_packus_epi16(lo, hi), keep4));
        }
#endif
        for (; x < w; x++) d[x] = modulate_blend_pixel(s[x], d[x] | read, r, g, b, a) & keep;
    }
}

/// One pixel of SDL's blend of an unmodulated copy (`BlitRGBtoRGBPixelAlphaMMX`): a clear texel leaves the pixel, an
/// opaque one replaces it; else each channel is (s·a >> 8) + (d·(255 − a) >> 8), the alpha's (s·255 >> 8) + …, at most 255.
static inline uint32_t alpha_blend_pixel(uint32_t s, uint32_t d) {
    const uint32_t a = s >> 24;
    if (a == 0) return d;
    if (a == 255) return s;
    uint32_t out = 0;
    for (int k = 0; k < 4; k++) {
        const uint32_t shift = 8 * (uint32_t)k;
        const uint32_t f = k == 3 ? 255 : a;
        const uint32_t c = ((s >> shift & 255) * f >> 8) + ((d >> shift & 255) * (255 - a) >> 8);
        out |= (c > 255 ? 255 : c) << shift;
    }
    return out;
}

#if defined(__SSE2__)
/// `alpha_blend_pixel` of four pixels.
static inline __m128i alpha_blend4(__m128i s, __m128i d) {
    const __m128i zero = _mm_setzero_si128(), alphaBytes = _mm_set1_epi32((int)0xFF000000u);
    const __m128i alphaLanes = _mm_set_epi16(255, 0, 0, 0, 255, 0, 0, 0), low = _mm_set1_epi16(255);
    __m128i halves[2];
    for (int k = 0; k < 2; k++) {
        const __m128i s2 = k ? _mm_unpackhi_epi8(s, zero) : _mm_unpacklo_epi8(s, zero);
        const __m128i d2 = k ? _mm_unpackhi_epi8(d, zero) : _mm_unpacklo_epi8(d, zero);
        const __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s2, 0xFF), 0xFF);
        halves[k] = _mm_add_epi16(_mm_srli_epi16(_mm_mullo_epi16(s2, _mm_or_si128(a, alphaLanes)), 8),
                                  _mm_srli_epi16(_mm_mullo_epi16(d2, _mm_xor_si128(a, low)), 8));
    }
    const __m128i blended = _mm_packus_epi16(halves[0], halves[1]);
    const __m128i alpha = _mm_and_si128(s, alphaBytes);
    const __m128i clear = _mm_cmpeq_epi32(alpha, zero), opaque = _mm_cmpeq_epi32(alpha, alphaBytes);
    const __m128i mixed = _mm_andnot_si128(_mm_or_si128(clear, opaque), blended);
    return _mm_or_si128(mixed, _mm_or_si128(_mm_and_si128(clear, d), _mm_and_si128(opaque, s)));
}
#endif

#if defined(TF_WIDE_RUNS)
/// `alpha_blend4` of eight pixels, four in each 128-bit half.
WIDE __m256i alpha_blend8(__m256i s, __m256i d) {
    const __m256i zero = _mm256_setzero_si256(), alphaBytes = _mm256_set1_epi32((int)0xFF000000u);
    const __m256i alphaLanes = _mm256_set_epi16(255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0);
    const __m256i low = _mm256_set1_epi16(255);
    __m256i halves[2];
    for (int k = 0; k < 2; k++) {
        const __m256i s2 = k ? _mm256_unpackhi_epi8(s, zero) : _mm256_unpacklo_epi8(s, zero);
        const __m256i d2 = k ? _mm256_unpackhi_epi8(d, zero) : _mm256_unpacklo_epi8(d, zero);
        const __m256i a = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s2, 0xFF), 0xFF);
        halves[k] = _mm256_add_epi16(_mm256_srli_epi16(_mm256_mullo_epi16(s2, _mm256_or_si256(a, alphaLanes)), 8),
                                     _mm256_srli_epi16(_mm256_mullo_epi16(d2, _mm256_xor_si256(a, low)), 8));
    }
    const __m256i blended = _mm256_packus_epi16(halves[0], halves[1]);
    const __m256i alpha = _mm256_and_si256(s, alphaBytes);
    const __m256i clear = _mm256_cmpeq_epi32(alpha, zero), opaque = _mm256_cmpeq_epi32(alpha, alphaBytes);
    const __m256i mixed = _mm256_andnot_si256(_mm256_or_si256(clear, opaque), blended);
    return _mm256_or_si256(mixed, _mm256_or_si256(_mm256_and_si256(clear, d), _mm256_and_si256(opaque, s)));
}

/// The pixels of one row of `tf_alpha_blend` eight at a time, as many as fit in `w`: how many it blended.
__attribute__((target("avx2"))) static int64_t alpha_blend_row_wide(const uint32_t *s, uint32_t *d, int64_t w) {
    int64_t x = 0;
    for (; x + 8 <= w; x += 8) {
        const __m256i s8 = _mm256_loadu_si256((const __m256i *)(s + x));
        const __m256i d8 = _mm256_loadu_si256((const __m256i *)(d + x));
        _mm256_storeu_si256((__m256i *)(d + x), alpha_blend8(s8, d8));
    }
    return x;
}
#endif

void tf_alpha_blend(const uint32_t *src, int64_t srcPitch, uint32_t *dst, int64_t dstPitch, int64_t w, int64_t h,
                    int wide) {
#if defined(TF_WIDE_RUNS)
    wide = wide && tf_layer_wide_runs();
#else
    wide = 0;
#endif
    for (int64_t y = 0; y < h; y++) {
        const uint32_t *s = (const uint32_t *)((const uint8_t *)src + y * srcPitch);
        uint32_t *d = (uint32_t *)((uint8_t *)dst + y * dstPitch);
        int64_t x = 0;
#if defined(TF_WIDE_RUNS)
        if (wide) x = alpha_blend_row_wide(s, d, w);
#endif
#if defined(__SSE2__)
        for (; x + 4 <= w; x += 4) {
            const __m128i s4 = _mm_loadu_si128((const __m128i *)(s + x));
            const __m128i d4 = _mm_loadu_si128((const __m128i *)(d + x));
            _mm_storeu_si128((__m128i *)(d + x), alpha_blend4(s4, d4));
        }
#endif
        for (; x < w; x++) d[x] = alpha_blend_pixel(s[x], d[x]);
    }
}

/// SDL's `get_scaler_datas`: the first destination pixel's source position and the step (16.16 fixed point).
static void stretch_scaler(int32_t src, int32_t dst, int64_t *start, int64_t *step) {
    const int32_t s = (int32_t)(((uint32_t)src << 16) / (uint32_t)dst);
    const int64_t half = ((int64_t)s * 0x8000 + 0x8000) >> 16;
    *start = half - 0x8000;
    *step = s;
}

/// Where destination pixel `i` of `dst` samples a side of `src` texels: the two texels and the second's weight
/// (0…128). SDL pads the ends (a position before the first texel's centre takes the first, one past the last but one
/// takes the last): the texel a pad weighs 0 is not read.
static inline void stretch_position(int64_t start, int64_t step, int32_t src, int64_t i, int32_t *first, int32_t *second,
                                    int32_t *frac) {
    const int64_t fp = start + i * step;
    if (fp < 0) {
        *first = *second = 0;
        *frac = 0;
    } else if ((fp >> 16) > (int64_t)src - 2) {
        *first = *second = src - 1;
        *frac = 128;
    } else {
        *first = (int32_t)(fp >> 16);
        *second = *first + 1;
        *frac = (int32_t)((fp >> 9) & 127);
    }
}

int64_t tf_stretch_work_bytes(int32_t srcW, int32_t cols) {
    return (int64_t)cols * 3 * sizeof(int32_t) + ((int64_t)srcW + 4) * 4 * sizeof(uint16_t);
}

int tf_stretch_linear(const uint32_t *src, int64_t srcPitch, int32_t srcW, int32_t srcH, int32_t dstW, int32_t dstH,
                      int32_t col0, int32_t cols, int32_t row0, int32_t rows, uint32_t *out, int64_t outPitch,
                      void *work) {
    if (srcW < 1 || srcH < 1 || dstW < 1 || dstH < 1 || srcW > 16384 || srcH > 16384 || dstW > 16384 ||
        dstH > 16384 || col0 < 0 || row0 < 0 || cols < 1 || rows < 1 || cols > dstW - col0 || rows > dstH - row0)
        return -1;
    int64_t xStart, xStep, yStart, yStep;
    stretch_scaler(srcW, dstW, &xStart, &xStep);
    stretch_scaler(srcH, dstH, &yStart, &yStep);
    // Per column: its texels (as offsets into a row of vertical sums) and its weights (f2 in the low half, f high).
    int32_t *left = work;
    int32_t *right = left + cols, *weights = right + cols;
    int32_t lo = srcW, hi = 0;
    for (int32_t c = 0; c < cols; c++) {
        int32_t a, b, f;
        stretch_position(xStart, xStep, srcW, col0 + c, &a, &b, &f);
        left[c] = a;
        right[c] = b;
        weights[c] = (128 - f) | f << 16;
        if (a < lo) lo = a;
        if (b > hi) hi = b;
    }
    // The vertical sums of the texels the columns read: four 16-bit lanes a texel.
    const int32_t span = hi - lo + 1;
    uint16_t *sums = (uint16_t *)(weights + cols);
    for (int32_t r = 0; r < rows; r++) {
        int32_t top, bottom, h0;
        stretch_position(yStart, yStep, srcH, row0 + r, &top, &bottom, &h0);
        const int32_t h1 = 128 - h0;
        const uint32_t *t = (const uint32_t *)((const uint8_t *)src + top * srcPitch) + lo;
        const uint32_t *u = (const uint32_t *)((const uint8_t *)src + bottom * srcPitch) + lo;
        uint32_t *o = (uint32_t *)((uint8_t *)out + r * outPitch);
        int32_t x = 0;
        if (span > 2 * cols) {
            // Shrinking: each pixel from its own four texels, as SDL does (most of the span is never read).
            for (int32_t c = 0; c < cols; c++) {
                const int32_t l = left[c] - lo, rr = right[c] - lo;
#if defined(__SSE2__)
                const __m128i zero = _mm_setzero_si128();
                const __m128i a = _mm_unpacklo_epi8(
                    _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)t[l]), _mm_cvtsi32_si128((int)t[rr])), zero);
                const __m128i b = _mm_unpacklo_epi8(
                    _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)u[l]), _mm_cvtsi32_si128((int)u[rr])), zero);
                const __m128i sum = _mm_add_epi16(_mm_mullo_epi16(a, _mm_set1_epi16((short)h1)),
                                                  _mm_mullo_epi16(b, _mm_set1_epi16((short)h0)));
                const __m128i d = _mm_srli_epi32(
                    _mm_madd_epi16(_mm_unpacklo_epi16(sum, _mm_srli_si128(sum, 8)), _mm_set1_epi32(weights[c])), 14);
                const __m128i packed = _mm_packs_epi32(d, d);
                o[c] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(packed, packed));
#else
                const uint32_t f2 = (uint32_t)weights[c] & 0xFFFF, f = (uint32_t)weights[c] >> 16;
                uint32_t pixel = 0;
                for (int k = 0; k < 4; k++) {
                    const uint32_t shift = 8 * (uint32_t)k;
                    const uint32_t vl = (t[l] >> shift & 255) * (uint32_t)h1 + (u[l] >> shift & 255) * (uint32_t)h0;
                    const uint32_t vr = (t[rr] >> shift & 255) * (uint32_t)h1 + (u[rr] >> shift & 255) * (uint32_t)h0;
                    pixel |= ((vl * f2 + vr * f) >> 14) << shift;
                }
                o[c] = pixel;
#endif
            }
            continue;
        }
#if defined(__SSE2__)
        const __m128i zero = _mm_setzero_si128();
        const __m128i vh0 = _mm_set1_epi16((short)h0), vh1 = _mm_set1_epi16((short)h1);
        for (; x + 4 <= span; x += 4) {
            const __m128i a = _mm_loadu_si128((const __m128i *)(t + x));
            const __m128i b = _mm_loadu_si128((const __m128i *)(u + x));
            const __m128i sumLo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(a, zero), vh1),
                                                _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero), vh0));
            const __m128i sumHi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(a, zero), vh1),
                                                _mm_mullo_epi16(_mm_unpackhi_epi8(b, zero), vh0));
            _mm_storeu_si128((__m128i *)(sums + 4 * x), sumLo);
            _mm_storeu_si128((__m128i *)(sums + 4 * x + 8), sumHi);
        }
#endif
        for (; x < span; x++) {
            for (int k = 0; k < 4; k++) {
                const uint32_t shift = 8 * (uint32_t)k;
                sums[4 * x + k] = (uint16_t)((t[x] >> shift & 255) * (uint32_t)h1 + (u[x] >> shift & 255) * (uint32_t)h0);
            }
        }
        int32_t c = 0;
#if defined(__SSE2__)
        for (; c + 2 <= cols; c += 2) {
            const __m128i l0 = _mm_loadl_epi64((const __m128i *)(sums + 4 * (left[c] - lo)));
            const __m128i r0 = _mm_loadl_epi64((const __m128i *)(sums + 4 * (right[c] - lo)));
            const __m128i l1 = _mm_loadl_epi64((const __m128i *)(sums + 4 * (left[c + 1] - lo)));
            const __m128i r1 = _mm_loadl_epi64((const __m128i *)(sums + 4 * (right[c + 1] - lo)));
            const __m128i d0 = _mm_srli_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(l0, r0), _mm_set1_epi32(weights[c])), 14);
            const __m128i d1 =
                _mm_srli_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(l1, r1), _mm_set1_epi32(weights[c + 1])), 14);
            const __m128i packed = _mm_packs_epi32(d0, d1);
            _mm_storel_epi64((__m128i *)(o + c), _mm_packus_epi16(packed, packed));
        }
#endif
        for (; c < cols; c++) {
            const uint16_t *l = sums + 4 * (left[c] - lo), *rr = sums + 4 * (right[c] - lo);
            const uint32_t f2 = (uint32_t)weights[c] & 0xFFFF, f = (uint32_t)weights[c] >> 16;
            uint32_t pixel = 0;
            for (int k = 0; k < 4; k++) pixel |= ((l[k] * f2 + rr[k] * f) >> 14) << (8 * k);
            o[c] = pixel;
        }
    }
    return 0;
}
