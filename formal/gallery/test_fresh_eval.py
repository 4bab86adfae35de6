#!/usr/bin/env python3
"""ctest formal/equiv/fresh-eval: a difference the word-level simulation finds after its first
FIRST_STEPS vectors, while both sides' Yosys processes are in their full step, is confirmed by
`eval` in a new Yosys per side on the sources (equiv_elab.fresh_eval; it waited for the full
step before, ~3 s of bitmanip_indep's bugs). The pair: the gallery's bitmanip_indep with the
planted bug of bitmanip_indep_bug_fns_base (cases.json), found at vector 1,797 of seed 1.
It must end NOT EQUIVALENT (exit 1) with both sides' values printed, the confirmation coming
from WORK/gate_fresh_eval.log, and the replay of its cex.txt must show the difference again.

  test_fresh_eval.py [--work DIR] [--aig-bin FILE]
Exit 0 when it does, 1 otherwise.
"""
import json
import os
import sys

from flow_cases import REPO, parse_args, run_case

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
    failed = run_case("test_fresh_eval", "found-late", a,
                      ["--legal", "--seed", "1", "--work", work], pair, 1,
                      ("NOT EQUIVALENT", "vector 1797", "result_o     gold 0x"))
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
