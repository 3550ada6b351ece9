#!/usr/bin/env python3
"""How soon a refresh says it is working: the command runs in a pseudo-terminal
against a slow service, and the time from starting the process to the first
byte of the progress line is measured (target: within 300 ms, whatever the
number of places). Prints one markdown table row per place count.

Usage: scripts/bench_progress.py BINARY --db DB1 [--db DB2 …] --runs N
(The service's URL comes from the environment, as for any forecast command.)
"""
import argparse, os, pty, select, statistics, sys, time


def first_progress(argv):
    """Milliseconds from the fork to the first progress byte, and to the end."""
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    seen, output = None, b""
    while True:
        ready, _, _ = select.select([fd], [], [], 30)
        if not ready:
            break
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        output += data
        if seen is None and b"Fetching weather" in output:
            seen = time.monotonic() - start
    os.waitpid(pid, 0)
    os.close(fd)
    return (seen * 1000 if seen is not None else None), (time.monotonic() - start) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--db", action="append", required=True)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for db in args.db:
        os.environ["FORECAST_DB"] = db
        seen, total = [], []
        for _ in range(args.runs):
            first, whole = first_progress([args.binary, "list", "--refresh", "--rate-limit", "1000000"])
            if first is None:
                print(f"| {os.path.basename(db)} | no progress line | | FAILED |")
                sys.exit(1)
            seen.append(first)
            total.append(whole)
        print(f"| progress line, {os.path.basename(db)} | {statistics.median(seen):.0f} ms "
              f"(max {max(seen):.0f}) | refresh {statistics.median(total):.0f} ms | "
              f"{'≤ 300 ms' if max(seen) <= 300 else 'OVER 300 ms'} |")


if __name__ == "__main__":
    main()
