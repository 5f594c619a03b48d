// FreeType (FTL) and HarfBuzz's FreeType font functions: the shaping SDL_ttf does to measure a run, done again by
// TenFootRaster's RunWidths with a glyph cache of its own (SDL_ttf's holds 256 glyphs).
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb-ft.h>

// Macros Swift cannot import.
static inline FT_Int32 tenfoot_ft_light_load_flags(void) { return FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT; }
static inline int tenfoot_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
