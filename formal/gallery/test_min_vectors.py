#!/usr/bin/env python3
"""ctest formal/equiv/min-vectors: the word-level simulation's minimum vector count.

The pre-pass has a wall-clock budget (--word-seconds), which buys fewer vectors on a loaded
machine; its first --word-vectors vectors (4096 by default) run whatever the budget. The gallery
case mult_bug_sat_bound (mad.hi.sat.s32 clamps to 0x7ffffffe) first differs at vector 4059 of
seed 1 (seeds 2-8: 89-1633; 2046 before each own control word's first time ran with the hot
ones, when seeds 4, 6 found it at 6501 and 4481, past the minimum; 2032 before equiv_edges.py's
edge operands and bound sweeps, 2031 before each own op's first word ran with the hot ones, 1807
before equiv_quick.py's leading-one variants of hot words, 2760 before the light netlists of
equiv_elab.py order the words by their ops' compares before opt: 2026-11-27), so with the budget
set to 1 ms it must still end NOT EQUIVALENT in the word-level simulation; with --word-vectors 0
and the same budget it must not (the simulation stops before that vector), which shows the test
can fail.
Then dot_fn_bug_b_lanes_swapped (dp4a's b bytes swapped; both units compare the op with OpDp2a
only) must be found within the minimum too: before equiv_quick.Quick._later every dp2a word's
variants ran first and it first differed at vector 10297. And vmad_clamp_bug_sat_low (the low
.sat clamp compares with -2^31 - 1, so a * b + c = -2^31 - 1 exactly wraps): at vector 35412
before the edge operands and bound sweeps of equiv_edges.py, 2318 with them (seed 1).

  test_min_vectors.py --work DIR [--aig-bin ptxalu-aig]
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_gallery  # noqa: E402

CASE = "mult_bug_sat_bound"
SEED = 1


def check(case, gate, work, aig_bin, vectors, timeout):
    cmd = [os.path.join(run_gallery.REPO, "formal", "equiv.sh"), "--work", work,
           "--timeout", str(timeout), "--word-seconds", "0.001", "--sim-seconds", "0",
           "--engine", "sat", "--seed", str(SEED)]
    cmd += ["--word-vectors", str(vectors)] if vectors is not None else []
    cmd += case.get("flags", []) + (["--aig-bin", aig_bin] if aig_bin else [])
    cmd += [",".join(os.path.join(run_gallery.REPO, g) for g in case["gold"]), gate, case["unit"]]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=300)
    found = re.search(r"NOT EQUIVALENT: \S+ \(word-level simulation, seed \d+, vector (\d+)",
                      p.stdout)
    return p, found


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", required=True)
    ap.add_argument("--aig-bin")
    a = ap.parse_args()
    print(f"seed {SEED}, case {CASE}")
    cases = run_gallery.load()
    gate = run_gallery.build_gate(cases, cases[CASE], a.work)
    p, found = check(cases[CASE], gate, os.path.join(a.work, "default"), a.aig_bin, None, 60)
    if p.returncode != 1 or not found:
        print(p.stdout[-3000:])
        sys.exit(f"FAIL: with a 1 ms budget the default minimum did not find {CASE} "
                 f"(exit {p.returncode})")
    print(f"ok: found at vector {found.group(1)} with a 1 ms budget")
    # a 5 s limit: the SAT step after the simulation ends undecided at once
    p, found = check(cases[CASE], gate, os.path.join(a.work, "none"), a.aig_bin, 0, 5)
    if found:
        sys.exit(f"FAIL: --word-vectors 0 with a 1 ms budget still reached vector "
                 f"{found.group(1)}: the test cannot tell the minimum from the budget")
    print("ok: without the minimum (--word-vectors 0) the 1 ms budget does not reach it")
    for name, why in (("dot_fn_bug_b_lanes_swapped", "the op its unit does not compare with "
                       "ran after the hot op's words"),
                      ("vmad_clamp_bug_sat_low", "no edge operand or bound sweep reached a * b "
                       "+ c = -2^31 - 1")):
        other = cases[name]
        gate = run_gallery.build_gate(cases, other, os.path.join(a.work, name))
        p, found = check(other, gate, os.path.join(a.work, name, "work"), a.aig_bin, None, 60)
        if p.returncode != 1 or not found:
            print(p.stdout[-3000:])
            sys.exit(f"FAIL: {name} not found within the minimum (exit {p.returncode}): {why}")
        print(f"ok: {name} found at vector {found.group(1)} with a 1 ms budget")


if __name__ == "__main__":
    main()
