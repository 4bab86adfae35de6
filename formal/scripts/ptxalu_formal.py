#!/usr/bin/env python3
"""Run ptxalu's formal obligations with Yosys (sat), ABC and yosys-smtbmc, one process per
obligation under a CPU-time limit, and write a table plus build/formal/report.json.

Obligations are declared in formal/obligations.py. Each one names a miter (generated for
unit-against-spec equivalence, or a hand-written file under formal/miter/), an engine, and
optionally a planted bug ("mutant") that must make the proof FAIL (non-vacuity).

Usage:
  ptxalu_formal.py [--rtl-dir DIR] [--out DIR] [--group all|mutants|proofs]
                   [--only SUBSTRING ...] [--changed] [--jobs N] [--list] [--timeout-scale X]
                   [--load N] [--readme FILE] [--aig-bin build/ptxalu-aig] [--list-ctests]
                   [--check-mutants]
--changed runs only the obligations whose input files (RTL closure, specs, miter, stand-ins)
or table entry differ from those of their last proven run (OUT/proven.json); the environment
variable PTXALU_FORMAL_ONLY (space-separated substrings) stands for --only. --load N keeps N
CPU-bound processes running beside the suite (the load check). --readme FILE rewrites the
measured block of FILE between its markers from OUT/report.json and OUT/report-load.json.
Exit status: 1 when an obligation failed (a counterexample, an undetected planted bug or a tool
error), or with --strict also when one ran out of CPU time; 2 on bad usage; 0 otherwise.
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import shutil
import subprocess
import sys
import time

FORMAL_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_DIR = os.path.dirname(FORMAL_DIR)
sys.path.insert(0, FORMAL_DIR)
sys.path.insert(0, os.path.join(FORMAL_DIR, "scripts"))

import obligations as obl  # noqa: E402  (the table lives beside the spec models)
from formal_engines import (ABC, CPU, YOSYS, make_mutant, mutant_source, mutated,  # noqa: E402
                            run_engine)
from formal_report import load_json, write_readme  # noqa: E402
from formal_sources import input_hash  # noqa: E402


def run_obligation(o, args):
    workdir = os.path.join(args.out, "work", o["name"].replace("/", "__"))
    os.makedirs(workdir, exist_ok=True)
    rtl_dir = args.rtl_dir
    timeout = o.get("cpu_limit", obl.CPU_LIMIT) * args.timeout_scale
    expect = "failed" if "mutant" in o else "proven"
    CPU.seconds = 0.0
    load_start = os.getloadavg()[0]
    try:
        if "mutant" in o:
            if o["mutant"]["file"].startswith("spec/"):
                o = dict(o, spec_dir=make_mutant(args.rtl_dir, workdir, o["mutant"]))
            else:
                rtl_dir = make_mutant(args.rtl_dir, workdir, o["mutant"])
        result, secs = run_engine(o, o["engine"], rtl_dir, workdir, timeout)
    except (FileNotFoundError, RuntimeError) as e:
        with open(os.path.join(workdir, "run.log"), "a") as f:
            f.write(f"driver: {e}\n")
        result, secs = "error", 0.0
    # A mutant's obligation is "the miter detects the planted bug": proven iff the proof failed.
    if "mutant" in o:
        reported = {"failed": "proven", "proven": "failed"}.get(result, result)
    else:
        reported = result
    if reported == "error":
        reported = "failed"  # the report contract knows proven/failed/timeout only
    r = {"obligation": o["name"], "engine": o["engine"], "result": reported,
         "seconds": round(secs, 2), "cpu": round(CPU.seconds, 2),
         "cpu_limit": round(timeout, 1), "load_start": round(load_start, 2),
         "load_end": round(os.getloadavg()[0], 2), "raw": result, "expect": expect,
         "workdir": workdir}
    if o.get("note"):
        r["note"] = o["note"]
    return r


def select(args):
    todo = obl.obligations()
    if args.group == "mutants":
        todo = [o for o in todo if "mutant" in o]
    elif args.group == "proofs":
        todo = [o for o in todo if "mutant" not in o]
    only = args.only or os.environ.get("PTXALU_FORMAL_ONLY", "").split()
    if only:
        todo = [o for o in todo if any(s in o["name"] for s in only)]
        if not todo:
            print(f"error: no obligation name contains any of {' '.join(only)}")
            return None
    if args.exact:
        todo = [o for o in todo if o["name"] == args.exact]
        if not todo:
            print(f"error: no obligation named {args.exact}")
            return None
    return todo


def check_mutants(rtl_dir):
    """Every planted bug of the table edits its source (an RTL edit that moves the text a
    bug patches would otherwise surface only when the full suite runs that bug)."""
    bad, count = [], 0
    for o in obl.obligations():
        if "mutant" not in o:
            continue
        count += 1
        src, fname = mutant_source(rtl_dir, o["mutant"])
        try:
            with open(os.path.join(src, fname)) as f:
                mutated(f.read(), o["mutant"])
        except (OSError, RuntimeError) as e:
            bad.append(f"{o['name']}: {e}")
    print("\n".join(bad + [f"{count - len(bad)} of {count} planted bugs apply"]))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtl-dir", default=os.path.join(REPO_DIR, "rtl"))
    ap.add_argument("--out", default=os.path.join(os.getcwd(), "formal"))
    ap.add_argument("--group", default="all", choices=["all", "mutants", "proofs"])
    ap.add_argument("--only", nargs="*", default=[], help="obligations whose name contains one")
    ap.add_argument("--exact", default=None, help="the one obligation of this exact name")
    ap.add_argument("--changed", action="store_true",
                    help="only obligations whose inputs changed since their last proven run")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout-scale", type=float, default=1.0,
                    help="multiplies every obligation's CPU limit")
    ap.add_argument("--load", type=int, default=0,
                    help="CPU-bound processes to keep running beside the suite")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--list-ctests", action="store_true",
                    help="print the names of the obligations that are ctests, one a line")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 on a timeout too (default: only on a failed obligation)")
    ap.add_argument("--report", default=None,
                    help="JSON report path (default OUT/report.json for every obligation, "
                         "report-load.json with --load, report-partial.json for a subset)")
    ap.add_argument("--readme", default=None,
                    help="rewrite this file's generated wall-time block from OUT's reports")
    ap.add_argument("--readme-only", default=None, metavar="FILE",
                    help="only rewrite FILE's generated block from OUT's last reports")
    ap.add_argument("--aig-bin", default=os.environ.get("PTXALU_AIG"),
                    help="ptxalu-aig, for the algebra obligations (default: PTXALU_AIG)")
    ap.add_argument("--check-mutants", action="store_true",
                    help="only check that every planted bug's edit applies to its source")
    args = ap.parse_args()
    if args.check_mutants:
        return check_mutants(os.path.abspath(args.rtl_dir))
    if args.list_ctests:
        try:
            print("\n".join(o["name"] for o in obl.obligations() if o.get("ctest")))
        except ValueError as e:
            print(f"error: formal/obligations.py: {e}")
            return 2
        return 0
    if args.aig_bin:
        os.environ["PTXALU_AIG"] = os.path.abspath(args.aig_bin)
    args.out = os.path.abspath(args.out)
    args.rtl_dir = os.path.abspath(args.rtl_dir)
    if not os.path.isfile(os.path.join(args.rtl_dir, "ptxalu_pkg.sv")):
        print(f"error: no ptxalu_pkg.sv in --rtl-dir {args.rtl_dir}")
        return 2
    missing = [t for t in (YOSYS, ABC) if not shutil.which(t)]
    if missing:
        print(f"error: {' and '.join(missing)} not found on PATH (Debian: apt-get install yosys)")
        return 2

    if args.readme_only:
        return write_readme(args.readme_only, args.out)
    todo = select(args)
    if todo is None:
        return 2
    proven_path = os.path.join(args.out, "proven.json")
    proven = load_json(proven_path, {})
    hashes = {}
    for o in todo:
        try:
            hashes[o["name"]] = input_hash(o, args.rtl_dir)
        except OSError:
            hashes[o["name"]] = None  # a missing file: the run reports it
    # Obligations named by --only / PTXALU_FORMAL_ONLY run whether or not their inputs changed:
    # the names replace the --changed selection (formal-quick's documented use).
    named = args.only or os.environ.get("PTXALU_FORMAL_ONLY", "").split()
    if args.changed and not named:
        todo = [o for o in todo if hashes[o["name"]] is None or
                proven.get(o["name"]) != hashes[o["name"]]]
        print(f"{len(todo)} obligation(s) with inputs changed since their last proven run")
    if args.list:
        for o in todo:
            print(f"{o['name']:60s} {o['engine']:16s} cpu limit "
                  f"{o.get('cpu_limit', obl.CPU_LIMIT) * args.timeout_scale:g}s")
        return 0
    if not todo:
        return 0
    os.makedirs(args.out, exist_ok=True)

    # Longest first (by the last report's CPU seconds; unknown ones first of all): the two
    # jobs then finish together instead of one waiting on a late large obligation.
    last = load_json(os.path.join(args.out, "report.json"), {})
    last_cpu = {r["obligation"]: r["cpu"] for r in last.get("obligations", [])} \
        if isinstance(last, dict) else {}
    order = {o["name"]: i for i, o in enumerate(todo)}
    queue = sorted(todo, key=lambda o: -last_cpu.get(o["name"], 1e9))

    load_procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                  for _ in range(max(0, args.load))]
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load_start = os.getloadavg()[0]
    start = time.monotonic()
    results = []
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(run_obligation, o, args) for o in queue]
            for fut in concurrent.futures.as_completed(futures):
                r = fut.result()
                results.append(r)
                print(f"  {r['result']:8s} {r['seconds']:8.2f}s (cpu {r['cpu']:7.2f}s)  "
                      f"{r['obligation']}  [{r['engine']}]", flush=True)
    finally:
        for p in load_procs:
            p.kill()
            p.wait()
    wall = time.monotonic() - start
    load_end = os.getloadavg()[0]
    results.sort(key=lambda r: order[r["obligation"]])

    width = max([len(r["obligation"]) for r in results] + [10])
    print()
    print(f"{'obligation':{width}s}  {'engine':16s}  {'result':8s}  {'wall s':>8s}  "
          f"{'cpu s':>8s}  {'load':>11s}")
    print("-" * (width + 64))
    bad = 0
    for r in results:
        mark = "" if r["result"] == "proven" else "   <-- " + r["raw"]
        if r["result"] != "proven":
            bad += 1
        print(f"{r['obligation']:{width}s}  {r['engine']:16s}  {r['result']:8s}  "
              f"{r['seconds']:8.2f}  {r['cpu']:8.2f}  {r['load_start']:5.2f}-{r['load_end']:<5.2f}"
              f"{mark}")
    total = sum(r["seconds"] for r in results)
    cpu = sum(r["cpu"] for r in results)
    print("-" * (width + 64))
    print(f"{len(results)} obligations, {len(results) - bad} proven, {bad} not; "
          f"tool time {total:.1f}s (CPU {cpu:.1f}s), wall {wall:.1f}s with {args.jobs} jobs; "
          f"load average {load_start:.2f} -> {load_end:.2f}"
          + (f" with {args.load} CPU-bound process(es) of ours" if args.load else ""))

    for r in results:
        if r["result"] == "proven" and hashes.get(r["obligation"]):
            proven[r["obligation"]] = hashes[r["obligation"]]
        else:
            proven.pop(r["obligation"], None)
    with open(proven_path, "w") as f:
        json.dump(proven, f, indent=1, sort_keys=True)
    suite = {"started": started, "obligations": len(results), "proven": len(results) - bad,
             "wall": round(wall, 1), "tool_seconds": round(total, 1), "cpu": round(cpu, 1),
             "max_seconds": max((r["seconds"] for r in results), default=0.0),
             "max_cpu": max((r["cpu"] for r in results), default=0.0),
             "jobs": args.jobs, "cores": os.cpu_count(), "load_processes": args.load,
             "load_start": round(load_start, 2), "load_end": round(load_end, 2),
             "selection": {"group": args.group, "only": args.only, "exact": args.exact,
                           "changed": args.changed}}
    full = args.group == "all" and not (args.only or args.exact or args.changed or
                                        os.environ.get("PTXALU_FORMAL_ONLY"))
    name = "report-load.json" if args.load else "report.json" if full else "report-partial.json"
    suite["full"] = full
    report = args.report or os.path.join(args.out, name)
    keys = ("obligation", "engine", "result", "seconds", "cpu", "cpu_limit", "load_start",
            "load_end", "note")
    with open(report, "w") as f:
        json.dump({"suite": suite,
                   "obligations": [{k: r[k] for k in keys if k in r} for r in results]},
                  f, indent=1)
        f.write("\n")
    print(f"report: {report}")
    if args.readme:
        write_readme(args.readme, args.out)
    failed = [r for r in results if r["result"] == "failed"]
    if failed or (args.strict and bad):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
