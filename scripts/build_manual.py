#!/usr/bin/env python3
"""Writes docs/forecast.1, the man page, from `forecast --experimental-dump-help`.

ArgumentParser's own generator (`swift package generate-manual`) drops every
non-ASCII character, so examples like `forecast add 서울` came out as
`forecast add`. This reads the same command tree, whole, and writes plain
man(7) roff.

    scripts/build_manual.py [path/to/forecast [output]]   # default: .build/release/forecast, docs/forecast.1
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "forecast.1")


def roff(text):
    """Escapes text for roff: backslashes, leading dots and quotes, hyphens in options."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """Discussion text: prose paragraphs filled, indented blocks (examples) kept as they are."""
    out = []
    block = []
    for line in text.split("\n"):
        if line.startswith("  "):
            block.append(line)
            continue
        if block:
            out.append(".PP\n.nf\n" + roff("\n".join(block)) + "\n.fi")
            block = []
        if line.strip():
            out.append(roff(line))
        else:
            out.append(".PP")
    if block:
        out.append(".PP\n.nf\n" + roff("\n".join(block)) + "\n.fi")
    return "\n".join(out)


def option_name(argument):
    names = argument.get("names") or []
    spelled = ", ".join(("--" if n["kind"] == "long" else "-") + n["name"] for n in names)
    if argument["kind"] == "positional":
        return "<" + argument.get("valueName", "value") + ">" + ("..." if argument.get("isRepeating") else "")
    if argument["kind"] == "option":
        spelled += " <" + argument.get("valueName", "value") + ">"
    return spelled


def arguments(command):
    out = []
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        out.append(".TP\n.B " + roff(option_name(argument)))
        help = argument.get("abstract", "")
        if argument.get("defaultValue") not in (None, ""):
            help += f" (default: {argument['defaultValue']})"
        out.append(roff(help))
    return "\n".join(out)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "forecast")
    out = sys.argv[2] if len(sys.argv) > 2 else OUT
    tree = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)
    root = tree["command"]
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    page = [
        f'.TH FORECAST 1 "" "forecast {version}" "User Commands"',
        ".SH NAME",
        "forecast \\- " + roff(root.get("abstract", "")),
        ".SH SYNOPSIS",
        ".B forecast",
        ".I command",
        "[options]",
        ".SH DESCRIPTION",
        paragraphs(root.get("discussion", "")),
        ".SH COMMANDS",
    ]
    for command in root.get("subcommands", []):
        if command["commandName"] == "help" or not command.get("shouldDisplay", True):
            continue
        page.append(".SS forecast " + command["commandName"])
        page.append(roff(command.get("abstract", "")))
        if command.get("discussion"):
            page.append(".PP\n" + paragraphs(command["discussion"]))
        page.append(arguments(command))
    page.append(".SH SEE ALSO\nREADME.md in the source repository; forecast \\fIcommand\\fR \\-\\-help.")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
