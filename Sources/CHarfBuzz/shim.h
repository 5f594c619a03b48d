// HarfBuzz (MIT; SDL_ttf shapes with it): only its Unicode script property (UAX #24) is called directly.
#include <harfbuzz/hb.h>
