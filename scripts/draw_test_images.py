#!/usr/bin/env python3
"""Draws the small pictures the Image tests decode (Tests/TileUITests/Fixtures/Images/).

Needs Pillow (pip install pillow). The files are committed; run this only to change them, then
re-record the Image goldens on purpose (`make golden`).
"""
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "Tests" / "TileUITests" / "Fixtures" / "Images"


def quadrants():
    """8x8: red, green / blue, transparent."""
    image = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 3, 3), fill=(255, 0, 0, 255))
    draw.rectangle((4, 0, 7, 3), fill=(0, 255, 0, 255))
    draw.rectangle((0, 4, 3, 7), fill=(0, 0, 255, 255))
    return image


def disc():
    """16x16: a white disc with a soft edge on transparency."""
    image = Image.new("RGBA", (16, 16), (255, 255, 255, 0))
    pixels = image.load()
    for y in range(16):
        for x in range(16):
            distance = ((x - 7.5) ** 2 + (y - 7.5) ** 2) ** 0.5
            alpha = max(0.0, min(1.0, 7.5 - distance))
            pixels[x, y] = (255, 255, 255, round(alpha * 255))
    return image


def wide():
    """40x10 (4:1): a left-to-right ramp from orange to teal, its top half lighter."""
    image = Image.new("RGB", (40, 10))
    pixels = image.load()
    for y in range(10):
        for x in range(40):
            t = x / 39
            base = (round(255 * (1 - t) + 0 * t), round(140 * (1 - t) + 160 * t), round(0 * (1 - t) + 170 * t))
            pixels[x, y] = base if y >= 5 else tuple(min(255, c + 60) for c in base)
    return image


def palette_pair(out):
    """The ramp fading out to the right, quantized to a palette with transparency (a palette PNG
    with tRNS), and the same pixels as RGBA: the decoder's palette path must give exactly the
    pixels of its RGBA one."""
    image = wide().convert("RGBA")
    pixels = image.load()
    for y in range(10):
        for x in range(40):
            pixels[x, y] = pixels[x, y][:3] + (round(255 * (1 - x / 39)),)
    quantized = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
    quantized.save(out / "fading-palette.png", optimize=True)
    quantized.convert("RGBA").save(out / "fading.png", optimize=True)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    quadrants().save(OUT / "quadrants.png", optimize=True)
    disc().save(OUT / "disc.png", optimize=True)
    wide().save(OUT / "wide.png", optimize=True)
    # A palette PNG and JPEGs in RGB, grayscale and CMYK, for the decoder's colour conversions.
    wide().quantize(colors=16).save(OUT / "wide-palette.png", optimize=True)
    # Its pixels as RGBA (4-bit indices), for the palette path's test.
    Image.open(OUT / "wide-palette.png").convert("RGBA").save(OUT / "wide-palette-rgba.png", optimize=True)
    wide().save(OUT / "wide.jpg", quality=95)
    Image.new("L", (8, 8), 128).save(OUT / "gray.jpg", quality=95)
    Image.new("CMYK", (8, 8), (0, 100, 200, 0)).save(OUT / "cmyk.jpg", quality=95)
    palette_pair(OUT)
    for path in sorted(OUT.iterdir()):
        print(f"{path.name}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
