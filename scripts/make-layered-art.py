#!/usr/bin/env python3
"""Makes the layered posters of scenes/parallax-gallery.json (issue 20): PNG layers drawn with numpy and
written with zlib (no imaging library needed), in both formats TenFoot reads:

  scenes/art/summit.imagestack/   Xcode's asset format: 5 layers, front first in Contents.json
  scenes/art/orbit.imagestack/    5 layers; the moon layer is smaller than the canvas, and placed by frame-size/frame-center
  scenes/art/reef.layers.json     the plain JSON list: 3 layers (reef-*.png beside it)

Canvas 350×525 at 1x: a 260×390 poster is 330×495 focused (longest side + 70 pt), and the HIG asks for
layers about 106 % of the focused size. Deterministic: run it again and the bytes are the same.
"""
import json
import os
import struct
import zlib

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenes", "art")
W, H = 350, 525


def png(path, rgba):
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def canvas(w=W, h=H):
    return np.zeros((h, w, 4), dtype=np.float64)


def grid(w=W, h=H):
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    return x + 0.5, y + 0.5


def paint(img, cover, colour):
    """Paints `colour` (r, g, b, a 0…255) over img where cover (0…1) says."""
    a = np.clip(cover, 0, 1)[..., None] * (colour[3] / 255.0)
    src = np.array(colour[:3], dtype=np.float64)
    out_a = a + img[..., 3:4] / 255.0 * (1 - a)
    rgb = (src * a + img[..., :3] * (img[..., 3:4] / 255.0) * (1 - a)) / np.maximum(out_a, 1e-9)
    img[..., :3] = rgb
    img[..., 3:4] = out_a * 255


def vertical(top, bottom, w=W, h=H):
    t = np.linspace(0, 1, h)[:, None, None]
    img = canvas(w, h)
    img[..., :3] = np.array(top[:3]) * (1 - t) + np.array(bottom[:3]) * t
    img[..., 3] = 255
    return img


def disc(cx, cy, r, w=W, h=H):
    x, y = grid(w, h)
    return np.clip(r - np.hypot(x - cx, y - cy) + 0.5, 0, 1)


def below(f, w=W, h=H):
    """Coverage under the curve y = f(x), antialiased vertically."""
    x, y = grid(w, h)
    return np.clip(y - f(x) + 0.5, 0, 1)


# A 5×7 block font for the titles.
FONT = {
    "S": ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
    "U": ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
    "M": ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
    "I": ["11111", "00100", "00100", "00100", "00100", "00100", "11111"],
    "T": ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
    "O": ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
    "R": ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
    "B": ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
    "E": ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
    "F": ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
    " ": ["00000"] * 7,
}


def title(text, cell, top, colour, shadow=True):
    img = canvas()
    width = len(text) * 6 * cell - cell
    left = (W - width) // 2
    cover = np.zeros((H, W))
    for k, ch in enumerate(text):
        for row, bits in enumerate(FONT[ch]):
            for col, bit in enumerate(bits):
                if bit == "1":
                    x0, y0 = left + (k * 6 + col) * cell, top + row * cell
                    cover[y0:y0 + cell, x0:x0 + cell] = 1
    if shadow:
        paint(img, np.roll(np.roll(cover, 3, 0), 2, 1), (0, 0, 0, 110))
    paint(img, cover, colour)
    return img


def stack(name, layers, frames=None):
    """Writes NAME.imagestack with `layers` (name, image), front first; `frames` gives a layer's
    (width, height, cx, cy) on the canvas when its image is not the whole canvas."""
    folder = os.path.join(ROOT, name + ".imagestack")
    os.makedirs(folder, exist_ok=True)
    info = {"author": "xcode", "version": 1}
    contents = {"info": info, "layers": [{"filename": n + ".imagestacklayer"} for n, _ in layers],
                "properties": {"canvasSize": {"width": W, "height": H}}}
    with open(os.path.join(folder, "Contents.json"), "w") as f:
        json.dump(contents, f, indent=2)
        f.write("\n")
    for n, img in layers:
        lf = os.path.join(folder, n + ".imagestacklayer")
        os.makedirs(os.path.join(lf, "Content.imageset"), exist_ok=True)
        if frames and n in frames:
            w, h, cx, cy = frames[n]
            with open(os.path.join(lf, "Contents.json"), "w") as f:
                json.dump({"info": info, "properties": {"frame-size": {"width": w, "height": h}, "frame-center": {"x": cx, "y": cy}}}, f, indent=2)
                f.write("\n")
        file = n.lower() + ".png"
        with open(os.path.join(lf, "Content.imageset", "Contents.json"), "w") as f:
            json.dump({"images": [{"filename": file, "idiom": "tv", "scale": "1x"}], "info": info}, f, indent=2)
            f.write("\n")
        png(os.path.join(lf, "Content.imageset", file), img)


def summit():
    back = vertical((38, 44, 98), (236, 138, 92))
    x, y = grid()
    rng = np.random.default_rng(7)
    for _ in range(40):
        sx, sy = rng.uniform(0, W), rng.uniform(0, H * 0.45)
        paint(back, disc(sx, sy, rng.uniform(0.6, 1.4)), (255, 250, 235, 200))
    sun = canvas()
    paint(sun, disc(W * 0.66, H * 0.42, 95) * 0.35, (255, 200, 140, 255))
    paint(sun, disc(W * 0.66, H * 0.42, 58), (255, 224, 170, 255))
    far = canvas()
    paint(far, below(lambda x: H * 0.55 - 70 * np.abs(np.sin(x / 61.0)) - 40 * np.sin(x / 23.0 + 1)), (84, 64, 120, 255))
    near = canvas()
    paint(near, below(lambda x: H * 0.72 - 45 * np.sin(x / 90.0 + 0.5)), (40, 30, 64, 255))
    # A climber on the near ridge: body, head, pole.
    cx, cy = W * 0.3, H * 0.72 - 45 * np.sin(W * 0.3 / 90.0 + 0.5)
    body = ((np.abs(x - cx) < 7) & (y > cy - 46) & (y < cy)).astype(float)
    paint(near, body, (24, 18, 40, 255))
    paint(near, disc(cx, cy - 54, 9), (24, 18, 40, 255))
    paint(near, ((np.abs(x - (cx + 16) + (y - cy) * 0.25) < 1.6) & (y > cy - 70) & (y < cy)).astype(float), (24, 18, 40, 255))
    front = title("SUMMIT", 8, 428, (255, 244, 226, 255))
    stack("summit", [("Title", front), ("Ridge", near), ("Range", far), ("Sun", sun), ("Sky", back)])


def orbit():
    back = vertical((6, 10, 30), (30, 20, 70))
    rng = np.random.default_rng(3)
    for _ in range(90):
        paint(back, disc(rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.5, 1.3)), (230, 236, 255, 220))
    x, y = grid()
    planet = canvas()
    px, py, pr = W * 0.45, H * 0.5, 112
    shade = np.clip(1 - np.hypot(x - px + 40, y - py + 40) / (pr * 2.1), 0, 1)
    d = disc(px, py, pr)
    band = 0.5 + 0.5 * np.sin((y - py) / 9.0)
    planet[..., 0] = (70 + 150 * shade) * (0.85 + 0.15 * band)
    planet[..., 1] = (60 + 110 * shade) * (0.85 + 0.15 * band)
    planet[..., 2] = 140 + 90 * shade
    planet[..., 3] = d * 255
    # The ring: an ellipse outline in front of the planet's lower half and behind its upper half (drawn whole here).
    rx, ry = 190.0, 40.0
    e = np.hypot((x - px) / rx, (y - py) / ry)
    ring = np.clip(1 - np.abs(e - 1) * 18, 0, 1) * ((y > py - 6) | (np.hypot(x - px, y - py) > pr))
    ringed = canvas()
    paint(ringed, ring, (235, 210, 170, 230))
    moon = canvas(90, 90)
    mx, my = grid(90, 90)
    moon_d = np.clip(40 - np.hypot(mx - 45, my - 45) + 0.5, 0, 1)
    moon[..., :3] = 200 - 40 * np.clip((mx + my) / 90 - 1, 0, 1)[..., None]
    moon[..., 3] = moon_d * 255
    front = title("ORBIT", 9, 440, (250, 250, 255, 255))
    stack("orbit", [("Title", front), ("Moon", moon), ("Ring", ringed), ("Planet", planet), ("Space", back)],
          frames={"Moon": (90, 90, 285, 120)})



def reef():
    back = vertical((20, 120, 150), (8, 30, 60))
    x, y = grid()
    for k in range(6):
        paint(back, np.clip(1 - np.abs(x - 40 - k * 60 - (y * 0.3)) / 14, 0, 1) * (1 - y / H) * 0.25, (200, 240, 255, 255))
    fish = canvas()
    for fx, fy, s, colour in [(120, 200, 1.0, (255, 160, 60, 255)), (240, 280, 0.8, (250, 210, 70, 255)), (170, 340, 0.6, (255, 120, 90, 255))]:
        bodyc = np.clip(1 - np.hypot((x - fx) / (38 * s), (y - fy) / (18 * s)), 0, 1) * 40
        tail = ((x > fx + 30 * s) & (x < fx + 55 * s) & (np.abs(y - fy) < (x - fx - 30 * s) * 0.8)).astype(float)
        paint(fish, np.clip(bodyc, 0, 1), colour)
        paint(fish, tail, colour)
        paint(fish, disc(fx - 20 * s, fy - 4 * s, 3.5 * s), (20, 20, 30, 255))
    front = canvas()
    rng = np.random.default_rng(11)
    for _ in range(14):
        bx, by, r = rng.uniform(20, W - 20), rng.uniform(60, H - 140), rng.uniform(4, 11)
        ringc = np.clip(1 - np.abs(np.hypot(x - bx, y - by) - r) * 0.9, 0, 1)
        paint(front, ringc, (220, 245, 255, 200))
    paint(front, title("REEF", 10, 432, (255, 255, 255, 255))[..., 3] / 255.0, (255, 255, 255, 255))
    for n, img in [("reef-front.png", front), ("reef-fish.png", fish), ("reef-water.png", back)]:
        png(os.path.join(ROOT, n), img)
    with open(os.path.join(ROOT, "reef.layers.json"), "w") as f:
        json.dump({"layers": [{"image": "reef-front.png"}, {"image": "reef-fish.png"}, {"image": "reef-water.png"}],
                   "canvas": {"width": W, "height": H}}, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    summit()
    orbit()
    reef()
