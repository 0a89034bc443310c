#!/bin/sh
# binary_report.sh BINARY: what make bench reports of the release binary itself: its size
# stripped (as make install installs it) and whether ICU's data (icudt*_dat) is linked in.
set -eu
binary=$1
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
strip -o "$stripped" "$binary"
bytes=$(stat -c %s "$stripped")
if nm "$binary" 2>/dev/null | grep -q 'icudt[0-9]*_dat'; then icu="linked"; else icu="not linked"; fi
printf 'release binary: %s MB stripped (%s bytes); ICU data: %s\n' \
  "$(awk "BEGIN { printf \"%.1f\", $bytes / 1000000 }")" "$bytes" "$icu"
