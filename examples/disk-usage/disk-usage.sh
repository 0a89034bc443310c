#!/bin/sh
# A text widget: the fullest file systems from `df`, coloured by how full they are.
# tiles writes the tile's size to TILES_WIDTH and TILES_HEIGHT; lines wider than the tile are cut.
rows=${TILES_HEIGHT:-10}
width=${TILES_WIDTH:-42}
printf '\033[1mDisk usage\033[0m\n'
df -P -x tmpfs -x devtmpfs -x overlay 2>/dev/null | awk -v rows="$rows" -v width="$width" '
NR == 1 { next }
{
    use = $5; sub("%", "", use); use += 0
    mount = $6
    if (length(mount) > width - 12) mount = "…" substr(mount, length(mount) - width + 14)
    colour = use >= 90 ? "31" : (use >= 75 ? "33" : "32")
    bar = ""
    for (i = 0; i < 5; i++) bar = bar (use >= (i + 1) * 20 ? "█" : "░")
    printf "\033[%sm%s\033[0m %3d%% %s\n", colour, bar, use, mount
}' | sort -k2 -n -r | head -n $((rows - 1))
