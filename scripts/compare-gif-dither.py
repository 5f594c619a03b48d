#!/usr/bin/env python3
"""Compares ffmpeg's GIF dither modes on a TenFoot recording, side by side at the same size (issue 31).

    scripts/compare-gif-dither.py [SCENE] [MOVES]      (default: the built-in home, a short traversal)

Records the traversal's frames as PNGs, makes a GIF of them with each dither mode (one palette per clip, as
`tenfoot record` makes it), decodes every GIF frame back and prints, per mode: the mean PSNR against the
frames it was made from (higher is closer), the flicker (the share of pixels that change between two frames
where the source did not: error diffusion reshuffles its noise every frame, which a viewer sees as crawling),
the file size and, on the banding probe (Tests/CLITests/Fixtures/gradient-scrim.json, the tab bar's scrim over
a bright page), the bands along the scrim's fade in the last frame (rows whose brightness jumps by more than 2.5
times the fade's mean step, as GradientTests counts them). Needs ffmpeg, numpy and Pillow
(pip install numpy pillow).
"""
import glob, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image

MODES = ["bayer:bayer_scale=5", "bayer:bayer_scale=3", "bayer:bayer_scale=1", "sierra2_4a", "floyd_steinberg", "none"]


def frames(folder):
    return [np.asarray(Image.open(p).convert("RGB")).astype(np.int16) for p in sorted(glob.glob(folder + "/*.png"))]


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b) ** 2)
    return 99.0 if mse == 0 else 10 * np.log10(255.0**2 / mse)


def bands(frame):
    """Bands along the scrim's fade (points 114..154, columns 1300..1800, at 640x360: a third)."""
    grey = frame.astype(np.float64) @ np.array([0.2126, 0.7152, 0.0722])
    profile = grey[38:51, 433:600].mean(axis=1)
    steps = np.abs(np.diff(profile))
    return int((steps > 2.5 * steps.mean() + 0.5).sum())


def main():
    scene = sys.argv[1] if len(sys.argv) > 1 else "home"
    moves = sys.argv[2] if len(sys.argv) > 2 else "right right down right wait 1s"
    probe = scene.endswith("gradient-scrim.json")
    tenfoot = os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "tenfoot")
    work = tempfile.mkdtemp(prefix="tenfoot-dither-")
    src = os.path.join(work, "src")
    subprocess.run([tenfoot, "record", scene, "--moves", moves, "--size", "640x360", "--fps", "20", "--out", src + "/"],
                   check=True, stdout=subprocess.DEVNULL)
    source = frames(src)
    print(f"{len(source)} frames of {scene} at 640x360\n")
    print(f"{'dither':24} {'PSNR dB':>8} {'flicker %':>10} {'size KB':>8}" + (f" {'bands':>6}" if probe else ""))
    for mode in MODES:
        gif = os.path.join(work, mode.replace(":", "_").replace("=", "") + ".gif")
        graph = f"split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither={mode}:diff_mode=rectangle"
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-framerate", "20", "-i", src + "/frame-%05d.png",
                        "-filter_complex", graph, "-f", "gif", gif], check=True)
        out = os.path.join(work, "out-" + os.path.basename(gif))
        os.makedirs(out)
        subprocess.run(["ffmpeg", "-v", "error", "-i", gif, "-vsync", "0", out + "/f-%05d.png"], check=True)
        decoded = frames(out)
        n = min(len(decoded), len(source))
        score = np.mean([psnr(decoded[k], source[k]) for k in range(n)])
        still = changed = 0
        for k in range(1, n):
            same = np.all(source[k] == source[k - 1], axis=2)
            moved = np.any(decoded[k] != decoded[k - 1], axis=2)
            still += same.sum()
            changed += (same & moved).sum()
        line = f"{mode:24} {score:8.2f} {100.0 * changed / max(1, still):10.3f} {os.path.getsize(gif) / 1024:8.0f}"
        print(line + (f" {bands(decoded[n - 1]):6d}" if probe else ""))


if __name__ == "__main__":
    main()
