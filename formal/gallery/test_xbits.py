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
import os
import sys

from flow_cases import parse_args, run_case

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
    a = parse_args("x-bits-work")
    gold = os.path.join(a.work, "gold.sv")
    open(gold, "w").write(UNIT.format(expr=GOLD))
    failed = 0
    for name, expr, flags, want_rc, want_text in CASES:
        gate = os.path.join(a.work, f"gate_{name}.sv")
        open(gate, "w").write(UNIT.format(expr=expr))
        flags = ["--word-seconds", "0.5", "--timeout", "60", "--seed", "1",
                 "--work", os.path.join(a.work, name)] + flags
        failed += run_case("test_xbits", f"{name} (seed 1)", a, flags, (gold, gate, "xunit"),
                           want_rc, want_text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
