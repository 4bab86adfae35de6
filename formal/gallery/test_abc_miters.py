#!/usr/bin/env python3
"""ctest formal/equiv/abc-miters: ABC on the flow's SAT miters (formal/scripts/equiv_abc.py),
two miters in one work directory as the wide cut per form and ABC per form call it: a small
unit with a control word, equal to ours in form 0 and different in form 1 for one operand pair
only (a = 0x5a, b = 0x3c).

  test_abc_miters.py [--work DIR]
- the miter of form 0: equivalent; then form 1 in the same directory: differ (until 2026-11-28
  the second call re-read the first miter's AIG and said equivalent);
- form 1's witness (ABC's write_cex by the AIG's map): a = 0x5a, b = 0x3c;
- form 0 again: equivalent (no stale witness or AIG).
Exit 0 when all hold, 1 otherwise.
"""
import argparse
import os
import sys

from flow_cases import parse_args, yosys_on

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "scripts"))
from ctrl_fields import PKG  # noqa: E402
from equiv_abc import abc_cec, abc_witness  # noqa: E402
from equiv_build import Flow, write_wrap  # noqa: E402

UNIT = """module equiv_{side} (
  input  logic [1:0] ctrl_i,
  input  logic [7:0] a_i,
  input  logic [7:0] b_i,
  output logic [7:0] y_o
);
  logic [7:0] y;
  assign y = ctrl_i[0] ? a_i + b_i : a_i ^ b_i;
  assign y_o = y ^ {{7'd0, {needle}}};
endmodule
"""
NEEDLES = {"gold": "1'b0", "gate": "ctrl_i[0] && a_i == 8'h5a && b_i == 8'h3c"}
PORTS = {"ctrl_i": ("input", 2), "a_i": ("input", 8), "b_i": ("input", 8),
         "y_o": ("output", 8)}


def main():
    a = parse_args("test-abc-miters-work")  # the flow tests' options (--aig-bin unused)
    for side, needle in NEEDLES.items():
        err = yosys_on(a.work, f"{side}.sv", UNIT.format(side=side, needle=needle),
                       f"proc; write_rtlil {side}.il")
        if err:
            print(f"test_abc_miters: yosys failed: {err}")
            return 1
    flow = Flow(argparse.Namespace(work=a.work, yosys="yosys", timeout=120, pkg=PKG))
    failed = 0
    for form, expected in ((0, "equivalent"), (1, "differ"), (0, "equivalent")):
        verdict = abc_cec(flow, write_wrap(flow, PORTS, False, False, ctrl=form))
        ok = verdict == expected
        witness = abc_witness(flow) if verdict == "differ" else None
        if expected == "differ":
            ok = ok and witness is not None and (witness.get("a_i"), witness.get("b_i")) == (
                0x5a, 0x3c)
        failed += not ok
        shown = {n: hex(v) for n, v in (witness or {}).items()}
        print(f"test_abc_miters: form {form}: ABC {verdict} (expected {expected})"
              f"{f', witness {shown}' if witness else ''}: {'ok' if ok else 'FAILED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
