#!/usr/bin/env python3
"""Check two implementations of a ptxalu unit for equivalence (simulation, algebra, SAT).

  ptxalu_equiv.py [options] GOLD GATE TOP      your version against ours (or any two)
  ptxalu_equiv.py [options] --synth ice40 GOLD TOP     RTL against its own iCE40 netlist
  ptxalu_equiv.py [options] --synth xilinx GOLD TOP    ... against its xc7 netlist

GOLD/GATE: a .sv/.v file, a directory (every *.sv in it), or a comma-separated list of files.
rtl/ptxalu_pkg.sv is read first unless --pkg names another. TOP: the module to compare (the
same name on both sides; any helper modules may differ between them). GATE may not be one of
our own rtl/ files (compare a copy).

Both sides get the same inputs; every output must be equal for every input (combinational) or
in every cycle from reset (sequential, --seq N: N steps of BMC, then k-induction). With
--legal, only control words that are legal (formal/spec/spec_decode.sv) are compared: what a
unit does with an illegal word is outside its contract.

Order of work (formal/README.md "Check your own unit"):
  1. random simulation of both sides (legal control words from the legal-forms table and the
     random legal generator, corner operands) with build/ptxalu-aig: most bugs end here;
  2. combinational units with products: the algebraic engine (ptxalu-aig prove), form by form;
  3. SAT: ABC &cec (combinational) or Yosys sat k-induction (--seq).

Exit status 0: equivalent; 1: a counterexample (printed, written as a replay file and, with
--seq, a VCD); 2: usage, tool or input error (one line); 3: undecided (what was and was not
proven is printed).
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

FORMAL_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_DIR = os.path.dirname(FORMAL_DIR)
sys.path.insert(0, os.path.join(FORMAL_DIR, "scripts"))
from equiv_files import (cell_models, emit_eqy, emit_sby, fail, print_cex,  # noqa: E402
                         replay_file, vcd_inputs)
import equiv_quick  # noqa: E402

RIPPLE_MAP = os.path.join(FORMAL_DIR, "algebra", "ripple_lcu.v")
SPEC_DECODE = os.path.join(FORMAL_DIR, "spec", "spec_decode.sv")


def files_of(spec, side):
    out = []
    for part in spec.split(","):
        part = os.path.abspath(part)
        if os.path.isdir(part):
            found = sorted(f for f in glob.glob(os.path.join(part, "*.sv"))
                           if not f.endswith("_pkg.sv"))
            if not found:
                fail(f"{side}: directory {part} has no .sv files")
            out += found
        elif os.path.isfile(part):
            out.append(part)
        else:
            fail(f"{side}: no such file or directory: {part}")
    return out


def find_engine(explicit):
    """build/ptxalu-aig (the simulation and algebraic engines), or None."""
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    if os.environ.get("PTXALU_AIG"):
        return os.environ["PTXALU_AIG"]
    on_path = shutil.which("ptxalu-aig")
    if on_path:
        return on_path
    found = [p for p in glob.glob(os.path.join(REPO_DIR, "build*", "ptxalu-aig"))
             if os.access(p, os.X_OK)]
    return max(found, key=os.path.getmtime) if found else None


class Flow:
    def __init__(self, a):
        self.a = a
        self.work = os.path.abspath(a.work)
        self.start = time.monotonic()
        os.makedirs(self.work, exist_ok=True)

    def left(self):
        return max(1.0, self.a.timeout - (time.monotonic() - self.start))

    def yosys(self, script, log, timeout=None):
        """Returns (returncode, output); None on timeout."""
        try:
            p = subprocess.run([self.a.yosys, "-q", "-l", log, "-p", script], cwd=self.work,
                               timeout=timeout or self.left(), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
        except subprocess.TimeoutExpired:
            return None
        return p.returncode, p.stdout

    def engine(self, args, timeout=None):
        try:
            p = subprocess.run([self.a.engine_bin] + args, cwd=self.work,
                               timeout=timeout or self.left(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        except subprocess.TimeoutExpired:
            return None, None
        if p.returncode == 2:
            err = p.stderr.strip().splitlines()
            fail(f"ptxalu-aig: {err[-1] if err else 'failed'}")
        try:
            return p.returncode, json.loads(p.stdout) if p.stdout.strip() else None
        except ValueError:
            fail(f"ptxalu-aig {args[0]} gave no readable answer (exit {p.returncode})")


def first_error(text):
    for line in text.splitlines():
        if "ERROR" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "unknown error"


def elaborate(flow, side, read, top, tag):
    # prep without wreduce: a product narrowed to its exact width and sign-extended again
    # is much harder for the algebraic engine than the same product at its declared width.
    r = flow.yosys(read + f"; hierarchy -check -top {top}; proc; flatten; opt_expr; "
                   "opt_clean; check; opt -noff -keepdc; memory_collect; opt_clean; "
                   f"rename {top} equiv_{tag}; write_rtlil {tag}.il; write_json {tag}.json",
                   f"{tag}.log")
    if r is None:
        fail(f"{side}: elaboration timed out")
    rc, out = r
    if rc:
        err = first_error(out)
        if re.search(r"Module `\\?" + re.escape(top) + r"' not found", err) or \
                re.search(r"module `\\?" + re.escape(top) + r"' not found", err, re.I):
            fail(f"{side}: no module {top} (TOP must be defined on both sides)")
        fail(f"{side} does not elaborate: {err}")
    mod = json.load(open(os.path.join(flow.work, f"{tag}.json")))["modules"][f"equiv_{tag}"]
    ports = {n: (p["direction"], len(p["bits"])) for n, p in mod["ports"].items()}
    cells = {c["type"] for c in mod["cells"].values()}
    return ports, cells


def compare_ports(gold, gate):
    for n, (d, w) in gold.items():
        if n not in gate:
            fail(f"port {n} of GOLD is missing in GATE")
        gd, gw = gate[n]
        if gd != d:
            fail(f"port {n} is an {d} in GOLD but an {gd} in GATE")
        if gw != w:
            fail(f"port {n} is {w} bits wide in GOLD but {gw} in GATE")
    for n in gate:
        if n not in gold:
            fail(f"port {n} of GATE does not exist in GOLD")
    if not any(d == "output" for d, _ in gold.values()):
        fail("TOP has no outputs to compare")


def write_pair_sv(flow, ports):
    """equiv_pair: both sides side by side, outputs gold_X / gate_X."""
    ins = [(n, w) for n, (d, w) in ports.items() if d == "input"]
    outs = [(n, w) for n, (d, w) in ports.items() if d == "output"]
    lines = ["module equiv_pair ("]
    decl = [f"  input logic [{w-1}:0] {n}" for n, w in ins]
    for side in ("gold", "gate"):
        decl += [f"  output logic [{w-1}:0] {side}_{n}" for n, w in outs]
    lines += [",\n".join(decl), ");"]
    for side in ("gold", "gate"):
        conns = ", ".join([f".{n}({n})" for n, _ in ins] + [f".{n}({side}_{n})" for n, _ in outs])
        lines.append(f"  equiv_{side} u_{side} ({conns});")
    lines += ["endmodule", ""]
    open(os.path.join(flow.work, "equiv_pair.sv"), "w").write("\n".join(lines))


def write_pair(flow, seq):
    """The bit-level AIG of equiv_pair for ptxalu-aig (slow for wide products: Yosys maps each
    to an array of full adders)."""
    seq_cmds = "async2sync; " if seq else ""
    r = flow.yosys("read_rtlil gold.il; read_rtlil gate.il; read_verilog -sv equiv_pair.sv; "
                   "hierarchy -top equiv_pair; flatten; setundef -undriven -expose; "
                   f"memory_map; opt_clean; {seq_cmds}"
                   f"techmap -map {RIPPLE_MAP} -map +/techmap.v; opt_expr; opt_clean; dffunmap; "
                   "aigmap; opt_clean; write_aiger -zinit -map pair.map pair.aig", "pair.log")
    if r is None:
        return False
    if r[0]:
        fail(f"cannot build the AIG of the pair: {first_error(r[1])}")
    return True


def write_wrap(flow, ports, legal, clocked):
    """equiv_wrap: the SAT miter (assert equal outputs, assume a legal control word)."""
    ins = [(n, w) for n, (d, w) in ports.items() if d == "input"]
    outs = [(n, w) for n, (d, w) in ports.items() if d == "output"]
    lines = ["module equiv_wrap (", ",\n".join(f"  input logic [{w-1}:0] {n}" for n, w in ins),
             ");"]
    for side in ("gold", "gate"):
        for n, w in outs:
            lines.append(f"  logic [{w-1}:0] {side}_{n};")
        conns = ", ".join([f".{n}({n})" for n, _ in ins] + [f".{n}({side}_{n})" for n, _ in outs])
        lines.append(f"  equiv_{side} u_{side} ({conns});")
    checks = " && ".join(f"gold_{n} == gate_{n}" for n, _ in outs)
    if legal:
        lines.append("  logic illegal;")
        lines.append("  spec_decode u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));")
    lines.append("  always @(posedge clk_i) begin" if clocked else "  always_comb begin")
    if legal:
        lines.append("    assume (!illegal);")
    if clocked and "rst_ni" in dict(ins):
        lines.append(f"    if (rst_ni) assert ({checks});")
    else:
        lines.append(f"    assert ({checks});")
    lines += ["  end", "endmodule", ""]
    open(os.path.join(flow.work, "equiv_wrap.sv"), "w").write("\n".join(lines))
    return (f"read_rtlil gold.il; read_rtlil gate.il; read_verilog -sv -formal {flow.a.pkg} "
            f"{SPEC_DECODE} equiv_wrap.sv; prep -top equiv_wrap; flatten; memory_map; opt; "
            "dffunmap; opt_clean")


# ---------------------------------------------------------------- the flow

class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse prints the usage too)
        fail(f"{message} (see --help)")


def main():
    ap = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("args", nargs="+", help="GOLD GATE TOP, or GOLD TOP with --synth")
    ap.add_argument("--synth", choices=["ice40", "xilinx"])
    ap.add_argument("--pkg", default=os.path.join(REPO_DIR, "rtl", "ptxalu_pkg.sv"))
    ap.add_argument("--legal", action="store_true", help="compare legal control words only")
    ap.add_argument("--seq", type=int, default=0, help="sequential: induction depth/BMC steps")
    ap.add_argument("--engine", choices=["auto", "abc", "sat", "algebra"], default="auto",
                    help="prover after simulation (auto: algebra for products, then ABC)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds for the whole check")
    ap.add_argument("--word-seconds", type=float, default=6,
                    help="word-level random simulation, first of all (0: none)")
    ap.add_argument("--sim-seconds", type=float, default=3,
                    help="random simulation of the bit-level AIG before any proof (0: none)")
    ap.add_argument("--seed", type=lambda s: int(s, 0),
                    default=int(os.environ.get("PTXALU_SEED", "1"), 0))
    ap.add_argument("--work", default="ptxalu-equiv-work")
    ap.add_argument("--replay", metavar="FILE", help="simulate a counterexample file only")
    ap.add_argument("--write-sby", metavar="FILE", help="write a SymbiYosys .sby and stop")
    ap.add_argument("--write-eqy", metavar="FILE", help="write an EQY .eqy and stop")
    ap.add_argument("--aig-bin", help="the ptxalu-aig engine (default: build*/ptxalu-aig)")
    try:
        a = ap.parse_args()
    except SystemExit as e:
        sys.exit(2 if e.code else 0)
    if (a.synth and len(a.args) != 2) or (not a.synth and len(a.args) != 3):
        fail("expected GOLD GATE TOP, or GOLD TOP with --synth")
    a.top = a.args[-1]
    a.yosys = shutil.which("yosys")
    if not a.yosys:
        fail("yosys not found on PATH (Debian: apt-get install yosys)")
    abc = shutil.which("yosys-abc")
    a.pkg = os.path.abspath(a.pkg)
    if not os.path.isfile(a.pkg):
        fail(f"no package file {a.pkg}")
    a.engine_bin = find_engine(os.path.abspath(a.aig_bin) if a.aig_bin else None)
    gold = files_of(a.args[0], "GOLD")
    flow = Flow(a)
    read = f"read_verilog -sv {a.pkg} "  # the designs as synthesis sees them (no FORMAL)
    if not a.synth:
        gate = files_of(a.args[1], "GATE")
        ours = os.path.realpath(os.path.join(REPO_DIR, "rtl"))
        for f in gate:
            if os.path.dirname(os.path.realpath(f)) == ours and os.path.realpath(f) != a.pkg:
                fail(f"GATE file {f} is our own rtl/ file: give your implementation (a copy "
                     "you edited), not ours")
    gold_ports, gold_cells = elaborate(flow, "GOLD", read + " ".join(gold), a.top, "gold")
    if a.synth:
        synth = {"ice40": f"synth_ice40 -top {a.top} -flatten",
                 "xilinx": f"synth_xilinx -top {a.top} -family xc7 -flatten"}[a.synth]
        cells = os.path.join(os.path.dirname(os.path.realpath(a.yosys)), "..", "share", "yosys",
                             a.synth, "cells_sim.v")
        r = flow.yosys(read + " ".join(gold) + f"; {synth}; write_verilog -noattr netlist.v",
                       "synth.log")
        if r is None or r[0]:
            fail("synthesis " + ("timed out" if r is None else f"failed: {first_error(r[1])}"))
        print(f"ptxalu-equiv: {a.synth} netlist of {a.top}: {os.path.join(flow.work, 'netlist.v')}")
        cell_models(os.path.join(flow.work, "netlist.v"), cells,
                    os.path.join(flow.work, "cells_used.v"))
        gate_read = "read_verilog netlist.v; read_verilog -sv cells_used.v"
    else:
        gate_read = read + " ".join(gate)
    gate_ports, gate_cells = elaborate(flow, "GATE", gate_read, a.top, "gate")
    compare_ports(gold_ports, gate_ports)
    ins = {n for n, (d, _) in gold_ports.items() if d == "input"}
    if a.legal and "ctrl_i" not in ins:
        fail("--legal needs a ctrl_i input")
    clocked = a.seq > 0
    if clocked and "clk_i" not in ins:
        fail("--seq needs a clk_i input")
    sat_base = write_wrap(flow, gold_ports, a.legal, clocked)

    if a.write_sby or a.write_eqy:
        if a.write_sby:
            emit_sby(flow, os.path.abspath(a.write_sby), sat_base, clocked)
        if a.write_eqy:
            emit_eqy(flow, os.path.abspath(a.write_eqy), read + " ".join(gold), gate_read)
        return 0

    write_pair_sv(flow, gold_ports)
    if a.replay and not clocked:
        return replay_combinational(flow, gold_ports)
    if not a.engine_bin:
        if a.replay:
            fail("--replay needs build/ptxalu-aig (cmake --build build --target ptxalu-aig)")
        print("ptxalu-equiv: note: build/ptxalu-aig not built (cmake --build build --target "
              "ptxalu-aig): no simulation pre-pass, no algebraic engine")

    # 1a. Word-level simulation (combinational designs of Yosys' word-level cells).
    if a.engine_bin and a.word_seconds > 0 and not clocked:
        quick = equiv_quick.Quick(flow, gold_ports)
        if quick.unsupported:
            print(f"ptxalu-equiv: word-level simulation skipped ({quick.unsupported} cell)")
        else:
            cex, tried, why = quick.run(a.legal, a.seed, a.word_seconds)
            if cex:
                print_cex(flow, cex, f"word-level simulation, seed {a.seed}, vector {tried}, "
                          f"{time.monotonic() - flow.start:.1f} s")
                return 1
            print(f"ptxalu-equiv: word-level simulation: {tried} vectors (seed {a.seed}), no "
                  f"difference{'; ' + why if why else ''}")

    if a.engine_bin and not write_pair(flow, clocked):
        return undecided(flow, None, f"time limit ({a.timeout:.0f} s) while Yosys built the "
                         "bit-level AIG of the pair (wide products take longest)")
    pair = ["pair.aig", "pair.map"]
    vcd = ["--vcd", "cex.vcd"] if clocked else []

    if a.replay:
        rc, cex = flow.engine(["replay"] + pair + [os.path.abspath(a.replay)] + vcd)
        if rc == 1:
            print_cex(flow, cex, "replayed")
            return 1
        print(f"ptxalu-equiv: the replayed input gives equal outputs: {a.top}")
        return 0

    # 1. Random simulation.
    if a.engine_bin and a.sim_seconds > 0:
        args = ["sim"] + pair + ["--seed", str(a.seed), "--seconds", str(a.sim_seconds),
                                 "--replay-out", "cex.txt"] + vcd
        if a.legal:
            args.append("--legal")
        if clocked:
            args += ["--seq", str(max(a.seq, 8))]
        rc, res = flow.engine(args, timeout=a.sim_seconds + 60)
        if rc == 1:
            print_cex(flow, res, f"random simulation, seed {a.seed}, after {res['vectors']} "
                      f"vectors, {res['seconds']:.2f} s")
            return 1
        if res:
            print(f"ptxalu-equiv: simulation: {res['vectors']} vectors (seed {a.seed}), no "
                  "difference")

    def equivalent(how):
        print(f"ptxalu-equiv: EQUIVALENT: {a.top} ({a.args[0]} vs "
              f"{a.synth + ' netlist' if a.synth else a.args[1]})"
              f"{', legal control words' if a.legal else ''}; {how}; "
              f"{time.monotonic() - flow.start:.1f} s")
        return 0

    # 2. The algebraic engine (combinational units with products).
    products = {"$mul", "$macc"} & (gold_cells | gate_cells)
    algebra_note = None
    if not clocked and a.engine_bin and (a.engine == "algebra" or
                                          (a.engine == "auto" and products)):
        args = ["prove"] + pair + ["--seconds", str(int(flow.left()))] + \
            (["--legal"] if a.legal else []) + ["--replay-out", "cex.txt"]
        rc, res = flow.engine(args)
        if rc == 0:
            return equivalent(f"algebraic engine, {res['forms']} control-word forms, "
                              f"{len(res['proven'])} (form, output) words proven")
        if rc == 1:
            print_cex(flow, res, "algebraic engine: nonzero remainder polynomial")
            return 1
        if res:
            algebra_note = res
            print(f"ptxalu-equiv: algebraic engine: {len(res['proven'])} (form, output) words "
                  f"proven, not proven: {'; '.join(res['undecided'][:8])}"
                  f"{' ...' if len(res['undecided']) > 8 else ''}")
        else:
            print("ptxalu-equiv: algebraic engine: time limit")
        if a.engine == "algebra":
            return undecided(flow, algebra_note, "SAT not tried (--engine algebra)")

    # 3. SAT.
    if clocked:
        r = flow.yosys(sat_base + f"; async2sync; sat -tempinduct -prove-asserts -set-assumes "
                       f"-set-init-zero -maxsteps {a.seq} -verify -show-ports -dump_vcd cex.vcd",
                       "prove.log")
        if r is None:
            return undecided(flow, algebra_note, f"k-induction: time limit ({a.timeout:.0f} s)")
        if r[0] == 0:
            return equivalent(f"k-induction up to {a.seq}")
        return sat_counterexample(flow, gold_ports, "k-induction", r[1])
    if a.engine == "sat":
        r = flow.yosys(sat_base + "; sat -prove-asserts -set-assumes -verify -show-ports "
                       "-dump_vcd satcex.vcd", "prove.log")
        if r is None:
            return undecided(flow, algebra_note, f"Yosys sat: time limit ({a.timeout:.0f} s)")
        if r[0] == 0:
            return equivalent("Yosys sat")
        return sat_counterexample(flow, gold_ports, "Yosys sat", r[1])
    if not abc:
        fail("yosys-abc not found on PATH (Debian: apt-get install yosys)")
    r = flow.yosys(sat_base + "; setundef -undriven -anyseq; delete -output; techmap; "
                   "opt -fast; dffunmap; aigmap; opt_clean; write_aiger -I -B -zinit equiv.aig",
                   "aig.log")
    if r is None:
        return undecided(flow, algebra_note, f"time limit ({a.timeout:.0f} s) before ABC")
    if r[0]:
        fail(f"cannot write the miter AIG: {first_error(r[1])}")
    try:
        p = subprocess.run([abc, "-c", "read_aiger equiv.aig; fold; orpos; strash; &get; &cec -m"],
                           cwd=flow.work, timeout=flow.left(), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    except subprocess.TimeoutExpired:
        return undecided(flow, algebra_note, f"ABC &cec: time limit ({a.timeout:.0f} s)")
    if "Networks are equivalent" in p.stdout:
        return equivalent("ABC &cec")
    if "NOT EQUIVALENT" not in p.stdout:
        return undecided(flow, algebra_note, "ABC &cec gave no answer (see "
                         f"{os.path.join(flow.work, 'abc.log')})")
    r = flow.yosys(sat_base + "; sat -prove-asserts -set-assumes -show-ports "
                   "-dump_vcd satcex.vcd", "cex.log")
    return sat_counterexample(flow, gold_ports, "ABC &cec, witness by Yosys sat",
                              r[1] if r else "")


def replay_combinational(flow, ports):
    """--replay of a combinational pair: each line evaluated by Yosys on the elaborated pair."""
    try:
        vectors = equiv_quick.read_replay(os.path.abspath(flow.a.replay), ports)
    except (OSError, ValueError) as e:
        fail(str(e))
    for vector in vectors:
        outs = equiv_quick.yosys_eval(flow, ports, vector)
        if outs is None:
            fail("Yosys could not evaluate the replayed input (see "
                 f"{os.path.join(flow.work, 'eval.log')})")
        if any(g != h for g, h in outs.values()):
            equiv_quick.write_replay(os.path.join(flow.work, "cex.txt"), ports, [vector])
            ptx = equiv_quick.ptx_of(flow, ports, vector) if flow.a.engine_bin else None
            print_cex(flow, equiv_quick.cex_of(ports, vector, outs, ptx), "replayed")
            return 1
    print(f"ptxalu-equiv: the replayed input gives equal outputs: {flow.a.top}")
    return 0


def undecided(flow, algebra, why):
    print(f"ptxalu-equiv: UNDECIDED: {flow.a.top}: {why}")
    if algebra:
        print(f"  proven by the algebraic engine: {', '.join(algebra['proven']) or 'nothing'}")
        print(f"  not proven: {', '.join(algebra['undecided'])}")
    print(f"  random simulation found no difference; logs in {flow.work}")
    return 3


def sat_counterexample(flow, ports, how, log):
    vcd = os.path.join(flow.work, "cex.vcd" if flow.a.seq else "satcex.vcd")
    steps = vcd_inputs(vcd, ports) if os.path.exists(vcd) else []
    if steps and flow.a.engine_bin:
        path = replay_file(flow, ports, steps)
        rc, cex = flow.engine(["replay", "pair.aig", "pair.map", path] +
                              (["--vcd", "cex.vcd"] if flow.a.seq else []))
        if rc == 1:
            print_cex(flow, cex, how)
            return 1
    print((log or "")[-3000:])
    print(f"ptxalu-equiv: NOT EQUIVALENT: {flow.a.top} ({how}); logs in {flow.work}")
    return 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(2)
    except OSError as e:
        fail(str(e))
