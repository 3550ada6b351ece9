#!/usr/bin/env python3
"""A local stand-in for Open-Meteo and OpenWeatherMap, for benchmarks and demos.

Answers every request after --delay seconds, in the real services' shapes,
built from the recorded responses in Tests/ForecastTests/Fixtures:
  GET /v1/forecast?latitude=a,b&longitude=c,d   an object (one place) or an array
                                                 in request order with location_id
  GET /data/2.5/weather, /data/2.5/forecast     OpenWeatherMap current and 5 day / 3 hour
  GET /stats                                     {"requests": N} (not counted itself)
Binds 127.0.0.1 only. Prints the port it listens on, then serves until killed.

Usage: scripts/stub_weather_server.py [--port 0] [--delay 0.1]
"""
import argparse
import json
import os
import socket
import threading
import time
from datetime import datetime
from zoneinfo import ZoneInfo
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "ForecastTests", "Fixtures")


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f)


BASE = fixture("openmeteo_current_plus_daily_london_2026.json")
HOURLY = fixture("openmeteo_hourly_2day_2026.json")
BASE["hourly"], BASE["hourly_units"] = HOURLY["hourly"], HOURLY["hourly_units"]
# The recording asked for no daily temperatures; add a week of them in the same shape.
BASE["daily"] = {
    "time": [f"2026-01-{d}" for d in range(19, 26)],
    "sunrise": [f"2026-01-{d}T07:55" for d in range(19, 26)],
    "sunset": [f"2026-01-{d}T16:27" for d in range(19, 26)],
    "weather_code": [2, 3, 61, 71, 0, 95, 45],
    "temperature_2m_min": [35.6, 33.8, None, 32.0, 30.2, 37.4, 39.2],
    "temperature_2m_max": [46.4, 44.6, 41.0, 41.0, 39.2, 48.2, 50.0],
}
BASE["daily_units"] = {"time": "iso8601", "sunrise": "iso8601", "sunset": "iso8601", "weather_code": "wmo code",
                       "temperature_2m_min": "°F", "temperature_2m_max": "°F"}
OWM_CURRENT = json.dumps(fixture("owm_current_london_latlon_2020.json")).encode()
OWM_FORECAST = json.dumps(fixture("owm_forecast5_london_2025.json")).encode()

lock = threading.Lock()
requests = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    delay = 0.1

    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        # As real servers do: without it, a kept-alive connection waits ~40 ms
        # on each answer (Nagle's algorithm against the client's delayed ACK).
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, status, body):
        self.send_response(status)
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
        with lock:
            requests += 1
        time.sleep(self.delay)
        query = parse_qs(url.query)
        if url.path == "/v1/forecast":
            latitudes = [float(x) for x in query.get("latitude", [""])[0].split(",") if x]
            zones = query.get("timezone", [""])[0].split(",")
            objects = []
            for index, latitude in enumerate(latitudes):
                item = dict(BASE, latitude=latitude, current=dict(BASE["current"], temperature_2m=round(60 - latitude, 1)))
                # Like the real service: local times in the zone asked for.
                zone = zones[index] if index < len(zones) else ""
                if zone and zone != "auto":
                    try:
                        offset = datetime.now(ZoneInfo(zone)).utcoffset()
                        item["timezone"], item["utc_offset_seconds"] = zone, int(offset.total_seconds())
                    except Exception:
                        pass
                if index > 0:
                    item["location_id"] = index
                objects.append(item)
            body = objects[0] if len(objects) == 1 else objects
            return self.send(200, json.dumps(body).encode())
        if url.path == "/data/2.5/weather":
            return self.send(200, OWM_CURRENT)
        if url.path == "/data/2.5/forecast":
            return self.send(200, OWM_FORECAST)
        return self.send(404, b'{"error":true,"reason":"not found"}')


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # listen() runs in the constructor: the backlog must be set on the class.
    # Python's default of 5 drops concurrent connects, which then wait 1 s for
    # TCP to try again.
    request_queue_size = 512


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0.1, help="seconds before each answer")
    args = parser.parse_args()
    Handler.delay = args.delay
    server = Server(("127.0.0.1", args.port), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
