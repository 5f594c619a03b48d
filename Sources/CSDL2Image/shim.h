#define SDL_MAIN_HANDLED 1
#include <SDL_image.h>
