#!/usr/bin/env python3
"""The baseline of `scripts/bench` section 10 under the services' terms:
makes the requests of a curl config file (`url = "…"` lines) with at most
CONNECTIONS at once, as curl --parallel-max does, but those to MET Norway's
paths at most 20 a second together, 20 at once (its terms: 20 requests a
second per application), which is what forecast keeps to.

Usage: bench_paced.py CURL_CONFIG [CONNECTIONS]
"""
import re
import sys
import threading
import time
import urllib.request

config, connections = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 8
urls = re.findall(r'^url = "(.*)"$', open(config).read(), re.M)
MET = ("/weatherapi/",)
lock = threading.Lock()
# A token bucket of 20, refilled at 20 a second: the moment each MET request may go.
bucket = {"tokens": 20.0, "at": time.monotonic()}


def when_allowed():
    with lock:
        now = time.monotonic()
        bucket["tokens"] = min(20.0, bucket["tokens"] + (now - bucket["at"]) * 20)
        bucket["at"] = now
        bucket["tokens"] -= 1
        return 0 if bucket["tokens"] >= 0 else -bucket["tokens"] / 20


slots = threading.Semaphore(connections)


def fetch(url):
    # Waiting for the rate limit holds no connection (as in forecast); then one of CONNECTIONS.
    if any(part in url for part in MET):
        wait = when_allowed()
        if wait > 0:
            time.sleep(wait)
    with slots:
        with urllib.request.urlopen(urllib.request.Request(url, headers={"User-Agent": "bench"}), timeout=30) as answer:
            answer.read()


threads = [threading.Thread(target=fetch, args=(url,)) for url in urls]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
