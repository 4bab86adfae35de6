#!/usr/bin/env python3
"""ctest formal/equiv/product-cut: the flow's cut points at the products
(formal/scripts/equiv_prodcut.py) on a small unit, a clamped signed 8x8 product.

  test_prodcut.py [--work DIR] [--aig-bin FILE]

- GATE with the product written at 32 bits of sign-extended operands (the same exact shape
  after wreduce) and its own clamp: EQUIVALENT by the product cut;
- GATE with the operands swapped (b * a): EQUIVALENT by the product cut, operands swapped;
- GATE clamping at 1001 instead of 1000, with every simulation off so that the proof step must
  find it: NOT EQUIVALENT (the cut miter differs, no verdict is taken from it, Yosys sat on the
  whole miter gives the counterexample).
- a unit whose only `*` is a constant times a variable (a 3-bit field picked at 3 * k, as
  helper-93's integer unit indexed its tables): no product, ABC proves it (it went to the
  algebraic engine before, which took the whole time limit on that unit).
Exit 0 when all four answer as stated, 1 otherwise.
"""
import os
import sys

from flow_cases import parse_args, run_case

UNIT = """module clamp_mul (
  input  logic [7:0]  a_i,
  input  logic [7:0]  b_i,
  output logic [15:0] y_o
);
{body}
endmodule
"""
GOLD = """  logic signed [15:0] p;
  assign p   = $signed(a_i) * $signed(b_i);
  assign y_o = (p > 16'sd1000) ? 16'd1000 : p;"""
GATE = """  logic signed [31:0] q;
  assign q   = $signed({{{{24{{{x}[7]}}}}, {x}}}) * $signed({{{{24{{{y}[7]}}}}, {y}}});
  assign y_o = (!q[31] && q[30:0] > 31'd{bound}) ? 16'd{bound} : q[15:0];"""
CASES = [("ok", dict(x="a_i", y="b_i", bound=1000), 0, "cut at the 1 product(s)"),
         ("swapped", dict(x="b_i", y="a_i", bound=1000), 0, "equal (swapped)"),
         ("bug", dict(x="a_i", y="b_i", bound=1001), 1,
          "Yosys sat after the product-cut miter differed")]

FIELD = """module field3 (
  input  logic [11:0] a_i,
  input  logic [1:0]  k_i,
  output logic [2:0]  y_o
);
{body}
endmodule
"""
FIELD_CASE = """  always_comb begin
    unique case (k_i)
      2'd0: y_o = a_i[2:0];
      2'd1: y_o = a_i[5:3];
      2'd2: y_o = a_i[8:6];
      default: y_o = a_i[11:9];
    endcase
  end"""
FIELD_MUL = "  assign y_o = a_i[k_i * 4'd3 +: 3];"


def main():
    a = parse_args("product-cut-work")
    gold = os.path.join(a.work, "gold.sv")
    open(gold, "w").write(UNIT.format(body=GOLD))
    failed = 0
    for name, fields, want_rc, want_text in CASES:
        gate = os.path.join(a.work, f"gate_{name}.sv")
        open(gate, "w").write(UNIT.format(body=GATE.format(**fields)))
        flags = ["--word-seconds", "0", "--word-vectors", "0", "--sim-seconds", "0",
                 "--timeout", "60", "--work", os.path.join(a.work, name)]
        failed += run_case("test_prodcut", name, a, flags, (gold, gate, "clamp_mul"), want_rc,
                           want_text)
    for side, body in (("gold", FIELD_CASE), ("gate", FIELD_MUL)):
        open(os.path.join(a.work, f"field_{side}.sv"), "w").write(FIELD.format(body=body))
    failed += run_case("test_prodcut", "constant times a variable", a,
                       ["--timeout", "60", "--work", os.path.join(a.work, "field")],
                       tuple(os.path.join(a.work, f"field_{s}.sv") for s in ("gold", "gate"))
                       + ("field3",), 0, "EQUIVALENT: field3", absent=("products of",))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
