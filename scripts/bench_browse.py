#!/usr/bin/env python3
"""Benchmark of `forecast browse` in a pseudo-terminal (not a test): the app is
started as a user starts it, on a terminal of 120×40, and driven by keys.

  first  – launch to the first whole frame on screen, against `forecast
           --version` (the process starting) measured the same way, same run;
  keys   – CPU time per key, each key's frame awaited before the next:
           paging the detail (l), cycling the sort (s), typing a search letter
           (a letter then Backspace, each filtering the whole gazetteer);
  idle   – CPU time over 10 s with nothing typed;
  memory – the app's peak RSS (VmHWM) after all of the above.

CPU comes from /proc/PID/stat (user + system, clock ticks); a figure per key
is the total over many keys divided by their number.

  page   – (--page) the same on a place's page: the first frame of the app
           opening on the place viewed last, then a key to its frame paging
           places (l), scrolling the hours' strip (] and [), opening a day's
           hours and closing them (Tab, Enter, Esc, Esc), and sorting the list (s).

Usage: scripts/bench_browse.py BINARY --db DB [--runs N] [--keys N] [--idle S] [--first-only] [--page] [--args '--offline']
The database's places must have cached weather.
"""
import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

TICK = os.sysconf("SC_CLK_TCK")
WIDTH, HEIGHT = 120, 40


def spawn(argv, env):
    """The command on a new pseudo-terminal of WIDTH×HEIGHT; (pid, master fd)."""
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
        os.execve(argv[0], argv, env)
    return pid, master


def read_until(master, predicate, timeout):
    """Reads the terminal's output until predicate(all read) holds; the bytes, or None on time-out."""
    data = b""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        ready, _, _ = select.select([master], [], [], max(0, end - time.perf_counter()))
        if not ready:
            continue
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:
            return data if predicate(data) else None
        if not chunk:
            break
        data += chunk
        if predicate(data):
            return data
    return None


def drain(master, quiet=0.03, limit=2.0):
    """Reads until nothing arrives for `quiet` seconds (the key's frame is drawn)."""
    data = b""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        ready, _, _ = select.select([master], [], [], quiet)
        if not ready:
            return data
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:
            return data
        if not chunk:
            return data
        data += chunk
    return data


def cpu(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def peak_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def finish(pid, master):
    """Esc (back to the list from any screen), then q; the exit status."""
    try:
        os.write(master, b"\x1b")
        drain(master, quiet=0.1)
        os.write(master, b"q")
    except OSError:
        pass
    drain(master, quiet=0.2)
    for _ in range(50):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            os.close(master)
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(master)
    return None


def first_frame(argv, env, marker):
    """Seconds from launch until `marker` (drawn last in the first frame) is on screen."""
    start = time.perf_counter()
    pid, master = spawn(argv, env)
    data = read_until(master, lambda d: marker in d, 10)
    elapsed = time.perf_counter() - start
    if data is None:
        finish(pid, master)
        raise SystemExit(f"no first frame from {' '.join(argv)}")
    finish(pid, master)
    return elapsed


def version_start(binary, env):
    start = time.perf_counter()
    pid, master = spawn([binary, "--version"], env)
    read_until(master, lambda d: b"\n" in d, 10)
    os.waitpid(pid, 0)
    os.close(master)
    return time.perf_counter() - start


def per_key(pid, master, keys, count):
    """CPU seconds per key over `count` keys from the cycle `keys`, each key's frame awaited."""
    before = cpu(pid)
    for index in range(count):
        os.write(master, keys[index % len(keys)])
        drain(master)
    return (cpu(pid) - before) / count


def first_frames(args, argv, env, marker, label):
    """Prints the median first frame over the runs against `--version`'s start, same run."""
    first_frame(argv, env, marker)  # warm-up: the file cache
    firsts = [first_frame(argv, env, marker) for _ in range(args.runs)]
    starts = [version_start(args.binary, env) for _ in range(args.runs)]
    first, start = statistics.median(firsts), statistics.median(starts)
    print(f"| {label} | {first * 1000:.0f} ms (min {min(firsts) * 1000:.0f}, max {max(firsts) * 1000:.0f}) "
          f"| `--version` {start * 1000:.0f} ms | {first / start:.2f}× |")


def started_and_idle(args, argv, env, marker):
    """The app started and its first frame drawn; (pid, master, CPU seconds over the idle time)."""
    pid, master = spawn(argv, env)
    if read_until(master, lambda d: marker in d, 10) is None:
        raise SystemExit("no first frame")
    drain(master, quiet=1.0)  # the start's own work (the first read of the cache) is over
    idle_before = cpu(pid)
    time.sleep(args.idle)
    idle = cpu(pid) - idle_before
    drain(master)
    return pid, master, idle


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--db", required=True)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--idle", type=float, default=10)
    parser.add_argument("--first-only", action="store_true")
    parser.add_argument("--args", default="", help="more arguments for browse, e.g. '--offline'")
    parser.add_argument("--page", action="store_true", help="open on the place viewed last and time the page's keys")
    parser.add_argument("--size", default="120x40", help="the terminal's size, e.g. 80x24")
    args = parser.parse_args()
    global WIDTH, HEIGHT
    WIDTH, HEIGHT = (int(part) for part in args.size.split("x"))
    if args.page:
        return page(args)
    args.extra = args.args.split()
    env = dict(os.environ, FORECAST_DB=args.db, TERM="xterm-256color")
    argv = [args.binary, "browse", "--list"] + args.extra
    marker = b"q quit"

    first_frames(args, argv, env, marker, "first frame, 120×40")
    if args.first_only:
        return
    pid, master, idle = started_and_idle(args, argv, env, marker)
    sorting = per_key(pid, master, [b"s"], args.keys)
    os.write(master, b"\r")  # the detail of the selected place
    drain(master, quiet=0.2)
    paging = per_key(pid, master, [b"l"], args.keys)
    os.write(master, b"/")
    drain(master, quiet=0.2)
    typing = per_key(pid, master, [b"s", b"a", b"n", b"\x7f", b"\x7f", b"\x7f"], args.keys)
    peak = peak_mb(pid)
    status = finish(pid, master)
    print(f"| idle, {args.idle:.0f} s | {idle:.2f} s CPU | | |")
    print(f"| a key to its frame: sort (s) | {sorting * 1000:.2f} ms CPU | | |")
    print(f"| a key to its frame: page the detail (l) | {paging * 1000:.2f} ms CPU | | |")
    print(f"| a key to its frame: a search letter | {typing * 1000:.2f} ms CPU | | |")
    print(f"| peak memory (VmHWM) | {peak:.1f} MB | exit {status} | |")


def page(args):
    """The page: its first frame, its keys, idle and peak memory."""
    env = dict(os.environ, FORECAST_DB=args.db, TERM="xterm-256color")
    argv = [args.binary, "browse"] + args.args.split()
    marker = b"q quit"  # the keys line, drawn last
    first_frames(args, argv, env, marker, f"first frame of a page, {WIDTH}×{HEIGHT}")
    if args.first_only:
        return
    pid, master, idle = started_and_idle(args, argv, env, marker)
    paging = per_key(pid, master, [b"l"], args.keys)
    strip = per_key(pid, master, [b"]", b"]", b"[", b"["], args.keys)
    day = per_key(pid, master, [b"\t", b"\r", b"\x1b", b"\x1b"], args.keys)
    os.write(master, b"\x1b")  # the list
    drain(master, quiet=0.2)
    sorting = per_key(pid, master, [b"s"], args.keys)
    peak = peak_mb(pid)
    status = finish(pid, master)
    print(f"| idle on a page, {args.idle:.0f} s | {idle:.2f} s CPU | | |")
    print(f"| a key to its frame: page places (l) | {paging * 1000:.2f} ms CPU | | |")
    print(f"| a key to its frame: scroll the strip (] [) | {strip * 1000:.2f} ms CPU | | |")
    print(f"| a key to its frame: open a day's hours and back (Tab Enter Esc Esc) | {day * 1000:.2f} ms CPU | | |")
    print(f"| a key to its frame: sort the list (s) | {sorting * 1000:.2f} ms CPU | | |")
    print(f"| peak memory (VmHWM) | {peak:.1f} MB | exit {status} | |")


if __name__ == "__main__":
    main()
