#!/usr/bin/env python3
"""`tiles check` on config files of 1 MiB in many shapes: each run's wall time and peak RSS, read
from `/usr/bin/time -v`. The parser must be linear in the input and bounded in depth, so every
shape should take well under a second and 50 MiB (docs/performance.md).

Usage: scripts/bench_config_shapes.py [path/to/tiles]   (default .build-release/release/tiles)
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build-release/release/tiles"
LIMIT = 1 << 20
RUNS = int(os.environ.get("TILES_BENCH_RUNS", "5"))


def fill(unit, head="", tail="", separator=""):
    """`head`, then `unit(0)`, `unit(1)`, … joined by `separator`, then `tail`: as many units as
    keep the whole within 1 MiB."""
    parts, size, i = [], len(head.encode()) + len(tail.encode()), 0
    while True:
        piece = unit(i)
        extra = len(piece.encode()) + (len(separator) if parts else 0)
        if size + extra > LIMIT:
            return head + separator.join(parts) + tail
        parts.append(piece)
        size += extra
        i += 1


def deep(i, depth):
    return ".".join(["a"] * (depth - 1) + [f"k{i}"])


SHAPES = {
    "a valid board, 1 tile a table": lambda: fill(lambda i: f'[[page.tile]]\nid = "t{i}"\nwidget = "qqsync"\nfamily = "small"\n', head="[[page]]\n"),
    "flat keys": lambda: fill(lambda i: f"k{i:07} = {i}\n", head="[budget]\n"),
    "tables": lambda: fill(lambda i: f"[t{i}]\nx = 1\n"),
    "headers 64 deep": lambda: fill(lambda i: f"[{deep(i, 64)}]\n"),
    "dotted keys 64 deep": lambda: fill(lambda i: f"{deep(i, 64)} = 1\n"),
    "one inline table on one line": lambda: fill(lambda i: f"k{i} = {i}", head="t = { ", tail=" }\n", separator=", "),
    "one long array": lambda: fill(lambda i: f"{i}", head="a = [", tail="]\n", separator=", "),
    "arrays 64 deep": lambda: fill(lambda i: f"a{i} = " + "[" * 64 + "]" * 64 + "\n"),
    "one long string with escapes": lambda: fill(lambda i: "x\\u00e9\\n", head='a = "', tail='"\n'),
    "comments, CJK": lambda: fill(lambda i: "# 主题 配置 注释 文字\n"),
    "10 MB key (over the limit)": lambda: "k" * 10_000_000 + " = 1\n",
    "header of 20,000 parts": lambda: "[" + ".".join(["a"] * 20_000) + "]\n",
}


def measure(path):
    """(seconds, peak RSS in KiB, exit status, last line of stderr) of one `tiles check`."""
    result = subprocess.run(["/usr/bin/time", "-v", BINARY, "check", path], capture_output=True, text=True,
                            env={**os.environ, "HOME": os.path.dirname(path), "XDG_CONFIG_HOME": os.path.dirname(path)})
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    seconds = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    status = re.search(r"Exit status: (\d+)", result.stderr)
    message = next((line for line in result.stderr.splitlines() if line.startswith("tiles:")), result.stdout.strip())
    return seconds, rss, int(status.group(1)) if status else result.returncode, message


def main():
    with tempfile.TemporaryDirectory() as directory:
        print(f"| shape | bytes | time (median, max of {RUNS}) | peak RSS | result |")
        print("|---|---|---|---|---|")
        for name, make in SHAPES.items():
            path = os.path.join(directory, "config.toml")
            text = make()
            with open(path, "w") as file:
                file.write(text)
            runs = [measure(path) for _ in range(RUNS)]
            times = [run[0] for run in runs]
            rss = max(run[1] for run in runs)
            message = runs[0][3].replace(path, "config.toml")
            if len(message) > 70:
                message = message[:70] + "…"
            print(f"| {name} | {len(text.encode()):,} | {statistics.median(times):.3f} s, {max(times):.3f} s "
                  f"| {rss / 1024:.1f} MiB | exit {runs[0][2]}: {message} |")


if __name__ == "__main__":
    main()
