#!/usr/bin/env python3
"""A streaming widget (`listen = true`): started once and kept running, it prints a new timeline
on one line whenever the load average changes, and answers at once when tiles writes a new
request line (the family or a parameter changed). Nothing is printed while nothing changes.
The medium tile adds a sparkline of the last readings (a Chart of LineMarks without its y axis).
"""
import json
import os
import select
import sys
import time

INTERVAL = float(os.environ.get("LOAD_STREAM_INTERVAL", "5"))
request = None
last = None
history = []  # the last one-minute loads, oldest first


def load():
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def colour(value):
    cores = os.cpu_count() or 1
    return "#34C759" if value < 0.7 * cores else ("#FF9500" if value < cores else "#FF3B30")


def emit(values):
    one, five, fifteen = values
    history.append(one)
    del history[:-30]
    if request and request["family"] == "accessoryInline":
        view = {"Text": f"load {one:.2f} {five:.2f} {fifteen:.2f}"}
    else:
        figures = [{"VStack": [{"Text": f"{v:.2f}", "bold": True, "foregroundColor": colour(v)},
                               {"Text": label, "font": "caption", "foregroundColor": "text.secondary"}]}
                   for v, label in ((one, "1 min"), (five, "5 min"), (fifteen, "15 min"))]
        rows = [{"Text": "Load", "font": "headline"}, {"Spacer": {}}, {"HStack": figures, "spacing": 2}, {"Spacer": {}}]
        if request and request["family"] == "systemMedium" and len(history) > 1:
            marks = [{"LineMark": {"x": i, "y": v}} for i, v in enumerate(history)]
            rows[2] = {"HStack": [rows[2], {"Chart": marks, "chartYAxis": "hidden", "foregroundColor": colour(one),
                                             "frame": {"width": 12, "height": 2}}], "spacing": 2}
        view = {"VStack": rows, "alignment": "leading", "padding": 1}
    print(json.dumps({"entries": [{"view": view}]}), flush=True)


while True:
    ready, _, _ = select.select([sys.stdin], [], [], INTERVAL)
    if ready:
        line = sys.stdin.readline()
        if not line:
            break  # tiles closed our input: it is going away
        request = json.loads(line)
        last = load()
        emit(last)
        continue
    values = load()
    if request and (last is None or max(abs(a - b) for a, b in zip(values, last)) >= 0.05):
        last = values
        emit(values)
