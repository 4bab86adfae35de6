#!/usr/bin/env python3
"""The equivalence flow's word-level simulator (formal/scripts/equiv_wordsim.py) against Yosys'
own evaluator (`eval`), on random inputs (seed printed; PTXALU_SEED sets it) for the cell
fixtures wordsim_cells/ (every cell kind; a 4096-bit net of one-bit cells, which a flat chain of
ORs overflowed Python's compiler on; a small array of explicit full adders; `case` tables, which
the flow keeps as multiplexers, `proc -norom`; 'x and 'z constants, simulated with those bits
0 and 1 against Yosys after `setundef -zero` / `-one`), our SIMD lane (a table too) and three of the
gallery's units elaborated as the flow does, each as the full netlist and as the light one it
simulates first (equiv_elab.py), each evaluated vector by vector and bit-parallel
(equiv_packsim.py: every vector at once, one Python integer per net bit).

  test_wordsim.py --work DIR [--vectors N]     ctest formal/equiv/wordsim-vs-yosys
"""
import argparse
import os
import random
import re
import subprocess
import sys

GALLERY = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(GALLERY))
sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
import equiv_elab  # noqa: E402
import equiv_packsim  # noqa: E402
import ptxalu_equiv  # noqa: E402
from equiv_wordsim import WordSim  # noqa: E402

DESIGNS = [("wordsim_cells", [os.path.join(GALLERY, "wordsim_cells", "wordsim_cells.sv")]),
           ("wordsim_wide", [os.path.join(GALLERY, "wordsim_cells", "wordsim_wide.sv")]),
           ("wordsim_bitlevel", [os.path.join(GALLERY, "wordsim_cells", "wordsim_bitlevel.sv")]),
           ("wordsim_rom", [os.path.join(GALLERY, "wordsim_cells", "wordsim_rom.sv")]),
           ("wordsim_xfill", [os.path.join(GALLERY, "wordsim_cells", "wordsim_xfill.sv")]),
           ("ptxalu_simd_lane", [os.path.join(REPO, "rtl", "ptxalu_simd_lane.sv")]),
           ("ptxalu_dot", [os.path.join(GALLERY, "dot_csa", "ptxalu_dot.sv")]),
           ("ptxalu_vmad", [os.path.join(GALLERY, "vmad_literal", "ptxalu_vmad.sv")]),
           ("ptxalu_intalu", [os.path.join(REPO, "rtl", f) for f in ("ptxalu_intalu.sv",
                                                                      "ptxalu_en_reg.sv")])]


class Args:
    def __init__(self, work):
        self.work, self.timeout, self.yosys = work, 300, "yosys"
        self.pkg = os.path.join(REPO, "rtl", "ptxalu_pkg.sv")


def yosys_eval(work, ins, outs, vectors, before):
    """[(output, value or x/z string)] per vector and output: Yosys `eval` of WORK/gold.il
    after the commands `before`; None (printed why) when Yosys fails."""
    script = f"read_rtlil gold.il; {before}" + "; ".join(
        "eval " + " ".join(f"-set {n} {w}'h{v[n]:x}" for n, w in ins) + " " +
        " ".join(f"-show {o}" for o in outs) for v in vectors)
    open(os.path.join(work, "eval.ys"), "w").write(script.replace("; ", "\n") + "\n")
    p = subprocess.run(["yosys", "-q", "-l", "eval.log", "-s", "eval.ys"], cwd=work,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode:
        print(f"yosys eval failed ({work}): {p.stdout[-500:]}")
        return None
    results = []
    for line in open(os.path.join(work, "eval.log")):
        m = re.match(r"\s*Eval result: \\(\w+) = (?:(\d+)'([01xz]+)|(-?\d+))\.", line)
        if m:
            results.append((m.group(1), m.group(3) if m.group(3) is not None
                            else int(m.group(4))))
    if len(results) != len(vectors) * len(outs):
        print(f"{work}: {len(results)} eval results for {len(vectors)} vectors")
        return None
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default="wordsim-work")
    ap.add_argument("--vectors", type=int, default=150)
    a = ap.parse_args()
    seed = int(os.environ.get("PTXALU_SEED", random.randrange(1 << 32)))
    print(f"test_wordsim: seed {seed} (PTXALU_SEED={seed} reproduces)")
    rng = random.Random(seed)
    bad = 0
    for top, files in DESIGNS:
        flow = ptxalu_equiv.Flow(Args(os.path.join(os.path.abspath(a.work), top)))
        read = f"read_verilog -sv {flow.a.pkg} " + " ".join(files)
        ports, _ = equiv_elab.elaborate(flow, top, read, top, "gold")
        # The full netlist, and the light one the flow simulates first (equiv_elab.py).
        sims = [WordSim(os.path.join(flow.work, "gold.json"), "equiv_gold"),
                WordSim(os.path.join(flow.work, "gold_light.json"), top)]
        if any(sim.unsupported for sim in sims):
            print(f"{top}: unsupported cell {[sim.unsupported for sim in sims]}")
            bad += 1
            continue
        ins = [(n, w) for n, (d, w) in ports.items() if d == "input"]
        outs = [n for n, (d, _) in ports.items() if d == "output"]
        vectors = []
        for _ in range(a.vectors):
            v = {}
            for n, w in ins:
                x = rng.getrandbits(w)
                v[n] = rng.choice([x, x, 0, (1 << w) - 1, 1 << (w - 1), x & 0xff])
            vectors.append(v)
        # Each netlist per vector (eval) and bit-parallel (equiv_packsim, forced here: the flow
        # takes it only for large bit-level netlists), against Yosys' eval of the full one. A
        # netlist with x or z constants: the full one with those bits 0, then 1, against Yosys
        # with them set so (the light netlist's x bits may sit elsewhere: not compared).
        fills = ((0, "-zero"), (1, "-one")) if sims[0].has_x else ((0, None),)
        runs = []  # (netlist, what, outputs per vector, Yosys' results)
        for fill, setundef in fills:
            results = yosys_eval(flow.work, ins, outs, vectors,
                                 f"setundef {setundef}; " if setundef else "")
            if results is None:
                return 1
            what = f", fill {fill} (setundef {setundef})" if setundef else ""
            runs += [(sim, what + how, outs_of, results)
                     for sim in (sims[:1] if setundef else sims) for how, outs_of in (
                         ("", [sim.eval(v, fill) for v in vectors]),
                         (", packed", equiv_packsim.compile_packed(sim)(vectors, fill)))]
        checked = 0
        for (k, v), (sim, how, outs_of, results) in ((kv, r) for kv in enumerate(vectors)
                                                      for r in runs):
            mine = outs_of[k]
            for j, o in enumerate(outs):
                name, val = results[k * len(outs) + j]
                if isinstance(val, str):
                    if set(val) - {"0", "1"}:
                        continue  # x from Yosys (an out-of-range $shiftx): not compared
                    val = int(val, 2)
                val %= 1 << ports[o][1]
                checked += 1
                if mine[o] != val:
                    bad += 1
                    print(f"{top}: {o} differs for {v}: wordsim {mine[o]:#x}, yosys {val:#x} "
                          f"({'light' if sim is sims[1] else 'full'} netlist{how})")
        print(f"{top}: {len(sims[0].cells)} cells ({len(sims[1].cells)} light), {checked} "
              "output words compared")
    print(f"test_wordsim: {'ok' if not bad else f'{bad} mismatches'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
