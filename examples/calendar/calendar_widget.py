#!/usr/bin/env python3
"""A timeline widget with a layout per family: the month, the week or today.

tiles writes one JSON request on standard input and reads a timeline from standard output
(docs/extensions.md). Small shows today big, medium the week, large the month, inline one line.
The timeline has one entry and asks again at the next local midnight.
"""
import calendar
import datetime
import json
import sys

request = json.load(sys.stdin)
family = request["family"]
now = datetime.datetime.fromisoformat(request["now"].replace("Z", "+00:00")).astimezone()
today = now.date()
first_weekday = 0 if request.get("parameters", {}).get("weekStart", "monday") == "monday" else 6
weekday_names = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]


def day_cell(day, in_month=True):
    """One day of the grid: today on the accent colour, other months' days dimmed."""
    if day is None:
        return {"Text": "  ", "frame": {"width": 4}}
    cell = {"Text": f"{day.day:2d}", "frame": {"width": 4}}
    if day == today:
        cell.update({"bold": True, "foregroundColor": "text.inverse", "background": "accent"})
    elif not in_month:
        cell["foregroundColor"] = "text.secondary"
    return cell


def header_row():
    names = [weekday_names[(first_weekday + i) % 7] for i in range(7)]
    return {"HStack": [{"Text": n, "frame": {"width": 4}} for n in names], "spacing": 1,
            "foregroundColor": "text.secondary"}


def month_view():
    weeks = calendar.Calendar(first_weekday).monthdatescalendar(today.year, today.month)
    rows = [{"HStack": [day_cell(d, d.month == today.month) for d in week], "spacing": 1} for week in weeks]
    title = {"HStack": [{"Text": today.strftime("%B %Y"), "font": "headline"}, {"Spacer": {}}]}
    return {"VStack": [title, header_row()] + rows, "alignment": "leading", "spacing": 0, "padding": 1}


def week_view():
    start = today - datetime.timedelta(days=(today.weekday() - first_weekday) % 7)
    week = [start + datetime.timedelta(days=i) for i in range(7)]
    title = {"HStack": [{"Text": today.strftime("%A"), "font": "headline"}, {"Spacer": {}},
                        {"Text": today.strftime("%b %Y"), "foregroundColor": "text.secondary"}]}
    return {"VStack": [title, {"Spacer": {}}, header_row(),
                       {"HStack": [day_cell(d) for d in week], "spacing": 1}, {"Spacer": {}}],
            "alignment": "leading", "spacing": 0, "padding": 1}


def today_view():
    return {"VStack": [{"Text": today.strftime("%A").upper(), "font": "caption", "foregroundColor": "accent"},
                       {"Text": str(today.day), "font": "largeTitle"},
                       {"Text": today.strftime("%B")}],
            "spacing": 0, "padding": 1}


if family == "accessoryInline":
    view = {"Text": today.strftime("%a %d %b")}
elif family == "systemSmall":
    view = today_view()
elif family == "systemMedium":
    view = week_view()
else:
    view = month_view()

midnight = datetime.datetime.combine(today + datetime.timedelta(days=1), datetime.time(), tzinfo=now.tzinfo)
json.dump({"entries": [{"date": request["now"], "view": view}],
           "policy": {"after": midnight.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}},
          sys.stdout)
