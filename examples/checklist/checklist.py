#!/usr/bin/env python3
"""A checklist whose toggles write a file: a widget you act on (docs/extensions.md, "Actions").

The items are the `items` parameter (comma-separated). Which are ticked is kept in a JSON file,
`$XDG_STATE_HOME/tiles-examples/checklist.json` unless the `file` parameter names another. A
toggle's press runs this program with {"request": "action", "action": "tick", "value": ITEM,
"isOn": …}: it writes the file and answers with the new timeline, which tiles draws at once.
"reset" unticks everything. Any other request is a timeline request.
"""
import json
import os
import sys
import tempfile

request = json.load(sys.stdin)
parameters = request.get("parameters", {})
items = [item.strip() for item in parameters.get("items", "water the plants,take out the trash,call mum").split(",") if item.strip()]
state_home = os.environ.get("XDG_STATE_HOME") or os.path.expanduser("~/.local/state")
path = parameters.get("file") or os.path.join(state_home, "tiles-examples", "checklist.json")


def load():
    try:
        with open(path) as file:
            ticked = json.load(file)
        return set(ticked) if isinstance(ticked, list) else set()
    except (OSError, ValueError):
        return set()


def save(ticked):
    """Writes the file atomically: a temporary file in the same folder, renamed over it."""
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".checklist-")
    with os.fdopen(handle, "w") as file:
        json.dump(sorted(ticked), file)
    os.replace(temporary, path)


ticked = load()
if request.get("request") == "action":
    if request.get("action") == "tick" and request.get("value") in items:
        if request.get("isOn"):
            ticked.add(request["value"])
        else:
            ticked.discard(request["value"])
    elif request.get("action") == "reset":
        ticked = set()
    else:
        sys.exit(f"unknown action {request.get('action')!r}")
    save(ticked)

done = sum(1 for item in items if item in ticked)
if request["family"] == "accessoryInline":
    view = {"Text": f"Chores {done}/{len(items)}", "invalidatableContent": True}
else:
    rows = [{"HStack": [{"Text": "Chores", "font": "headline"},
                        {"Text": f"{done}/{len(items)}", "foregroundColor": "text.secondary", "invalidatableContent": True},
                        {"Spacer": {}},
                        {"Button": {"action": "reset", "label": {"Text": "reset", "underline": True}}}]}]
    rows += [{"Toggle": {"action": "tick", "value": item, "isOn": item in ticked, "label": {"Text": item, "lineLimit": 1}}}
             for item in items]
    view = {"VStack": rows, "alignment": "leading", "spacing": 0, "padding": {"horizontal": 1},
            "frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "topLeading"}}
print(json.dumps({"entries": [{"view": view}], "policy": "never"}))
