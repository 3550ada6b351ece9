#!/usr/bin/env python3
"""A local stand-in for Open-Meteo, OpenWeatherMap and MET Norway, for benchmarks and demos.

Answers every request after --delay seconds, in the real services' shapes,
made up for each place the way the real service answers (only the variables
asked for; times local to each place's zone, from today), and, for
OpenWeatherMap, the recorded responses in Tests/ForecastTests/Fixtures moved to today:
  GET /v1/forecast?latitude=a,b&longitude=c,d   an object (one place) or an array
                                                 in request order with location_id
  GET /v1/air-quality?latitude=a,b&longitude=c,d the air-quality API's frame, the same way
  GET /data/2.5/weather, /data/2.5/forecast     OpenWeatherMap current and 5 day / 3 hour
  GET /weatherapi/locationforecast/2.0/complete?lat=a&lon=b
                                                 MET Norway's answer for the place (60 hourly
                                                 steps, then 6-hourly for a week), with Expires
                                                 (30 minutes on) and Last-Modified; a request
                                                 with If-Modified-Since no older than that gets 304
  GET /stats                                     {"requests": N} (not counted itself)
  GET /log                                       the paths of the last 1,000 requests
With --gzip-bomb every weather answer is 1 GiB of zeros gzipped (about 1 MB);
with --hang no weather request is ever answered.
Binds 127.0.0.1 only. Prints the port it listens on, then serves until killed.

Usage: scripts/stub_weather_server.py [--port 0] [--delay 0.1]
"""
import argparse
import json
import math
import os
import socket
import threading
import time
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime, parsedate_to_datetime
from zoneinfo import ZoneInfo
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "ForecastTests", "Fixtures")


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f)


OWM_CURRENT = fixture("owm_current_london_latlon_2020.json")
OWM_FORECAST = fixture("owm_forecast5_london_2025.json")

UNITS = {
    "temperature_2m": "°C", "apparent_temperature": "°C", "relative_humidity_2m": "%", "is_day": "",
    "precipitation": "mm", "weather_code": "wmo code", "cloud_cover": "%", "pressure_msl": "hPa",
    "wind_speed_10m": "m/s", "wind_direction_10m": "°", "wind_gusts_10m": "m/s", "visibility": "m",
    "precipitation_probability": "%", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
    "sunrise": "iso8601", "sunset": "iso8601", "precipitation_sum": "mm", "precipitation_probability_max": "%",
    "uv_index_max": "",
}
CODES = [0, 1, 2, 3, 45, 61, 63, 71, 80, 95]


def weather(latitude, longitude, hour_of_day, day=0):
    """Plausible values for a place: colder away from the equator, warmest mid-afternoon,
    a sky that changes from day to day. Temperatures in °C, wind in m/s."""
    seed = int(abs(latitude * 7 + longitude * 3)) + day
    mean = 27 - 0.55 * abs(latitude)
    temperature = round(mean + 4 * math.sin((hour_of_day - 9) / 24 * 2 * math.pi) + (seed % 5 - 2), 1)
    wind = round(1 + seed % 6 + 0.3 * (hour_of_day % 4), 1)
    return {
        "temperature_2m": temperature,
        "apparent_temperature": round(temperature - 0.7 * wind, 1),
        "relative_humidity_2m": 40 + seed % 50,
        "is_day": 1 if 7 <= hour_of_day < 18 else 0,
        "precipitation": [0, 0, 0, 0.2, 1.4][seed % 5],
        "weather_code": CODES[(seed + hour_of_day // 6) % len(CODES)],
        "cloud_cover": (seed * 13) % 101,
        "pressure_msl": 1000 + seed % 30,
        "wind_speed_10m": wind,
        "wind_direction_10m": (seed * 37) % 360,
        "wind_gusts_10m": round(wind * 1.6, 1),
        "visibility": 8000 + (seed % 5) * 3000,
        "precipitation_probability": round(50 + 45 * math.sin(seed + hour_of_day / 6)),
    }


def open_meteo(latitude, longitude, zone_name, query):
    """One location's answer, for the variables asked, in the place's own time."""
    try:
        zone = ZoneInfo(zone_name)
    except Exception:
        zone, zone_name = ZoneInfo("UTC"), "UTC"
    now = datetime.now(zone).replace(second=0, microsecond=0)
    now = now.replace(minute=now.minute - now.minute % 15)
    midnight = now.replace(hour=0, minute=0)
    answer = {"latitude": latitude, "longitude": longitude, "generationtime_ms": 0.1,
              "utc_offset_seconds": int(now.utcoffset().total_seconds()), "timezone": zone_name,
              "timezone_abbreviation": now.tzname(), "elevation": 30.0}
    names = lambda key: [v for v in query.get(key, [""])[0].split(",") if v]
    current = names("current")
    if current:
        values = weather(latitude, longitude, now.hour)
        answer["current_units"] = dict({"time": "iso8601", "interval": "seconds"}, **{v: UNITS.get(v, "") for v in current})
        answer["current"] = dict({"time": now.strftime("%Y-%m-%dT%H:%M"), "interval": 900},
                                 **{v: values.get(v) for v in current})
    hourly = names("hourly")
    if hourly:
        hours = int(query.get("forecast_hours", ["48"])[0])
        start = now.replace(minute=0)
        times = [start + timedelta(hours=h) for h in range(hours)]
        rows = [weather(latitude, longitude, t.hour, (t - midnight).days) for t in times]
        answer["hourly_units"] = dict({"time": "iso8601"}, **{v: UNITS.get(v, "") for v in hourly})
        answer["hourly"] = dict({"time": [t.strftime("%Y-%m-%dT%H:%M") for t in times]},
                                **{v: [row.get(v) for row in rows] for v in hourly})
    daily = names("daily")
    if daily:
        days = int(query.get("forecast_days", ["7"])[0])
        dates = [midnight + timedelta(days=d) for d in range(days)]
        columns = {"time": [d.strftime("%Y-%m-%d") for d in dates]}
        for v in daily:
            column = []
            for index, d in enumerate(dates):
                low = weather(latitude, longitude, 5, index)["temperature_2m"]
                high = weather(latitude, longitude, 15, index)["temperature_2m"]
                column.append({
                    "temperature_2m_min": low, "temperature_2m_max": high,
                    "weather_code": weather(latitude, longitude, 12, index)["weather_code"],
                    "sunrise": d.replace(hour=7, minute=12).strftime("%Y-%m-%dT%H:%M"),
                    "sunset": d.replace(hour=17, minute=24).strftime("%Y-%m-%dT%H:%M"),
                    "precipitation_sum": weather(latitude, longitude, 12, index)["precipitation"] * 3,
                    "precipitation_probability_max": weather(latitude, longitude, 12, index)["precipitation_probability"],
                    "uv_index_max": round(max(0.0, 11 - abs(latitude) / 6 + (index % 3) - 1), 1),
                }.get(v))
            columns[v] = column
        answer["daily_units"] = dict({"time": "iso8601"}, **{v: UNITS.get(v, "") for v in daily})
        answer["daily"] = columns
    return answer


# WMO codes as MET Norway's symbols; those that show the sun or moon take _day or _night.
MET_SYMBOLS = {0: "clearsky", 1: "fair", 2: "partlycloudy", 3: "cloudy", 45: "fog", 61: "lightrain", 63: "rain",
               71: "snow", 80: "rainshowers", 95: "rainandthunder"}
MET_WITH_SUN = {"clearsky", "fair", "partlycloudy", "rainshowers"}


def met_norway(latitude, longitude, now):
    """MET Norway's Locationforecast 2.0 `complete` shape for one place, made up
    the same way as the others: hourly steps with next_1_hours, then 6-hourly ones."""
    start = now.replace(minute=0, second=0, microsecond=0)
    offset = round(longitude / 15)
    steps = list(range(60)) + list(range(60, 60 + 7 * 24, 6))
    series = []
    for step in steps:
        at = start + timedelta(hours=step)
        local_hour = (at.hour + offset) % 24
        w = weather(latitude, longitude, local_hour, day=(step + at.hour + offset) // 24)
        symbol = MET_SYMBOLS[w["weather_code"]]
        if symbol in MET_WITH_SUN:
            symbol += "_day" if w["is_day"] else "_night"
        period = {"summary": {"symbol_code": symbol},
                  "details": {"precipitation_amount": w["precipitation"],
                              "probability_of_precipitation": float(w["precipitation_probability"])}}
        data = {"instant": {"details": {
            "air_pressure_at_sea_level": float(w["pressure_msl"]), "air_temperature": w["temperature_2m"],
            "cloud_area_fraction": float(w["cloud_cover"]), "relative_humidity": float(w["relative_humidity_2m"]),
            "wind_from_direction": float(w["wind_direction_10m"]), "wind_speed": w["wind_speed_10m"],
            "wind_speed_of_gust": w["wind_gusts_10m"],
            "ultraviolet_index_clear_sky": round(max(0.0, 8 * math.sin((local_hour - 6) / 12 * math.pi)), 1)}}}
        if step < 60:
            data["next_1_hours"] = period
        data["next_6_hours"] = period
        series.append({"time": at.strftime("%Y-%m-%dT%H:%M:%SZ"), "data": data})
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [longitude, latitude, 0]},
            "properties": {"meta": {"updated_at": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                    "units": {"air_temperature": "celsius", "precipitation_amount": "mm",
                                              "wind_speed": "m/s", "relative_humidity": "%"}},
                           "timeseries": series}}


def air_quality(latitude, longitude, zone_name):
    """The air now at one place: dirtier near big inland cities, as made-up numbers."""
    try:
        zone = ZoneInfo(zone_name)
    except Exception:
        zone, zone_name = ZoneInfo("UTC"), "UTC"
    now = datetime.now(zone).replace(minute=0, second=0, microsecond=0)
    seed = int(abs(latitude * 11 + longitude * 5))
    pm2_5 = round(4 + seed % 40 + 0.5, 1)
    return {"latitude": latitude, "longitude": longitude, "generationtime_ms": 0.1,
            "utc_offset_seconds": int(now.utcoffset().total_seconds()), "timezone": zone_name,
            "timezone_abbreviation": now.tzname(), "elevation": 30.0,
            "current_units": {"time": "iso8601", "interval": "seconds", "us_aqi": "USAQI",
                              "european_aqi": "EAQI", "pm2_5": "μg/m³", "pm10": "μg/m³"},
            "current": {"time": now.strftime("%Y-%m-%dT%H:%M"), "interval": 3600,
                        "us_aqi": min(500, round(pm2_5 * 3.1)), "european_aqi": round(pm2_5 * 1.4),
                        "pm2_5": pm2_5, "pm10": round(pm2_5 * 1.7, 1)}}


def shifted(value, seconds, key=None):
    """A recorded OpenWeatherMap answer with its unix times moved to now."""
    if isinstance(value, dict):
        return {k: shifted(v, seconds, k) for k, v in value.items()}
    if isinstance(value, list):
        return [shifted(v, seconds, key) for v in value]
    if key in ("dt", "sunrise", "sunset") and isinstance(value, int) and not isinstance(value, bool):
        return value + seconds
    return value


def days_since(dt):
    return int((time.time() - dt) // 86400) * 86400

lock = threading.Lock()
requests = 0
log = []
GZIP_BOMB = None


def gzip_bomb():
    """1 GiB of zeros in one gzip member, made in pieces (about 1 MB)."""
    import zlib
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

    def send(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
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
        if GZIP_BOMB is not None and url.path.startswith(("/v1/forecast", "/v1/air-quality", "/data/2.5/", "/weatherapi/")):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(GZIP_BOMB)))
            self.end_headers()
            self.wfile.write(GZIP_BOMB)
            return
        query = parse_qs(url.query)
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
        if url.path == "/data/2.5/weather":
            return self.send(200, json.dumps(shifted(OWM_CURRENT, days_since(OWM_CURRENT["dt"]))).encode())
        if url.path == "/data/2.5/forecast":
            first = OWM_FORECAST["list"][0]["dt"]
            return self.send(200, json.dumps(shifted(OWM_FORECAST, days_since(first))).encode())
        if url.path == "/weatherapi/locationforecast/2.0/complete":
            try:
                latitude, longitude = float(query["lat"][0]), float(query["lon"][0])
            except (KeyError, ValueError):
                return self.send(400, b'{"error":"lat and lon are required"}')
            now = datetime.now(timezone.utc)
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
    args = parser.parse_args()
    Handler.delay = args.delay
    Handler.hang = args.hang
    if args.gzip_bomb:
        global GZIP_BOMB
        GZIP_BOMB = gzip_bomb()
    server = Server(("127.0.0.1", args.port), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
