// SDL, SDL_image, SDL_ttf and Xlib loaded on first use (docs/architecture.md, "SDL, loaded when first called"): the
// functions tenfoot calls are defined in functions.c, generated, each forwarding through tenfoot_sdl_address.
#include "loader.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "loader-internal.h"
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL_cpuinfo.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[640];

static void load(void) {
    void *handles[TENFOOT_SDL_LIBRARY_COUNT];
    for (int i = 0; i < TENFOOT_SDL_LIBRARY_COUNT; i++) {
        handles[i] = dlopen(tenfoot_sdl_libraries[i], RTLD_NOW | RTLD_GLOBAL);
        if (!handles[i]) {
            const char *why = dlerror();
            snprintf(failure, sizeof failure,
                     "cannot load %s (%s): TenFoot draws with SDL2, SDL2_image, SDL2_ttf and Xlib "
                     "(scripts/setup.sh installs them)",
                     tenfoot_sdl_libraries[i], why ? why : "not found");
            return;
        }
    }
    for (int i = 0; i < TENFOOT_SDL_FUNCTION_COUNT; i++) {
        const struct tenfoot_sdl_function *f = &tenfoot_sdl_functions[i];
        void *address = dlsym(handles[f->library], f->name);
        if (!address) {
            snprintf(failure, sizeof failure, "%s has no %s: TenFoot needs a newer version of it",
                     tenfoot_sdl_libraries[f->library], f->name);
            return;
        }
        // POSIX: a function's address from dlsym is converted by copying it (ISO C has no cast between the two).
        memcpy(&tenfoot_sdl_addresses[i], &address, sizeof address);
    }
    // SDL works out which SIMD the processor has the first time anything asks, without a lock, clearing its flags
    // and then setting them one by one; its stretches and blits choose their code by those flags. Two threads
    // drawing at once for the first time (a frame's bands) could see half of them and stretch another way. Asked
    // here, under the once every SDL call passes, no thread draws before they are whole.
    void *has_sse2 = dlsym(handles[0], "SDL_HasSSE2");
    if (has_sse2) {
        __typeof__(SDL_HasSSE2) *ask;
        memcpy(&ask, &has_sse2, sizeof ask);
        (void)ask();
    }
}

int tenfoot_sdl_load(char *message, unsigned long size) {
    pthread_once(&once, load);
    if (!failure[0]) return 0;
    if (message && size) snprintf(message, size, "%s", failure);
    return -1;
}

tenfoot_sdl_any tenfoot_sdl_address(int index) {
    pthread_once(&once, load);
    if (failure[0]) {
        fprintf(stderr, "tenfoot: error: %s\n", failure);
        exit(3);
    }
    return tenfoot_sdl_addresses[index];
}

#else
int tenfoot_sdl_load(char *message, unsigned long size) {
    (void)message;
    (void)size;
    return 0;
}
#endif
