#!/usr/bin/env python3
"""ctest formal/equiv/form-cone: the wide cut per form's candidate order (equiv_formcut.py,
_order and _cone) on a small GOLD whose result is one of two words equal on the bits it reads:
y_o = ctrl_i[0] ? sat(s) : u[7:0], u = a + b (9 bits, unsigned), s = a + b as signed 9 bits.
u[7:0] and s[7:0] are the same bits, so signatures alone cannot tell which word a form reads.

  test_form_cone.py [--work DIR] [--seed N]
- the form ctrl_i = 0 reads u only: _cone holds u's bits and none of s's, and _order puts the
  candidate (u,) first although FORM_WORDS lists (s,) first (until 2026-11-28 the order was
  by signatures alone: (s,) first, whose rest then fails);
- the form ctrl_i = 1 reads s only (the $mux's select is constant): the reverse;
- a select not constant on the vectors (ctrl_i free): both words in the cone.
Exit 0 when all hold, 1 otherwise.
"""
import argparse
import json
import os
import random
import sys

from flow_cases import parse_args, yosys_on

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "scripts"))
from equiv_formcut import _cone, _order  # noqa: E402

GOLD = """module equiv_gold (
  input  logic [1:0] ctrl_i,
  input  logic [7:0] a_i,
  input  logic [7:0] b_i,
  output logic [7:0] y_o
);
  logic [8:0] u, s;
  assign u = {1'b0, a_i} + {1'b0, b_i};
  assign s = {a_i[7], a_i} + {b_i[7], b_i};
  logic [7:0] clamped;
  always_comb begin
    clamped = s[7:0];
    if (s[8] != s[7]) clamped = s[8] ? 8'h80 : 8'h7f;
  end
  assign y_o = ctrl_i[0] ? clamped : u[7:0];
endmodule
"""
PORTS = {"ctrl_i": ("input", 2), "a_i": ("input", 8), "b_i": ("input", 8),
         "y_o": ("output", 8)}


def main():
    a = parse_args("test-form-cone-work", seed=True)  # the flow tests' options
    err = yosys_on(a.work, "gold.sv", GOLD, "proc; opt -keepdc; write_json gold.json")
    if err:
        print(f"test_form_cone: yosys failed: {err}")
        return 1
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    print(f"test_form_cone: seed {seed} (--seed {seed} repeats it)")
    rng = random.Random(seed)
    flow = argparse.Namespace(work=a.work)
    flow.widecut_vectors = [{"a_i": rng.randrange(256), "b_i": rng.randrange(256)}
                            for _ in range(64)]
    nets = json.load(open(os.path.join(a.work, "gold.json")))["modules"]["equiv_gold"]["netnames"]
    bits = {n: {b for b in nets[n]["bits"] if isinstance(b, int)} for n in ("u", "s")}
    combos = [("s",), ("u",)]
    failed = 0
    for ctrl, reads in ((0, "u"), (1, "s"), (None, "both")):
        vecs = [dict(v, ctrl_i=rng.randrange(4) if ctrl is None else ctrl)
                for v in flow.widecut_vectors]
        cone = _cone(flow, PORTS, vecs)
        inside = {n for n, b in bits.items() if cone and b & cone}
        want = {"u", "s"} if reads == "both" else {reads}
        ok = inside == want
        order = None
        if ctrl is not None:
            order = _order(flow, PORTS, combos, nets, ctrl)
            ok = ok and order[0] == (reads,)
        failed += not ok
        print(f"test_form_cone: ctrl_i = {ctrl if ctrl is not None else 'free'}: words in the "
              f"cone {sorted(inside)} (expected {sorted(want)})"
              f"{f', order {order}' if order else ''}: {'ok' if ok else 'FAILED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
