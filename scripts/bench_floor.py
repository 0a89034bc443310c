#!/usr/bin/env python3
"""The Swift floor for `make bench` (issue 36): a minimal program linked as tiles is.

    bench_floor.py SWIFTC OUTPUT_DIR

Builds scripts/floor/main.swift with `swiftc -O -static-executable` (the static Swift runtime and
FoundationEssentials, as the release binary links them) and prints its stripped size and its
peak RSS (VmHWM of a run that has started, printed and waits for a line: the median of 5), the
figures tiles' own are compared with in docs/performance.md.
"""
import os
import statistics
import subprocess
import sys

swiftc, output = sys.argv[1], sys.argv[2]
os.makedirs(output, exist_ok=True)
source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "floor", "main.swift")
binary = os.path.join(output, "swift-floor")
# The static link warns that glibc's dlopen needs glibc at run time, as tiles' does; said once in
# docs/platform.md, not here.
build = subprocess.run([swiftc, "-O", "-static-executable", source, "-o", binary], capture_output=True, text=True)
if build.returncode != 0:
    sys.exit("bench_floor: swiftc failed:\n" + build.stderr)
stripped = binary + ".stripped"
subprocess.run(["strip", "-o", stripped, binary], check=True)

peaks = []
for _ in range(5):
    process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    process.stdout.readline()
    # VmHWM once it has printed and waits, as bench_versus_c.py reads tiles' at the end of a run.
    with open("/proc/%d/status" % process.pid) as handle:
        hwm = next(int(line.split()[1]) for line in handle if line.startswith("VmHWM:"))
    process.communicate(b"\n")
    peaks.append(hwm / 1024)
print("Swift floor (swiftc -O -static-executable, FoundationEssentials): %.1f MB stripped, peak RSS %.2f MiB (min %.2f, max %.2f; n=%d)"
      % (os.path.getsize(stripped) / 1e6, statistics.median(peaks), min(peaks), max(peaks), len(peaks)))
