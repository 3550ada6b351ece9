#!/usr/bin/env python3
"""Runs a command several times and reports, from the kernel's own accounting
(wait4), its wall time, its CPU time (user + system) and its peak memory (RSS).
Wall time alone hides a program that spins a core while it waits.

Usage: scripts/measure.py [--runs N] [--warmup N] [--label TEXT] [--json] [--save FILE] -- command args...
Prints one markdown table row: | label | wall median (min–max) | CPU mean | peak RSS max | exit |
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def run_once(command):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--label", default="")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead")
    parser.add_argument("--save", help="also write the figures as JSON to this file")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    for _ in range(args.warmup):
        run_once(command)
    runs = [run_once(command) for _ in range(args.runs)]
    walls = [r[0] for r in runs]
    figures = {
        "label": args.label or " ".join(command),
        "wall_median_s": statistics.median(walls),
        "wall_min_s": min(walls),
        "wall_max_s": max(walls),
        "cpu_mean_s": statistics.mean(r[1] for r in runs),
        "rss_max_mb": max(r[2] for r in runs),
        "exit": sorted({r[3] for r in runs}),
    }
    if args.save:
        with open(args.save, "w") as f:
            json.dump(figures, f)
    if args.json:
        print(json.dumps(figures))
        return
    ms = lambda s: f"{s * 1000:.0f} ms" if s < 10 else f"{s:.2f} s"
    print(f"| {figures['label']} | {ms(figures['wall_median_s'])} ({ms(figures['wall_min_s'])}–{ms(figures['wall_max_s'])}) "
          f"| {ms(figures['cpu_mean_s'])} | {figures['rss_max_mb']:.1f} MB | {','.join(map(str, figures['exit']))} |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
