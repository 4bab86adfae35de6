#!/usr/bin/env python3
"""Prove two implementations of a ptxalu unit equivalent (Yosys + ABC/SAT).

  ptxalu_equiv.py [options] GOLD GATE TOP      your version against ours (or any two)
  ptxalu_equiv.py [options] --synth ice40 GOLD TOP     RTL against its own iCE40 netlist
  ptxalu_equiv.py [options] --synth xilinx GOLD TOP    ... against its xc7 netlist

GOLD/GATE: a .sv/.v file, a directory (every *.sv in it), or a comma-separated list of files.
rtl/ptxalu_pkg.sv is read first unless --pkg names another. TOP: the module to compare (the
same name on both sides; any helper modules may differ between them).

Both sides get the same inputs; every output must be equal for every input (combinational) or
in every cycle from reset (sequential, --seq N: N steps of BMC, then k-induction). With
--legal, only control words that are legal (formal/spec/spec_decode.sv) are compared: what a
unit does with an illegal word is outside its contract.

Exit status 0: equivalent; 1: a difference (counterexample printed, cex.vcd for --seq);
2: tool or usage error; 3: timeout.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

FORMAL_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_DIR = os.path.dirname(FORMAL_DIR)
YOSYS = shutil.which("yosys") or "yosys"
ABC = shutil.which("yosys-abc") or "yosys-abc"


def files_of(spec):
    out = []
    for part in spec.split(","):
        part = os.path.abspath(part)
        if os.path.isdir(part):
            out += sorted(f for f in glob.glob(os.path.join(part, "*.sv"))
                          if not f.endswith("_pkg.sv"))
        elif os.path.exists(part):
            out.append(part)
        else:
            sys.exit(f"ptxalu-equiv: no such file or directory: {part}")
    return out


def yosys(script, work, log, timeout):
    try:
        p = subprocess.run([YOSYS, "-q", "-l", log, "-p", script], cwd=work, timeout=timeout,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except subprocess.TimeoutExpired:
        print("ptxalu-equiv: TIMEOUT")
        sys.exit(3)
    return p.returncode, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("args", nargs="+", help="GOLD GATE TOP, or GOLD TOP with --synth")
    ap.add_argument("--synth", choices=["ice40", "xilinx"])
    ap.add_argument("--pkg", default=os.path.join(REPO_DIR, "rtl", "ptxalu_pkg.sv"))
    ap.add_argument("--legal", action="store_true", help="compare legal control words only")
    ap.add_argument("--seq", type=int, default=0, help="sequential: induction depth/BMC steps")
    ap.add_argument("--engine", choices=["abc", "sat"], default="abc")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--work", default="ptxalu-equiv-work")
    a = ap.parse_args()
    if (a.synth and len(a.args) != 2) or (not a.synth and len(a.args) != 3):
        ap.error("expected GOLD GATE TOP, or GOLD TOP with --synth")
    gold = files_of(a.args[0])
    top = a.args[-1]
    work = os.path.abspath(a.work)
    os.makedirs(work, exist_ok=True)
    pkg = os.path.abspath(a.pkg)
    read = f"read_verilog -sv {pkg} "  # the designs as synthesis sees them (no FORMAL)

    # Gold: elaborated, flattened, renamed.
    rc, out = yosys(read + " ".join(gold) + f"; prep -top {top}; flatten; rename {top} "
                    "equiv_gold; write_rtlil gold.il; write_json gold.json", work, "gold.log",
                    a.timeout)
    if rc:
        print(out)
        sys.exit(2)

    # Gate: the user's files, or our own synthesized netlist.
    if a.synth:
        synth = {"ice40": f"synth_ice40 -top {top} -flatten",
                 "xilinx": f"synth_xilinx -top {top} -family xc7 -flatten"}[a.synth]
        cells = {"ice40": "+/ice40/cells_sim.v", "xilinx": "+/xilinx/cells_sim.v"}[a.synth]
        rc, out = yosys(read + " ".join(gold) + f"; {synth}; write_verilog -noattr netlist.v",
                        work, "synth.log", a.timeout)
        if rc:
            print(out)
            sys.exit(2)
        print(f"ptxalu-equiv: {a.synth} netlist of {top}: {os.path.join(work, 'netlist.v')}")
        gate_read = f"read_verilog netlist.v; read_verilog {cells}"
    else:
        gate_read = read + " ".join(files_of(a.args[1]))
    rc, out = yosys(gate_read + f"; prep -top {top}; flatten; rename {top} equiv_gate; "
                    "write_rtlil gate.il", work, "gate.log", a.timeout)
    if rc:
        print(out)
        sys.exit(2)

    # The wrapper: same inputs to both, outputs compared (ports from gold).
    ports = json.load(open(os.path.join(work, "gold.json")))["modules"]["equiv_gold"]["ports"]
    ins = [(n, len(p["bits"])) for n, p in ports.items() if p["direction"] == "input"]
    outs = [(n, len(p["bits"])) for n, p in ports.items() if p["direction"] == "output"]
    decl = ",\n".join(f"  input logic [{w-1}:0] {n}" for n, w in ins)
    lines = ["module equiv_wrap (", decl, ");"]
    for side in ("gold", "gate"):
        for n, w in outs:
            lines.append(f"  logic [{w-1}:0] {side}_{n};")
        conns = ", ".join([f".{n}({n})" for n, _ in ins] + [f".{n}({side}_{n})" for n, _ in outs])
        lines.append(f"  equiv_{side} u_{side} ({conns});")
    checks = " && ".join(f"gold_{n} == gate_{n}" for n, _ in outs)
    if a.legal:
        if "ctrl_i" not in dict(ins):
            sys.exit("ptxalu-equiv: --legal needs a ctrl_i input")
        lines.append("  logic illegal;")
        lines.append("  spec_decode u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));")
    clocked = a.seq > 0
    if clocked:
        lines.append("  always @(posedge clk_i) begin")
    else:
        lines.append("  always_comb begin")
    if a.legal:
        lines.append("    assume (!illegal);")
    if clocked and "rst_ni" in dict(ins):
        lines.append(f"    if (rst_ni) assert ({checks});")
    else:
        lines.append(f"    assert ({checks});")
    lines += ["  end", "endmodule", ""]
    with open(os.path.join(work, "equiv_wrap.sv"), "w") as f:
        f.write("\n".join(lines))

    base = (f"read_rtlil gold.il; read_rtlil gate.il; read_verilog -sv -formal {pkg} "
            f"{os.path.join(FORMAL_DIR, 'spec', 'spec_decode.sv')} equiv_wrap.sv; "
            "prep -top equiv_wrap; flatten; memory_map; opt; dffunmap; opt_clean")
    if clocked:
        script = base + (f"; async2sync; sat -tempinduct -prove-asserts -set-assumes "
                         f"-set-init-zero -maxsteps {a.seq} -verify -show-ports "
                         f"-dump_vcd cex.vcd")
        rc, out = yosys(script, work, "prove.log", a.timeout)
        ok = rc == 0
    elif a.engine == "sat":
        rc, out = yosys(base + "; sat -prove-asserts -set-assumes -verify -show-ports", work,
                        "prove.log", a.timeout)
        ok = rc == 0
    else:
        rc, out = yosys(base + "; setundef -undriven -anyseq; delete -output; techmap; "
                        "opt -fast; dffunmap; aigmap; opt_clean; write_aiger -I -B -zinit "
                        "equiv.aig", work, "aig.log", a.timeout)
        if rc:
            print(out)
            sys.exit(2)
        try:
            p = subprocess.run([ABC, "-c", "read_aiger equiv.aig; fold; strash; &get; &cec -m"],
                               cwd=work, timeout=a.timeout, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
        except subprocess.TimeoutExpired:
            print("ptxalu-equiv: TIMEOUT")
            sys.exit(3)
        out = p.stdout
        ok = "Networks are equivalent" in out
        if not ok and "NOT EQUIVALENT" in out:
            # A counterexample with names: ask Yosys SAT for it.
            _, out2 = yosys(base + "; sat -prove-asserts -set-assumes -show-ports", work,
                            "cex.log", a.timeout)
            out += "\n" + open(os.path.join(work, "cex.log")).read()
    if ok:
        print(f"ptxalu-equiv: EQUIVALENT: {top} ({a.args[0]} vs "
              f"{a.synth + ' netlist' if a.synth else a.args[1]})"
              f"{', legal control words' if a.legal else ''}")
        return 0
    print(out[-6000:])
    print(f"ptxalu-equiv: NOT EQUIVALENT (or not proven): {top}; logs in {work}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
