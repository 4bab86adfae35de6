#!/usr/bin/env python3
"""ctest formal/equiv/fresh-eval: a difference the word-level simulation finds after its first
FIRST_STEPS vectors, while both sides' Yosys processes are in their full step, is confirmed by
`eval` in a new Yosys per side on the sources (equiv_elab.fresh_eval; it waited for the full
step before, ~3 s of bitmanip_indep's bugs). The pair: the gallery's bitmanip_indep with the
planted bug of bitmanip_indep_bug_fns_base (cases.json), found at vector 1,797 of seed 1
(the test requires only past FIRST_STEPS).
It must end NOT EQUIVALENT (exit 1) with both sides' values printed, the confirmation coming
from WORK/gate_fresh_eval.log, and the replay of its cex.txt must show the difference again.

  test_fresh_eval.py [--work DIR] [--aig-bin FILE]
Exit 0 when it does, 1 otherwise.
"""
import json
import os
import re
import subprocess
import sys

from flow_cases import EQUIV, REPO, parse_args, run_case

sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
import equiv_quick  # noqa: E402

GALLERY = os.path.join(REPO, "formal", "gallery")
CASE = "bitmanip_indep_bug_fns_base"


def main():
    a = parse_args("fresh-eval-work")
    case = next(c for c in json.load(open(os.path.join(GALLERY, "cases.json")))["cases"]
                if c["name"] == CASE)
    text = open(os.path.join(GALLERY, case["from"], "ptxalu_bitmanip.sv")).read()
    for _, old, new in case["patch"]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    gate = os.path.join(a.work, "ptxalu_bitmanip.sv")
    open(gate, "w").write(text)
    gold = os.path.join(REPO, "rtl", "ptxalu_bitmanip.sv")
    work = os.path.join(a.work, "bug")
    pair = (gold, gate, "ptxalu_bitmanip")
    p = subprocess.run([EQUIV, "--legal", "--seed", "1", "--work", work] +
                       (["--aig-bin", a.aig_bin] if a.aig_bin else []) + list(pair),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    m = re.search(r"word-level simulation, seed 1, vector (\d+)", p.stdout)
    failed = 0 if (p.returncode == 1 and "result_o     gold 0x" in p.stdout and m and
                   int(m.group(1)) > equiv_quick.FIRST_STEPS) else 1
    print(f"test_fresh_eval: found-late: exit {p.returncode}, "
          f"{m.group(0) if m else 'not by the word-level simulation'} (must be past vector "
          f"{equiv_quick.FIRST_STEPS}), {'ok' if not failed else 'FAILED'}")
    if failed:
        print(p.stdout[-2000:])
    log = os.path.join(work, "gate_fresh_eval.log")
    if not (os.path.exists(log) and "Eval result" in open(log).read()):
        print(f"test_fresh_eval: {log} holds no eval result: not confirmed by fresh_eval")
        failed += 1
    failed += run_case("test_fresh_eval", "replayed", a,
                       ["--legal", "--work", work + "-replay", "--replay",
                        os.path.join(work, "cex.txt")], pair, 1, "NOT EQUIVALENT")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
