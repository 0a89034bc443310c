#!/usr/bin/env python3
"""Draws the pictures of the built-in widgets into Assets/ (needs Pillow: pip install pillow).

QQ Sync's background (seed 000's `Image("widget_background_test")`), in a light and a dark
appearance: a blue-to-violet sky with soft hills and light, darker on the left where the quote
sits so that white text stays readable. 168x80 pixels: twice the medium tile's 42x20 pixels
(one column a pixel, one row two). After drawing, run `make assets` to embed them in the binary.
"""
import math
import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

WIDTH, HEIGHT = 168, 80


def lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def sky(top_left, bottom_right):
    image = Image.new("RGB", (WIDTH, HEIGHT))
    pixels = image.load()
    for y in range(HEIGHT):
        for x in range(WIDTH):
            t = (x / WIDTH * 0.7 + y / HEIGHT * 0.3)
            pixels[x, y] = lerp(top_left, bottom_right, t)
    return image


def glow(image, centre, radius, colour, strength):
    layer = Image.new("RGB", image.size, colour)
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    cx, cy = centre
    for r in range(radius, 0, -2):
        draw.ellipse((cx - r * 2, cy - r, cx + r * 2, cy + r), fill=round(strength * (1 - r / radius) * 255))
    image.paste(layer, (0, 0), mask.filter(ImageFilter.GaussianBlur(3)))


def hills(image, colour, base, amplitude, phase, opacity):
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    points = [(x, base + amplitude * math.sin(x / WIDTH * 2 * math.pi * 1.3 + phase)) for x in range(WIDTH + 1)]
    draw.polygon(points + [(WIDTH, HEIGHT), (0, HEIGHT)], fill=round(opacity * 255))
    image.paste(Image.new("RGB", image.size, colour), (0, 0), mask.filter(ImageFilter.GaussianBlur(1)))


def light():
    image = sky((0x2F, 0x6B, 0xC8), (0x8E, 0x54, 0xE9))
    glow(image, (156, 6), 26, (0xFF, 0xE6, 0xF5), 0.35)
    hills(image, (0x5B, 0x3F, 0xB8), 58, 6, 0.4, 0.55)
    hills(image, (0x3A, 0x2E, 0x8F), 68, 5, 2.1, 0.6)
    return image


def dark():
    image = sky((0x10, 0x22, 0x46), (0x3A, 0x22, 0x63))
    glow(image, (156, 6), 22, (0xC9, 0xD6, 0xFF), 0.25)
    draw = ImageDraw.Draw(image)
    stars = random.Random(6)
    for _ in range(28):
        x, y = stars.randrange(WIDTH), stars.randrange(50)
        level = stars.randrange(150, 235)
        draw.point((x, y), fill=(level, level, min(255, level + 20)))
    hills(image, (0x22, 0x1A, 0x4A), 58, 6, 0.4, 0.7)
    hills(image, (0x14, 0x10, 0x30), 68, 5, 2.1, 0.8)
    return image


def save(image, path):
    # A 128-colour palette keeps each file a few KB; area averaging smooths the steps away.
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)
    print(f"{path}: {path.stat().st_size} bytes")


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "Assets")
    folder.mkdir(exist_ok=True)
    save(light(), folder / "widget_background_test.png")
    save(dark(), folder / "widget_background_test~dark.png")


if __name__ == "__main__":
    main()
