#!/usr/bin/env python3
"""A timeline whose entries switch at future dates: a Pomodoro clock with a live countdown.

Every hour from its start runs focus, break, focus, break (25/5/25/5 minutes by default, set by
the `focus` parameter). One run returns the next two hours as entries, one per phase, each dated
when its phase begins; the countdown is a live `timer` text, so tiles redraws it every second
without asking the program again. The policy `atEnd` asks for more when the last phase begins.
"""
import datetime
import json
import sys

request = json.load(sys.stdin)
focus = int(request.get("parameters", {}).get("focus", 25))
rest = 30 - focus
now = datetime.datetime.fromisoformat(request["now"].replace("Z", "+00:00"))
inline = request["family"] == "accessoryInline"


def stamp(moment):
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def view(phase, ends, number):
    colour = "#FF3B30" if phase == "Focus" else "#34C759"
    timer = {"Text": {"date": stamp(ends), "style": "timer"}, "font": "largeTitle", "minimumScaleFactor": 0.5}
    if inline:
        return {"HStack": [{"Text": f"{phase} {number}/4"}, {"Text": {"date": stamp(ends), "style": "timer"}}]}
    return {"ZStack": [{"Color": colour, "opacity": 0.25},
                       {"VStack": [{"Text": f"{phase} · {number} of 4", "font": "headline", "foregroundColor": colour},
                                   timer,
                                   {"Text": "until " + ends.astimezone().strftime("%H:%M"), "font": "caption",
                                    "foregroundColor": "text.secondary"}],
                        "spacing": 0}]}


hour = now.replace(minute=0, second=0, microsecond=0)
entries = []
for offset in range(3):
    start = hour + datetime.timedelta(hours=offset)
    phases = [("Focus", 0, focus), ("Break", focus, 30), ("Focus", 30, 30 + focus), ("Break", 30 + focus, 60)]
    for number, (name, begin, end) in enumerate(phases, start=1):
        begins = start + datetime.timedelta(minutes=begin)
        ends = start + datetime.timedelta(minutes=end)
        if ends <= now or len(entries) >= 8:
            continue
        entries.append({"date": stamp(max(begins, now) if not entries else begins),
                        "relevance": 1.0 if name == "Focus" else 0.5,
                        "view": view(name, ends, number)})
print(json.dumps({"entries": entries, "policy": "atEnd"}))
