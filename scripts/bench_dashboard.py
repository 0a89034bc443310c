#!/usr/bin/env python3
"""The dashboard benchmark behind `make bench`: runs the real release binary in tmux and prints
each figure as a median with min-max over several runs.

The binary reports its own frames when TILES_BENCH_FILE is set (one line per event):
  first-frame <unix time, µs resolution> <process cpu µs>   when the first complete frame reached the terminal
  frame <reason> <cpu µs> <bytes>            each later frame: why, CPU spent on it, bytes written
Everything else is read from outside: /proc/<pid> for CPU ticks, context switches and peak RSS.
"""
import http.server
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import bench_board

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build-bench/release/tiles"
RUNS = int(os.environ.get("TILES_BENCH_RUNS", "5"))
IDLE_SECONDS = float(os.environ.get("TILES_BENCH_IDLE_SECONDS", "30"))
TICKS = os.sysconf("SC_CLK_TCK")


class Services(http.server.BaseHTTPRequestHandler):
    """Hitokoto, geocoding, forecast and GitHub answers, as the widgets expect them."""

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/":
            body = {"uuid": "bench", "hitokoto": "基准测试的一句话", "from": "bench", "from_who": None}
        elif path == "/v1/search":
            body = {"results": [{"name": "上海", "latitude": 31.2, "longitude": 121.5}]}
        elif path == "/v1/forecast":
            # Open-Meteo's recorded answer (hours and days for the weather widget), cloudy now.
            body = dict(FORECAST, current=dict(FORECAST["current"], temperature_2m=28.1, weather_code=2))
        elif path == "/data":
            body = {"n": 7}
        elif path == "/feed.xml":
            self.answer(FEED.encode(), "application/rss+xml")
            return
        elif path == "/v0/topstories.json":
            body = [1]
        elif path == "/v0/item/1.json":
            body = {"id": 1, "type": "story", "title": "Benchmark story", "url": "https://example.org/", "score": 7, "descendants": 2, "time": 1700000000}
        elif path.startswith("/repos/"):
            body = {"name": "main", "commit": {"sha": "0" * 40, "html_url": "https://github.com/apple/swift/commit/" + "0" * 40,
                    "commit": {"message": "Benchmark commit", "author": {"name": "Bench", "date": "2022-06-09T02:00:00Z"}}}}
        else:
            self.send_response(404)
            self.end_headers()
            return
        self.answer(json.dumps(body).encode(), "application/json")

    def answer(self, data, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when a board closes a connection before its answer is written (a board
    quitting mid-request, as every run ends): that is the board's right, not a failure of the
    bench. Anything else is printed as before."""

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def serve(handler):
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d" % server.server_address[1]


def stalled_server():
    """Accepts connections and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held = []

    def accept():
        while True:
            connection, _ = listener.accept()
            held.append(connection)

    threading.Thread(target=accept, daemon=True).start()
    return "http://127.0.0.1:%d" % listener.getsockname()[1]


# A text widget counting its runs and a streaming program that never prints, beside QQ Sync.
EXTENSION_CONFIG = """
[[widget]]
kind = "count"
command = ["sh", "-c", "n=$(cat runs 2>/dev/null || echo 0); n=$((n + 1)); echo $n > runs; echo runs: $n"]
format = "text"
refresh = "1h"

[[widget]]
kind = "quiet"
command = ["sleep", "100000"]
listen = true

[[widget]]
kind = "lamp"
command = ["sh", "./lamp.sh"]

[[page]]
[[page.tile]]
widget = "qqsync"
[[page.tile]]
widget = "count"
family = "small"
[[page.tile]]
widget = "quiet"
family = "small"
[[page.tile]]
widget = "lamp"
family = "small"
"""

# A program widget with a toggle: a press runs it with the action request; it keeps the state
# in a file and answers with the new timeline.
LAMP_SCRIPT = """#!/bin/sh
if [ "$TILES_REASON" = action ]; then
  if [ "$TILES_ACTION_IS_ON" = 1 ]; then touch lamp-on; else rm -f lamp-on; fi
fi
if [ -e lamp-on ]; then state=true; word=on; else state=false; word=off; fi
printf '{"entries":[{"view":{"Toggle":{"action":"power","isOn":%s,"label":{"Text":"lamp %s"}}}}],"policy":"never"}\\n' $state $word
"""


with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "TilesCLITests", "Fixtures", "open-meteo-forecast.json")) as forecast:
    FORECAST = json.load(forecast)

FEED = ('<?xml version="1.0"?><rss version="2.0"><channel><title>Bench</title>'
        '<item><title>Benchmark headline</title><link>https://example.org/1</link><pubDate>Thu, 09 Jun 2022 02:00:00 GMT</pubDate></item>'
        '</channel></rss>')


def daily_config(url):
    """The daily board of `tiles config init --board daily`, its feeds on the bench's server."""
    tiles = [("clock", "medium", ""), ("weather", "medium", ""), ("calendar", "medium", ""), ("todo", "medium", ""),
             ("disks", "small", ""), ("links", "small", 'links = "Debian=https://www.debian.org"')]
    page = "".join('[[page.tile]]\nwidget = "%s"\nfamily = "%s"\nparameters = { %s }\n' % tile for tile in tiles)
    news = ('[[page.tile]]\nwidget = "feed"\nfamily = "large"\nparameters = { feeds = "%s/feed.xml" }\n'
            '[[page.tile]]\nwidget = "hackernews"\nfamily = "large"\n' % url)
    return "[[page]]\n" + page + "[[page]]\n" + news


def sources_config(url):
    """Ten widgets declared with a `source` (hourly) and a monitor of ten sites (hourly)."""
    widgets = "".join(
        '[[widget]]\nkind = "feed%d"\nsource = { url = "%s/data?n=%d", every = "1h" }\nview = \'{"Text": "feed%d {{ .data.n }}"}\'\n\n'
        % (n, url, n, n) for n in range(1, 11))
    sites = " ".join("s%d=%s/data?site=%d" % (n, url, n) for n in range(1, 11))
    tiles = "".join('[[page.tile]]\nwidget = "feed%d"\nfamily = "small"\n' % n for n in range(1, 11))
    monitor = '[[page.tile]]\nwidget = "monitor"\nfamily = "large"\nparameters = { sites = "%s", minutes = 60 }\n' % sites
    return widgets + "[[page]]\n" + tiles + monitor


class Board:
    """One tiles process in its own tmux server, with its own files."""

    def __init__(self, urls, width=160, height=40, extra_args=(), config=None, files=None, lang="C.UTF-8"):
        self.home = tempfile.mkdtemp(prefix="tiles-bench-")
        if config is not None:
            os.makedirs(self.home + "/config/tiles", mode=0o700)
            with open(self.home + "/config/tiles/config.toml", "w") as handle:
                handle.write(config)
            os.chmod(self.home + "/config/tiles/config.toml", 0o600)
            for name, text in (files or {}).items():
                with open(self.home + "/config/tiles/" + name, "w") as handle:
                    handle.write(text)
                os.chmod(self.home + "/config/tiles/" + name, 0o700)
        self.socket = "tiles-bench-%d-%d" % (os.getpid(), time.monotonic_ns())
        self.bench_file = os.path.join(self.home, "bench.log")
        self.start_file = os.path.join(self.home, "start")
        environment = {
            "TERM": "tmux-256color", "LANG": lang, "SWIFT_BACKTRACE": "enable=no", "HOME": self.home,
            "XDG_CONFIG_HOME": self.home + "/config", "XDG_CACHE_HOME": self.home + "/cache",
            "XDG_STATE_HOME": self.home + "/state", "XDG_DATA_HOME": self.home + "/data",
            "TILES_BENCH_FILE": self.bench_file, "TILES_OPENER": "/bin/true",
            "TILES_HITOKOTO_URL": urls[0], "TILES_OPEN_METEO_URL": urls[1], "TILES_GEOCODING_URL": urls[1],
            "TILES_GITHUB_API_URL": urls[2], "TILES_HACKER_NEWS_URL": urls[2],
        }
        if "TZ" in os.environ:
            environment["TZ"] = os.environ["TZ"]  # the zone bench_board's moment is read in
        assignments = " ".join("%s='%s'" % item for item in environment.items())
        command = "read _; echo $EPOCHREALTIME > %s; exec env -i %s %s %s" % (
            self.start_file, assignments, os.path.abspath(BINARY), " ".join(extra_args))
        self.tmux("new-session", "-d", "-x", str(width), "-y", str(height), "bash --norc --noprofile -c \"%s\"" % command)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null"] + list(args), check=True,
                              capture_output=True, text=True).stdout

    def launch(self):
        self.tmux("send-keys", "Enter")
        self.pid = self.wait(lambda: self.tiles_pid(), 10, "tiles to start")

    def tiles_pid(self):
        pane = int(self.tmux("display-message", "-p", "#{pane_pid}").strip())
        try:
            if os.readlink("/proc/%d/exe" % pane).endswith("/tiles"):
                return pane
        except OSError:
            pass
        return None

    def wait(self, probe, timeout, what):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = probe()
            if value:
                return value
            time.sleep(0.005)
        raise RuntimeError("timed out waiting for " + what)

    def lines(self):
        try:
            with open(self.bench_file) as handle:
                return [line.split() for line in handle]
        except OSError:
            return []

    def screen(self):
        return self.tmux("capture-pane", "-p")

    def click(self, text):
        """A left click on the first cell of `text` on the screen, as SGR 1006 reports."""
        for y, line in enumerate(self.screen().split("\n")):
            if text in line:
                x = len(line[:line.index(text)])
                report = "\x1b[<0;%d;%dM\x1b[<0;%d;%dm" % (x + 1, y + 1, x + 1, y + 1)
                self.tmux("send-keys", "-H", *("%02x" % byte for byte in report.encode()))
                return
        raise RuntimeError("no %r on the screen" % text)

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.home, ignore_errors=True)


def cpu_ticks(pid):
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/stat" % (pid, task)) as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total


def switches(pid):
    """Context switches so far, per thread."""
    counts = {}
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/status" % (pid, task)) as handle:
                counts[task] = sum(int(line.split()[1]) for line in handle
                                   if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
        except OSError:
            pass
    return counts


def peak_rss_kib(pid):
    with open("/proc/%d/status" % pid) as handle:
        for line in handle:
            if line.startswith("VmHWM"):
                return int(line.split()[1])
    return 0


def idle(board, seconds):
    """CPU (% of one core) and wake-ups over `seconds` of doing nothing."""
    ticks, before, start = cpu_ticks(board.pid), switches(board.pid), time.monotonic()
    time.sleep(seconds)
    elapsed = time.monotonic() - start
    after = switches(board.pid)
    # Threads that ended meanwhile (finished fetch tasks) count with what they did; new ones in full.
    woken = sum(after.get(task, before.get(task, 0)) - before.get(task, 0) for task in set(before) | set(after))
    return 100.0 * (cpu_ticks(board.pid) - ticks) / TICKS / elapsed, woken


def summary(name, values, unit, target):
    values = sorted(values)
    print("%-58s %10.3f %-5s (min %.3f, max %.3f; n=%d)  target %s" % (
        name, statistics.median(values), unit, values[0], values[-1], len(values), target))


def main():
    if not os.path.exists(BINARY):
        sys.exit("bench: %s not built" % BINARY)
    _, good = serve(Services)
    stalled = stalled_server()
    unreachable = "http://127.0.0.1:9"
    results = {key: [] for key in ("first", "idle-cpu", "idle-wake", "stall-cpu", "rss", "resize-cpu", "tick-bytes", "tick-cpu")}
    for run in range(RUNS):
        board = Board([unreachable] * 3)
        try:
            board.launch()
            first = board.wait(lambda: [l for l in board.lines() if l[0] == "first-frame"], 5, "the first frame")
            with open(board.start_file) as handle:
                started = float(handle.read())
            results["first"].append((float(first[0][1]) - started) * 1000)
        finally:
            board.close()

        board = Board([good] * 3)
        try:
            board.launch()
            board.wait(lambda: "Benchmark commit" in board.screen() and "Partly cloudy" in board.screen() and "基准测试" in board.screen(), 20, "data")
            time.sleep(1)
            cpu, woken = idle(board, IDLE_SECONDS)
            results["idle-cpu"].append(cpu)
            results["idle-wake"].append(woken)
            before = len(board.lines())
            board.tmux("resize-window", "-x", "150", "-y", "36")
            board.tmux("resize-window", "-x", "160", "-y", "40")
            frames = board.wait(lambda: [l for l in board.lines()[before:] if l[0] == "frame" and l[1] == "resize"], 5, "a resize frame")
            results["resize-cpu"].extend(float(l[2]) / 1000 for l in frames)
            results["rss"].append(peak_rss_kib(board.pid) / 1024)
        finally:
            board.close()

        # The same board in Chinese: the language is chosen once at start and costs nothing after.
        board = Board([unreachable] * 3, lang="zh_CN.UTF-8")
        try:
            board.launch()
            first = board.wait(lambda: [l for l in board.lines() if l[0] == "first-frame"], 5, "the Chinese board's first frame")
            with open(board.start_file) as handle:
                started = float(handle.read())
            results.setdefault("first-zh", []).append((float(first[0][1]) - started) * 1000)
        finally:
            board.close()
        board = Board([good] * 3, lang="zh_CN.UTF-8")
        try:
            board.launch()
            board.wait(lambda: "Benchmark commit" in board.screen() and "多云" in board.screen() and "? 帮助" in board.screen(), 20, "data in Chinese")
            time.sleep(1)
            cpu, woken = idle(board, IDLE_SECONDS)
            results.setdefault("idle-cpu-zh", []).append(cpu)
            results.setdefault("idle-wake-zh", []).append(woken)
            results.setdefault("rss-zh", []).append(peak_rss_kib(board.pid) / 1024)
        finally:
            board.close()

        board = Board([good, good, stalled])
        try:
            board.launch()
            board.wait(lambda: "Partly cloudy" in board.screen(), 20, "data")
            cpu, _ = idle(board, min(IDLE_SECONDS, 9))
            results["stall-cpu"].append(cpu)
        finally:
            board.close()

        board = Board([good] * 3, config=bench_board.timed_board("countdown:small,qqsync:medium"))
        try:
            board.launch()
            board.wait(lambda: len([l for l in board.lines() if l[0] == "frame" and l[1] == "tick"]) >= 3, 10, "timer ticks")
            ticks = [l for l in board.lines() if l[0] == "frame" and l[1] == "tick"]
            results["tick-bytes"].extend(float(l[3]) for l in ticks)
            results["tick-cpu"].extend(float(l[2]) / 1000 for l in ticks)
            cpu, _ = idle(board, IDLE_SECONDS)
            results.setdefault("timer-cpu", []).append(cpu)
        finally:
            board.close()

        # Widgets from programs: a text widget reloaded with `r`, and a streaming program that
        # prints nothing (the board must not wake for it).
        board = Board([good] * 3, config=EXTENSION_CONFIG, files={"lamp.sh": LAMP_SCRIPT})
        try:
            board.launch()
            board.wait(lambda: "runs: 1" in board.screen() and "[ ] lamp off" in board.screen(), 20, "the extension tiles")
            time.sleep(0.5)
            for n in range(2, 7):
                sent = time.monotonic()
                board.tmux("send-keys", "r")
                board.wait(lambda: "runs: %d" % n in board.screen(), 10, "run %d" % n)
                results.setdefault("ext-reload", []).append((time.monotonic() - sent) * 1000)
                time.sleep(0.2)
            time.sleep(1)
            cpu, woken = idle(board, IDLE_SECONDS)
            results.setdefault("ext-idle-cpu", []).append(cpu)
            results.setdefault("ext-idle-wake", []).append(woken)
            # A press of the program's toggle: the optimistic flip, then the program's answer.
            # Last, since a click focuses the tile, and `r` above reloads every tile only while
            # none is focused.
            for n in range(4):
                before, after = ("[ ] lamp off", "[✓] lamp on") if n % 2 == 0 else ("[✓] lamp on", "[ ] lamp off")
                sent = time.monotonic()
                board.click(before)
                # The flipped box, with the old label (optimistic) or the new one (answered).
                board.wait(lambda: ("[✓] lamp" if n % 2 == 0 else "[ ] lamp") in board.screen(), 10, "the flip")
                results.setdefault("press-flip", []).append((time.monotonic() - sent) * 1000)
                board.wait(lambda: after in board.screen(), 10, "the answer")
                results.setdefault("press-answer", []).append((time.monotonic() - sent) * 1000)
                time.sleep(0.3)
        finally:
            board.close()

        # Widgets declared in the config alone: ten sources and a monitor of ten sites, due hourly.
        board = Board([good] * 3, config=sources_config(good))
        try:
            board.launch()
            board.wait(lambda: "feed1 7" in board.screen(), 20, "the source widgets")
            time.sleep(2)
            cpu, woken = idle(board, IDLE_SECONDS)
            results.setdefault("sources-idle-cpu", []).append(cpu)
            results.setdefault("sources-idle-wake", []).append(woken)
        finally:
            board.close()

        # The daily board: its first frame as the seed board's is measured (no services), then a
        # minute idle with its data on screen, where the clock's minute tick is the one thing due.
        board = Board([unreachable] * 3, config=daily_config(unreachable))
        try:
            board.launch()
            first = board.wait(lambda: [l for l in board.lines() if l[0] == "first-frame"], 5, "the daily board's first frame")
            with open(board.start_file) as handle:
                started = float(handle.read())
            results.setdefault("daily-first", []).append((float(first[0][1]) - started) * 1000)
        finally:
            board.close()
        board = Board([good] * 3, config=daily_config(good))
        try:
            board.launch()
            board.wait(lambda: "上海" in board.screen(), 20, "the daily board's weather")
            time.sleep(2)
            cpu, woken = idle(board, 60)
            results.setdefault("daily-idle-cpu", []).append(cpu)
            results.setdefault("daily-idle-wake", []).append(woken)
            results.setdefault("daily-rss", []).append(peak_rss_kib(board.pid) / 1024)
        finally:
            board.close()

    print("tiles dashboard benchmark: %s, %d runs, %s s idle windows" % (BINARY, RUNS, IDLE_SECONDS))
    summary("exec to first complete frame (empty cache, no services)", results["first"], "ms", "<= 25 ms")
    summary("idle CPU, 30 s, nothing due", results["idle-cpu"], "%", "0 wake-ups")
    summary("idle wake-ups over 30 s (context switches, all threads)", results["idle-wake"], "", "0")
    summary("idle CPU with a 1 Hz live timer on screen", results["timer-cpu"], "%", "<= 0.02 %")
    summary("idle CPU while a request stalls on a silent server", results["stall-cpu"], "%", "<= 0.05 %")
    summary("peak RSS", results["rss"], "MiB", "<= 15 MiB")
    summary("in Chinese (LANG=zh_CN.UTF-8): exec to first complete frame", results["first-zh"], "ms", "English's")
    summary("in Chinese: idle CPU, 30 s", results["idle-cpu-zh"], "%", "English's")
    summary("in Chinese: idle wake-ups over 30 s", results["idle-wake-zh"], "", "0")
    summary("in Chinese: peak RSS", results["rss-zh"], "MiB", "English's")
    summary("bytes written per 1 Hz timer tick", results["tick-bytes"], "B", "<= 20")
    summary("CPU per timer-tick frame", results["tick-cpu"], "ms", "-")
    summary("CPU for a full re-layout and redraw on resize, 160x40", results["resize-cpu"], "ms", "<= 1.5 ms")
    summary("extension widget: r to its new frame on screen (wall)", results["ext-reload"], "ms", "-")
    summary("program toggle: click to the flipped toggle on screen (wall)", results["press-flip"], "ms", "-")
    summary("program toggle: click to the program's answer on screen (wall)", results["press-answer"], "ms", "-")
    summary("idle CPU, board with a streaming widget printing nothing", results["ext-idle-cpu"], "%", "0")
    summary("idle wake-ups over 30 s with that streaming widget", results["ext-idle-wake"], "", "0")
    summary("idle CPU, ten source widgets and a monitor of ten sites", results["sources-idle-cpu"], "%", "0")
    summary("idle wake-ups over 30 s with them", results["sources-idle-wake"], "", "0")
    summary("daily board: exec to first complete frame (no services)", results["daily-first"], "ms", "seed board's")
    summary("daily board: idle CPU over 60 s (a minute clock)", results["daily-idle-cpu"], "%", "-")
    summary("daily board: wake-ups over 60 s (context switches, all threads)", results["daily-idle-wake"], "", "the clock's tick")
    summary("daily board: peak RSS", results["daily-rss"], "MiB", "-")


if __name__ == "__main__":
    main()
