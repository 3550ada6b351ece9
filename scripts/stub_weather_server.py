#!/usr/bin/env python3
"""A local stand-in for Open-Meteo, OpenWeatherMap and MET Norway, for benchmarks and demos.

Answers every request after --delay seconds, in the real services' shapes, with
weather made up for each place the way the real service answers (only the
variables asked for; times local to each place's zone, from today). One
generator makes the weather for all three, so they tell the same story about a
place and an hour:
  GET /v1/forecast?latitude=a,b&longitude=c,d   an object (one place) or an array
                                                 in request order with location_id
  GET /v1/air-quality?latitude=a,b&longitude=c,d the air-quality API's frame, the same way
  GET /data/2.5/weather?lat=a&lon=b              OpenWeatherMap current and 5 day / 3 hour
  GET /data/2.5/forecast?lat=a&lon=b             for the place asked, in the shapes of the
                                                 recorded answers in Tests/ForecastTests/Fixtures
                                                 (units=standard, metric or imperial)
  GET /weatherapi/locationforecast/2.0/complete?lat=a&lon=b
                                                 MET Norway's answer for the place (60 hourly
                                                 steps, then 6-hourly for a week), with Expires
                                                 (30 minutes on) and Last-Modified; a request
                                                 with If-Modified-Since no older than that gets 304
  GET /v1/forecast?…&minutely_15=precipitation  the same weather in 15-minute steps (each the
                                                 millimetres of the quarter before its time, an
                                                 hour's four summing to the hour's amount), from
                                                 the current quarter, forecast_minutely_15 of them
  GET /weatherapi/metalerts/2.0/current.json?lat=a&lon=b
                                                 MET Norway's warnings: the recorded answer (3 gale
                                                 warnings on the coast between Fedje and Svinøy, in
                                                 Norwegian) within 250 km of that coast (Bergen,
                                                 Ålesund), its frame with none elsewhere
  GET /alerts/active?point=a,b                   the US National Weather Service's alerts: the
                                                 recorded Phoenix answer (2 alerts) within 400 km
                                                 of Phoenix, Minneapolis' (an update) of
                                                 Minneapolis, the recorded empty one elsewhere;
                                                 403 without a User-Agent
  GET /data/3.0/onecall?lat=a&lon=b&appid=k      One Call's alerts: one of the two recorded answers
                                                 (Moscow, Oryol: 2 and 8 alerts, English and
                                                 Russian) by the point, less what `exclude` names;
                                                 401 (the recorded body) without appid
  GET /weatherapi/nowcast/2.0/complete?lat=a&lon=b
                                                 MET Norway's nowcast: the recorded Trondheim answer
                                                 (dry, then rain from 45 minutes on) inside the
                                                 Nordic radars' area (54-72 N, 3-32 E); outside it,
                                                 that answer without rates and with radar_coverage
                                                 "no coverage" (built, not recorded)
                                                 The recorded answers are Tests/ForecastTests/Fixtures'
                                                 (see SOURCES.md, from 2022-2025), every time in one
                                                 moved by one shift so that it was made now (to the
                                                 hour; the nowcast's to 5 minutes): what was in force
                                                 when it was recorded is in force now, and intervals
                                                 keep their lengths and offsets.
  GET /v1/archive?latitude=a,b&longitude=c,d&start_date=&end_date=&daily=temperature_2m_max,temperature_2m_min
                                                 Open-Meteo's historical-weather frame (ERA5): each
                                                 day's low and high from the same climate as the
                                                 weather (latitude and season), with a wander from
                                                 year to year, so the 30 years' means are smooth
                                                 and today is a few degrees off them
  GET /v1/search?name=x&count=n&countryCode=cc  Open-Meteo's geocoding answer: the towns of
                                                 TOWNS (too small for forecast's gazetteer)
                                                 whose name starts with x, in its shape; none
                                                 matching is its answer without "results"
  GET /stats                                     {"requests": N} (not counted itself)
  GET /log                                       the paths of the last 1,000 requests
With --gzip-bomb every weather answer is 1 GiB of zeros gzipped (about 1 MB);
with --hang no weather request is ever answered; with --hostile KIND every
Open-Meteo answer (weather and air) is a body one byte under forecast's size
limit for the places asked (1 MB + 1 MB for each 32 places) that is no answer:
'spaces' (spaces, then one letter), 'nested' (brackets 100,000 deep) or 'zeros'
(an array of zeros, the decoder's costliest valid shape). The sources' hostile
answers (warnings and the next hours; the weather stays good): 'long-texts'
(every text of every warning megabytes long, within each source's size limit),
'full-texts' (50 warnings, every text at forecast's bound for it, in Hangul: valid
answers of about 2 MB), 'controls' (escape sequences, control and bidirectional characters in every
text), 'many' (10,000 warnings; 10,000 nowcast steps), 'nan' (rates NaN,
Infinity and -1e308, which JSON does not allow and a hostile server sends) or
'far-dates' (times in the years 1 and 9999).
Binds 127.0.0.1 only. Prints the port it listens on, then serves until killed.

The made-up weather is the same for the same place and hour, whenever asked, and
holds together:
  - a wet weather code (drizzle, rain, snow, showers, thunder) comes with a chance
    of precipitation of 50 % or more and some millimetres; a dry one (clear to
    overcast, fog) with 20 % or less and none. A day's (or a 3- or 6-hour
    period's) code is its most significant hour's, its chance the highest of
    its hours', its amount their sum;
  - temperature is one smooth curve through the days and nights (warmest in
    the mid-afternoon, colder towards the poles and in winter); a day's low
    and high are its hours' lowest and highest;
  - sunrise and sunset come from NOAA's solar equations for the place and date,
    in its local time; on a polar night both are the day's midnight, on a
    polar day the day runs from midnight to midnight, as Open-Meteo answers;
    is_day is 1 from sunrise to sunset.

Usage: scripts/stub_weather_server.py [--port 0] [--delay 0.1]
"""
import argparse
import json
import math
import os
import re
import socket
import threading
import time
import zlib
from collections import namedtuple
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime, parsedate_to_datetime
from functools import lru_cache
from zoneinfo import ZoneInfo
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

UNITS = {
    "temperature_2m": "°C", "apparent_temperature": "°C", "relative_humidity_2m": "%", "is_day": "",
    "precipitation": "mm", "weather_code": "wmo code", "cloud_cover": "%", "pressure_msl": "hPa",
    "wind_speed_10m": "m/s", "wind_direction_10m": "°", "wind_gusts_10m": "m/s", "visibility": "m",
    "precipitation_probability": "%", "uv_index": "", "uv_index_clear_sky": "",
    "temperature_2m_max": "°C", "temperature_2m_min": "°C", "sunrise": "iso8601", "sunset": "iso8601",
    "precipitation_sum": "mm", "precipitation_probability_max": "%", "uv_index_max": "",
}

# The WMO codes the generator gives, from the most significant to the least: a
# day's code is its most significant hour's (thunder over snow over rain over
# showers over drizzle over fog over cloud), as the app ranks them too.
SIGNIFICANCE = [95, 75, 73, 71, 65, 63, 61, 81, 80, 51, 45, 3, 2, 1, 0]
SNOW = {71, 73, 75}

# Each code as MET Norway's symbol (and whether it takes _day or _night) and as
# OpenWeatherMap's condition: id, group, description, icon without its d or n.
Condition = namedtuple("Condition", "symbol sunlit owm_id owm_main owm_description owm_icon")
CONDITIONS = {
    0: Condition("clearsky", True, 800, "Clear", "clear sky", "01"),
    1: Condition("fair", True, 801, "Clouds", "few clouds", "02"),
    2: Condition("partlycloudy", True, 802, "Clouds", "scattered clouds", "03"),
    3: Condition("cloudy", False, 804, "Clouds", "overcast clouds", "04"),
    45: Condition("fog", False, 741, "Fog", "fog", "50"),
    51: Condition("lightrain", False, 300, "Drizzle", "light intensity drizzle", "09"),
    61: Condition("lightrain", False, 500, "Rain", "light rain", "10"),
    63: Condition("rain", False, 501, "Rain", "moderate rain", "10"),
    65: Condition("heavyrain", False, 502, "Rain", "heavy intensity rain", "10"),
    71: Condition("lightsnow", False, 600, "Snow", "light snow", "13"),
    73: Condition("snow", False, 601, "Snow", "snow", "13"),
    75: Condition("heavysnow", False, 602, "Snow", "heavy snow", "13"),
    80: Condition("lightrainshowers", True, 520, "Rain", "light intensity shower rain", "09"),
    81: Condition("rainshowers", True, 521, "Rain", "shower rain", "09"),
    95: Condition("rainandthunder", False, 211, "Thunderstorm", "thunderstorm", "11"),
}

# Big cities, for OpenWeatherMap's name, country and time zone of a coordinate
# (population rounded, as OpenWeatherMap gives it).
City = namedtuple("City", "name country latitude longitude zone population")
CITIES = [
    City("Seoul", "KR", 37.566, 126.978, "Asia/Seoul", 10000000),
    City("Busan", "KR", 35.180, 129.076, "Asia/Seoul", 3400000),
    City("Tokyo", "JP", 35.690, 139.692, "Asia/Tokyo", 14000000),
    City("Beijing", "CN", 39.904, 116.407, "Asia/Shanghai", 21000000),
    City("Shanghai", "CN", 31.230, 121.474, "Asia/Shanghai", 24000000),
    City("Hong Kong", "HK", 22.320, 114.170, "Asia/Hong_Kong", 7500000),
    City("Bangkok", "TH", 13.754, 100.501, "Asia/Bangkok", 8000000),
    City("Singapore", "SG", 1.290, 103.850, "Asia/Singapore", 5600000),
    City("Jakarta", "ID", -6.208, 106.846, "Asia/Jakarta", 10000000),
    City("Delhi", "IN", 28.652, 77.231, "Asia/Kolkata", 16000000),
    City("Mumbai", "IN", 19.076, 72.878, "Asia/Kolkata", 12000000),
    City("Dubai", "AE", 25.205, 55.271, "Asia/Dubai", 3000000),
    City("Istanbul", "TR", 41.013, 28.950, "Europe/Istanbul", 15000000),
    City("Moscow", "RU", 55.756, 37.617, "Europe/Moscow", 12000000),
    City("Cairo", "EG", 30.044, 31.236, "Africa/Cairo", 9500000),
    City("Lagos", "NG", 6.455, 3.394, "Africa/Lagos", 15000000),
    City("Nairobi", "KE", -1.286, 36.817, "Africa/Nairobi", 4000000),
    City("Johannesburg", "ZA", -26.204, 28.047, "Africa/Johannesburg", 5600000),
    City("Cape Town", "ZA", -33.925, 18.424, "Africa/Johannesburg", 4600000),
    City("London", "GB", 51.507, -0.128, "Europe/London", 1000000),
    City("Paris", "FR", 48.857, 2.352, "Europe/Paris", 2100000),
    City("Berlin", "DE", 52.520, 13.405, "Europe/Berlin", 3600000),
    City("Madrid", "ES", 40.417, -3.704, "Europe/Madrid", 3300000),
    City("Rome", "IT", 41.903, 12.496, "Europe/Rome", 2800000),
    City("Oslo", "NO", 59.914, 10.752, "Europe/Oslo", 700000),
    City("Stockholm", "SE", 59.329, 18.069, "Europe/Stockholm", 1000000),
    City("Reykjavik", "IS", 64.147, -21.942, "Atlantic/Reykjavik", 120000),
    City("Tromsø", "NO", 69.649, 18.955, "Europe/Oslo", 77000),
    City("Longyearbyen", "SJ", 78.223, 15.627, "Arctic/Longyearbyen", 2000),
    City("Anchorage", "US", 61.218, -149.900, "America/Anchorage", 290000),
    City("New York", "US", 40.713, -74.006, "America/New_York", 8300000),
    City("Chicago", "US", 41.878, -87.630, "America/Chicago", 2700000),
    City("Los Angeles", "US", 34.052, -118.244, "America/Los_Angeles", 3900000),
    City("Toronto", "CA", 43.653, -79.383, "America/Toronto", 2800000),
    City("Mexico City", "MX", 19.433, -99.133, "America/Mexico_City", 9000000),
    City("Honolulu", "US", 21.307, -157.858, "Pacific/Honolulu", 350000),
    City("São Paulo", "BR", -23.551, -46.633, "America/Sao_Paulo", 12000000),
    City("Buenos Aires", "AR", -34.604, -58.382, "America/Argentina/Buenos_Aires", 3000000),
    City("Lima", "PE", -12.046, -77.043, "America/Lima", 10000000),
    City("Santiago", "CL", -33.449, -70.669, "America/Santiago", 6000000),
    City("Sydney", "AU", -33.869, 151.209, "Australia/Sydney", 5000000),
    City("Melbourne", "AU", -37.814, 144.963, "Australia/Melbourne", 5000000),
    City("Auckland", "NZ", -36.849, 174.763, "Pacific/Auckland", 1700000),
]
# Towns forecast's gazetteer (cities of 15,000 people or more) does not have,
# which the online lookup finds: real towns with their coordinates, zones and
# about their populations, under made-up ids beyond the gazetteer's, in the
# shape Open-Meteo's geocoding answers. Their weather is the generator's for
# their coordinates, as for any place.
Town = namedtuple("Town", "id name latitude longitude elevation feature country_code country admin1 zone population")
TOWNS = [
    Town(90000001, "Hallstatt", 47.56235, 13.64933, 511.0, "PPL", "AT", "Austria", "Upper Austria", "Europe/Vienna", 779),
    Town(90000002, "Giethoorn", 52.74, 6.07708, 1.0, "PPL", "NL", "Netherlands", "Overijssel", "Europe/Amsterdam", 2620),
    Town(90000003, "Portree", 57.41266, -6.19623, 19.0, "PPL", "GB", "United Kingdom", "Scotland", "Europe/London", 2318),
    Town(90000004, "Boseong", 34.77139, 127.07972, 41.0, "PPLA2", "KR", "South Korea", "Jeollanam-do", "Asia/Seoul", 11000),
]


def geocoding(query):
    """Open-Meteo's geocoding answer for a name: the towns it starts, as many as
    `count` asks (10 by default), in its recorded shape."""
    name = query.get("name", [""])[0].strip().casefold()
    country = query.get("countryCode", [""])[0].upper()
    try:
        count = max(1, min(100, int(query.get("count", ["10"])[0])))
    except ValueError:
        count = 10
    found = [t for t in TOWNS if name and t.name.casefold().startswith(name) and (not country or t.country_code == country)]
    body = {}
    if found:
        body["results"] = [{
            "id": t.id, "name": t.name, "latitude": t.latitude, "longitude": t.longitude, "elevation": t.elevation,
            "feature_code": t.feature, "country_code": t.country_code, "timezone": t.zone, "population": t.population,
            "country": t.country, "admin1": t.admin1,
        } for t in found[:count]]
    body["generationtime_ms"] = 0.5
    return body


# How near a coordinate must be to a city of CITIES to take its name and zone.
NAMED_WITHIN_KM = 100


def distance_km(latitude1, longitude1, latitude2, longitude2):
    """The great-circle distance between two coordinates, in kilometres."""
    a1, a2 = math.radians(latitude1), math.radians(latitude2)
    half = (math.sin((a2 - a1) / 2) ** 2
            + math.cos(a1) * math.cos(a2) * math.sin(math.radians(longitude2 - longitude1) / 2) ** 2)
    return 2 * 6371 * math.asin(math.sqrt(min(1.0, half)))


@lru_cache(maxsize=4096)
def place_named(latitude, longitude):
    """What OpenWeatherMap calls a coordinate: (name, country, zone, population).
    The nearest city of CITIES within NAMED_WITHIN_KM, in its own zone; else
    "lat,lon", no country, and a zone of whole hours from the longitude alone
    (15° an hour: right at sea, rough on land, where real zones follow borders)."""
    city = min(CITIES, key=lambda c: distance_km(latitude, longitude, c.latitude, c.longitude))
    if distance_km(latitude, longitude, city.latitude, city.longitude) <= NAMED_WITHIN_KM:
        return city.name, city.country, ZoneInfo(city.zone), city.population
    hours = max(-12, min(12, round(longitude / 15)))
    return f"{latitude:.2f},{longitude:.2f}", "", timezone(timedelta(hours=hours)), 0


# --- The sun ------------------------------------------------------------------


@lru_cache(maxsize=16384)
def sun_terms(hour):
    """The sun's declination (degrees) and the equation of time (minutes) at the
    start of `hour` (whole hours since 1970, UTC), by the formulas of NOAA's solar
    calculator. Both change so slowly that once an hour is exact enough."""
    century = (hour / 24 + 2440587.5 - 2451545) / 36525
    mean_longitude = math.radians((280.46646 + century * (36000.76983 + century * 0.0003032)) % 360)
    anomaly = math.radians(357.52911 + century * (35999.05029 - 0.0001537 * century))
    eccentricity = 0.016708634 - century * (0.000042037 + 0.0000001267 * century)
    centre = (math.sin(anomaly) * (1.914602 - century * (0.004817 + 0.000014 * century))
              + math.sin(2 * anomaly) * (0.019993 - 0.000101 * century) + math.sin(3 * anomaly) * 0.000289)
    omega = math.radians(125.04 - 1934.136 * century)
    apparent_longitude = math.radians(math.degrees(mean_longitude) + centre - 0.00569 - 0.00478 * math.sin(omega))
    mean_obliquity = 23 + (26 + (21.448 - century * (46.815 + century * (0.00059 - century * 0.001813))) / 60) / 60
    obliquity = math.radians(mean_obliquity + 0.00256 * math.cos(omega))
    declination = math.degrees(math.asin(math.sin(obliquity) * math.sin(apparent_longitude)))
    y = math.tan(obliquity / 2) ** 2
    equation = 4 * math.degrees(
        y * math.sin(2 * mean_longitude) - 2 * eccentricity * math.sin(anomaly)
        + 4 * eccentricity * y * math.sin(anomaly) * math.cos(2 * mean_longitude)
        - 0.5 * y * y * math.sin(4 * mean_longitude) - 1.25 * eccentricity ** 2 * math.sin(2 * anomaly))
    return declination, equation


def sun_elevation(latitude, longitude, instant):
    """The sun's height above the horizon (degrees) at a place at `instant` (unix seconds)."""
    declination, equation = sun_terms(instant // 3600)
    solar_minutes = (instant % 86400) / 60 + equation + 4 * longitude
    angle = math.radians(solar_minutes / 4 - 180)
    latitude, declination = math.radians(latitude), math.radians(declination)
    sine = (math.sin(latitude) * math.sin(declination)
            + math.cos(latitude) * math.cos(declination) * math.cos(angle))
    return math.degrees(math.asin(max(-1.0, min(1.0, sine))))


def solar_noon(longitude, near):
    """The instant (unix seconds) of solar noon at `longitude` nearest to `near`."""
    _, equation = sun_terms(near // 3600)
    noon = near - near % 86400 + (720 - 4 * longitude - equation) * 60
    return noon + 86400 * round((near - noon) / 86400)


def hour_angle(latitude, instant):
    """The sun's hour angle at sunrise or sunset (degrees), by its declination at
    `instant`: when its upper edge crosses the horizon, refraction included
    (NOAA's zenith of 90.833°). 0 when it stays down all day, 180 when it stays up."""
    declination = math.radians(sun_terms(instant // 3600)[0])
    # The poles themselves have no hour angle: a hair off them is the same sky.
    phi = math.radians(max(-89.99, min(89.99, latitude)))
    cosine = (math.cos(math.radians(90.833)) - math.sin(phi) * math.sin(declination)) / (
        math.cos(phi) * math.cos(declination))
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine))))


@lru_cache(maxsize=16384)
def sun_times(latitude, longitude, day, zone):
    """Sunrise and sunset (unix seconds, to the minute) on the local date `day` in
    `zone`, each refined with the sun's declination and equation of time at the
    moment itself, as NOAA's calculator does. On a polar night both are the day's
    midnight; on a polar day sunrise is the day's midnight and sunset the next one
    (Open-Meteo's answer, github.com/open-meteo/open-meteo/pull/844)."""
    midnight = int(datetime(day.year, day.month, day.day, tzinfo=zone).timestamp())
    following = day + timedelta(days=1)
    next_midnight = int(datetime(following.year, following.month, following.day, tzinfo=zone).timestamp())
    noon = solar_noon(longitude, int(datetime(day.year, day.month, day.day, 12, tzinfo=zone).timestamp()))
    angle = hour_angle(latitude, int(noon))
    if angle == 0:
        return midnight, midnight
    if angle == 180:
        return midnight, next_midnight
    noon_equation = sun_terms(int(noon) // 3600)[1]
    times = []
    for side in (-1, 1):
        moment = noon + side * angle * 240  # 4 minutes of time a degree
        for _ in range(2):
            equation = sun_terms(int(moment) // 3600)[1]
            moment = noon + (noon_equation - equation) * 60 + side * hour_angle(latitude, int(moment)) * 240
        times.append(round(moment / 60) * 60)
    return times[0], times[1]


def is_day(latitude, longitude, instant, zone):
    """1 from sunrise to sunset (as sun_times gives them, to the minute), else 0.
    The day before and after count too: near the polar circles a sunset can
    fall after midnight."""
    today = datetime.fromtimestamp(instant, zone).date()
    for day in (today - timedelta(days=1), today, today + timedelta(days=1)):
        sunrise, sunset = sun_times(latitude, longitude, day, zone)
        if sunrise <= instant < sunset:
            return 1
    return 0


def local(instant, zone, pattern="%Y-%m-%dT%H:%M"):
    """An instant (unix seconds) as local time in `zone`, the way Open-Meteo writes it."""
    return datetime.fromtimestamp(instant, zone).strftime(pattern)


# --- Noise: random-looking, but the same for a place and a time ----------------

MASK = (1 << 64) - 1
# Independent streams of noise, one for each thing it decides.
WARMTH, WETNESS_DAY, WETNESS_HOURS, CLIMATE, WIND, DIRECTION, SHOWERS, FOG = range(8)


def mix(value):
    """SplitMix64's finaliser: a well-spread 64-bit number from any integer."""
    value = (value + 0x9E3779B97F4A7C15) & MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & MASK
    return value ^ (value >> 31)


@lru_cache(maxsize=65536)
def noise(cell, stream, knot):
    """A number in [0, 1), fixed for a grid cell (tenths of a degree), a stream and a knot."""
    value = mix(mix(mix(mix(stream) ^ (cell[0] & MASK)) ^ (cell[1] & MASK)) ^ (knot & MASK))
    return value / 2.0 ** 64


def smooth(cell, stream, x):
    """Noise that changes smoothly with x: noise() at whole x, eased between them
    (a cosine, so even its slope has no corners)."""
    knot = math.floor(x)
    before, after = noise(cell, stream, knot), noise(cell, stream, knot + 1)
    return before + (after - before) * (1 - math.cos(math.pi * (x - knot))) / 2


# --- The weather --------------------------------------------------------------

# Wetness (0–1) above which it rains or snows.
WET_FROM = 0.78


@lru_cache(maxsize=16384)
def weather_at(latitude, longitude, instant):
    """The made-up weather at a place at `instant` (unix seconds), as Open-Meteo's
    variables in its units (°C, %, mm, m/s, hPa, m); is_day, which depends on the
    zone the days are counted in, is added by at(). An hour's amount and chance
    are those of the hour ending at `instant`, as Open-Meteo's hours are.

    Everything follows from smooth noise: day-to-day knots at each solar noon and
    six-hourly ones, eased between, so nothing jumps at midnight. Wetness decides
    the cloud, the weather code, the chance and the amount together."""
    cell = (round(latitude * 10), round(longitude * 10))
    solar_seconds = instant + longitude * 240  # local mean solar time
    solar_hour = solar_seconds / 3600 % 24
    solar_day = math.floor(solar_seconds / 86400)
    days = solar_seconds / 86400 - 0.5  # knots at solar noon
    hour = instant // 3600

    wetness = (0.75 * smooth(cell, WETNESS_DAY, days) + 0.25 * smooth(cell, WETNESS_HOURS, instant / 21600)
               + 0.2 * (noise(cell, CLIMATE, 0) - 0.5))
    wetness = max(0.0, min(1.0, (wetness - 0.1) / 0.8))
    intensity = max(0.0, (wetness - WET_FROM) / (1 - WET_FROM))
    cloud = round(100 * min(1.0, wetness / WET_FROM) ** 1.5)

    # Temperature: warmer towards the equator, a season lagging the sun by a
    # month, a day-to-day wander of ±4 °C, and a daily swing that peaks at 15:00
    # solar time, smaller under cloud and where the sun stays low.
    declination = sun_terms(hour)[0]
    season = 0.15 * latitude * sun_terms(hour - 30 * 24)[0] / 23.44
    noon_height = 90 - abs(latitude - declination)
    sunshine = max(0.1, math.sin(math.radians(max(0.0, noon_height))))
    swing = (2 + 4 * (1 - cloud / 100)) * sunshine
    afternoon = math.cos(2 * math.pi * (solar_hour - 15) / 24)
    temperature = (28 - 0.4 * abs(latitude) + season + 8 * (smooth(cell, WARMTH, days) - 0.5)
                   + swing * afternoon - 2 * intensity)

    wind = 1 + 5 * smooth(cell, WIND, days) + 3 * intensity + 1.5 * sunshine * max(0.0, afternoon)
    humidity = 45 + 45 * wetness - 12 * sunshine * afternoon
    visibility = 50000 - 30000 * wetness
    if wetness >= WET_FROM:
        # Wet: snow when it is cold, thunder when warm and heavy, showers on
        # showery days, else drizzle or rain by how hard it falls.
        if temperature <= 1:
            code = 71 if intensity < 0.4 else 73 if intensity < 0.75 else 75
        elif temperature >= 18 and intensity >= 0.85:
            code = 95
        elif noise(cell, SHOWERS, solar_day) > 0.6:
            code = 80 if intensity < 0.5 else 81
        else:
            code = 51 if intensity < 0.15 else 61 if intensity < 0.5 else 63 if intensity < 0.8 else 65
        precipitation = round((0.1 + 0.4 * intensity + 3.5 * intensity ** 3) * (1.5 if code == 95 else 1), 1)
        probability = round(55 + 43 * intensity)
        humidity = max(humidity, 82 + 15 * intensity)
        visibility = 10000 - 8000 * intensity
    else:
        code = 0 if cloud < 20 else 1 if cloud < 45 else 2 if cloud < 75 else 3
        # Fog on some still mornings under cloud.
        if cloud >= 45 and 4 <= solar_hour < 10 and wind < 3.5 and noise(cell, FOG, solar_day) < 0.25:
            code = 45
            humidity = 98 + 2 * noise(cell, FOG, hour)
            visibility = 200 + 700 * noise(cell, FOG, hour)
        precipitation = 0.0
        probability = round(20 * (wetness / WET_FROM) ** 4)

    temperature = round(max(-70.0, min(55.0, temperature)), 1)
    humidity = round(max(15.0, min(100.0, humidity)))
    # Feels like: wind chill below 10 °C, mugginess above 20 °C, each eased in
    # from nothing, so it stays within a few degrees of the temperature.
    chill = 0.5 * wind * max(0.0, min(1.0, (10 - temperature) / 10))
    muggy = 0.1 * max(0, humidity - 40) * max(0.0, min(1.0, (temperature - 20) / 10))
    elevation = sun_elevation(latitude, longitude, instant)
    uv_clear = 12 * math.sin(math.radians(elevation)) ** 2.5 if elevation > 0 else 0.0
    return {
        "temperature_2m": temperature,
        "apparent_temperature": round(temperature - chill + muggy, 1),
        "relative_humidity_2m": humidity,
        "precipitation": precipitation,
        "weather_code": code,
        "cloud_cover": cloud,
        "pressure_msl": round(1030 - 30 * smooth(cell, WETNESS_DAY, days), 1),
        "wind_speed_10m": round(wind, 1),
        "wind_direction_10m": round(360 * smooth(cell, DIRECTION, days)) % 360,
        "wind_gusts_10m": round(wind * 1.6 + 1, 1),
        "visibility": round(visibility),
        "precipitation_probability": probability,
        "uv_index": round(uv_clear * (1 - 0.6 * (cloud / 100) ** 2), 2),
        "uv_index_clear_sky": round(uv_clear, 2),
    }


def at(latitude, longitude, instant, zone):
    """weather_at() with is_day, by the sunrise and sunset of the place's days in `zone`."""
    return dict(weather_at(latitude, longitude, instant), is_day=is_day(latitude, longitude, instant, zone))


def period(hours):
    """Several hours' weather as one: the most significant code, the highest
    chance, and the amounts of rain and of snow summed (mm)."""
    code = min((hour["weather_code"] for hour in hours), key=SIGNIFICANCE.index)
    chance = max(hour["precipitation_probability"] for hour in hours)
    snow = round(sum(hour["precipitation"] for hour in hours if hour["weather_code"] in SNOW), 2)
    rain = round(sum(hour["precipitation"] for hour in hours if hour["weather_code"] not in SNOW), 2)
    return code, chance, rain, snow


def day_hours(day, zone):
    """The instants (unix seconds) of a local date's hours in `zone`, 00:00 to 23:00."""
    following = day + timedelta(days=1)
    start = int(datetime(day.year, day.month, day.day, tzinfo=zone).timestamp())
    end = int(datetime(following.year, following.month, following.day, tzinfo=zone).timestamp())
    return range(start, end, 3600)


def day_summary(latitude, longitude, day, zone):
    """Open-Meteo's daily variables for a local date, all from that day's hours:
    low and high, the most significant code, the highest chance, the sum, the
    highest UV index, and the sunrise and sunset."""
    hours = [weather_at(latitude, longitude, instant) for instant in day_hours(day, zone)]
    code, chance, rain, snow = period(hours)
    sunrise, sunset = sun_times(latitude, longitude, day, zone)
    temperatures = [hour["temperature_2m"] for hour in hours]
    return {
        "temperature_2m_min": min(temperatures), "temperature_2m_max": max(temperatures),
        "weather_code": code, "precipitation_sum": round(rain + snow, 1),
        "precipitation_probability_max": chance,
        "uv_index_max": max(hour["uv_index"] for hour in hours),
        "sunrise": local(sunrise, zone), "sunset": local(sunset, zone),
    }


# --- The services' answers ----------------------------------------------------


# --now fixes the stub's clock (README's examples are regenerated against it); else the real one.
FIXED_NOW = None


def current_time():
    """Seconds since 1970: the fixed moment if --now gave one, else now."""
    return FIXED_NOW if FIXED_NOW is not None else time.time()


def open_meteo(latitude, longitude, zone_name, query):
    """One location's answer, for the variables asked, in the place's own time."""
    try:
        zone = ZoneInfo(zone_name)
    except Exception:
        zone, zone_name = ZoneInfo("UTC"), "UTC"
    now = datetime.fromtimestamp(current_time(), zone).replace(second=0, microsecond=0)
    now = now.replace(minute=now.minute - now.minute % 15)
    answer = {"latitude": latitude, "longitude": longitude, "generationtime_ms": 0.1,
              "utc_offset_seconds": int(now.utcoffset().total_seconds()), "timezone": zone_name,
              "timezone_abbreviation": now.tzname(), "elevation": 30.0}
    names = lambda key: [v for v in query.get(key, [""])[0].split(",") if v]
    current = names("current")
    if current:
        values = at(latitude, longitude, int(now.timestamp()), zone)
        answer["current_units"] = dict({"time": "iso8601", "interval": "seconds"}, **{v: UNITS.get(v, "") for v in current})
        answer["current"] = dict({"time": now.strftime("%Y-%m-%dT%H:%M"), "interval": 900},
                                 **{v: values.get(v) for v in current})
    hourly = names("hourly")
    if hourly:
        hours = int(query.get("forecast_hours", ["48"])[0])
        start = int(now.replace(minute=0).timestamp())
        times = [start + 3600 * h for h in range(hours)]
        rows = [at(latitude, longitude, t, zone) for t in times]
        answer["hourly_units"] = dict({"time": "iso8601"}, **{v: UNITS.get(v, "") for v in hourly})
        answer["hourly"] = dict({"time": [local(t, zone) for t in times]},
                                **{v: [row.get(v) for row in rows] for v in hourly})
    minutely = names("minutely_15")
    if minutely:
        quarters = max(1, min(400, int(query.get("forecast_minutely_15", ["96"])[0])))
        start = int(now.timestamp())
        times = [start + 900 * q for q in range(quarters)]
        answer["minutely_15_units"] = dict({"time": "iso8601"}, **{v: UNITS.get(v, "") for v in minutely})
        answer["minutely_15"] = dict({"time": [local(t, zone) for t in times]},
                                     **{v: [quarter(latitude, longitude, t).get(v) for t in times] for v in minutely})
    daily = names("daily")
    if daily:
        days = int(query.get("forecast_days", ["7"])[0])
        past = max(0, min(2, int(query.get("past_days", ["0"])[0])))
        dates = [now.date() + timedelta(days=d) for d in range(-past, days)]
        summaries = [day_summary(latitude, longitude, d, zone) for d in dates]
        answer["daily_units"] = dict({"time": "iso8601"}, **{v: UNITS.get(v, "") for v in daily})
        answer["daily"] = dict({"time": [d.isoformat() for d in dates]},
                               **{v: [summary.get(v) for summary in summaries] for v in daily})
    return answer


def quarter(latitude, longitude, instant):
    """The quarter hour ending at `instant` (a multiple of 15 minutes): its
    precipitation is its share of the hour it ends in (the hour ending at the
    next whole hour), shares set by noise, so an hour's four quarters sum to
    that hour's amount and a shower has a shape within the hour."""
    hour_end = -(-instant // 3600) * 3600
    amount = weather_at(latitude, longitude, hour_end)["precipitation"]
    cell = (round(latitude * 10), round(longitude * 10))
    weights = [0.3 + noise(cell, SHOWERS, hour_end // 900 - 3 + q) for q in range(4)]
    index = (instant - (hour_end - 3600)) // 900 - 1
    return {"precipitation": round(amount * weights[index] / sum(weights), 2)}


def owm_units(units):
    """OpenWeatherMap's `units` as two conversions: of °C, and of m/s.
    standard (the default): K and m/s; metric: °C and m/s; imperial: °F and mph."""
    if units == "metric":
        return (lambda c: round(c, 2)), (lambda speed: round(speed, 2))
    if units == "imperial":
        return (lambda c: round(c * 9 / 5 + 32, 2)), (lambda speed: round(speed * 2.23694, 2))
    return (lambda c: round(c + 273.15, 2)), (lambda speed: round(speed, 2))


def owm_weather(code, day):
    """OpenWeatherMap's `weather` list for a WMO code, its icon by day ("d") or night ("n")."""
    condition = CONDITIONS[code]
    return [{"id": condition.owm_id, "main": condition.owm_main, "description": condition.owm_description,
             "icon": condition.owm_icon + ("d" if day else "n")}]


def owm_ids(name, country):
    """Stable made-up city and station ids for a named place; 0 for an unnamed one,
    as OpenWeatherMap answers at sea."""
    if not country:
        return 0, 0
    number = zlib.crc32(name.encode())
    return 1000000 + number % 9000000, 1000 + number % 9000


def owm_current(latitude, longitude, units, now):
    """OpenWeatherMap's current weather at a place, at `now` (unix seconds), in the
    shape of owm_current_london_latlon_2020.json: the same weather as Open-Meteo's
    for that place and moment. temp_min and temp_max spread a degree around the
    temperature, as the service's spread across a city does. On a polar night or
    day, sunrise and sunset are midnights as sun_times() gives them (a real 0
    would be refused by the app as 56 years away)."""
    name, country, zone, _ = place_named(latitude, longitude)
    city_id, station_id = owm_ids(name, country)
    w = weather_at(latitude, longitude, now)
    temperature, speed = owm_units(units)
    sunrise, sunset = sun_times(latitude, longitude, datetime.fromtimestamp(now, zone).date(), zone)
    answer = {
        "coord": {"lon": round(longitude, 4), "lat": round(latitude, 4)},
        "weather": owm_weather(w["weather_code"], is_day(latitude, longitude, now, zone)),
        "base": "stations",
        "main": {"temp": temperature(w["temperature_2m"]), "feels_like": temperature(w["apparent_temperature"]),
                 "temp_min": temperature(w["temperature_2m"] - 0.8), "temp_max": temperature(w["temperature_2m"] + 0.9),
                 "pressure": round(w["pressure_msl"]), "humidity": w["relative_humidity_2m"]},
        "visibility": min(10000, w["visibility"]),
        "wind": {"speed": speed(w["wind_speed_10m"]), "deg": w["wind_direction_10m"]},
    }
    # Left out when nothing falls, as the service does.
    if w["precipitation"]:
        answer["snow" if w["weather_code"] in SNOW else "rain"] = {"1h": w["precipitation"]}
    answer.update({
        "clouds": {"all": w["cloud_cover"]}, "dt": now,
        "sys": {"type": 1, "id": station_id, "country": country, "sunrise": sunrise, "sunset": sunset},
        "timezone": int(datetime.fromtimestamp(now, zone).utcoffset().total_seconds()),
        "id": city_id, "name": name, "cod": 200,
    })
    return answer


def owm_forecast(latitude, longitude, units, now):
    """OpenWeatherMap's 5 day / 3 hour forecast for a place, in the shape of
    owm_forecast5_london_2025.json: 40 steps from the next 3-hour mark (UTC), each
    with the temperature at its time and the code, chance (`pop`, 0–1) and amount
    of the three hours ending then (the app reads them so)."""
    name, country, zone, population = place_named(latitude, longitude)
    city_id, _ = owm_ids(name, country)
    temperature, speed = owm_units(units)
    first = (now // 10800 + 1) * 10800
    steps = []
    for index in range(40):
        dt = first + index * 10800
        w = weather_at(latitude, longitude, dt)
        code, chance, rain, snow = period([weather_at(latitude, longitude, dt - 3600 * h) for h in range(3)])
        day = is_day(latitude, longitude, dt, zone)
        pop = round(chance / 100, 2)
        step = {
            "dt": dt,
            "main": {"temp": temperature(w["temperature_2m"]), "feels_like": temperature(w["apparent_temperature"]),
                     "temp_min": temperature(w["temperature_2m"]), "temp_max": temperature(w["temperature_2m"]),
                     "pressure": round(w["pressure_msl"]), "sea_level": round(w["pressure_msl"]),
                     "grnd_level": round(w["pressure_msl"]) - 4, "humidity": w["relative_humidity_2m"], "temp_kf": 0},
            "weather": owm_weather(code, day),
            "clouds": {"all": w["cloud_cover"]},
            "wind": {"speed": speed(w["wind_speed_10m"]), "deg": w["wind_direction_10m"],
                     "gust": speed(w["wind_gusts_10m"])},
            "visibility": min(10000, w["visibility"]),
            # The service writes a certain 0 or 1 as a whole number.
            "pop": int(pop) if pop in (0, 1) else pop,
        }
        if rain:
            step["rain"] = {"3h": rain}
        if snow:
            step["snow"] = {"3h": snow}
        step["sys"] = {"pod": "d" if day else "n"}
        step["dt_txt"] = datetime.fromtimestamp(dt, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        steps.append(step)
    sunrise, sunset = sun_times(latitude, longitude, datetime.fromtimestamp(now, zone).date(), zone)
    return {"cod": "200", "message": 0, "cnt": len(steps), "list": steps,
            "city": {"id": city_id, "name": name, "coord": {"lat": round(latitude, 4), "lon": round(longitude, 4)},
                     "country": country, "population": population,
                     "timezone": int(datetime.fromtimestamp(now, zone).utcoffset().total_seconds()),
                     "sunrise": sunrise, "sunset": sunset}}


def met_period(latitude, longitude, start, hours, zone):
    """MET Norway's next_1_hours or next_6_hours from `start`: the symbol of the
    most significant of those hours (_day or _night by the sun halfway through),
    their amount and highest chance."""
    code, chance, rain, snow = period([weather_at(latitude, longitude, start + 3600 * h) for h in range(1, hours + 1)])
    condition = CONDITIONS[code]
    symbol = condition.symbol
    if condition.sunlit:
        symbol += "_day" if is_day(latitude, longitude, start + hours * 1800, zone) else "_night"
    return {"summary": {"symbol_code": symbol},
            "details": {"precipitation_amount": round(rain + snow, 1), "probability_of_precipitation": float(chance)}}


def met_norway(latitude, longitude, now):
    """MET Norway's Locationforecast 2.0 `complete` shape for one place, made up
    the same way as the others: hourly steps with next_1_hours, then 6-hourly ones."""
    zone = place_named(latitude, longitude)[2]
    start = now.replace(minute=0, second=0, microsecond=0)
    first = int(start.timestamp())
    steps = list(range(60)) + list(range(60, 60 + 7 * 24, 6))
    series = []
    for step in steps:
        instant = first + step * 3600
        w = weather_at(latitude, longitude, instant)
        data = {"instant": {"details": {
            "air_pressure_at_sea_level": float(w["pressure_msl"]), "air_temperature": w["temperature_2m"],
            "cloud_area_fraction": float(w["cloud_cover"]), "relative_humidity": float(w["relative_humidity_2m"]),
            "wind_from_direction": float(w["wind_direction_10m"]), "wind_speed": w["wind_speed_10m"],
            "wind_speed_of_gust": w["wind_gusts_10m"], "ultraviolet_index_clear_sky": round(w["uv_index_clear_sky"], 1)}}}
        if step < 60:
            data["next_1_hours"] = met_period(latitude, longitude, instant, 1, zone)
        data["next_6_hours"] = met_period(latitude, longitude, instant, 6, zone)
        series.append({"time": datetime.fromtimestamp(instant, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                       "data": data})
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [longitude, latitude, 0]},
            "properties": {"meta": {"updated_at": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                    "units": {"air_temperature": "celsius", "precipitation_amount": "mm",
                                              "wind_speed": "m/s", "relative_humidity": "%"}},
                           "timeseries": series}}


def archive(latitude, longitude, start, end):
    """The historical-weather API's answer for one place: the daily minimum and
    maximum (°C) of every day from `start` to `end` (dates): the weather's
    climate (warmer towards the equator, a season lagging the sun by a month, a
    daily swing by how high the sun gets) and a wander of ±4 °C from day to day."""
    cell = (round(latitude * 10), round(longitude * 10))
    times, highs, lows = [], [], []
    day = start
    while day <= end:
        noon = int(datetime(day.year, day.month, day.day, 12, tzinfo=timezone.utc).timestamp()) // 3600
        declination = sun_terms(noon)[0]
        season = 0.15 * latitude * sun_terms(noon - 30 * 24)[0] / 23.44
        sunshine = max(0.1, math.sin(math.radians(max(0.0, 90 - abs(latitude - declination)))))
        middle = 28 - 0.4 * abs(latitude) + season + 8 * (noise(cell, WARMTH, noon // 24 + 7_000_000) - 0.5)
        swing = 4 * sunshine
        times.append(day.isoformat())
        highs.append(round(middle + swing, 1))
        lows.append(round(middle - swing, 1))
        day += timedelta(days=1)
    return {"latitude": round(latitude * 4) / 4, "longitude": round(longitude * 4) / 4, "generationtime_ms": 0.41,
            "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 24.0,
            "daily_units": {"time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C"},
            "daily": {"time": times, "temperature_2m_max": highs, "temperature_2m_min": lows}}


def air_quality(latitude, longitude, zone_name):
    """The air now at one place: dirtier near big inland cities, as made-up numbers."""
    try:
        zone = ZoneInfo(zone_name)
    except Exception:
        zone, zone_name = ZoneInfo("UTC"), "UTC"
    now = datetime.fromtimestamp(current_time(), zone).replace(minute=0, second=0, microsecond=0)
    seed = int(abs(latitude * 11 + longitude * 5))
    pm2_5 = round(4 + seed % 40 + 0.5, 1)
    return {"latitude": latitude, "longitude": longitude, "generationtime_ms": 0.1,
            "utc_offset_seconds": int(now.utcoffset().total_seconds()), "timezone": zone_name,
            "timezone_abbreviation": now.tzname(), "elevation": 30.0,
            "current_units": {"time": "iso8601", "interval": "seconds", "us_aqi": "USAQI",
                              "european_aqi": "EAQI", "pm2_5": "μg/m³", "pm10": "μg/m³"},
            "current": {"time": now.strftime("%Y-%m-%dT%H:%M"), "interval": 3600,
                        "us_aqi": min(500, round(pm2_5 * 3.1)), "european_aqi": round(pm2_5 * 1.4),
                        "pm2_5": pm2_5, "pm10": round(pm2_5 * 1.7, 1), **pollen(latitude, longitude, now)}}


def pollen(latitude, longitude, now):
    """CAMS' pollen, grains/m³: Europe's model (30-72°N, 25°W-45°E) in
    season (birch and alder March to May, grass May to August, ragweed and
    mugwort August and September, olive April to June); null elsewhere and
    out of season, as the service writes them."""
    europe = 30 <= latitude <= 72 and -25 <= longitude <= 45
    seasons = {"alder": (3, 5), "birch": (3, 5), "grass": (5, 8), "mugwort": (8, 9), "olive": (4, 6), "ragweed": (8, 9)}
    seed = int(abs(latitude * 7 + longitude * 3))
    return {f"{plant}_pollen": (round((seed * (i + 3)) % 120 + 0.4, 1) if europe and first <= now.month <= last else None)
            for i, (plant, (first, last)) in enumerate(seasons.items())}


# --- The sources asked beside the weather: recorded answers, moved to now -----

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "ForecastTests", "Fixtures")
ISO_INSTANT = re.compile(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})")
# One Call's Unix times.
UNIX_KEYS = {"dt", "sunrise", "sunset", "moonrise", "moonset", "start", "end"}


@lru_cache(maxsize=None)
def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return f.read()


def instant_of(text):
    """An ISO 8601 date-time with its offset ("…Z", "…-07:00") as unix seconds, or None."""
    match = ISO_INSTANT.fullmatch(text) if isinstance(text, str) else None
    if not match:
        return None
    return datetime.fromisoformat(match.group(1) + ("+00:00" if match.group(2) == "Z" else match.group(2))).timestamp()


def shifted(value, seconds, key=None):
    """`value` with every ISO 8601 date-time text moved by `seconds`, written with
    its own offset ("Z" stays "Z"), and every One Call Unix time moved too."""
    if isinstance(value, dict):
        return {k: shifted(v, seconds, k) for k, v in value.items()}
    if isinstance(value, list):
        return [shifted(v, seconds, key) for v in value]
    if key in UNIX_KEYS and isinstance(value, int) and not isinstance(value, bool):
        return value + seconds
    when = instant_of(value)
    if when is None:
        return value
    offset_text = ISO_INSTANT.fullmatch(value).group(2)
    offset = timezone.utc if offset_text == "Z" else datetime.fromisoformat("2000-01-01T00:00:00" + offset_text).tzinfo
    moved = datetime.fromtimestamp(when + seconds, offset).strftime("%Y-%m-%dT%H:%M:%S")
    return moved + offset_text


# Each recording: its file, where the moment it was made is, and the grain of its shift (seconds).
RECORDINGS = {
    "met-alerts": ("metno_metalerts_current_3_marine_gale_alerts_2025.json", lambda j: instant_of(j["lastChange"]), 3600),
    "nws-phoenix": ("nws_alerts_point_phoenix_2_alerts_2024.json", lambda j: instant_of(j["updated"]), 3600),
    "nws-minneapolis": ("nws_alerts_point_minneapolis_update_2024.json", lambda j: instant_of(j["updated"]), 3600),
    "nws-empty": ("nws_alerts_point_empty_2024.json", lambda j: instant_of(j["updated"]), 3600),
    "owm-moscow": ("owm_onecall25_moscow_2_alerts_2022.json", lambda j: j["current"]["dt"], 3600),
    "owm-oryol": ("owm_onecall25_oryol_8_alerts_2022.json", lambda j: j["current"]["dt"], 3600),
    "nowcast": ("metno_nowcast_complete_trondheim_2023.json", lambda j: instant_of(j["properties"]["meta"]["updated_at"]), 300),
}


def recorded(name):
    """The recorded answer `name`, every time in it moved so that it was made now."""
    file, anchor, grain = RECORDINGS[name]
    answer = json.loads(fixture(file))
    shift = int(round((current_time() - anchor(answer)) / grain) * grain)
    return shifted(answer, shift)


# Where the recorded warnings are: MET's gale warnings' coast, and the NWS points asked.
MET_ALERTS_AREA = (61.7, 4.9)
NWS_RECORDED_AT = {"nws-phoenix": (33.45, -112.07), "nws-minneapolis": (44.98, -93.27)}


def pick(options, *key):
    """One of `options`, the same for the same key (a point)."""
    return options[zlib.crc32(repr(key).encode()) % len(options)]


def nowcast(latitude, longitude):
    """The recorded nowcast inside the radars' area; outside, its frame with no rates and "no coverage"."""
    answer = recorded("nowcast")
    answer["geometry"]["coordinates"] = [longitude, latitude, 0]
    if not (54 <= latitude <= 72 and 3 <= longitude <= 32):
        answer["properties"]["meta"]["radar_coverage"] = "no coverage"
        for step in answer["properties"]["timeseries"]:
            step["data"]["instant"]["details"].pop("precipitation_rate", None)
    return answer


SOURCE_PATHS = ("/weatherapi/metalerts/2.0/current.json", "/alerts/active", "/data/3.0/onecall",
                "/weatherapi/nowcast/2.0/complete")
SOURCE_HOSTILITY = ("long-texts", "full-texts", "controls", "many", "nan", "far-dates")
NASTY = "\x1b[2J\x1b]0;owned\x07\u202eevil\u202c\u0000\u0085\u2066\x1b[31mred\x1b[0m\r\n\t\u200b\ufeff"


def hostile_warnings(kind, path, limit):
    """A source's answer, hostile as `kind` says, within `limit` bytes."""
    now = current_time()
    iso = lambda t: datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")
    start, end = iso(now - 3600), iso(now + 86400)
    if kind == "far-dates":
        start, end = "0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59+00:00"
    count = 10_000 if kind == "many" else 50 if kind == "full-texts" else 3
    # Ordinary texts, short enough that 10,000 warnings stay within the size limit: their number is what is hostile.
    text = lambda n: "Strong wind."
    if kind == "long-texts":
        # Each description as long as the answer's limit allows (megabytes), every other text 10,000 characters.
        huge = (limit - 512 * 1024) // count
        text = lambda n: ("warning " * (huge // 8 + 1))[:huge] if n == 4000 else ("long " * 2000)
    elif kind == "full-texts":
        # Valid answers just under the size limit: 50 warnings, every text at forecast's bound for it, in Hangul (3 bytes a character).
        text = lambda n: "폭" * n
    elif kind == "controls":
        text = lambda n: (NASTY + "Storm ") * 3
    words = lambda n: text(n) if kind in ("long-texts", "controls") else f"Event {n}"
    if kind == "full-texts":
        words = lambda n: "폭" * {0: 60, 1: 60, 2: 40, 3: 40}[n]
    if path == "/data/3.0/onecall":
        unix = (lambda t: t) if kind != "far-dates" else (lambda t: 253402300799 if t > now else -62135596800)
        alerts = [{"sender_name": words(1), "event": words(2), "start": unix(int(now) - 3600), "end": unix(int(now) + 86400),
                   "description": text(4000), "tags": [words(3)]} for i in range(count)]
        if kind == "many":
            # As small as an alert can be, so that their number, not the answer's size, is what is refused.
            alerts = [{"event": f"Wind {i}", "start": int(now) - 3600 + i, "end": int(now) + 86400} for i in range(count)]
        return {"lat": 0, "lon": 0, "timezone": "UTC", "timezone_offset": 0, "alerts": alerts}
    if path == "/weatherapi/nowcast/2.0/complete":
        steps = 10_000 if kind == "many" else 24
        rate = {"nan": float("nan"), "long-texts": 0.5, "controls": 0.5}.get(kind, 0.5)
        series = []
        for i in range(steps):
            t = iso(now + 300 * i) if kind != "far-dates" else ("9999-12-31T23:5%d:00Z" % (i % 10))
            value = [float("nan"), float("inf"), -1e308][i % 3] if kind == "nan" else rate
            series.append({"time": t, "data": {"instant": {"details": {"precipitation_rate": value}}}})
        meta = {"updated_at": iso(now), "units": {"precipitation_rate": "mm/h" if kind != "controls" else NASTY},
                "radar_coverage": "ok" if kind != "controls" else NASTY}
        return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0, 0]},
                "properties": {"meta": meta, "timeseries": series}}
    features = []
    for i in range(count):
        properties = {"id": f"{words(0)}-{i}", "event": words(2), "eventAwarenessName": words(2),
                      "awareness_level": "3; orange; Severe", "severity": "Severe", "certainty": "Likely",
                      "urgency": "Expected", "title": text(400), "headline": text(400), "description": text(4000),
                      "instruction": text(2000), "consequences": text(2000), "area": text(600), "areaDesc": text(600),
                      "senderName": words(1), "web": "https://example.com/" + text(10), "@id": "https://example.com/a",
                      "sent": start, "effective": start, "onset": start, "expires": end, "ends": end,
                      "status": "Actual", "messageType": "Alert", "references": []}
        if kind == "many":
            # Only what a warning needs, so that their number, not the answer's size, is what is refused.
            properties = {k: properties[k] for k in ("id", "event", "awareness_level", "severity", "onset", "expires", "status")}
        features.append({"type": "Feature", "geometry": None, "properties": properties, "when": {"interval": [start, end]}})
    return {"type": "FeatureCollection", "features": features}


def hostile_minutely(kind, query):
    """Open-Meteo's 15-minute answer for the places asked, hostile as `kind` says."""
    latitudes = [v for v in query.get("latitude", [""])[0].split(",") if v]
    now = int(current_time()) // 900 * 900
    count = 10_000 if kind == "many" else 10
    objects = []
    for index, latitude in enumerate(latitudes):
        times = [local(now + 900 * q, timezone.utc) for q in range(count)]
        if kind == "far-dates":
            times = ["9999-12-31T23:%02d" % (q % 60) for q in range(count)]
        values = [[float("nan"), float("inf"), -1e308][q % 3] if kind == "nan" else 0.2 for q in range(count)]
        units = NASTY if kind == "controls" else "mm"
        item = {"latitude": float(latitude), "longitude": 0, "utc_offset_seconds": 0, "timezone": "GMT",
                "minutely_15_units": {"time": "iso8601", "precipitation": units},
                "minutely_15": {"time": times, "precipitation": values}}
        if index > 0:
            item["location_id"] = index
        objects.append(item)
    return json.dumps(objects[0] if len(objects) == 1 else objects).encode()


def source_answer(path, query, headers):
    """A source's answer: (status, body, content type), or None for a path that is no source's."""
    try:
        latitude = float((query.get("lat") or query.get("point", [""])[0].split(",")[:1] or [""])[0])
        longitude = float((query.get("lon") or query.get("point", ["0,"])[0].split(",")[1:2] or [""])[0])
    except (ValueError, IndexError):
        return 400, json.dumps({"title": "Bad Request", "detail": "lat and lon are required"}).encode(), "application/json"
    if path == "/alerts/active" and not headers.get("User-Agent"):
        # A problem document as api.weather.gov writes them (built, not recorded).
        return 403, json.dumps({"title": "Forbidden", "status": 403, "type": "https://api.weather.gov/problems/Forbidden",
                                "detail": "Access denied: a User-Agent header is required"}).encode(), "application/problem+json"
    if path == "/data/3.0/onecall" and not query.get("appid", [""])[0]:
        return 401, fixture("owm_error_401_body.json").encode(), "application/json"
    if HOSTILE in SOURCE_HOSTILITY:
        limit = (1 << 20) if path in ("/data/3.0/onecall", "/weatherapi/nowcast/2.0/complete") else (2 << 20)
        body = json.dumps(hostile_warnings(HOSTILE, path, limit), ensure_ascii=False).encode()
        return 200, body, "application/json"
    if path == "/weatherapi/metalerts/2.0/current.json":
        answer = recorded("met-alerts")
        # Its gale warnings are for the coast between Fedje and Svinøy: elsewhere, none in force.
        if distance_km(latitude, longitude, *MET_ALERTS_AREA) > 250:
            answer["features"] = []
        return 200, json.dumps(answer).encode(), "application/json"
    if path == "/alerts/active":
        # Phoenix's answer near Phoenix, Minneapolis' near Minneapolis, and none in force elsewhere.
        near = [name for name, (lat, lon) in NWS_RECORDED_AT.items() if distance_km(latitude, longitude, lat, lon) <= 400]
        answer = recorded(near[0] if near else "nws-empty")
        return 200, json.dumps(answer).encode(), "application/geo+json"
    if path == "/data/3.0/onecall":
        answer = recorded(pick(["owm-moscow", "owm-oryol"], round(latitude, 4), round(longitude, 4)))
        answer["lat"], answer["lon"] = round(latitude, 4), round(longitude, 4)
        for part in query.get("exclude", [""])[0].split(","):
            answer.pop(part.strip(), None)
        return 200, json.dumps(answer).encode(), "application/json"
    if path == "/weatherapi/nowcast/2.0/complete":
        return 200, json.dumps(nowcast(latitude, longitude)).encode(), "application/json"
    return None


lock = threading.Lock()
requests = 0
log = []
GZIP_BOMB = None
HOSTILE = None


def hostile(kind, places):
    """A body one byte under forecast's limit for `places` places, of the kind asked."""
    size = min(8, 1 + places // 32) * (1 << 20) - 1
    if kind == "spaces":
        return b" " * (size - 1) + b"x"
    if kind == "nested":
        depth = 100_000
        return (b"[" * depth + b"]" * depth).ljust(size, b" ")
    zeros = b"[" + b"0," * ((size - 2) // 2)
    return zeros[:-1].ljust(size - 1, b" ") + b"]"


def gzip_bomb():
    """1 GiB of zeros in one gzip member, made in pieces (about 1 MB)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(1 << 20)
    parts = [compressor.compress(zeros) for _ in range(1024)]
    parts.append(compressor.flush())
    return b"".join(parts)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    delay = 0.1
    hang = False

    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        # As real servers do: without it, a kept-alive connection waits ~40 ms
        # on each answer (Nagle's algorithm against the client's delayed ACK).
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, status, body, headers=(), content_type="application/json"):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        global requests
        url = urlparse(self.path)
        if url.path == "/stats":
            with lock:
                return self.send(200, json.dumps({"requests": requests}).encode())
        if url.path == "/log":
            with lock:
                return self.send(200, json.dumps(log).encode())
        with lock:
            requests += 1
            log.append(self.path)
            del log[:-1000]
        if self.hang:
            time.sleep(86400)
        time.sleep(self.delay)
        if GZIP_BOMB is not None and url.path.startswith(("/v1/forecast", "/v1/air-quality", "/data/", "/weatherapi/", "/alerts/")):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(GZIP_BOMB)))
            self.end_headers()
            self.wfile.write(GZIP_BOMB)
            return
        query = parse_qs(url.query)
        if url.path == "/v1/search":
            if not query.get("name", [""])[0].strip():
                return self.send(400, b'{"error":true,"reason":"Parameter \'name\' is required"}')
            return self.send(200, json.dumps(geocoding(query)).encode())
        if url.path == "/v1/archive":
            latitudes = [float(x) for x in query.get("latitude", [""])[0].split(",") if x]
            longitudes = [float(x) for x in query.get("longitude", [""])[0].split(",") if x]
            try:
                start = datetime.strptime(query["start_date"][0], "%Y-%m-%d").date()
                end = datetime.strptime(query["end_date"][0], "%Y-%m-%d").date()
            except (KeyError, ValueError):
                return self.send(400, b'{"error":true,"reason":"Parameter \'start_date\' and \'end_date\' are required"}')
            if not latitudes or len(latitudes) != len(longitudes) or not start <= end or (end - start).days > 366:
                return self.send(400, b'{"error":true,"reason":"Invalid date range or coordinates"}')
            objects = []
            for index, (latitude, longitude) in enumerate(zip(latitudes, longitudes)):
                item = archive(latitude, longitude, start, end)
                if index > 0:
                    item["location_id"] = index
                objects.append(item)
            return self.send(200, json.dumps(objects[0] if len(objects) == 1 else objects).encode())
        if url.path in SOURCE_PATHS:
            status, body, content_type = source_answer(url.path, query, self.headers)
            return self.send(status, body, content_type=content_type)
        if HOSTILE in SOURCE_HOSTILITY and url.path == "/v1/forecast" and "minutely_15" in query:
            return self.send(200, hostile_minutely(HOSTILE, query))
        if HOSTILE is not None and HOSTILE not in SOURCE_HOSTILITY and url.path in ("/v1/forecast", "/v1/air-quality"):
            places = len(query.get("latitude", [""])[0].split(","))
            return self.send(200, hostile(HOSTILE, places))
        if url.path in ("/v1/forecast", "/v1/air-quality"):
            latitudes = [float(x) for x in query.get("latitude", [""])[0].split(",") if x]
            longitudes = [float(x) for x in query.get("longitude", [""])[0].split(",") if x]
            zones = query.get("timezone", [""])[0].split(",")
            if not latitudes or len(latitudes) != len(longitudes):
                return self.send(400, b'{"error":true,"reason":"Parameter count of latitude and longitude must be the same"}')
            objects = []
            for index, (latitude, longitude) in enumerate(zip(latitudes, longitudes)):
                zone = zones[index] if index < len(zones) and zones[index] not in ("", "auto") else "UTC"
                item = (open_meteo(latitude, longitude, zone, query) if url.path == "/v1/forecast"
                        else air_quality(latitude, longitude, zone))
                if index > 0:
                    item["location_id"] = index
                objects.append(item)
            body = objects[0] if len(objects) == 1 else objects
            return self.send(200, json.dumps(body).encode())
        if url.path in ("/data/2.5/weather", "/data/2.5/forecast"):
            coordinates = []
            for key, limit, name in (("lat", 90, "latitude"), ("lon", 180, "longitude")):
                try:
                    value = float(query[key][0])
                except (KeyError, ValueError):
                    value = math.nan
                if not -limit <= value <= limit:
                    return self.send(400, json.dumps({"cod": "400", "message": f"wrong {name}"}).encode())
                coordinates.append(value)
            units = query.get("units", ["standard"])[0]
            answer = owm_current if url.path == "/data/2.5/weather" else owm_forecast
            return self.send(200, json.dumps(answer(*coordinates, units, int(current_time()))).encode())
        if url.path == "/weatherapi/locationforecast/2.0/complete":
            try:
                latitude, longitude = float(query["lat"][0]), float(query["lon"][0])
            except (KeyError, ValueError):
                return self.send(400, b'{"error":"lat and lon are required"}')
            now = datetime.fromtimestamp(current_time(), timezone.utc)
            modified = now.replace(minute=0, second=0, microsecond=0)
            headers = [("Expires", format_datetime(now + timedelta(minutes=30), usegmt=True)),
                       ("Last-Modified", format_datetime(modified, usegmt=True))]
            since = self.headers.get("If-Modified-Since")
            try:
                unchanged = since is not None and parsedate_to_datetime(since) >= modified
            except (TypeError, ValueError):
                unchanged = False
            if unchanged:
                return self.send(304, b"", headers)
            return self.send(200, json.dumps(met_norway(latitude, longitude, now)).encode(), headers)
        return self.send(404, b'{"error":true,"reason":"not found"}')


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # listen() runs in the constructor: the backlog must be set on the class.
    # Python's default of 5 drops concurrent connects, which then wait 1 s for
    # TCP to try again.
    request_queue_size = 512

    def handle_error(self, request, client_address):
        # A client that hangs up mid-answer (a refused gzip bomb, a budget run out) is expected here.
        import sys
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0.1, help="seconds before each answer")
    parser.add_argument("--hang", action="store_true", help="never answer a weather request")
    parser.add_argument("--gzip-bomb", action="store_true", help="answer weather requests with a gzip bomb")
    parser.add_argument("--hostile", choices=["spaces", "nested", "zeros", *SOURCE_HOSTILITY],
                        help="answer every Open-Meteo request with a body just under the size limit that is no answer "
                             "(spaces, nested, zeros), or every source's request with a hostile answer (the others)")
    parser.add_argument("--now", help="a fixed moment (ISO 8601, e.g. 2026-11-23T03:00:00+00:00) instead of the clock")
    args = parser.parse_args()
    if args.now:
        global FIXED_NOW
        FIXED_NOW = datetime.fromisoformat(args.now).timestamp()
    Handler.delay = args.delay
    Handler.hang = args.hang
    if args.hostile:
        global HOSTILE
        HOSTILE = args.hostile
    if args.gzip_bomb:
        global GZIP_BOMB
        GZIP_BOMB = gzip_bomb()
    server = Server(("127.0.0.1", args.port), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
