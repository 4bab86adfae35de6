#!/usr/bin/env python3
"""ctest formal/equiv/function-cut: the flow's function cut (formal/scripts/equiv_funccut.py)
on a small unit, a saturating 8x8 multiply-add.

  test_funccut.py [--work DIR] [--aig-bin FILE]

GOLD writes the product as `*`; GATE takes it from its own 8x8 array of full adders `arr8`, a
module GOLD does not have:
- ok: EQUIVALENT by the function cut (arr8 proven equal to x_i * y_i alone, then the unit with
  it as `*`), every simulation of the flow off;
- bug_inside: one carry of the array dropped: NOT EQUIVALENT, a counterexample of the whole
  unit from the flow's word-level simulation (arr8 is no product: it is never replaced; with
  the simulation off, ABC finds it in 20 s);
- bug_outside: the clamp at 0xfffe, every simulation off: NOT EQUIVALENT, found on the unit
  with arr8 as `*` and replayed on the original pair.
With the word-level simulation on (so the flow takes GATE's flat netlist later, equiv_elab's
flat_later: its hierarchy has no `*`, GOLD's has one):
- ok_later: EQUIVALENT by the function cut, as ok;
- needle_later: y_o 0 for one input (a_i 0x5a, b_i 0x3c, c_i 0x1234), which the simulation
  misses: NOT EQUIVALENT, found on the unit with arr8 as `*` and replayed on the original pair
  (the flat netlist, finished for it).
Exit 0 when all five answer as stated, 1 otherwise.
"""
import os
import sys

from flow_cases import parse_args, run_case

UNIT = """module mac8 (
  input  logic [7:0]  a_i,
  input  logic [7:0]  b_i,
  input  logic [15:0] c_i,
  output logic [15:0] y_o
);
  logic [15:0] p;
  logic [16:0] s;
{product}
  assign s   = {{1'b0, p}} + {{1'b0, c_i}};
  assign y_o = {needle}s[16] ? 16'h{bound} : s[15:0];
endmodule
"""
ARRAY = """
// Unsigned 8x8 array: one row of full adders per partial product, each row a ripple chain.
module arr8 (
  input  logic [7:0]  x_i,
  input  logic [7:0]  y_i,
  output logic [15:0] p_o
);
  logic [15:0] acc [9];
  assign acc[0] = '0;
  for (genvar i = 0; i < 8; i++) begin : g_row
    logic [15:0] pp;
    logic [16:0] c;
    assign pp   = {8'd0, x_i & {8{y_i[i]}}} << i;
    assign c[0] = 1'b0;
    for (genvar k = 0; k < 16; k++) begin : g_fa
      assign acc[i+1][k] = acc[i][k] ^ pp[k] ^ c[k];
      assign c[k+1] = {drop}(acc[i][k] & pp[k]) | (c[k] & (acc[i][k] ^ pp[k]));
    end
  end
  assign p_o = acc[8];
endmodule
"""
STAR = "  assign p = a_i * b_i;"
INST = "  arr8 u_arr (.x_i(a_i), .y_i(b_i), .p_o(p));"
OFF = ["--word-seconds", "0", "--word-vectors", "0"]
ON = ["--word-seconds", "1"]
PROVEN = "function cut: GATE's arr8 (p_o = x_i(u) * y_i(u)) proven"
LATER = "GATE's flat netlist later"
NEEDLE = "(a_i == 8'h5a && b_i == 8'h3c && c_i == 16'h1234) ? 16'h0 : "
CASES = [("ok", "ffff", "", "", OFF, 0, PROVEN),
         ("bug_inside", "ffff", "(i == 6 && k == 11) ? 1'b0 : ", "", ON, 1,
          "word-level simulation"),
         ("bug_outside", "fffe", "", "", OFF, 1, "function cut, replayed"),
         ("ok_later", "ffff", "", "", ON, 0, (LATER, PROVEN)),
         ("needle_later", "ffff", "", NEEDLE, ON, 1, (LATER, "function cut, replayed"))]


def main():
    a = parse_args("function-cut-work")
    gold = os.path.join(a.work, "gold.sv")
    open(gold, "w").write(UNIT.format(product=STAR, bound="ffff", needle=""))
    failed = 0
    for name, bound, drop, needle, flags, want_rc, want_text in CASES:
        gate = os.path.join(a.work, f"gate_{name}.sv")
        text = UNIT.format(product=INST, bound=bound, needle=needle) + \
            ARRAY.replace("{drop}", drop)
        open(gate, "w").write(text)
        flags = ["--sim-seconds", "0", "--timeout", "100", "--work",
                 os.path.join(a.work, name)] + flags
        failed += run_case("test_funccut", name, a, flags, (gold, gate, "mac8"), want_rc,
                           want_text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
