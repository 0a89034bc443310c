#!/usr/bin/env python3
"""tiles beside a hand-written C ncursesw dashboard, in one harness, runs interleaved.

    bench_versus_c.py TILES_BINARY C_BINARY

Both programs run on a pseudo-terminal this script owns (160x40, TERM=xterm-256color), so the
same clock and the same reader see both. Each figure is read the same way for both where the
program cannot help it:

- start to full frame: the child notes the time just before exec; the frame is complete when
  the first burst of output ends (C: its one refresh) or, for tiles, at the moment its own
  report (TILES_BENCH_FILE) says the first frame reached the terminal. The report is asked for
  the first frame only (TILES_BENCH_REPORT=first-frame): reporting every frame costs tiles two
  reads of /proc/thread-self/io and a write per frame, which the idle and resize figures would
  otherwise count and C does not pay.
- CPU to first full frame: on-CPU time summed over every thread (/proc/PID/task/*/schedstat,
  nanoseconds): C's once its first burst is written (it then sleeps until its clock ticks);
  tiles' own process CPU clock at its first frame, from the same report.
- peak RSS: VmHWM at the end of the run.

Right before each run, the program's binary and the libraries it loads are read into the page
cache whole (see `warm`): the project's VMs reclaim the cache within seconds, and without this
each start reads its code from disk again.
- idle CPU with the 1 Hz tick: schedstat over the idle window, as seconds per minute.
- threads: /proc/PID/task while idle.
- CPU per resize: the window is set to 150x36 and back to 160x40 right after a tick (the kernel
  sends SIGWINCH); schedstat before and after the output settles, per resize.
- bytes per tick: bytes the terminal received over the idle window per second.

tiles draws the board of `--tiles countdown:small,qqsync:medium,alipay:medium,commit:medium`
(from a config file whose countdown ends 2.5 hours after the run starts, so that its timer is
text, as the C program's clock: see bench_board.py) in the regular size class (the C program's
panels are about that size) with an empty cache and every service on a closed port, the board
the C program imitates.
"""
import fcntl
import os
import pty
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

import bench_board

RUNS = int(os.environ.get("TILES_BENCH_RUNS", "5"))
IDLE_SECONDS = float(os.environ.get("TILES_BENCH_IDLE_SECONDS", "30"))
QUIET = 0.05  # seconds of silence that end a burst of output


class Terminal:
    """A program on a pseudo-terminal of ours, its output timestamped as it arrives."""

    def __init__(self, argv, environment, width=160, height=40):
        self.stamp_file = tempfile.mktemp(prefix="tiles-versus-exec-")
        pid, fd = pty.fork()
        if pid == 0:
            with open(self.stamp_file, "w") as handle:
                handle.write(repr(time.time()))
            os.execve(argv[0], argv, environment)
        self.pid, self.fd = pid, fd
        self.resize(width, height)
        self.chunks = []  # (monotonic-to-wall time, byte count)
        self.lock = threading.Lock()
        self.done = False
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self):
        while not self.done:
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.chunks.append((time.time(), len(data)))

    def resize(self, width, height):
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def exec_time(self):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                with open(self.stamp_file) as handle:
                    text = handle.read()
                if text:
                    return float(text)
            except OSError:
                pass
            time.sleep(0.001)
        raise RuntimeError("the child never started")

    def settled(self, after, timeout=5):
        """The wall time the first burst of output after `after` ended."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                chunks = [chunk for chunk in self.chunks if chunk[0] >= after]
            if chunks and time.time() - chunks[-1][0] > QUIET:
                return chunks[-1][0]
            time.sleep(0.005)
        raise RuntimeError("no output settled")

    def bytes_between(self, start, end):
        with self.lock:
            return sum(count for stamp, count in self.chunks if start <= stamp < end)

    def ticks_between(self, start, end):
        """Bursts of output (the clock's ticks) between two times."""
        with self.lock:
            stamps = [stamp for stamp, _ in self.chunks if start <= stamp < end]
        bursts, last = 0, None
        for stamp in stamps:
            if last is None or stamp - last > QUIET:
                bursts += 1
            last = stamp
        return bursts

    def close(self):
        try:
            os.kill(self.pid, 15)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        self.done = True
        os.close(self.fd)
        try:
            os.unlink(self.stamp_file)
        except OSError:
            pass


def cpu_seconds(pid):
    """On-CPU time of every thread so far (schedstat's first field is nanoseconds)."""
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as handle:
                total += int(handle.read().split()[0])
        except OSError:
            pass
    return total / 1e9


def status_field(pid, name):
    with open("/proc/%d/status" % pid) as handle:
        for line in handle:
            if line.startswith(name + ":"):
                return int(line.split()[1])
    return 0


def wait_for_tick(terminal, timeout=3):
    """Returns right after the next burst of output (a clock tick) has ended."""
    now = time.time()
    terminal.settled(now, timeout)


def measure(terminal, first_frame_of):
    results = {}
    started = terminal.exec_time()
    ended, cpu = first_frame_of(terminal)
    results["start"] = (ended - started) * 1000
    results["cpu-first"] = cpu * 1000
    time.sleep(1.5)
    results["threads"] = len(os.listdir("/proc/%d/task" % terminal.pid))
    window_start, cpu_before = time.time(), cpu_seconds(terminal.pid)
    time.sleep(IDLE_SECONDS)
    window_end, cpu_after = time.time(), cpu_seconds(terminal.pid)
    results["idle"] = (cpu_after - cpu_before) * 60 / (window_end - window_start)
    results["tick-bytes"] = terminal.bytes_between(window_start, window_end) / (window_end - window_start)
    resize_cpu = []
    for width, height in ((150, 36), (160, 40)):
        wait_for_tick(terminal)
        before, sent = cpu_seconds(terminal.pid), time.time()
        terminal.resize(width, height)
        terminal.settled(sent)
        resize_cpu.append((cpu_seconds(terminal.pid) - before) * 1000)
    results["resize"] = statistics.mean(resize_cpu)
    results["rss"] = status_field(terminal.pid, "VmHWM") / 1024
    return results


def c_first_frame(terminal):
    ended = terminal.settled(0)
    return ended, cpu_seconds(terminal.pid)


def tiles_first_frame_reader(bench_file):
    def first_frame(terminal):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                with open(bench_file) as handle:
                    for line in handle:
                        fields = line.split()
                        if fields[0] == "first-frame" and len(fields) >= 3:
                            return float(fields[1]), int(fields[2]) / 1e6
            except OSError:
                pass
            time.sleep(0.002)
        raise RuntimeError("tiles reported no first frame")
    return first_frame


def run_c(binary):
    environment = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": "/tmp", "PATH": "/usr/bin:/bin"}
    terminal = Terminal([binary], environment)
    try:
        return measure(terminal, c_first_frame)
    finally:
        terminal.close()


def run_tiles(binary):
    home = tempfile.mkdtemp(prefix="tiles-versus-")
    bench_file = os.path.join(home, "bench.log")
    closed = "http://127.0.0.1:9"
    environment = {
        "TERM": "xterm-256color", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no", "HOME": home,
        "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
        "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data",
        "TILES_BENCH_FILE": bench_file, "TILES_BENCH_REPORT": "first-frame", "TILES_OPENER": "/bin/true",
        "TILES_HITOKOTO_URL": closed, "TILES_OPEN_METEO_URL": closed, "TILES_GEOCODING_URL": closed,
        "TILES_GITHUB_API_URL": closed,
    }
    if "TZ" in os.environ:
        environment["TZ"] = os.environ["TZ"]  # the zone bench_board's moment is read in
    # The board of `--tiles countdown:small,qqsync:medium,alipay:medium,commit:medium`, its
    # countdown's moment hours ahead so that its timer is text in every run (bench_board.py).
    os.makedirs(home + "/config/tiles")
    with open(home + "/config/tiles/config.toml", "w") as handle:
        handle.write(bench_board.timed_board("countdown:small,qqsync:medium,alipay:medium,commit:medium"))
    # Regular tiles (42×10 mediums), the workload of the C program's 50×11 panels; at 160×40 the
    # board would otherwise choose the large class and draw tiles twice the size.
    argv = [os.path.abspath(binary), "--size-class", "regular"]
    terminal = Terminal(argv, environment)
    try:
        return measure(terminal, tiles_first_frame_reader(bench_file))
    finally:
        terminal.close()
        shutil.rmtree(home, ignore_errors=True)


FIGURES = [
    ("cpu-first", "CPU to first full frame", "ms", "<= 8"),
    ("start", "start to full frame", "ms", "<= 10"),
    ("rss", "peak RSS", "MiB", "<= 12"),
    ("idle", "idle CPU with the 1 Hz tick", "s/min", "<= 0.015"),
    ("threads", "threads while idle", "", "<= 2"),
    ("resize", "CPU per resize (relayout, redraw)", "ms", "<= 0.8"),
    ("tick-bytes", "bytes per tick", "B", "near C"),
]


def warm(binary):
    """Reads the binary and the libraries it loads into the page cache, whole.

    The project's VMs reclaim the page cache of files nobody used for a few seconds (a file's
    cached pages halve within 5 s), so without this each start would read the code it runs
    from disk again, a page fault of a millisecond or two at a time, after every idle window;
    a desktop keeps a program it just ran cached. Read whole, the files also give the kernel's
    fault-around every page it may map, so peak RSS is the larger, cached figure.
    """
    libraries = []
    listing = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        parts = line.split("=>")
        path = (parts[1] if len(parts) > 1 else parts[0]).split("(")[0].strip()
        if path.startswith("/"):
            libraries.append(path)
    for path in [binary] + libraries:
        with open(path, "rb") as handle:
            while handle.read(1 << 20):
                pass


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: bench_versus_c.py TILES_BINARY C_BINARY")
    tiles_binary, c_binary = sys.argv[1], sys.argv[2]
    runs = {"c": [], "tiles": []}
    for _ in range(RUNS):
        warm(c_binary)
        runs["c"].append(run_c(c_binary))
        warm(tiles_binary)
        runs["tiles"].append(run_tiles(tiles_binary))
    load = os.getloadavg()
    print("tiles beside C ncursesw (%s vs %s): %d interleaved runs, %g s idle windows, load %.2f %.2f %.2f"
          % (tiles_binary, c_binary, RUNS, IDLE_SECONDS, *load))
    print("| figure | C | tiles | tiles / C | target |")
    print("|---|---|---|---|---|")
    for key, name, unit, target in FIGURES:
        c = statistics.median(run[key] for run in runs["c"])
        tiles = statistics.median(run[key] for run in runs["tiles"])
        ratio = "%.1f×" % (tiles / c) if c else "-"
        label = "%s, %s" % (name, unit) if unit else name
        print("| %s | %.3g | %.3g | %s | %s |" % (label, c, tiles, ratio, target))


if __name__ == "__main__":
    main()
