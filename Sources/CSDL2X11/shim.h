// What SDL does not say about an X11 window: its real size, and whether a window manager runs. Without one
// (Xvfb, a bare X server), SDL's fullscreen request is honoured by nobody, yet SDL takes the window to be the
// desktop's size and draws a picture that the real, unchanged window crops. TenFootSDL checks with these.
// Linux only (TenFootSDL depends on this module on Linux).
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>

/// The window's size as the X server has it; 0 when the window is not an X11 window.
static inline int tenfoot_x11_window_size(SDL_Window *window, int *width, int *height) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Window root;
    int x, y;
    unsigned int w, h, border, depth;
    if (!XGetGeometry(info.info.x11.display, info.info.x11.window, &root, &x, &y, &w, &h, &border, &depth)) return 0;
    *width = (int)w;
    *height = (int)h;
    return 1;
}

/// 1 when an EWMH window manager runs on the window's screen (it names itself in the root window's
/// _NET_SUPPORTING_WM_CHECK), 0 when none does, -1 when the window is not an X11 window.
static inline int tenfoot_x11_has_window_manager(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *display = info.info.x11.display;
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None) return 0;
    Atom type;
    int format;
    unsigned long count, after;
    unsigned char *data = NULL;
    int found = 0;
    if (XGetWindowProperty(display, DefaultRootWindow(display), check, 0, 1, False, XA_WINDOW, &type, &format,
                           &count, &after, &data) == Success && type == XA_WINDOW && count == 1) {
        found = 1;
    }
    if (data) XFree(data);
    return found;
}
