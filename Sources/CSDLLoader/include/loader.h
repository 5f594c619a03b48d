#ifndef TENFOOT_SDL_LOADER_H
#define TENFOOT_SDL_LOADER_H

/// Loads SDL, SDL_image, SDL_ttf and Xlib (Linux: on the first call, once a process) and finds each function tenfoot
/// calls from them. 0 when all are there; -1 when a library or a function is missing, with what is missing written
/// to `message` (NUL-terminated, cut to `size`). A function called before this is called loads them too, and ends
/// the process with that message (exit 3: what the machine lacks) if they are not there. Elsewhere the libraries are linked: always 0.
int tenfoot_sdl_load(char *message, unsigned long size);

#endif
