#!/usr/bin/env python3
"""Records the functions a board runs, for the release link's symbol ordering file.

Usage: scripts/record_symbol_order.py BINARY OUTPUT [ARCHIVES]   (make symbol-order)

The release binary's code is 23 MB, but a board runs about 2 MB of it. The kernel reads code in
64 KiB windows around each page a process touches, so scattered functions cost far more memory
than they are big: the linker places the functions listed in OUTPUT first, in that order, and
the pages a board touches are then mostly ones it uses (docs/performance.md).

BINARY runs under valgrind's callgrind (installed by this script's caller: `make symbol-order`)
in tmux, twice: the board `make bench` measures, with its services on a closed port, and the
built-in board with every service answering from 127.0.0.1. Each run goes through its first
frame, a few ticks, the family keys, light and dark, the next theme, help, focus, a reload and
a resize, then quits. Functions the 1 Hz tick runs come first (`tick_functions`: a tick's code
packed into a few pages rather than spread over the board's 2 MB; two A/B runs of three
interleaved 30 s pairs measured the board thread's median at 0.31 against 0.335 and 0.32 against
0.36 ms a second, within this VM's noise but the same way twice), then those the first frames
run, then the rest, each group sorted by name; names are the binary's own symbols (valgrind's --demangle=no), one per line. Functions a run does not
reach are placed after all of these, as before: a stale file costs memory, never correctness.

ARCHIVES, a folder of static C libraries linked into BINARY (ncursesw, libstdc++…: see
scripts/static_c_libs.sh): the functions of the archives in UNORDERED_ARCHIVES there are left out
of the list. Those archives are not compiled a function per section, so listing one of their
functions moves its whole object: libstdc++'s locale code with its initializer, which measured
1 MiB more peak RSS in the region a board runs than where the linker puts it (an earlier round;
the same in the tenth, so it stays out for the shorter list). The other C libraries
are listed like the rest: ncurses is built about a function per object, and libpng, libjpeg,
zlib and OpenSSL contribute the few objects a board runs; left where the linker put them,
ncurses' functions and OpenSSL's start-up CPU probe (a constructor) mapped about 1.2 MiB of
code around them, and the tick's ncurses calls were spread over pages of their own
(docs/performance.md, "The release build"). glibc's archive is not in ARCHIVES and its functions are
listed too: it is built a function or two per object, and in the static release binary
(`-static-executable`) unordered they kept 2.2 MiB more code resident, scattered over the binary.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_dashboard import Services, serve  # noqa: E402  (the bench's answering services)
import bench_board  # noqa: E402  (the bench's board)

FIRST_FRAME_WAIT = float(os.environ.get("TILES_ORDER_WAIT", "25"))
# The static archives whose functions are never listed (see the docstring).
UNORDERED_ARCHIVES = {"libstdc++.a"}


def run_board(binary, arguments, environment, out):
    """One callgrind run of the board in its own tmux server; returns the dump files."""
    socket = "tiles-order-%d" % os.getpid()
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    command = " ".join(
        ["env"] + ["%s=%s" % item for item in environment.items()]
        + ["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no",
           "--dump-after='$s12TileTerminal16DashboardSessionC4draw33_*'",
           "--callgrind-out-file=" + out, binary] + arguments + ["2>/dev/null"])
    subprocess.run(tmux + ["new-session", "-d", "-x", "160", "-y", "40", command], check=True)
    try:
        time.sleep(FIRST_FRAME_WAIT)
        for keys in ["s", "m", "l", "m", "t", "t", "T", "?", "Escape", "Tab", "Tab", "r"]:
            subprocess.run(tmux + ["send-keys", keys], check=True)
            time.sleep(2)
        subprocess.run(tmux + ["resize-window", "-x", "150", "-y", "36"], check=True)
        time.sleep(2)
        subprocess.run(tmux + ["resize-window", "-x", "160", "-y", "40"], check=True)
        time.sleep(2)
        subprocess.run(tmux + ["send-keys", "q"], check=True)
        for _ in range(60):
            time.sleep(1)
            if subprocess.run(["pgrep", "-f", "callgrind-out-file=" + out], capture_output=True).returncode:
                break
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
    directory, name = os.path.split(out)
    parts = [f for f in os.listdir(directory) if f == name or f.startswith(name + ".")]
    # Dump 1 ends with the first frame; later dumps and the final one (no suffix) follow.
    def rank(f):
        suffix = f[len(name) + 1:]
        return int(suffix) if suffix.isdigit() else 1 << 30
    return [os.path.join(directory, f) for f in sorted(parts, key=rank)]


def tick_functions(dumps):
    """The functions of a run's ticks: after the first frame, most frames of the bench's board are
    ticks (it ticks every second while the script waits and between keys), so a function at least
    half of the later frames ran belongs to the tick."""
    later = [set(function_names(dump)) for dump in dumps[1:]]
    counts = {}
    for names in later:
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    return [name for name, count in counts.items() if 2 * count >= len(later)]


def function_names(dump):
    """The functions a callgrind dump names, in the order they first appear."""
    names = []
    for line in open(dump, errors="replace"):
        match = re.match(r"^c?fn=\(\d+\) (.+)$", line)
        if match:
            names.append(match.group(1).strip())
    return names


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    binary, output = sys.argv[1], sys.argv[2]
    archives = sys.argv[3] if len(sys.argv) == 4 else None
    work = tempfile.mkdtemp(prefix="tiles-order-")
    try:
        # valgrind 3.19 cannot read the DWARF 5 the toolchain writes; symbols are enough.
        stripped = os.path.join(work, "tiles")
        subprocess.run(["objcopy", "--strip-debug", binary, stripped], check=True)
        symbols = set(subprocess.run(["nm", "--defined-only", "--format=just-symbols", stripped],
                                     capture_output=True, text=True, check=True).stdout.split())
        for name in sorted(os.listdir(archives)) if archives and os.path.isdir(archives) else []:
            if name in UNORDERED_ARCHIVES:
                symbols -= set(subprocess.run(
                    ["nm", "--defined-only", "--format=just-symbols", os.path.join(archives, name)],
                    capture_output=True, text=True, check=True).stdout.split())
        server, answering = serve(Services)
        closed = "http://127.0.0.1:9"
        # The bench's board, from the same config file (bench_board.py: its timer is text at any
        # hour, so the tick recorded is the tick the bench measures), and the built-in board.
        board = bench_board.timed_board("countdown:small,qqsync:medium,alipay:medium,commit:medium")
        runs = [
            (["--size-class", "regular"], closed, board),
            ([], answering, None),
        ]
        ticking, first, later = [], [], []
        for index, (arguments, services, config) in enumerate(runs):
            home = os.path.join(work, "home%d" % index)
            if config:
                os.makedirs(home + "/config/tiles")
                with open(home + "/config/tiles/config.toml", "w") as handle:
                    handle.write(config)
            environment = {
                "TERM": "xterm-256color", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no", "HOME": home,
                "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
                "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data", "TILES_OPENER": "/bin/true",
                "TILES_HITOKOTO_URL": services, "TILES_OPEN_METEO_URL": services,
                "TILES_GEOCODING_URL": services, "TILES_GITHUB_API_URL": services,
            }
            if config:
                # The bench's board reports its first frame as `make bench` asks it to
                # (bench_versus_c.py): the few functions that write the report are then placed
                # with the rest, not left to map a window of their own where the linker put them.
                environment["TILES_BENCH_FILE"] = home + "/bench.log"
                environment["TILES_BENCH_REPORT"] = "first-frame"
            dumps = run_board(stripped, arguments, environment, os.path.join(work, "callgrind%d.out" % index))
            if not dumps:
                sys.exit("record_symbol_order: callgrind wrote nothing for %s" % " ".join(arguments))
            if index == 0:
                ticking += tick_functions(dumps)
            first += function_names(dumps[0])
            for dump in dumps[1:]:
                later += function_names(dump)
        server.shutdown()
        # Each group sorted by name: where a function sits within its group changes little, and
        # a re-recording then changes only the lines of functions that came or went.
        tick = sorted(set(ticking) & symbols)
        before = sorted((set(first) & symbols) - set(tick))
        after = sorted((set(later) & symbols) - set(before) - set(tick))
        ordered = tick + before + after
        with open(output, "w") as file:
            file.write("\n".join(ordered) + "\n")
        print("record_symbol_order: %d functions (%d of the tick, %d more before the first frames) into %s"
              % (len(ordered), len(tick), len(before), output))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
