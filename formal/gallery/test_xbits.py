#!/usr/bin/env python3
"""ctest formal/equiv/x-bits: an 'x or 'z in GATE means "any value" (formal/README.md, "Check
your own unit"), on a small unit with our control word (y = a + b).

  test_xbits.py [--work DIR] [--aig-bin FILE]

- x on a reachable path (`.sat` words): NOT EQUIVALENT by the word-level simulation, the
  printout saying which value the x bits were taken as;
- the same with 'z: likewise;
- x only under an op code no legal word has (the highest code ptxalu_pkg::op_e does not name,
  read by scripts/ctrl_fields.py), with --legal: EQUIVALENT (proven with the x a free value:
  Yosys setundef -anyseq, then ABC);
- the same without --legal: NOT EQUIVALENT (so the case above is not vacuous);
- x ANDed with a condition that never holds (that op code with its bit 0 flipped): EQUIVALENT;
- an x bit XORed into bit 0 on `.sat` words: the simulation finds it with the x bits 1, and the
  replay of its file (gate_x_all=1) reproduces it;
- an x bit XORed into the sum under one word in 2^28: the simulation misses it, SAT finds it
  with the x bit 1 (at 0 the outputs are equal), and the counterexample names it as input
  gate_x0 = 0x1 with the cell that reads it (formal/scripts/equiv_xfree.py); its replay file
  sets gate_x0 and reproduces the difference;
- the same rare word flipping bit 0 with an x that cannot reach the output (ANDed with a
  condition that never holds, which Yosys keeps): SAT's counterexample is printed without the x
  bit, which all 0 and all 1 leave unchanged (it listed gate_x0 before 2026-11-29), and its
  replay reproduces it;
- a wire nothing drives ('z, any value): on `.sat` words found by the simulation, under the
  rare word by SAT with the wire's bit named as gate_x0 (before 2026-11-29 the simulation read
  0 where Yosys' eval read x, no difference was confirmed, and a SAT witness did not replay);
  ANDed with a condition that never holds: EQUIVALENT;
- a `unique case` no item of which matches `.sat` = 0 (the value assigned before it meant):
  NOT EQUIVALENT, its outputs any value there as Yosys reads it (full_case), with a note naming
  the case's line;
- a variable part-select (sum2[{ctrl_i.sat, 3'b000} +: 8]) always in range: EQUIVALENT; one
  that reads past its data under that rare word: NOT EQUIVALENT by SAT, the x bits named as a
  part-select read out of range (formal/scripts/equiv_shiftx.v; the flow stopped with a
  tool error before); out of range only under an illegal op, with --legal: EQUIVALENT;
- GOLD's part-select out of range (`.sat` words) reads 0: EQUIVALENT to a GATE giving 0 there,
  NOT EQUIVALENT to one giving 1;
- GOLD's own 'x reads 0 in every step: under the rare word, EQUIVALENT to a GATE giving 0 there
  (ABC; it ended NOT EQUIVALENT with no counterexample), NOT EQUIVALENT by SAT to one giving the
  sum, printed as gold 0x00 (exit 2 before); on `.sat` words, found by the simulation and
  confirmed by Yosys' `eval` with GOLD's x 0.
Exit 0 when all answer as stated, 1 otherwise.
"""
import os
import sys

from flow_cases import REPO, parse_args, run_case

sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
import ctrl_fields  # noqa: E402

UNIT = """module xunit (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [7:0]        a_i,
  input  logic [7:0]        b_i,
  output logic [7:0]        y_o
);
  logic [15:0] sum2;  // the sum twice: a variable part-select's data
  logic [7:0] nodrive;  // never assigned: 'z
  assign sum2 = {{2{{a_i + b_i}}}};
{body}
endmodule
"""
GOLD = "a_i + b_i"
CX = "word-level simulation, GATE's 'x/'z bits taken as"
ENUMS, FIELDS = ctrl_fields.load_pkg()
OP_WIDTH = next(w for name, w, _ in FIELDS if name == "op")
NO_OP = max(set(range(1 << OP_WIDTH)) - set(ENUMS["op_e"]))  # an op no legal word has
NOT_OP = f"ctrl_i.op == {OP_WIDTH}'d{NO_OP}"
NEVER = f"{NOT_OP} && ctrl_i.op[0] == 1'b{1 - NO_OP % 2}"
# one word in 2^28 (the simulation does not meet it; SAT does), the x bit XORed into bit 0
RARE = "a_i == 8'h5a && b_i == 8'hc3 && ctrl_i.asel == 12'ha5c"
XSAT = "gate_x0    = 0x1  ('x/'z of GATE, 1 bit, read by the $mux at gate_x-sat-only.sv"
XREPLAY = "gate_x0    = 0x1  ('x/'z of GATE"
XUNREAD = ("free 'x/'z signal(s) do not change it", "y_o          gold 0x1d  gate 0x1c")
XRANGE = "('x/'z of GATE, 8 bits, a variable part-select read out of range, in gate_part-select"
# a unique case without an item for .sat = 0, the value before it meant: Yosys reads it as
# full_case, the output any value there (helper-93's v18), said in a note naming its line
UNIQUE = """  always_comb begin
    y_o = a_i + b_i;
    unique case (ctrl_i.sat)
      1'b1: y_o = a_i + b_i;
    endcase
  end"""
# name: (GATE's expression, extra flags, exit status, text the output must hold)
CASES = [
    ("x-reachable", "ctrl_i.sat ? 8'bx : a_i + b_i", [], 1, CX),
    ("z-reachable", "ctrl_i.sat ? 8'bz : a_i + b_i", [], 1, CX),
    ("x-illegal-only", f"{NOT_OP} ? 8'bx : a_i + b_i", ["--legal"], 0, "EQUIVALENT"),
    ("x-illegal-unconstrained", f"{NOT_OP} ? 8'bx : a_i + b_i", [], 1, "NOT EQUIVALENT"),
    ("x-masked", f"(a_i + b_i) | (8'bx & {{8{{{NEVER}}}}})", [], 0, "EQUIVALENT"),
    ("x-fill-one", "(a_i + b_i) ^ {7'd0, ctrl_i.sat ? 1'bx : 1'b0}", [], 1, CX + " 1"),
    ("x-fill-one", None, ["--replay", "x-fill-one/cex.txt"], 1, XREPLAY),
    ("x-sat-only", f"(a_i + b_i) ^ {{7'd0, {RARE} ? 1'bx : 1'b0}}", [], 1, XSAT),
    ("x-sat-only", None, ["--replay", "x-sat-only/cex.txt"], 1, XREPLAY),
    ("x-unread-sat-only", f"(a_i + b_i) ^ {{7'd0, {RARE}}} ^ ({{8{{{NEVER}}}}} & 8'bx)", [], 1,
     XUNREAD),
    ("x-unread-sat-only", None, ["--replay", "x-unread-sat-only/cex.txt"], 1, "gate 0x1c"),
    ("undriven-reachable", "ctrl_i.sat ? nodrive : a_i + b_i", [], 1, CX),
    ("undriven-sat-only", f"(a_i + b_i) ^ {{7'd0, {RARE} & nodrive[0]}}", [], 1,
     "gate_x0    = 0x01  ('x/'z of GATE, 8 bits, read by"),
    ("undriven-sat-only", None, ["--replay", "undriven-sat-only/cex.txt"], 1, "gate 0x1c"),
    ("undriven-masked", f"(a_i + b_i) | (nodrive & {{8{{{NEVER}}}}})", [], 0, "EQUIVALENT"),
    ("unique-case-nomatch", UNIQUE, [], 1, ("a `unique`/`priority case` that no item matches",
                                             "gate_unique-case-nomatch.sv:")),
    ("part-select-in-range", "sum2[{ctrl_i.sat, 3'b000} +: 8]", [], 0, "EQUIVALENT"),
    ("part-select-out-of-range", f"sum2[{{{RARE}, 4'b0000}} +: 8]", [], 1, XRANGE),
    ("part-select-out-of-range", None, ["--replay", "part-select-out-of-range/cex.txt"], 1,
     XRANGE),
    ("part-select-illegal-only", f"sum2[{{{NOT_OP}, 4'b0000}} +: 8]", ["--legal"], 0,
     "EQUIVALENT"),
]
# GOLD's variable part-select out of range under `.sat` words
GOLD_RANGE = "sum2[{ctrl_i.sat, 4'b0000} +: 8]"
GOLD_RANGE_CASES = [
    ("gold-part-select-zero", "ctrl_i.sat ? 8'd0 : a_i + b_i", [], 0, "EQUIVALENT"),
    ("gold-part-select-one", "ctrl_i.sat ? 8'd1 : a_i + b_i", [], 1, "NOT EQUIVALENT"),
]

# GOLD's 'x under the rare word (only SAT reaches it), and on `.sat` words (the simulation does)
GOLD_X = f"{RARE} ? 8'bx : ctrl_i.sat ? 8'bx : a_i + b_i"
GOLD_X_CASES = [
    ("gold-x-zero", f"{RARE} ? 8'd0 : ctrl_i.sat ? 8'd0 : a_i + b_i", [], 0, "EQUIVALENT"),
    ("gold-x-sat-only", "ctrl_i.sat ? 8'd0 : a_i + b_i", [], 1, "y_o          gold 0x00  gate 0x1d"),
    ("gold-x-simulated", f"{RARE} ? 8'd0 : a_i + b_i", [], 1, "word-level simulation, seed 1"),
]


def main():
    a = parse_args("x-bits-work")
    failed = 0
    for k, (gold_expr, cases) in enumerate(((GOLD, CASES), (GOLD_RANGE, GOLD_RANGE_CASES),
                                            (GOLD_X, GOLD_X_CASES))):
        gold = os.path.join(a.work, f"gold{k}.sv")
        open(gold, "w").write(UNIT.format(body=f"  assign y_o = {gold_expr};"))
        for name, expr, flags, want_rc, want_text in cases:
            gate = os.path.join(a.work, f"gate_{name}.sv")
            if expr:  # else: the case before's pair, replaying its counterexample
                open(gate, "w").write(UNIT.format(body=expr if "\n" in expr else
                                                  f"  assign y_o = {expr};"))
            flags = ["--word-seconds", "0.5", "--timeout", "60", "--seed", "1",
                     "--work", os.path.join(a.work, name + "-replay" * (not expr))] + \
                [os.path.join(a.work, f) if f.endswith("cex.txt") else f for f in flags]
            failed += run_case("test_xbits", f"{name}{', replayed' * (not expr)} (seed 1)", a,
                               flags, (gold, gate, "xunit"), want_rc, want_text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
