#!/usr/bin/env python3
"""ctest formal/equiv/abc-unconfirmed: what the flow answers when ABC does not settle the miter,
with a stand-in for yosys-abc first on PATH (WORK/bin/yosys-abc; it runs the real one unless told
otherwise) and test_abcsplit.py's small bitmanip unit, equal on both sides:

- ABC says every miter differs and writes no witness: Yosys sat finds no model, so there is no
  counterexample: UNDECIDED (exit 3), not NOT EQUIVALENT (exit 1 before 2026-11-29);
- ABC gives no answer on OpPopc's miter only (--legal, one miter per op): UNDECIDED, the other
  ops named as proven and OpPopc as not (abc_split's exit-3 path).

  test_unconfirmed.py [--work DIR] [--aig-bin FILE]
Exit 0 when both answer as stated, 1 otherwise.
"""
import os
import shutil
import stat
import sys

from flow_cases import parse_args, run_case
from test_abcsplit import FLAGS, GATE, GOLD, OPS, UNIT, unit_ops_codes

# The stand-in: PTXALU_TEST_ABC=differ prints ABC's words for a difference; =stall:<code> ends
# without an answer on that op's miter (its commands set the op field's inputs, lowest bit
# first: `cof <input> <bit>`, equiv_abc.abc_cec), else runs ABC.
STAND_IN = """#!{python}
import os, re, sys
mode = os.environ.get("PTXALU_TEST_ABC", "")
if mode == "differ":
    print("Networks are NOT EQUIVALENT.")
    sys.exit(0)
bits = re.findall(r"cof \\S+ ([01]);", " ".join(sys.argv[1:]))
if bits and mode == "stall:" + str(sum(int(b) << k for k, b in enumerate(bits))):
    sys.exit(0)
os.execv({real!r}, [{real!r}] + sys.argv[1:])
"""


def main():
    a = parse_args("abc-unconfirmed-work")
    real = shutil.which("yosys-abc")
    if not real:
        print("test_unconfirmed: yosys-abc not found on PATH")
        return 1
    bindir = os.path.join(os.path.abspath(a.work), "bin")
    os.makedirs(bindir, exist_ok=True)
    stand_in = os.path.join(bindir, "yosys-abc")
    with open(stand_in, "w") as f:
        f.write(STAND_IN.format(python=sys.executable, real=real))
    os.chmod(stand_in, os.stat(stand_in).st_mode | stat.S_IXUSR)
    gold = os.path.join(a.work, "gold.sv")
    open(gold, "w").write(UNIT.format(**GOLD))
    gate = os.path.join(a.work, "gate.sv")  # equal to GOLD, written otherwise (b + a)
    open(gate, "w").write(UNIT.format(**GATE))
    popc = unit_ops_codes()["OpPopc"]
    proven = ", ".join(n for n in OPS if n != "OpPopc")
    cases = [("abc-differs-sat-not", [], "differ", ("UNDECIDED", "no counterexample came of it")),
             ("abc-silent-on-popc", ["--legal"], f"stall:{popc}",
              ("UNDECIDED", f"proven {proven}; not proven OpPopc (unknown)"))]
    failed = 0
    for name, flags, mode, want in cases:
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""),
                   PTXALU_TEST_ABC=mode)
        failed += run_case("test_unconfirmed", name, a,
                           FLAGS + flags + ["--work", os.path.join(a.work, name)],
                           (gold, gate, "ptxalu_bitmanip"), 3, want, env=env)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
