#!/usr/bin/env python3
"""ctest formal/equiv/x-bits: an 'x or 'z in GATE means "any value" (formal/README.md, "Check
your own unit"), on a small unit with our control word (y = a + b).

  test_xbits.py [--work DIR] [--aig-bin FILE]

- x on a reachable path (`.sat` words): NOT EQUIVALENT by the word-level simulation, the
  printout saying which value the x bits were taken as;
- the same with 'z: likewise;
- x only under an op code no legal word has, with --legal: EQUIVALENT (proven with the x a free
  value: Yosys setundef -anyseq, then ABC);
- the same without --legal: NOT EQUIVALENT (so the case above is not vacuous);
- x ANDed with a condition that never holds (op 63 with op[0] clear): EQUIVALENT.
Exit 0 when all answer as stated, 1 otherwise.
"""
import argparse
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EQUIV = os.path.join(REPO, "formal", "equiv.sh")

UNIT = """module xunit (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [7:0]        a_i,
  input  logic [7:0]        b_i,
  output logic [7:0]        y_o
);
  assign y_o = {expr};
endmodule
"""
GOLD = "a_i + b_i"
CX = "word-level simulation, GATE's 'x/'z bits taken as"
# name: (GATE's expression, extra flags, exit status, text the output must hold)
CASES = [
    ("x-reachable", "ctrl_i.sat ? 8'bx : a_i + b_i", [], 1, CX),
    ("z-reachable", "ctrl_i.sat ? 8'bz : a_i + b_i", [], 1, CX),
    ("x-illegal-only", "ctrl_i.op == 6'd63 ? 8'bx : a_i + b_i", ["--legal"], 0, "EQUIVALENT"),
    ("x-illegal-unconstrained", "ctrl_i.op == 6'd63 ? 8'bx : a_i + b_i", [], 1,
     "NOT EQUIVALENT"),
    ("x-masked", "(a_i + b_i) | (8'bx & {8{ctrl_i.op == 6'd63 && !ctrl_i.op[0]}})", [], 0,
     "EQUIVALENT"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default="x-bits-work")
    ap.add_argument("--aig-bin")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    gold = os.path.join(a.work, "gold.sv")
    open(gold, "w").write(UNIT.format(expr=GOLD))
    failed = 0
    for name, expr, flags, want_rc, want_text in CASES:
        gate = os.path.join(a.work, f"gate_{name}.sv")
        open(gate, "w").write(UNIT.format(expr=expr))
        cmd = [EQUIV, "--word-seconds", "0.5", "--timeout", "60", "--seed", "1",
               "--work", os.path.join(a.work, name)] + flags
        cmd += ["--aig-bin", a.aig_bin] if a.aig_bin else []
        p = subprocess.run(cmd + [gold, gate, "xunit"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        ok = p.returncode == want_rc and want_text in p.stdout
        print(f"test_xbits: {name} (seed 1): exit {p.returncode}, "
              f"{'ok' if ok else f'FAILED (want exit {want_rc} and {want_text!r})'}")
        if not ok:
            print(p.stdout[-2000:])
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
