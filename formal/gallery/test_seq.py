#!/usr/bin/env python3
"""formal/equiv.sh --seq N keeps working (issue 13 item 4): for the fixture seq_smoke/ (a counter
against one stepping by -15) the answer is EQUIVALENT (exit 0); with a step of 2 planted it is a
counterexample (exit 1) with WORK/cex.vcd, and --replay of WORK/cex.txt shows it again. A GATE
whose 'x bit (XORed into bit 0 when the count is 5) differs only when taken as 1, which only
k-induction finds (at 8 steps: the count reaches 5 at the sixth): the counterexample names gate_x0 with its value in each cycle, and its replay
shows it again (before 2026-11-28: Yosys' log, and a replay that could not set the x bit). A
GATE differing only at count 12, with --seq 4: UNDECIDED (exit 3; before 2026-11-29 NOT
EQUIVALENT with Yosys' log and no trace).

  test_seq.py --work DIR      ctest formal/equiv/seq
"""
import argparse
import os
import shutil
import subprocess
import sys

GALLERY = os.path.dirname(os.path.abspath(__file__))
EQUIV = os.path.join(os.path.dirname(GALLERY), "equiv.sh")
FIX = os.path.join(GALLERY, "seq_smoke")
BUG = ("q_q - 4'd15", "q_q + 4'd2")
DEEP = "assign q_o = q_q ^ {3'b000, q_q == 4'd12};"
XBIT = ("assign q_o = q_q;", "assign q_o = q_q ^ {3'b000, 1'bx & (q_q == 4'd5)};")


def equiv(args):
    p = subprocess.run([EQUIV] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "(no output)")
    return p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default="seq-work")
    ap.add_argument("--aig-bin")
    a = ap.parse_args()
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    extra = ["--aig-bin", a.aig_bin] if a.aig_bin else []
    gold = os.path.join(FIX, "gold.sv")
    text = open(os.path.join(FIX, "gate.sv")).read()
    assert text.count(BUG[0]) == 1 and text.count(XBIT[0]) == 1
    bug = os.path.join(work, "gate_bug.sv")
    open(bug, "w").write(text.replace(*BUG))
    ok = equiv(["--seq", "4", "--work", os.path.join(work, "eq")] + extra +
               [gold, os.path.join(FIX, "gate.sv"), "seq_count"]) == 0
    ok &= equiv(["--seq", "4", "--work", os.path.join(work, "bug")] + extra +
                [gold, bug, "seq_count"]) == 1
    ok &= os.path.exists(os.path.join(work, "bug", "cex.vcd"))
    ok &= equiv(["--seq", "4", "--work", os.path.join(work, "bug"), "--replay",
                 os.path.join(work, "bug", "cex.txt")] + extra + [gold, bug, "seq_count"]) == 1
    xgate = os.path.join(work, "gate_x.sv")
    open(xgate, "w").write(text.replace(XBIT[0], XBIT[1]))
    p = subprocess.run([EQUIV, "--seq", "8", "--work", os.path.join(work, "x")] + extra +
                       [gold, xgate, "seq_count"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    print(p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "(no output)")
    ok &= p.returncode == 1 and "gate_x0    = 0x1" in p.stdout
    ok &= equiv(["--seq", "8", "--work", os.path.join(work, "x"), "--replay",
                 os.path.join(work, "x", "cex.txt")] + extra + [gold, xgate, "seq_count"]) == 1
    # Differs only at count 12, past --seq 4: no difference in 4 cycles from reset, and the
    # induction step fails (from count 8). Neither a proof nor a counterexample: UNDECIDED.
    deep = os.path.join(work, "gate_deep.sv")
    open(deep, "w").write(text.replace(XBIT[0], DEEP))
    ok &= equiv(["--seq", "4", "--work", os.path.join(work, "deep")] + extra +
                [gold, deep, "seq_count"]) == 3
    print(f"test_seq: {'ok' if ok else 'FAILED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
