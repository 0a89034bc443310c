"""The boards the benchmarks draw, shared by bench_versus_c.py and bench_dashboard.py."""

import time


def timed_board(tiles, hours_ahead=2.5):
    """A config.toml of one page: `tiles` ("kind:family" each, as `--tiles` takes them), its
    countdown's moment set `hours_ahead` from now on the local clock.

    The countdown's timer is drawn in block digits when it fits its tile (under an hour to go in
    a small tile) and as text otherwise: with the default moment (18:00) the same benchmark
    measured a text tick of 2 bytes before 17:00 and a block tick of 14 to 103 bytes after. A
    moment 2.5 hours ahead keeps every run on the text timer, a clock as the C dashboard draws.
    """
    moment = time.localtime(time.time() + hours_ahead * 3600)
    lines = ["[[page]]"]
    for tile in tiles.split(","):
        kind, family = tile.split(":")
        lines += ["[[page.tile]]", 'widget = "%s"' % kind, 'family = "%s"' % family]
        if kind == "countdown":
            lines.append('parameters = { time = "%02d:%02d" }' % (moment.tm_hour, moment.tm_min))
    return "\n".join(lines) + "\n"
