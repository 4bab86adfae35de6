#!/usr/bin/env python3
"""ctest formal/equiv/abc-split: with --legal, ABC's miter one op at a time (the op field a
constant in each; scripts/equiv_abc.py abc_split), on a small unit named ptxalu_bitmanip (so
the flow takes bitmanip's ops from sim/isa/instructions.json), simulation off and the whole
miter skipped (--abc-split-after 0, the default since 2026-11-29). First, equiv_abc's names of
the op field's AIG inputs (pi<k>, zero-padded) against ABC's own at six sizes:

- GATE equal to GOLD on every op: EQUIVALENT, every one of the unit's ops named as proven;
- GATE wrong on the last op only (szext): NOT EQUIVALENT on that op's miter, the witness a
  word of that op (decoded op=OpSzext);
- GATE wrong only under an op of another unit (add, no legal bitmanip word): EQUIVALENT (the
  ops' miters keep the legal-word assumptions), and NOT EQUIVALENT without --legal (so the
  case above is not vacuous).

  test_abcsplit.py [--work DIR] [--aig-bin FILE]
Exit 0 when all answer as stated, 1 otherwise.
"""
import os
import re
import subprocess
import sys

from flow_cases import REPO, parse_args, run_case

sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
import equiv_abc  # noqa: E402
import equiv_build  # noqa: E402

UNIT = """module ptxalu_bitmanip #(
  parameter int unsigned Stages = 0
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  output logic [63:0]       result_o
);
  logic [6:0] ones;
  always_comb begin
    {popc}
    unique case (ctrl_i.op)
      ptxalu_pkg::OpPopc:  result_o = {{57'd0, ones}};
      ptxalu_pkg::OpSzext: result_o = {szext};
      ptxalu_pkg::OpAdd:   result_o = {add};
      default:             result_o = a_i ^ (b_i + c_i);
    endcase
  end
endmodule
"""
GOLD = dict(popc="ones = 7'($countones(a_i));", szext="a_i & b_i", add="a_i + b_i")
GATE = dict(GOLD, add="b_i + a_i")
FLAGS = ["--engine", "abc", "--word-seconds", "0", "--sim-seconds", "0", "--abc-split-after", "0",
         "--timeout", "100"]


def unit_ops_codes():
    """{op name: code} of the bitmanip unit's ops (sim/isa/instructions.json, the package)."""
    pkg = os.path.join(REPO, "rtl", "ptxalu_pkg.sv")
    return dict(equiv_build.unit_ops("ptxalu_bitmanip", pkg))


OPS = list(unit_ops_codes())
# name: (GATE's parts, extra flags, exit status, texts the output must hold)
CASES = [
    ("equal", GATE, ["--legal"], 0, ("one miter per op (" + ", ".join(OPS) + ")",)),
    ("szext-wrong", dict(GATE, szext="a_i | b_i"), ["--legal"], 1,
     ("ABC &cec on OpSzext's miter", "op=OpSzext")),
    ("add-wrong-illegal", dict(GATE, add="a_i - b_i"), ["--legal"], 0, ("one miter per op",)),
    ("add-wrong-unconstrained", dict(GATE, add="a_i - b_i"), [], 1, ("NOT EQUIVALENT",)),
]


def input_names_agree(work):
    """equiv_abc.abc_input_names against ABC's own names of an AIGER file's inputs (print_io),
    at the sizes where the padding of pi<k> changes: a wrong name would cofactor another input."""
    class Flow:  # what abc_input_names reads of a flow
        pass
    flow = Flow()
    flow.work = os.path.join(work, "names")
    os.makedirs(flow.work, exist_ok=True)
    for count in (10, 11, 100, 101, 1000, 1001):
        with open(os.path.join(flow.work, "equiv.aig"), "w") as f:
            f.write(f"aig {count} {count} 0 1 0\n2\n")
        with open(os.path.join(flow.work, "equiv.map"), "w") as f:
            f.writelines(f"input {k} {k} x\n" for k in range(count))
        p = subprocess.run(["yosys-abc", "-c", "read_aiger equiv.aig; print_io"], cwd=flow.work,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        abc = dict(re.findall(r"(\d+)=(pi\d+)", p.stdout.split("Primary outputs")[0]))
        ours = equiv_abc.abc_input_names(flow, "x")
        if len(abc) != count or any(abc[str(k)] != ours[k] for k in range(count)):
            print(f"test_abcsplit: ABC's input names differ from abc_input_names at {count}")
            return False
    return True


def main():
    a = parse_args("abc-split-work")
    if not input_names_agree(a.work):
        return 1
    gold = os.path.join(a.work, "gold.sv")
    open(gold, "w").write(UNIT.format(**GOLD))
    failed = 0 if len(OPS) > 1 else 1
    for name, parts, flags, want_rc, want_text in CASES:
        gate = os.path.join(a.work, f"gate_{name}.sv")
        open(gate, "w").write(UNIT.format(**parts))
        failed += run_case("test_abcsplit", name, a,
                           FLAGS + flags + ["--work", os.path.join(a.work, name)],
                           (gold, gate, "ptxalu_bitmanip"), want_rc, want_text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
