#!/usr/bin/env python3
"""Where the README's test command spends its time.

scripts/test.sh appends one line per phase to a TSV file (phase name, start time in epoch
seconds, then a final "end" line) and the load average beside it. This script turns that file,
ctest's log and Ninja's log into a JSON report, and can write the README's figure from a report:

  scripts/test_timing.py report TIMING.tsv --ctest-log LOG --ninja-log build/.ninja_log --out R.json
  scripts/test_timing.py readme R.json README.md   # rewrites the block between the markers

Errors are one line on stderr and exit status 2.
"""
import argparse
import collections
import datetime
import json
import os
import re
import sys

BEGIN = "<!-- test-timing:begin (scripts/test_timing.py readme) -->"
END = "<!-- test-timing:end -->"


class UsageError(Exception):
    pass


def read_phases(path):
    """[(name, start, load)] from the TSV; the last row is the end marker."""
    rows = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                parts = line.rstrip("\n").split("\t")
                if len(parts) != 3:
                    raise UsageError(f"{path}:{number}: expected 'phase<TAB>epoch<TAB>load'")
                rows.append((parts[0], float(parts[1]), parts[2]))
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror}")
    if len(rows) < 2 or rows[-1][0] != "end":
        raise UsageError(f"{path}: no 'end' row: the test run did not finish")
    return rows


def ctest_summary(path):
    if not path:
        return None
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror}")
    match = re.search(r"(\d+)% tests passed, (\d+) tests? failed out of (\d+)", text)
    if not match:
        raise UsageError(f"{path}: no ctest summary line")
    return {"tests": int(match.group(3)), "failed": int(match.group(2))}


def ninja_targets(path, top=15):
    """Compile/link seconds per CMake target (summed over its edges), largest first."""
    if not path or not os.path.exists(path):
        return []
    edges = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 5 and not parts[3].startswith("/"):
                edges[parts[3]] = (int(parts[1]) - int(parts[0])) / 1000.0
    per_target = collections.Counter()
    for output, seconds in edges.items():
        match = re.search(r"CMakeFiles/([^/]+)\.dir", output)
        per_target[match.group(1) if match else os.path.basename(output)] += seconds
    return [{"target": t, "seconds": round(s, 1)} for t, s in per_target.most_common(top)]


def report(args):
    rows = read_phases(args.timing)
    phases = [{"name": name, "seconds": round(rows[i + 1][1] - start, 1)}
              for i, (name, start, _) in enumerate(rows[:-1])]
    result = {
        "date": datetime.datetime.fromtimestamp(rows[0][1], datetime.timezone.utc)
                .strftime("%Y-%m-%d %H:%M UTC"),
        "cpus": os.cpu_count(),
        "load_at_start": rows[0][2],
        "load_at_end": rows[-1][2],
        "ci": bool(os.environ.get("CI")),
        "total_seconds": round(rows[-1][1] - rows[0][1], 1),
        "phases": phases,
        "ctest": ctest_summary(args.ctest_log),
        "build_targets_seconds": ninja_targets(args.ninja_log),
    }
    text = json.dumps(result, indent=2) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"test run: {result['total_seconds'] / 60:.1f} min on {result['cpus']} cores; "
          + ", ".join(f"{p['name']} {p['seconds']:.0f} s" for p in phases))


def readme(args):
    try:
        data = json.load(open(args.report, encoding="utf-8"))
        text = open(args.readme, encoding="utf-8").read()
    except (OSError, ValueError) as e:
        raise UsageError(f"{getattr(e, 'filename', None) or args.report}: {e}")
    if BEGIN not in text or END not in text:
        raise UsageError(f"{args.readme}: the test-timing markers are missing")
    tests = data.get("ctest") or {}
    phases = ", ".join(f"{p['name']} {p['seconds'] / 60:.1f}" for p in data["phases"])
    block = (f"{BEGIN}\n"
             f"Measured {data['date']} (`{args.report}`): **{data['total_seconds'] / 60:.1f} minutes** "
             f"from a clean clone on {data['cpus']} cores, {tests.get('tests', '?')} ctests, "
             f"{tests.get('failed', '?')} failed; load average {data['load_at_start']} at the start, "
             f"{data['load_at_end']} at the end. Minutes per phase: {phases}.\n"
             f"{END}")
    start = text.index(BEGIN)
    end = text.index(END) + len(END)
    with open(args.readme, "w", encoding="utf-8") as f:
        f.write(text[:start] + block + text[end:])


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        print(f"test_timing: {message} (see --help)", file=sys.stderr)
        sys.exit(2)


def main():
    parser = OneLineParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("report")
    r.add_argument("timing")
    r.add_argument("--ctest-log")
    r.add_argument("--ninja-log")
    r.add_argument("--out")
    m = sub.add_parser("readme")
    m.add_argument("report")
    m.add_argument("readme")
    args = parser.parse_args()
    try:
        report(args) if args.command == "report" else readme(args)
    except UsageError as e:
        print(f"test_timing: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
