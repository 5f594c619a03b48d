#!/usr/bin/env python3
"""Writes Sources/CSDLLoader/functions.c: the SDL, SDL_image, SDL_ttf and Xlib functions tenfoot calls, each defined
with the prototype its header declares and forwarding to the library's own, which is loaded (dlopen) the first time
any of them is called.

Why: a process that draws nothing (`path`, `lint`, `audit`, `--help`…) never maps SDL and the ~60 libraries it
brings (audio, X11, Wayland, image codecs); linked, their loading and symbol lookups were a third of such a
process's start. The compiler holds each definition to its header's declaration, so a wrong one does not build.

Run it after calling an SDL function tenfoot did not call before (the link then fails with "undefined reference to
`SDL_…'"): add the name to FUNCTIONS below, run `python3 scripts/generate-sdl-loader.py`, and commit what it writes.
"""
import os
import re
import subprocess
import sys

# The library each group is found in, by the name the dynamic loader knows it by (its soname), and the functions
# tenfoot calls from it. Order is the order the libraries are loaded in.
LIBRARIES = [
    ("libSDL2-2.0.so.0", [
        "SDL_AllocRW", "SDL_ConvertSurfaceFormat", "SDL_CreateRGBSurfaceWithFormat",
        "SDL_CreateRGBSurfaceWithFormatFrom", "SDL_CreateRenderer", "SDL_CreateSoftwareRenderer", "SDL_CreateTexture",
        "SDL_CreateTextureFromSurface", "SDL_CreateWindow", "SDL_DestroyRenderer", "SDL_DestroyTexture",
        "SDL_DestroyWindow", "SDL_FreeRW", "SDL_FreeSurface", "SDL_GameControllerClose",
        "SDL_GameControllerGetJoystick", "SDL_GameControllerName", "SDL_GameControllerOpen",
        "SDL_GetCurrentVideoDriver", "SDL_GetDisplayBounds", "SDL_GetError", "SDL_GetKeyName", "SDL_GetModState",
        "SDL_GetPerformanceCounter", "SDL_GetPerformanceFrequency", "SDL_GetRendererInfo", "SDL_GetRendererOutputSize",
        "SDL_GetScancodeName", "SDL_GetSurfaceBlendMode", "SDL_GetTicks64", "SDL_GetWindowDisplayIndex",
        "SDL_GetWindowFlags", "SDL_GetWindowPosition", "SDL_GetWindowSize", "SDL_GetWindowSurface", "SDL_GetWindowWMInfo",
        "SDL_InitSubSystem", "SDL_IsGameController", "SDL_IsTextInputActive", "SDL_JoystickInstanceID",
        "SDL_LockSurface", "SDL_LockTexture", "SDL_PollEvent", "SDL_QueryTexture", "SDL_QuitSubSystem",
        "SDL_RWFromConstMem", "SDL_RenderClear", "SDL_RenderCopy", "SDL_RenderDrawLineF", "SDL_RenderFillRect",
        "SDL_RenderFlush", "SDL_RenderGetViewport", "SDL_RenderPresent", "SDL_RenderReadPixels",
        "SDL_RenderSetClipRect", "SDL_RenderSetViewport", "SDL_RenderIsClipEnabled", "SDL_RenderGetClipRect",
        "SDL_GetTextureScaleMode", "SDL_GetTextureColorMod", "SDL_GetTextureAlphaMod",
        "SDL_GetTextureBlendMode", "SDL_SetHint", "SDL_SetRenderDrawBlendMode", "SDL_SetRenderDrawColor",
        "SDL_SetClipRect", "SDL_SetSurfaceAlphaMod", "SDL_SetSurfaceBlendMode", "SDL_SetTextureAlphaMod", "SDL_SetTextureBlendMode",
        "SDL_SetTextureColorMod", "SDL_SetTextureScaleMode", "SDL_SetWindowBordered", "SDL_SetWindowFullscreen",
        "SDL_SetWindowPosition", "SDL_SetWindowSize", "SDL_SoftStretchLinear", "SDL_StartTextInput",
        "SDL_StopTextInput", "SDL_UnlockSurface", "SDL_UnlockTexture", "SDL_UpdateTexture", "SDL_UpperBlit",
        "SDL_UpperBlitScaled", "SDL_UpdateWindowSurface", "SDL_UpdateWindowSurfaceRects", "SDL_GL_GetProcAddress",
        "SDL_ConvertPixels",
    ]),
    ("libSDL2_image-2.0.so.0", ["IMG_LoadTyped_RW", "IMG_SavePNG_RW"]),
    ("libSDL2_ttf-2.0.so.0", [
        "TTF_CloseFont", "TTF_FontAscent", "TTF_FontHeight", "TTF_FontLineSkip", "TTF_GlyphIsProvided32", "TTF_Init",
        "TTF_OpenFontRW", "TTF_RenderGlyph32_Blended", "TTF_RenderUTF8_Blended", "TTF_SetFontDirection",
        "TTF_SetFontHinting", "TTF_SetFontScriptName", "TTF_SizeUTF8", "TTF_WasInit",
    ]),
    ("libX11.so.6", ["XFree", "XGetGeometry", "XGetWindowProperty", "XInternAtom"]),
]

HEADERS = ["SDL2/SDL.h", "SDL2/SDL_syswm.h", "SDL2/SDL_image.h", "SDL2/SDL_ttf.h", "X11/Xlib.h"]
TYPE_WORDS = {"void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool"}
QUALIFIERS = {"const", "volatile", "restrict", "struct", "enum", "union"}


def declarations():
    """Every top-level declaration of the preprocessed headers, whitespace collapsed."""
    source = "#define SDL_MAIN_HANDLED 1\n" + "".join(f"#include <{h}>\n" for h in HEADERS)
    cc = os.environ.get("CC", "cc")
    text = subprocess.run([cc, "-E", "-P", "-x", "c", "-"], input=source, capture_output=True, text=True,
                          check=True).stdout
    text = re.sub(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)", " ", text)
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        elif c == ";" and depth == 0:
            out.append(" ".join(text[start:i].split()))
            start = i + 1
    return out


def split_params(params):
    parts, depth, start = [], 0, 0
    for i, c in enumerate(params):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(params[start:i].strip())
            start = i + 1
    parts.append(params[start:].strip())
    return parts


def named(param, index):
    """The parameter with a name, and the name: its own, or a<index> where the header gives none."""
    if "(" in param or "[" in param or "..." in param:
        sys.exit(f"generate-sdl-loader: cannot forward a parameter written as {param!r}")
    tokens = re.findall(r"[A-Za-z_]\w*|\*", param)
    last = tokens[-1]
    rest = [t for t in tokens[:-1] if t not in QUALIFIERS]
    if re.match(r"[A-Za-z_]", last) and last not in TYPE_WORDS and rest:
        return param, last
    return f"{param} a{index}", f"a{index}"


def prototype(name, decls):
    for d in decls:
        m = re.match(r"(?:extern\s+)?(.*?)\b" + name + r"\s*\((.*)\)$", d)
        if m:
            return m.group(1).strip(), m.group(2).strip()
    sys.exit(f"generate-sdl-loader: no declaration of {name} in {', '.join(HEADERS)}")


def main():
    decls = declarations()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    functions = [(lib, f) for lib, names in LIBRARIES for f in names]
    lines = [
        "// Generated by scripts/generate-sdl-loader.py: do not edit; add a function there and run it again.",
        "// Each function tenfoot calls from SDL, SDL_image, SDL_ttf and Xlib, defined with its header's prototype and",
        "// forwarding to the library's own, found by tenfoot_sdl_load (loader.h) the first time any of them is called.",
        "#if defined(__linux__)",
        '#include "loader.h"',
        '#include "loader-internal.h"',
        "#define SDL_MAIN_HANDLED 1",
    ]
    lines += [f"#include <{h}>" for h in HEADERS]
    lines += ["", "const char *const tenfoot_sdl_libraries[TENFOOT_SDL_LIBRARY_COUNT] = {"]
    lines += [f'    "{lib}",' for lib, _ in LIBRARIES]
    lines += ["};", "", "const struct tenfoot_sdl_function tenfoot_sdl_functions[TENFOOT_SDL_FUNCTION_COUNT] = {"]
    lines += [f'    {{{[l for l, _ in LIBRARIES].index(lib)}, "{f}"}},' for lib, f in functions]
    lines += ["};", "", "tenfoot_sdl_any tenfoot_sdl_addresses[TENFOOT_SDL_FUNCTION_COUNT];", ""]
    for index, (lib, f) in enumerate(functions):
        result, params = prototype(f, decls)
        if params in ("", "void"):
            declared, names = "void", []
        else:
            pairs = [named(p, i) for i, p in enumerate(split_params(params))]
            declared, names = ", ".join(p for p, _ in pairs), [n for _, n in pairs]
        call = f"(({result} (*)({'void' if not names else ', '.join(p for p in split_params(params))}))" \
               f"tenfoot_sdl_address({index}))({', '.join(names)})"
        body = f"{call};" if result == "void" else f"return {call};"
        lines += [f"{result} {f}({declared}) {{", f"    {body}", "}", ""]
    lines += ["#endif"]
    header = [
        "// Generated by scripts/generate-sdl-loader.py: do not edit.",
        "#ifndef TENFOOT_SDL_LOADER_INTERNAL_H",
        "#define TENFOOT_SDL_LOADER_INTERNAL_H",
        f"#define TENFOOT_SDL_LIBRARY_COUNT {len(LIBRARIES)}",
        f"#define TENFOOT_SDL_FUNCTION_COUNT {len(functions)}",
        "",
        "/// A function, and the library it is found in (its index in tenfoot_sdl_libraries).",
        "struct tenfoot_sdl_function {",
        "    int library;",
        "    const char *name;",
        "};",
        "",
        "extern const char *const tenfoot_sdl_libraries[TENFOOT_SDL_LIBRARY_COUNT];",
        "extern const struct tenfoot_sdl_function tenfoot_sdl_functions[TENFOOT_SDL_FUNCTION_COUNT];",
        "/// Each function's address in its library, once loaded.",
        "/// Any function: what each address is kept as, until its caller casts it back to its own type.",
        "typedef void (*tenfoot_sdl_any)(void);",
        "extern tenfoot_sdl_any tenfoot_sdl_addresses[TENFOOT_SDL_FUNCTION_COUNT];",
        "/// The function's address, after loading the libraries if they are not yet (exit 3 if they cannot be).",
        "tenfoot_sdl_any tenfoot_sdl_address(int index);",
        "#endif",
    ]
    with open(os.path.join(root, "Sources/CSDLLoader/functions.c"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(root, "Sources/CSDLLoader/loader-internal.h"), "w") as f:
        f.write("\n".join(header) + "\n")


if __name__ == "__main__":
    main()
