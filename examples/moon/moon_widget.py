#!/usr/bin/env python3
"""A widget with a picture: tonight's moon, drawn as a PNG and sent as an Image node.

tiles writes one JSON request on standard input and reads a timeline from standard output
(docs/extensions.md). The moon's phase comes from the request's `now` (no network); the picture
is a 48x48 PNG made here with zlib, sent in base64 as {"Image": {"data": …}} and drawn by tiles in
half blocks (docs/extensions-views.md#image). Small shows the moon and its phase, medium adds how
much is lit and the next full moon, inline one line of text. One entry, asked again in 6 hours.
"""
import base64
import datetime
import json
import math
import struct
import sys
import zlib

SYNODIC_DAYS = 29.530588853
# A new moon to count from: 2000-01-06 18:14 UTC.
KNOWN_NEW_MOON = datetime.datetime(2000, 1, 6, 18, 14, tzinfo=datetime.timezone.utc)
NAMES = ["New moon", "Waxing crescent", "First quarter", "Waxing gibbous",
         "Full moon", "Waning gibbous", "Last quarter", "Waning crescent"]
SIZE = 48


def phase_at(moment):
    """The phase in 0..1: 0 new, 0.25 first quarter, 0.5 full, 0.75 last quarter."""
    days = (moment - KNOWN_NEW_MOON).total_seconds() / 86400
    return (days / SYNODIC_DAYS) % 1.0


def png(width, height, rows):
    """A PNG file of 8-bit RGBA rows (lists of (r, g, b, a))."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + bytes(channel for pixel in row for channel in pixel) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def moon_picture(phase):
    """The disc lit on the right while waxing, on the left while waning, soft at its edge."""
    lit, dark = (246, 241, 222), (58, 62, 82)
    cosine = math.cos(2 * math.pi * phase)
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            nx, ny = (x + 0.5) / SIZE * 2 - 1, (y + 0.5) / SIZE * 2 - 1
            distance = math.hypot(nx, ny)
            alpha = max(0.0, min(1.0, (1 - distance) * SIZE / 2))
            half_width = math.sqrt(max(0.0, 1 - ny * ny))
            is_lit = nx > half_width * cosine if phase < 0.5 else nx < -half_width * cosine
            row.append((*(lit if is_lit else dark), round(alpha * 255)))
        rows.append(row)
    return png(SIZE, SIZE, rows)


request = json.load(sys.stdin)
now = datetime.datetime.fromisoformat(request["now"].replace("Z", "+00:00"))
phase = phase_at(now)
name = NAMES[round(phase * 8) % 8]
illuminated = round((1 - math.cos(2 * math.pi * phase)) / 2 * 100)
full = now + datetime.timedelta(days=((0.5 - phase) % 1.0) * SYNODIC_DAYS)
picture = {"Image": {"data": base64.b64encode(moon_picture(phase)).decode("ascii"),
                     "resizable": True, "contentMode": "fit"}}

family = request["family"]
if family == "accessoryInline":
    view = {"Text": f"{name} · {illuminated}% lit"}
elif family == "systemSmall":
    view = {"VStack": [picture, {"Text": name, "font": "caption", "lineLimit": 1}], "spacing": 0, "padding": 1}
else:
    details = {"VStack": [{"Text": "Moon", "font": "headline"}, {"Text": name},
                          {"Text": f"{illuminated}% lit", "foregroundColor": "text.secondary"},
                          {"Spacer": {}},
                          {"Text": "Full " + full.strftime("%b %d"), "foregroundColor": "text.secondary"}],
               "alignment": "leading", "spacing": 0}
    view = {"HStack": [dict(picture, frame={"width": 16}), details, {"Spacer": {}}], "spacing": 2, "padding": 1}

later = now + datetime.timedelta(hours=6)
json.dump({"entries": [{"date": request["now"], "view": view}],
           "policy": {"after": later.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}},
          sys.stdout)
