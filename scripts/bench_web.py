#!/usr/bin/env python3
"""The web board under load: `bench_web.py TILES_SERVE [PAGES] [SECONDS]`.

Starts tiles-serve on a private home and a free loopback port, twice:
- an idle board (a calendar and a to-do list: nothing changes for minutes), with PAGES pages
  connected at once, each an open event stream read by this script;
- a board with one clock showing seconds, with the same pages.
For each, after every page has its first frames, it measures over SECONDS the server's CPU time
(user + system, from /proc), its threads' context switches (each wake-up is one; from /proc), and the
messages and bytes each page receives. Prints a Markdown table for docs/performance.md.
"""
import os
import selectors
import socket
import subprocess
import sys
import tempfile
import time

SERVE = sys.argv[1]
PAGES = int(sys.argv[2]) if len(sys.argv) > 2 else 100
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 60

BOARDS = {
    "idle board (calendar, to-do)": """
[[page]]
[[page.tile]]
widget = "calendar"
family = "small"
[[page.tile]]
widget = "todo"
family = "medium"
""",
    "a clock with seconds": """
[[page]]
[[page.tile]]
widget = "clock"
family = "small"
parameters = { seconds = true }
""",
}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wake_ups(pid):
    """Each thread's context switches so far, by thread id and name."""
    counts = {}
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            lines = open("/proc/%d/task/%s/status" % (pid, task)).read().splitlines()
        except OSError:
            continue
        name = lines[0].split(None, 1)[1] if lines and lines[0].startswith("Name:") else "?"
        total = sum(int(line.split()[1]) for line in lines if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
        counts[(task, name)] = total
    return counts


def woken(before, after):
    """The wake-ups between two snapshots, by thread name (a thread that ended counts what it did before)."""
    by_name = {}
    for key, count in after.items():
        by_name[key[1]] = by_name.get(key[1], 0) + count - before.get(key, 0)
    return by_name


def run(name, config):
    home = tempfile.mkdtemp(prefix="tiles-bench-web-")
    folder = os.path.join(home, "config", "tiles")
    os.makedirs(folder)
    open(os.path.join(folder, "config.toml"), "w").write(config)
    runtime = os.path.join(home, "run")
    os.makedirs(runtime, mode=0o700)
    environment = {"PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": os.path.join(home, "config"),
                   "XDG_STATE_HOME": os.path.join(home, "state"), "XDG_CACHE_HOME": os.path.join(home, "cache"),
                   "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_RUNTIME_DIR": runtime, "LANG": "C.UTF-8", "TZ": "UTC"}
    port = free_port()
    server = subprocess.Popen([SERVE, "--listen", "127.0.0.1:%d" % port, "--max-pages", str(PAGES + 10)],
                              env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.time() > deadline:
                    raise SystemExit("tiles-serve did not start")
                time.sleep(0.05)
        selector = selectors.DefaultSelector()
        pages = []
        for _ in range(PAGES):
            page = socket.create_connection(("127.0.0.1", port))
            page.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
            page.setblocking(False)
            state = {"buffer": b"", "ready": False, "messages": 0, "bytes": 0}
            selector.register(page, selectors.EVENT_READ, state)
            pages.append(state)

        def read(until):
            while time.time() < until:
                for key, _ in selector.select(timeout=max(0, until - time.time())):
                    data = key.fileobj.recv(1 << 16)
                    if not data:
                        raise SystemExit("a page's stream ended")
                    state = key.data
                    state["buffer"] += data
                    state["bytes"] += len(data)
                    while b"\n\n" in state["buffer"]:
                        message, state["buffer"] = state["buffer"].split(b"\n\n", 1)
                        if b"event: ready" in message:
                            state["ready"] = True
                        elif b"event: tile" in message and state["ready"]:
                            state["messages"] += 1

        first = time.time()
        while not all(page["ready"] for page in pages):
            read(time.time() + 0.1)
            if time.time() - first > 30:
                raise SystemExit("not every page got its first frames")
        connected = time.time() - first
        read(time.time() + 2)  # the first timelines land
        for page in pages:
            page["messages"] = 0
            page["bytes"] = 0
        cpu, wakes, start = cpu_seconds(server.pid), wake_ups(server.pid), time.time()
        read(start + SECONDS)
        elapsed = time.time() - start
        cpu = cpu_seconds(server.pid) - cpu
        threads = woken(wakes, wake_ups(server.pid))
        wakes = sum(threads.values())
        if os.environ.get("BENCH_WEB_THREADS"):
            print("  %s: %s" % (name, sorted(((n, c) for n, c in threads.items() if c), key=lambda x: -x[1])), file=sys.stderr)
        rss = next(int(line.split()[1]) for line in open("/proc/%d/status" % server.pid) if line.startswith("VmHWM"))
        messages = sum(page["messages"] for page in pages) / len(pages) / elapsed
        size = sum(page["bytes"] for page in pages) / max(1, sum(page["messages"] for page in pages))
        print("| %s | %d | %.2f s | %.1f ms | %.0f | %.2f | %.0f B | %.1f MiB |" % (
            name, PAGES, connected, 1000 * cpu * 60 / elapsed, wakes * 60 / elapsed, messages, size, rss / 1024))
    finally:
        server.terminate()
        server.wait()


print("| board | pages | all connected in | server CPU per minute | server context switches per minute | messages per page per second | bytes per message | peak RSS |")
print("|---|---|---|---|---|---|---|---|")
for name, config in BOARDS.items():
    if os.environ.get("BENCH_WEB_ONLY", name) in name:
        run(name, config)
