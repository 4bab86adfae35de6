#!/usr/bin/env python3
"""ctest formal/equiv/state-cells: the flow's one "has state" predicate
(equiv_pipeline.is_state, used by --pipeline, the cut at a shared submodule and the function
cut) on the cells Yosys makes of a latch, a memory, flip-flops with and without resets and
enables, at word level (after proc) and at gate level (after techmap), and on a combinational
module with an 'x (its $anyseq is a free value, not state).

  test_state_cells.py --work DIR
Exit 0 when every stateful module has a cell the predicate calls state and the combinational one
has none, 1 otherwise.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "scripts"))
from equiv_pipeline import is_state  # noqa: E402

SOURCE = """
module st_latch (input logic en_i, input logic [3:0] d_i, output logic [3:0] q_o);
  always_latch if (en_i) q_o = d_i;
endmodule
module st_memory (input logic clk_i, input logic we_i, input logic [1:0] addr_i,
                  input logic [3:0] d_i, output logic [3:0] q_o);
  logic [3:0] mem_q [4];
  always_ff @(posedge clk_i) if (we_i) mem_q[addr_i] <= d_i;
  assign q_o = mem_q[addr_i];
endmodule
module st_async (input logic clk_i, input logic rst_ni, input logic [3:0] d_i,
                 output logic [3:0] q_o);
  always_ff @(posedge clk_i or negedge rst_ni) if (!rst_ni) q_o <= '0; else q_o <= d_i;
endmodule
module st_sync_en (input logic clk_i, input logic rst_i, input logic en_i,
                   input logic [3:0] d_i, output logic [3:0] q_o);
  always_ff @(posedge clk_i) if (rst_i) q_o <= '0; else if (en_i) q_o <= d_i;
endmodule
module comb_x (input logic s_i, input logic [3:0] a_i, output logic [3:0] y_o);
  assign y_o = s_i ? a_i + 4'd1 : 4'bx;
endmodule
"""
STATEFUL = ("st_latch", "st_memory", "st_async", "st_sync_en")
SCRIPTS = {"word level": "proc; setundef -anyseq; opt; memory_collect",
           "gate level": "proc; setundef -anyseq; opt; memory_map; opt; techmap; opt"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    src = os.path.join(a.work, "state_cells.sv")
    open(src, "w").write(SOURCE)
    failed = 0
    for level, script in SCRIPTS.items():
        out = os.path.join(a.work, f"{level.split()[0]}.json")
        p = subprocess.run(["yosys", "-q", "-p", f"read_verilog -sv {src}; {script}; "
                            f"write_json {out}"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if p.returncode:
            print(f"test_state_cells: yosys failed: {p.stdout[-500:]}")
            return 1
        for name, mod in sorted(json.load(open(out))["modules"].items()):
            types = sorted({c["type"] for c in mod["cells"].values()})
            state = [t for t in types if is_state(t)]
            ok = bool(state) == (name in STATEFUL)
            failed += not ok
            print(f"test_state_cells: {level}: {name}: state cells {state or 'none'} of "
                  f"{types}: {'ok' if ok else 'FAILED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
