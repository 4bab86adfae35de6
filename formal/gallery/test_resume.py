#!/usr/bin/env python3
"""ctest formal/equiv/gallery-resume: run_gallery.py --all is resumable per case.

  test_resume.py [--work DIR] [--aig-bin FILE]

With --budget 0 no case starts (both rows "not run", the table says so); --resume then runs
them and writes each result.json; a second --resume reuses both (no flow run); a result whose
digest no longer matches its inputs (here: its digest edited) is run again. Two quick planted
bugs of dot (about a second each). Exit 0 when every step holds, 1 otherwise.
"""
import json
import os
import shutil
import subprocess
import sys

from flow_cases import REPO, parse_args

CASES = "dot_bug_c_sub,dot_bug_b_zero_extended"


def gallery(a, out, *flags):
    cmd = [sys.executable, os.path.join(REPO, "formal", "gallery", "run_gallery.py"), "--all",
           "--cases", CASES, "--out", out, "--md", os.path.join(out, "table.txt")] + list(flags)
    cmd += ["--aig-bin", a.aig_bin] if a.aig_bin else []
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


def main():
    a = parse_args("gallery-resume-work")
    out = os.path.join(a.work, "out")
    shutil.rmtree(out, ignore_errors=True)
    steps = []
    rc, text = gallery(a, out, "--budget", "0")
    table = open(os.path.join(out, "table.txt")).read()
    steps.append(("budget 0: nothing run", rc == 0 and text.count("(budget spent)") == 2 and
                  "2 cases not run yet" in table))
    rc, text = gallery(a, out, "--resume")
    steps.append(("--resume runs both", rc == 0 and "2/2 as expected" in text and
                  "reused" not in text))
    rc, text = gallery(a, out, "--resume")
    steps.append(("--resume again reuses both", rc == 0 and text.count("(reused)") == 2))
    result = os.path.join(out, "equiv", "dot_bug_c_sub", "result.json")
    row = json.load(open(result))
    row["digest"] = "0" * 64
    json.dump(row, open(result, "w"))
    rc, text = gallery(a, out, "--resume")
    steps.append(("a changed digest reruns that case", rc == 0 and text.count("(reused)") == 1
                  and "dot_bug_c_sub" in text and "2/2 as expected" in text))
    failed = [name for name, ok in steps if not ok]
    for name, ok in steps:
        print(f"test_resume: {name}: {'ok' if ok else 'FAILED'}")
    if failed:
        print(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
