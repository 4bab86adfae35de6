#!/usr/bin/env python3
"""ctest formal/equiv/verilator: --verilator replays a counterexample on Verilator's builds of
both sides (scripts/equiv_vlt.py).

  test_verilator.py [--work DIR] [--aig-bin FILE]

- A real bug (the gallery's dot_bug_dp2a_sign14: dot_ext9 with dp2a's signs from bits 14/30):
  Verilator's builds differ too, exit 1, "the counterexample stands".
- A misread: dot_ext9 with its dp2a test in a function reading a struct argument's member,
  which Yosys 0.23 reads as undefined bits (refused as bad input since helper-93's trial; the
  test's hook PTXALU_EQUIV_TAKE_MISREAD=1 lets it through): Yosys' reading gives a
  counterexample, Verilator's builds give equal outputs on it: exit 3, "misreads a source".
- A counter with a planted step (the seq_smoke fixture, --seq 6): Verilator's builds, clocked
  one line per cycle, differ at the cycle the counterexample names.
Exit 0 when all three hold, 1 otherwise.
"""
import os
import sys

import run_gallery
from flow_cases import REPO, parse_args, run_case

GALLERY = os.path.join(REPO, "formal", "gallery")
DOT = os.path.join(GALLERY, "dot_ext9", "ptxalu_dot.sv")
GOLD = os.path.join(REPO, "rtl", "ptxalu_dot.sv")
MISREAD = ("  assign dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;",
           "  function automatic logic is_dp2a(input ptxalu_pkg::ctrl_t c);\n"
           "    unique case (c.op)\n      ptxalu_pkg::OpDp2a: is_dp2a = 1;\n"
           "      default: is_dp2a = 0;\n    endcase\n  endfunction\n"
           "  assign dp2a = is_dp2a(ctrl_i);")


def edited(work, name, source, edits):
    """WORK/name/<source's file name>: `source` with each (old, new) replaced once (each must
    be there)."""
    text = open(source).read()
    for old, new in edits:
        if text.count(old) != 1:
            sys.exit(f"test_verilator: {source} no longer holds {old!r} once")
        text = text.replace(old, new)
    os.makedirs(os.path.join(work, name), exist_ok=True)
    path = os.path.join(work, name, os.path.basename(source))
    open(path, "w").write(text)
    return path


def main():
    a = parse_args("verilator-work")
    work = os.path.abspath(a.work)
    cases = run_gallery.load()
    bug = run_gallery.build_gate(cases, cases["dot_bug_dp2a_sign14"], os.path.join(work, "bug"))
    misread = edited(work, "misread", DOT, [MISREAD])
    seq = os.path.join(GALLERY, "seq_smoke")
    counter = edited(work, "seq", os.path.join(seq, "gate.sv"), [("q_q - 4'd15", "q_q + 4'd2")])
    flags = ["--verilator", "--legal", "--sim-seconds", "0"]
    failed = run_case("test_verilator", "real bug", a,
                      flags + ["--work", os.path.join(work, "w_bug")], (GOLD, bug, "ptxalu_dot"),
                      1, "Verilator's builds differ too (result_o gold")
    failed += run_case("test_verilator", "Yosys misread", a,
                       flags + ["--work", os.path.join(work, "w_misread")],
                       (GOLD, misread, "ptxalu_dot"), 3,
                       ("NOT EQUIVALENT", "UNDECIDED", "misreads a source"),
                       env=dict(os.environ, PTXALU_EQUIV_TAKE_MISREAD="1"))
    failed += run_case("test_verilator", "counter", a,
                       ["--verilator", "--seq", "6", "--work", os.path.join(work, "w_seq")],
                       (os.path.join(seq, "gold.sv"), counter, "seq_count"), 1,
                       "Verilator's builds differ too at cycle 2 (q_o gold 0x1 gate 0x2)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
