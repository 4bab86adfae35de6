#!/usr/bin/env python3
"""ctest formal/equiv/pair-parts: the pair AIG written as one AIG per part of its outputs
(equiv_build.pair_script's `parts`, the wide cut per form's one AIG per candidate) from one
mapped netlist. A small pair (a product, a sum, an XOR on each side, GATE's sum off by one when
b_i is 15) with the sum's outputs in part 1 and the others in part 0:

1. each part's AIG lists exactly its part's outputs (a selection that missed would leave
   every output in both);
2. on random inputs (seed printed), every output of each part's AIG computes what the same
   output of the pair's one AIG computes, and what the Verilog says (GATE's planted
   difference included: an AIG that lost it fails).

  test_pair_parts.py [--work DIR] [--seed N]
Exit 0 when all hold, 1 otherwise.
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "scripts"))
from equiv_aigcache import _read_aig, _read_map  # noqa: E402
from equiv_build import pair_script  # noqa: E402
from flow_cases import parse_args  # noqa: E402

SIDES = """module equiv_gold (input logic [3:0] a_i, input logic [3:0] b_i,
  output logic [7:0] x, output logic [4:0] y, output logic [3:0] z);
  assign x = a_i * b_i;
  assign y = a_i + b_i;
  assign z = a_i ^ b_i;
endmodule
module equiv_gate (input logic [3:0] a_i, input logic [3:0] b_i,
  output logic [7:0] x, output logic [4:0] y, output logic [3:0] z);
  assign x = b_i * a_i;
  assign y = b_i + a_i + (b_i == 4'd15);
  assign z = b_i ^ a_i;
endmodule
"""
WIDTH = {"x": 8, "y": 5, "z": 4}
PART = {"x": 0, "y": 1, "z": 0}


def expected(side, name, a, b):
    return {"x": a * b, "y": a + b + (side == "gate" and b == 15), "z": a ^ b}[name]


def pair_sv():
    decl = ["  input logic [3:0] a_i", "  input logic [3:0] b_i"]
    decl += [f"  (* ptxalu_part = {PART[n]} *) output logic [{WIDTH[n] - 1}:0] {t}_{n}"
             for n in WIDTH for t in ("gold", "gate")]
    body = [f"  equiv_{t} u_{t} (.a_i(a_i), .b_i(b_i), " +
            ", ".join(f".{n}({t}_{n})" for n in WIDTH) + ");" for t in ("gold", "gate")]
    return "module equiv_pair (\n" + ",\n".join(decl) + "\n);\n" + "\n".join(body) + \
        "\nendmodule\n"


def evaluate(aig, mapping, a, b):
    """{output name: value} of a combinational AIG at a_i = a, b_i = b."""
    inputs, outs, ands = aig
    val = [0] * (inputs + len(ands) + 1)
    rows = _read_map(mapping)
    for kind, index, bit, name in rows:
        if kind == "input":
            val[index + 1] = ((a if name == "a_i" else b) >> bit) & 1
    for k, (r0, r1) in enumerate(ands):
        val[inputs + 1 + k] = (val[r0 >> 1] ^ (r0 & 1)) & (val[r1 >> 1] ^ (r1 & 1))
    got = {}
    for kind, index, bit, name in rows:
        if kind == "output":
            lit = outs[index]
            got[name] = got.get(name, 0) | (((val[lit >> 1] ^ (lit & 1)) & 1) << bit)
    return got


def main():
    a = parse_args("pair-parts-work", seed=True)
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    print(f"test_pair_parts: seed {seed} (--seed {seed} repeats it)")
    rng = random.Random(seed)
    with open(os.path.join(a.work, "sides.sv"), "w") as f:
        f.write(SIDES)
    with open(os.path.join(a.work, "equiv_pair.sv"), "w") as f:
        f.write(pair_sv())
    read = "read_verilog -sv sides.sv"
    for name, parts in (("whole", None), ("parts", ["part0", "part1"])):
        with open(os.path.join(a.work, f"{name}.ys"), "w") as f:
            f.write(pair_script(False, read, parts) + "\n")
        p = subprocess.run(["yosys", "-q", "-s", f"{name}.ys"], cwd=a.work, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode:
            print(f"test_pair_parts: yosys ({name}) failed: {p.stdout[-800:]}")
            return 1
    ok = True
    aigs = {}
    for stem in ("pair", "part0", "part1"):
        path = os.path.join(a.work, stem)
        aigs[stem] = (_read_aig(path + ".aig"), path + ".map")
        names = {r[3] for r in _read_map(path + ".map") if r[0] == "output"}
        want = {f"{t}_{n}" for n in WIDTH for t in ("gold", "gate")
                if stem == "pair" or PART[n] == int(stem[-1])}
        print(f"test_pair_parts: {stem}.aig outputs {sorted(names)}: "
              f"{'ok' if names == want else 'FAILED, want ' + str(sorted(want))}")
        ok &= names == want
    bad = 0
    for _ in range(200):
        va, vb = rng.randrange(16), rng.choice([15, rng.randrange(16)])
        whole = evaluate(*aigs["pair"], va, vb)
        for stem in ("part0", "part1"):
            for name, v in evaluate(*aigs[stem], va, vb).items():
                t, n = name.split("_", 1)
                want = expected(t, n, va, vb) & ((1 << WIDTH[n]) - 1)
                if v != whole.get(name) or v != want:
                    bad += 1
                    if bad <= 3:
                        print(f"test_pair_parts: a_i={va} b_i={vb}: {stem} {name} = {v}, "
                              f"the pair's AIG {whole.get(name)}, the Verilog {want}")
    print(f"test_pair_parts: 200 vectors, {bad} differences: {'ok' if not bad else 'FAILED'}")
    return 0 if ok and not bad else 1


if __name__ == "__main__":
    sys.exit(main())
