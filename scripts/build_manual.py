#!/usr/bin/env python3
"""Writes docs/forecast.1, the man page, from `forecast --experimental-dump-help`.

ArgumentParser's own generator (`swift package generate-manual`) drops every
non-ASCII character, so examples like `forecast add 서울` came out as
`forecast add`. This reads the same command tree, whole, and writes plain
man(7) roff.

    scripts/build_manual.py [path/to/forecast [output]]   # default: .build/release/forecast, docs/forecast.1
    scripts/build_manual.py --lang ja [path/to/forecast [output]]   # default output: docs/forecast.ja.1

With --lang, the page is in that language: each command's help screen as
`forecast COMMAND --help --lang CODE` prints it (the translations live in the
program, one catalog per language), set as preformatted text.
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


GLOBAL_OPTIONS = [
    ("--db <path>", "The database file (default: $FORECAST_DB, else $XDG_DATA_HOME/forecast/forecast.sqlite)."),
    ("--lang <code>", "Language of every word: en, ko or ja (default: $FORECAST_LANG, else 'forecast config language', else the locale)."),
    ("--format <format>", "Output format: table or json, and for list and show also csv, tsv, markdown and line. With json, a failure is a JSON document too."),
    ("-h, --help", "Help for forecast or for a command (forecast help COMMAND)."),
    ("--version", "The version."),
]

# Every variable the program reads (ManualTests checks none is missing).
ENVIRONMENT = [
    ("FORECAST_DB", "The database file, when --db is not given."),
    ("XDG_DATA_HOME", "Where the default database lives: $XDG_DATA_HOME/forecast/forecast.sqlite (default ~/.local/share)."),
    ("HOME", "The home directory, for the default database and ~ in paths."),
    ("FORECAST_LANG", "Language (en, ko, ja) when --lang is not given; else 'forecast config language'."),
    ("LC_ALL, LC_MESSAGES, LANG", "The locale, read for the language last (ko_KR.UTF-8 speaks Korean, ja_JP.UTF-8 Japanese)."),
    ("LC_TIME, LC_CTYPE, LC_COLLATE, LC_NUMERIC, LC_MONETARY", "Not read for anything; like LANG and LC_*, a value no locale has (LANG=aaaaaaaaaaaa) is dropped at start, as the system's locale library would crash on it."),
    ("FORECAST_PROVIDER", "The weather service: open-meteo (default), openweathermap or metno."),
    ("OPENWEATHER_API_KEY", "The OpenWeatherMap key; never stored, never printed (not even in part)."),
    ("FORECAST_CONTACT", "An e-mail address or URL sent to MET Norway in the User-Agent, as its terms ask."),
    ("FORECAST_TTL_MINUTES", "How long fetched weather stays fresh (default 10)."),
    ("FORECAST_CONCURRENCY", "How many requests run at once (1-256)."),
    ("FORECAST_FORMAT", "The default output format of list and show (table, json, csv, tsv, markdown, line)."),
    ("FORECAST_OPEN_METEO_URL, FORECAST_OPEN_METEO_GEOCODING_URL, FORECAST_OPEN_METEO_AIR_QUALITY_URL, FORECAST_OPENWEATHER_URL, FORECAST_METNO_URL",
     "Base URLs of the services (for a proxy, a mirror or a local stand-in such as scripts/stub_weather_server.py)."),
    ("FORECAST_METALERTS_URL, FORECAST_NWS_URL, FORECAST_NOWCAST_URL, FORECAST_OPEN_METEO_ARCHIVE_URL",
     "Base URLs of the warning and nowcast sources: MET Norway's MetAlerts (default https://api.met.no), the US National Weather "
     "Service (https://api.weather.gov) and MET Norway's Nowcast (https://api.met.no); and of Open-Meteo's historical-weather "
     "API, the climate normals' source (https://archive-api.open-meteo.com). Open-Meteo's 15-minute data and "
     "OpenWeatherMap's alerts follow FORECAST_OPEN_METEO_URL and FORECAST_OPENWEATHER_URL."),
    ("FORECAST_ONLY_LOCAL_HOSTS", "Set to 1, requests go to this machine only (the test harness sets it)."),
    ("FORECAST_NOW", "An ISO 8601 moment the clock reads instead of the real one (README's examples are made with it)."),
    ("FORECAST_ASCII", "Set (to anything), symbols are ASCII words (sun, rain) instead of emoji; as with TERM=dumb."),
    ("NO_COLOR", "Set (to anything), no colour (https://no-color.org)."),
    ("TERM", "dumb: no colour and ASCII symbols."),
    ("COLUMNS, LINES", "The terminal's size, where it cannot be asked (tables fit the width, show the height)."),
    ("TZ, TZDIR", "The time zone 'add --here' goes by, and where the tz database is (zone1970.tab, zone.tab, tzdata.zi)."),
]

FILES = [
    ("~/.local/share/forecast/forecast.sqlite", "The saved places, their order, the settings, the last viewed place and cached weather (SQLite, WAL)."),
    ("/usr/share/zoneinfo/zone1970.tab", "Each time zone's principal place, for 'add --here'."),
]

EXIT_STATUS = [
    ("0", "Success."),
    ("1", "The command failed: bad input, an ambiguous name, a service or a database that cannot be used; 'list --where' matched no place."),
    ("2", "The weather for some places could not be fetched (the rest was shown)."),
    ("3", "The weather was shown but could not be saved (a read-only database, a full disk)."),
    ("4", "Not found: no such saved place, no place of that name."),
    ("64", "The command line itself is wrong (an unknown command or option, a value that is not one)."),
    ("130", "Interrupted (Ctrl-C); what had arrived was kept."),
    ("141", "The output's reader went away (as with | head)."),
]

# What the warnings and the next two hours are, where they come from and on what terms (README says the same, longer).
WARNINGS = [
    "show, the HTML report and forecast browse's pages open with the official warnings in force at the place (the level "
    "in its colour: minor/yellow, moderate/orange, severe/red, extreme; the event; its window in the place's own time; the "
    "area, the headline and the first lines of what to do; who issued it and whose it is), then the next two hours: a strip "
    "of quarter hours and one sentence. list marks each place's highest level; forecast alerts prints every warning of every "
    "saved place; in forecast browse, w opens a warning's whole text. A place no source covers says so; a source that fails "
    "says why, and never hides the weather or changes the exit status.",
    "Warnings come from MET Norway's MetAlerts 2.0 for Norway, Svalbard and their waters (CC BY 4.0; a User-Agent with a "
    "contact, one request a place in 10 minutes), from the US National Weather Service for the United States and its "
    "territories (public domain; a User-Agent with a contact), and, after 'forecast config alerts openweathermap' and with "
    "OPENWEATHER_API_KEY set, from OpenWeatherMap's One Call 3.0 alerts, worldwide from national agencies (South Korea "
    "included: no keyless feed of Korea's KMA was found).",
    "The next two hours come from MET Norway's Nowcast 2.0 where the Nordic radars cover the place (CC BY 4.0), else from "
    "Open-Meteo's 15-minute data in Central Europe and North America, where it is real (CC BY 4.0), else from the hourly "
    "forecast, headed as such and never called a nowcast.",
    "--where takes alert (the highest level in force: 0 none, 1 minor, 2 moderate, 3 severe, 4 extreme; absent where no "
    "source covers the place) and rain_next (minutes until precipitation starts; absent when none is expected). Warnings are "
    "kept with their own lifetimes and refreshed with the weather; --offline shows the kept ones with their age, never one "
    "that has ended.",
]

EXAMPLES = [
    ("forecast", "The saved places with their weather (the same as forecast list)."),
    ("forecast add Seoul", "Save a place by name (in English, Korean or Japanese: forecast add 서울, forecast add 東京)."),
    ("forecast add 'Springfield, US' --pick 2", "A name in a country; the second of its candidates."),
    ("forecast add --here", "Where this computer's time zone says you are."),
    ("forecast Seoul", "Show a place, saved or not."),
    ("forecast show --next", "Page through the saved places, as the apps swipe."),
    ("forecast sort temp --desc", "Warmest first; kept for later runs."),
    ("forecast units imperial", "°F, mph, inches, miles, inHg and a 12-hour clock."),
    ("forecast list --where 'rain>=60' --format line", "For cron: the places where rain is likely, one line each."),
    ("forecast list --where 'alert>=2' --format line && notify-send warning", "For cron: a notification when a place has an orange warning or worse."),
    ("forecast alerts", "Every official warning in force at every saved place, most severe first."),
    ("forecast report -o weather.html", "A self-contained HTML report."),
    ("forecast browse", "The full-screen app."),
    ("forecast --generate-completion-script bash > ~/.local/share/bash-completion/completions/forecast", "Completions for bash (also zsh, fish)."),
]


def definitions(items):
    return "\n".join(".TP\n.B " + roff(term) + "\n" + roff(text) for term, text in items)


def translated_page(binary, lang, tree, version):
    """The man page in `lang`: the program's own help screens in that language, one section a command."""
    # man indents a section's text by 7: screens of 72 columns fit a terminal of 80.
    env = dict(os.environ, COLUMNS="72", NO_COLOR="1")
    env.pop("FORECAST_LANG", None)

    def screen(command):
        arguments = [binary] + ([command] if command else []) + ["--help", "--lang", lang]
        return subprocess.run(arguments, check=True, capture_output=True, text=True, env=env).stdout.rstrip("\n")

    def preformatted(text):
        return ".nf\n" + roff(text) + "\n.fi"

    root = screen("")
    abstract = root.split("\n", 1)[0].split(": ", 1)[-1]
    commands = [c["commandName"] for c in tree["command"].get("subcommands", []) if c["commandName"] != "help" and c.get("shouldDisplay", True)]
    page = [f'.TH FORECAST 1 "" "forecast {version}" "forecast"', ".SH NAME", "forecast \\- " + roff(abstract),
            ".SH forecast", preformatted(root)]
    for command in commands:
        page += [".SH forecast " + command, preformatted(screen(command))]
    page += [".SH SEE ALSO", roff("LANG=C man forecast (in English, with the environment, files and exit statuses); forecast --help --lang " + lang)]
    return page


def main():
    given = sys.argv[1:]
    lang = None
    if given[:1] == ["--lang"] and len(given) > 1:
        lang, given = given[1], given[2:]
    binary = given[0] if given else os.path.join(ROOT, ".build", "release", "forecast")
    out = given[1] if len(given) > 1 else (os.path.join(ROOT, "docs", f"forecast.{lang}.1") if lang else OUT)
    tree = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)
    root = tree["command"]
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    # The root's discussion, without its examples and exit statuses (their own sections below).
    description = root.get("discussion", "").split("\nExamples:")[0].split("\nExit status:")[0].strip()
    commands = [c for c in root.get("subcommands", []) if c["commandName"] != "help" and c.get("shouldDisplay", True)]
    if lang:
        write(out, translated_page(binary, lang, tree, version))
        return
    page = [
        f'.TH FORECAST 1 "" "forecast {version}" "User Commands"',
        ".SH NAME",
        "forecast \\- " + roff(root.get("abstract", "")),
        ".SH SYNOPSIS",
        ".B forecast",
        "[\\-\\-db \\fIpath\\fR] [\\-\\-lang \\fIcode\\fR] [\\-\\-format \\fIformat\\fR]",
        ".I command",
        "[options] [arguments]",
        ".br",
        ".B forecast",
        ".I place",
        ".br",
        ".B forecast",
        ".SH DESCRIPTION",
        paragraphs(description),
        ".PP",
        roff("With no command, forecast lists the saved places; a first word that is no command is a place to show "
             "(forecast Seoul). A slip (forecast lsit) is answered with the command meant. The commands: "
             + ", ".join(c["commandName"] for c in commands) + "."),
        ".SH COMMANDS",
    ]
    for command in commands:
        page.append(".SS forecast " + command["commandName"])
        page.append(roff(command.get("abstract", "")))
        if command.get("discussion"):
            page.append(".PP\n" + paragraphs(command["discussion"]))
        page.append(arguments(command))
    page += [
        ".SH OPTIONS",
        roff("These go before or after the command's name."),
        definitions(GLOBAL_OPTIONS),
        ".SH WARNINGS AND THE NEXT TWO HOURS",
        "\n.PP\n".join(roff(text) for text in WARNINGS),
        ".SH ENVIRONMENT",
        definitions(ENVIRONMENT),
        ".SH FILES",
        definitions(FILES),
        ".SH EXIT STATUS",
        definitions(EXIT_STATUS),
        ".SH EXAMPLES",
        definitions(EXAMPLES),
        ".SH SEE ALSO",
        roff("forecast COMMAND --help; sqlite3(1). Weather from Open-Meteo (CC BY 4.0), OpenWeatherMap and MET Norway (CC BY 4.0); "
             "warnings from MET Norway (CC BY 4.0), the US National Weather Service (public domain) and OpenWeatherMap; "
             "places from GeoNames (CC BY 4.0)."),
    ]
    write(out, page)


def write(out, page):
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
