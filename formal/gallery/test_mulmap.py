#!/usr/bin/env python3
"""ctest formal/equiv/mulmap: equiv_mulmap.py (the pair AIG's products as gates) against Yosys'
own `$mul` on random small products, proven by Yosys `sat` on their miter: operands of 1-7 bits,
signed or not, as Yosys extends them (copies of a sign bit, constant bits, one bit used twice),
results narrower and wider than the operands. Also: its bad input is one line and exit 2.

  test_mulmap.py --work DIR [--seed N] [--count N]
Exit 0 when every mapped module is equivalent to its original and no $mul is left, 1 otherwise.
"""
import argparse
import os
import random
import subprocess
import sys

MULMAP = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts",
                      "equiv_mulmap.py")


def operand(rng, name):
    """(a Verilog expression over input `name` [7:0], its width)."""
    kind = rng.choice(("slice", "sext", "zext", "const_bits", "repeat"))
    m = rng.randint(1, 6)
    if kind == "slice":
        return f"{name}[{m}:0]", m + 1
    if kind == "sext":
        k = rng.randint(1, 4)
        return f"{{{{{k}{{{name}[{m}]}}}}, {name}[{m}:0]}}", m + 1 + k
    if kind == "zext":
        k = rng.randint(1, 3)
        return f"{{{k}'b0, {name}[{m}:0]}}", m + 1 + k
    if kind == "const_bits":
        return f"{{{name}[{m}], 1'b1, {name}[1], 1'b0}}", 4
    return f"{{{name}[{m}], {name}[{m}], {name}[0], {name}[{m}]}}", 4


def source(rng, count):
    lines, outs = [], []
    for i in range(count):
        (ea, wa), (eb, wb) = operand(rng, "a_i"), operand(rng, "b_i")
        wy = rng.randint(1, wa + wb + 2)
        sa = rng.random() < 0.6
        cast = (lambda e: f"$signed({e})") if sa else (lambda e: e)
        outs.append(f"output logic [{wy - 1}:0] y{i}")
        lines.append(f"  assign y{i} = {cast(ea)} * {cast(eb)};")
    return ("module prod (input logic [7:0] a_i, input logic [7:0] b_i,\n  "
            + ",\n  ".join(outs) + ");\n" + "\n".join(lines) + "\nendmodule\n")


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", required=True)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--count", type=int, default=40)
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    print(f"test_mulmap: seed {seed} (--seed {seed} repeats it)")
    rng = random.Random(seed)
    os.makedirs(a.work, exist_ok=True)
    with open(os.path.join(a.work, "prod.sv"), "w") as f:
        f.write(source(rng, a.count))
    p = run(["yosys", "-q", "-p", "read_verilog -sv prod.sv; hierarchy -top prod; proc; "
             "opt_clean; write_rtlil prod.il"], a.work)
    if p.returncode:
        print(f"test_mulmap: yosys failed: {p.stdout[-500:]}")
        return 1
    muls = open(os.path.join(a.work, "prod.il")).read().count("cell $mul ")
    p = run([sys.executable, MULMAP, "prod.il", "mapped.il"], a.work)
    if p.returncode:
        print(f"test_mulmap: equiv_mulmap.py failed: {p.stdout.strip()}")
        return 1
    mapped = open(os.path.join(a.work, "mapped.il")).read()
    with open(os.path.join(a.work, "mapped.il"), "w") as f:
        f.write(mapped.replace("module \\prod\n", "module \\mapped\n"))
    left = mapped.count("cell $mul ")
    print(f"test_mulmap: {muls} $mul cells, {left} left after the map")
    p = run(["yosys", "-p", "read_rtlil prod.il; read_rtlil mapped.il; "
             "miter -equiv -flatten -make_assert prod mapped miter; hierarchy -top miter; "
             "sat -verify -prove-asserts -show-ports miter"], a.work)
    proven = p.returncode == 0 and "SUCCESS!" in p.stdout
    print(f"test_mulmap: the map against Yosys' $mul: {'proven' if proven else 'FAILED'}")
    if not proven:
        print(p.stdout[-3000:])
    bad = os.path.join(a.work, "bad.il")
    with open(bad, "w") as f:
        f.write("module \\m\n  wire width 4 \\y\n  cell $mul $m\n    parameter \\A_WIDTH 4\n"
                "    connect \\A \\nowhere\n  end\nend\n")
    p = subprocess.run([sys.executable, MULMAP, bad, os.path.join(a.work, "bad_out.il")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    err = p.stderr.strip().splitlines()
    bad_ok = p.returncode == 2 and len(err) == 1 and "Traceback" not in p.stderr
    print(f"test_mulmap: bad input: exit {p.returncode}, {err}: {'ok' if bad_ok else 'FAILED'}")
    return 0 if proven and muls == a.count and left == 0 and bad_ok else 1


if __name__ == "__main__":
    sys.exit(main())
