#!/usr/bin/env python3
"""Turns `tmux capture-pane -e -p` output (text with SGR sequences) into an HTML
page that draws every cell where tmux drew it: a character tmux shows in two
cells (Hangul, ⛅) spans two, one it shows in one (☀️) spans one, so the image
is what the terminal showed. Used by scripts/app-screenshot.

Usage: tmux_to_html.py WIDTH HEIGHT < capture > page.html
"""
import html
import re
import sys
import unicodedata

CELL_W, CELL_H = 10, 20
COLOURS = {30: "#2e3436", 31: "#ef2929", 32: "#8ae234", 33: "#fce94f", 34: "#729fcf", 35: "#ad7fa8", 36: "#34e2e2", 37: "#eeeeec"}
BRIGHT = {90: "#555753", 91: "#ff5555", 92: "#55ff55", 93: "#ffff55", 94: "#5c5cff", 95: "#ff55ff", 96: "#55ffff", 97: "#ffffff"}
FG, BG = "#e8e8e8", "#1c1f24"


def palette(index):
    """A colour of the 256-colour palette as xterm draws it."""
    if index < 8:
        return COLOURS[30 + index]
    if index < 16:
        return BRIGHT[90 + index - 8]
    if index < 232:
        index -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (levels[index // 36], levels[index // 6 % 6], levels[index % 6])
    grey = 8 + (index - 232) * 10
    return "#%02x%02x%02x" % (grey, grey, grey)


def cells(character):
    """How many cells tmux gives a character: two for East Asian wide and fullwidth, none for joiners and selectors."""
    if unicodedata.combining(character) or character in "\u200d\ufe0e\ufe0f":
        return 0
    return 2 if unicodedata.east_asian_width(character) in "WF" else 1


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    spans = []
    for row, line in enumerate(sys.stdin.read().split("\n")[:height]):
        column = 0
        look = {}
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            if part.startswith("\x1b["):
                codes = [int(c) for c in part[2:-1].split(";") if c] or [0]
                while codes:
                    code = codes.pop(0)
                    if code == 38 and codes[:1] == [5] and len(codes) >= 2:
                        look["fg"] = palette(codes[1])
                        del codes[:2]
                    elif code == 38 and codes[:1] == [2] and len(codes) >= 4:
                        look["fg"] = "#%02x%02x%02x" % tuple(max(0, min(255, c)) for c in codes[1:4])
                        del codes[:4]
                    elif code == 0:
                        look = {}
                    elif code == 1:
                        look["bold"] = True
                    elif code == 2:
                        look["dim"] = True
                    elif code == 7:
                        look["reverse"] = True
                    elif code in COLOURS:
                        look["fg"] = COLOURS[code]
                    elif code in BRIGHT:
                        look["fg"] = BRIGHT[code]
                    elif code in (22,):
                        look.pop("bold", None)
                        look.pop("dim", None)
                    elif code == 27:
                        look.pop("reverse", None)
                    elif code == 39:
                        look.pop("fg", None)
                continue
            previous = None
            for character in part:
                size = cells(character)
                if size == 0:
                    if previous is not None:
                        spans[previous][3] += character
                    continue
                fg, bg = look.get("fg", FG), None
                if look.get("reverse"):
                    fg, bg = BG, look.get("fg", FG)
                style = f"left:{column * CELL_W}px;top:{row * CELL_H}px;width:{size * CELL_W}px;color:{fg};"
                if bg:
                    style += f"background:{bg};"
                if look.get("bold"):
                    style += "font-weight:bold;"
                if look.get("dim"):
                    style += "opacity:0.6;"
                spans.append([style, size, column, character])
                previous = len(spans) - 1
                column += size
    body = "".join(f'<span style="{s}">{html.escape(c)}</span>' for s, _, _, c in spans)
    print(f"""<!doctype html><meta charset="utf-8"><style>
body {{ margin: 0; background: {BG}; }}
#screen {{ position: relative; width: {width * CELL_W}px; height: {height * CELL_H}px; margin: 12px;
  font: 16px/20px "DejaVu Sans Mono", "Noto Sans Mono CJK KR", "Noto Color Emoji", monospace; }}
#screen span {{ position: absolute; height: {CELL_H}px; white-space: pre; overflow: visible; }}
</style><div id="screen">{body}</div>""")


if __name__ == "__main__":
    main()
