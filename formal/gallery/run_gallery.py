#!/usr/bin/env python3
"""Run formal/equiv.sh on the gallery's alternative implementations (cases.json) and compare
each verdict with the expected one.

  run_gallery.py --case NAME [--work DIR]    one case; exit 0 iff the verdict is the expected one
  run_gallery.py --all --out DIR [--quick]   every case; DIR/equiv_report.json and .md
"""
import argparse
import json
import os
import subprocess
import sys
import time

GALLERY = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(GALLERY))
VERDICT = {0: "equivalent", 1: "counterexample", 2: "error", 3: "undecided"}


def load():
    return json.load(open(os.path.join(GALLERY, "cases.json")))["cases"]


def run(case, work, aig_bin, timeout):
    cmd = [os.path.join(REPO, "formal", "equiv.sh"), "--work", work, "--timeout", str(timeout)]
    cmd += case["flags"] + (["--aig-bin", aig_bin] if aig_bin else [])
    cmd += [os.path.join(REPO, case["gold"]), os.path.join(GALLERY, case["name"]), case["unit"]]
    start = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    secs = time.monotonic() - start
    return VERDICT.get(p.returncode, "error"), secs, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--quick", action="store_true", help="with --all: the ctest cases only")
    ap.add_argument("--out", default="gallery-work")
    ap.add_argument("--work")
    ap.add_argument("--aig-bin")
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()
    cases = load()
    if a.case:
        match = [c for c in cases if c["name"] == a.case]
        if not match:
            print(f"run_gallery: error: no case {a.case}", file=sys.stderr)
            return 2
        case = match[0]
        verdict, secs, out = run(case, a.work or os.path.join(a.out, case["name"]), a.aig_bin,
                                 a.timeout)
        print(out)
        print(f"run_gallery: {case['name']}: {verdict} in {secs:.1f} s (expected "
              f"{case['expected']})")
        return 0 if verdict == case["expected"] else 1
    if not a.all:
        ap.error("--case NAME or --all")
    os.makedirs(a.out, exist_ok=True)
    rows, bad = [], 0
    for case in cases:
        if a.quick and not case["quick"]:
            continue
        verdict, secs, out = run(case, os.path.join(a.out, "equiv", case["name"]), a.aig_bin,
                                 a.timeout)
        ok = verdict == case["expected"]
        bad += not ok
        rows.append({"case": case["name"], "unit": case["unit"],
                     "architecture": case["architecture"], "expected": case["expected"],
                     "verdict": verdict, "seconds": round(secs, 1), "as_expected": ok})
        print(f"{case['name']:<28} {verdict:<15} {secs:7.1f} s  {'ok' if ok else 'UNEXPECTED'}",
              flush=True)
    load_avg = os.getloadavg()
    report = {"load_average": [round(x, 2) for x in load_avg], "cases": rows}
    json.dump(report, open(os.path.join(a.out, "equiv_report.json"), "w"), indent=1)
    with open(os.path.join(a.out, "equiv_report.md"), "w") as f:
        f.write(f"| case | unit | architecture | expected | verdict | seconds |\n"
                f"|---|---|---|---|---|---|\n")
        for r in rows:
            f.write(f"| {r['case']} | {r['unit']} | {r['architecture']} | {r['expected']} | "
                    f"{r['verdict']} | {r['seconds']} |\n")
        f.write(f"\nload average at the end: {' '.join(map(str, report['load_average']))}\n")
    print(f"run_gallery: {len(rows) - bad}/{len(rows)} as expected; "
          f"{os.path.join(a.out, 'equiv_report.md')}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
