#!/usr/bin/env python3
"""Run formal/equiv.sh on the gallery's alternative implementations (cases.json) and compare
each verdict with the expected one (formal/gallery/README.md).

  run_gallery.py --case NAME [--work DIR]    one case; exit 0 iff its verdict is the expected one
  run_gallery.py --all --out DIR [--md FILE] every case: DIR/equiv_report.json (and the
                                             table in FILE); exit 1 if a verdict
                                             contradicts its expectation
      [--resume] [--budget S] [--cases A,B]  reuse each case's result in DIR whose inputs
                                             are unchanged; start no case after S seconds
                                             (the rest: "not run"); only these cases
  run_gallery.py --check-patches             build every case's GATE (no proof): each patch's
                                             old text occurs once and differs from its new
                                             text; exit 2 naming the first that does not

A case's GATE is built in its work directory from `gate` (files or directories of the gallery,
or rtl/ files, copied; an entry [SCRIPT, FILE, ARGS...] runs the gallery's Python SCRIPT with
ARGS and writes its output to FILE: a generated netlist) with the `patch` edits of the case it derives from (`from`) and its own
applied in order, each [file, old text, new text] with the old text occurring exactly once.

Verdicts against expectations: a planted bug must end NOT EQUIVALENT; a correct implementation
must never get a counterexample. A correct one that the flow leaves undecided (exit 3) is
reported as "not yet proven" and does not fail the run: the flow never claims an equivalence it
has not proven, and the table says which ones it cannot prove yet.

Resumable per case, like the FPGA report: each case writes DIR/equiv/NAME/result.json with a
digest of its inputs (the case's entry and its built GATE, our rtl/, formal/equiv.sh and
formal/scripts/, the ISA table sim/isa/, the engine binary, Yosys' version, the time limit);
--resume reuses a result whose digest matches, so a change to any of them reruns the case.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

GALLERY = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(GALLERY))
VERDICT = {0: "equivalent", 1: "counterexample", 2: "error", 3: "undecided"}
# What every case's verdict depends on besides its own files and the engine binary.
FLOW_INPUTS = ("rtl", "formal/equiv.sh", "formal/scripts", "sim/isa")


def fail(message):
    print(f"run_gallery: error: {message}", file=sys.stderr)
    sys.exit(2)


def load():
    try:
        cases = json.load(open(os.path.join(GALLERY, "cases.json")))["cases"]
    except (OSError, ValueError, KeyError) as e:
        fail(f"cases.json: {e}")
    return {c["name"]: c for c in cases}


def sources(cases, case):
    """(gate sources, patches) of a case, those of the case it derives from first."""
    if "from" in case:
        if case["from"] not in cases:
            fail(f"{case['name']}: derives from unknown case {case['from']}")
        gate, patches = sources(cases, cases[case["from"]])
    else:
        gate, patches = case.get("gate", [case["name"]]), []
    return gate, patches + case.get("patch", [])


def build_gate(cases, case, work):
    """The case's GATE directory, patched."""
    gate_dir = os.path.join(work, "gate")
    shutil.rmtree(gate_dir, ignore_errors=True)
    os.makedirs(gate_dir)
    gate, patches = sources(cases, case)
    for src in gate:
        if isinstance(src, list):  # [generator script, output file, arguments...]
            script, name, *args = src
            with open(os.path.join(gate_dir, name), "w") as out:
                p = subprocess.run([sys.executable, os.path.join(GALLERY, script)] + args,
                                   stdout=out, stderr=subprocess.PIPE, text=True)
            if p.returncode:
                fail(f"{case['name']}: {script} failed: {p.stderr.strip()[-200:]}")
            continue
        path = os.path.join(REPO if src.startswith(("rtl/", "formal/spec/")) else GALLERY, src)
        files = ([os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith(".sv")]
                 if os.path.isdir(path) else [path])
        for f in files:
            if not os.path.isfile(f):
                fail(f"{case['name']}: no file {f}")
            shutil.copy(f, gate_dir)
    for name, old, new in patches:
        path = os.path.join(gate_dir, name)
        text = open(path).read() if os.path.isfile(path) else ""
        if text.count(old) != 1:
            fail(f"{case['name']}: patch text occurs {text.count(old)} times in {name}: {old!r}")
        if old == new:
            fail(f"{case['name']}: patch on {name} changes nothing: {old!r}")
        open(path, "w").write(text.replace(old, new))
    return gate_dir


def _hash_tree(h, path, name):
    """Names (relative to `name`) and bytes of a file or of every file under a directory."""
    if os.path.isfile(path):
        h.update(name.encode() + b"\0" + open(path, "rb").read() + b"\0")
        return
    for root, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if not f.endswith(".pyc"):
                _hash_tree(h, os.path.join(root, f), os.path.join(name, os.path.relpath(
                    os.path.join(root, f), path)))


def flow_digest(aig_bin, timeout):
    h = hashlib.sha256()
    for rel in FLOW_INPUTS:
        _hash_tree(h, os.path.join(REPO, rel), rel)
    if aig_bin and os.path.isfile(aig_bin):
        _hash_tree(h, aig_bin, "ptxalu-aig")
    try:
        version = subprocess.run(["yosys", "-V"], stdout=subprocess.PIPE, text=True).stdout
    except OSError:
        version = "no yosys"
    h.update(f"{version}\0timeout {timeout}".encode())
    return h.hexdigest()


def case_digest(flow, case, gate_dir):
    """The digest a case's result is reused under: the flow's, the case's entry, its GATE."""
    h = hashlib.sha256(flow.encode() + json.dumps(case, sort_keys=True).encode())
    _hash_tree(h, gate_dir, "gate")
    return h.hexdigest()


def run(cases, case, work, aig_bin, timeout):
    os.makedirs(work, exist_ok=True)
    gate = build_gate(cases, case, work)
    cmd = [os.path.join(REPO, "formal", "equiv.sh"), "--work", os.path.join(work, "equiv"),
           "--timeout", str(timeout)] + case.get("flags", [])
    cmd += ["--aig-bin", aig_bin] if aig_bin else []
    cmd += [",".join(os.path.join(REPO, g) for g in case["gold"]), gate, case["unit"]]
    start = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    secs = time.monotonic() - start
    with open(os.path.join(work, "equiv.out"), "w") as f:  # what the flow printed
        f.write(" ".join(cmd) + "\n" + p.stdout)
    return VERDICT.get(p.returncode, "error"), secs, p.stdout


def cpu_seconds(out):
    """The CPU seconds the flow printed with its verdict (its own and its tools'), or None:
    on a shared machine the figure to compare, the wall time depends on the load."""
    m = re.search(r"; ([0-9.]+) s CPU$", out, re.M)
    return float(m.group(1)) if m else None


def status(case, verdict):
    """'as expected', 'not yet proven' (a correct case left undecided) or 'UNEXPECTED'."""
    if verdict == case["expected"]:
        return "as expected"
    if case["expected"] == "equivalent" and verdict == "undecided":
        return "not yet proven"
    return "UNEXPECTED"


def table(report):
    dates, loads = report["dates"], report["loads"]
    not_run = sum(r["status"] == "not run" for r in report["cases"])
    head = (f"Measured {' to '.join(dates) if dates else '(nothing run)'} on {report['cpus']} "
            f"CPUs, 1-minute load {'-'.join(map(str, loads)) if loads else '-'} as each case "
            f"started; time limit {report['timeout']} s per case; command: "
            f"`{report['command']}`" + (f"; {not_run} cases not run yet (the run's budget: "
                                        "`--resume` continues it)" if not_run else "") +
            ".\n\n")
    rows = ["| case | unit | architecture or planted bug | expected | verdict | status | wall s "
            "| CPU s |", "|---|---|---|---|---|---|---:|---:|"]
    for r in report["cases"]:
        arch = r["architecture"].replace("|", "\\|")
        rows.append(f"| {r['case']} | {r['unit']} | {arch} | {r['expected']} | "
                    f"{r['verdict']} | {r['status']} | {'-' if r['seconds'] is None else r['seconds']} | "
                    f"{'-' if r.get('cpu_seconds') is None else r['cpu_seconds']} |")
    return head + "\n".join(rows) + "\n"


def write_md(path, report):
    with open(path, "w") as f:
        f.write("# Equivalence gallery: measured verdicts\n\nGenerated by "
                "`cmake --build build --target formal-equiv` (formal/gallery/"
                "run_gallery.py); do not edit. Cases: formal/gallery/cases.json.\n\n")
        f.write(table(report))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--quick", action="store_true", help="with --all: the ctest cases only")
    ap.add_argument("--out", default="gallery-work")
    ap.add_argument("--md", dest="table_file", help="with --all: also write the table here")
    ap.add_argument("--work")
    ap.add_argument("--aig-bin")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--check-patches", action="store_true")
    ap.add_argument("--resume", action="store_true",
                    help="with --all: reuse the results in --out whose inputs are unchanged")
    ap.add_argument("--budget", type=float,
                    help="with --all: start no case after this many seconds")
    ap.add_argument("--cases", help="with --all: only these cases (comma-separated)")
    try:
        a = ap.parse_args()
    except SystemExit as e:
        sys.exit(2 if e.code else 0)
    cases = load()
    if a.check_patches:
        # The slow cases run only in the formal-equiv report, so a code move in rtl/ could
        # leave their patches stale unnoticed; building every GATE is quick.
        with tempfile.TemporaryDirectory() as work:
            for case in cases.values():
                build_gate(cases, case, work)
        count = sum(len(sources(cases, c)[1]) for c in cases.values())
        print(f"run_gallery: {len(cases)} cases built, their {count} patches apply")
        return 0
    if a.case:
        if a.case not in cases:
            fail(f"no case {a.case}")
        case = cases[a.case]
        verdict, secs, out = run(cases, case, a.work or os.path.join(a.out, a.case), a.aig_bin,
                                 a.timeout)
        print(out)
        print(f"run_gallery: {a.case}: {verdict} in {secs:.1f} s (expected {case['expected']})")
        return 0 if verdict == case["expected"] else 1
    if not a.all:
        fail("--case NAME or --all")
    chosen = a.cases.split(",") if a.cases else None
    for name in chosen or []:
        if name not in cases:
            fail(f"--cases: no case {name}")
    os.makedirs(a.out, exist_ok=True)
    report = {"cpus": os.cpu_count(), "timeout": a.timeout,
              "command": "run_gallery.py --all" + (" --quick" if a.quick else "") +
                         f" --timeout {a.timeout}", "cases": []}
    flow = flow_digest(a.aig_bin, a.timeout)
    start, bad = time.monotonic(), 0
    for case in cases.values():
        if (a.quick and not case.get("quick")) or (chosen and case["name"] not in chosen):
            continue
        row = {"case": case["name"], "unit": case["unit"], "architecture": case["architecture"],
               "expected": case["expected"]}
        work = os.path.join(a.out, "equiv", case["name"])
        os.makedirs(work, exist_ok=True)
        digest = case_digest(flow, case, build_gate(cases, case, work))
        result = os.path.join(work, "result.json")
        try:
            kept = json.load(open(result)) if a.resume else None
        except (OSError, ValueError):
            kept = None
        if kept and kept.get("digest") == digest:
            row, how = kept, "reused"
        elif a.budget is not None and time.monotonic() - start > a.budget:
            row.update(verdict="not run", status="not run", seconds=None, cpu_seconds=None)
            how = "budget spent"
        else:
            load_now = round(os.getloadavg()[0], 2)
            date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
            verdict, secs, out = run(cases, case, work, a.aig_bin, a.timeout)
            row.update(verdict=verdict, status=status(case, verdict), seconds=round(secs, 1),
                       cpu_seconds=cpu_seconds(out), date=date, load=load_now, digest=digest)
            tmp = result + ".tmp"
            json.dump(row, open(tmp, "w"), indent=1)
            os.replace(tmp, result)
            how = ""
            if row["status"] == "UNEXPECTED":
                print(out)
        bad += row["status"] == "UNEXPECTED"
        report["cases"].append(row)
        secs = "-" if row["seconds"] is None else f"{row['seconds']:7.1f} s"
        print(f"{case['name']:<30} {row['verdict']:<15} {secs}  {row['status']}"
              f"{'  (' + how + ')' if how else ''}", flush=True)
    dates = sorted(r["date"] for r in report["cases"] if r.get("date"))
    loads = [r["load"] for r in report["cases"] if r.get("load") is not None]
    report["dates"] = [dates[0], dates[-1]] if dates else []
    report["loads"] = [min(loads), max(loads)] if loads else []
    json.dump(report, open(os.path.join(a.out, "equiv_report.json"), "w"), indent=1)
    if a.table_file:
        write_md(a.table_file, report)
    met = sum(r["status"] == "as expected" for r in report["cases"])
    print(f"run_gallery: {met}/{len(report['cases'])} as expected, "
          f"{sum(r['status'] == 'not yet proven' for r in report['cases'])} not yet proven, "
          f"{sum(r['status'] == 'not run' for r in report['cases'])} not run, "
          f"{bad} unexpected; {os.path.join(a.out, 'equiv_report.json')}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
