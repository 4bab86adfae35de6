"""GATE's free 'x bits as inputs a counterexample names and a replay file sets.

An 'x or 'z in GATE is any value: the full elaboration makes each one a `$anyseq` cell
(equiv_elab.full_script), so a SAT counterexample may rest on the value the solver gave such a
bit, which `sat -show-ports` does not show and a replay could not set. Here each `$anyseq` cell
of gate.il becomes an input port gate_x<k> of equiv_gate (gate_x.il; k in the order of gate.il,
so the same bits get the same names in every run on it), and the wrappers get those inputs too
(equiv_wrap_x.sv, equiv_pair_x.sv). A SAT witness of the inputs is then completed by a second
`sat` with every port of the unit set to the witness: the solver picks only the x bits, which
the VCD shows, and Yosys' `eval` on the pair confirms the difference with them. The printout
is the simulation's (operands, control word decoded, GOLD vs GATE) with the x bits as inputs
gate_x<k> and, for each, the cell that reads it and its place in GATE's source; WORK/cex.txt
holds them, and `--replay` sets them (a replay line without them takes them as 0). The word-level
simulation, which takes every x bit as 0 or 1 at once, writes gate_x_all=0/1 instead.
"""

import os
import re

import equiv_quick
from equiv_build import miter_script, pair_script
from equiv_files import print_cex, replay_file, vcd_inputs

PREFIX = "gate_x"
ALL = "gate_x_all"  # a replay token: every x bit the line does not name is 0 / 1 (all ones)


def xbits(flow):
    """[(port name, width, where it is read)] of GATE's free x bits, gate_x.il and the x wrappers
    written (once per run); [] when gate.il has no $anyseq cell."""
    if "xbits" not in flow.__dict__:
        flow.xbits = _rewrite(flow.work)
    return flow.xbits


def is_x(name):
    return re.fullmatch(PREFIX + r"\d+", name) is not None


def with_x(flow, ports):
    """ports with GATE's free x bits as inputs (the same dict when it has none)."""
    found = xbits(flow) if os.path.exists(os.path.join(flow.work, "gate.il")) else []
    return dict(ports, **{n: ("input", w) for n, w, _ in found}) if found else ports


def _rewrite(work):
    lines = open(os.path.join(work, "gate.il")).read().split("\n")
    out, found, pending, cell, ports = [], [], [], None, 0
    for line in lines:
        m = re.match(r"\s*wire .*\b(?:input|output|inout) (\d+) ", line)
        ports = max(ports, int(m.group(1))) if m else ports
        if cell is not None:  # inside a $anyseq cell: dropped, its width and output kept
            m = re.match(r"\s*(parameter \\WIDTH|connect \\Y) (.*)", line)
            if m:
                cell[m.group(1)[0]] = m.group(2).strip()
            if line.strip() == "end":
                found.append((int(cell.get("p", "1")), cell.get("c", "")))
                cell = None
            continue
        if re.match(r"\s*cell \$anyseq ", line):
            cell, pending = {}, []  # the cell's attributes go with it
            continue
        if line.strip().startswith("attribute "):
            pending.append(line)
            continue
        out += pending + [line]
        pending = []
    if not found:
        return []
    start = out.index("module \\equiv_gate")
    end = out.index("end", start)  # equiv_gate's end
    names = [f"{PREFIX}{k}" for k in range(len(found))]
    out[end:end] = [f"  wire width {w} input {ports + 1 + k} \\{n}" for k, (n, (w, _)) in
                    enumerate(zip(names, found))] + \
        [f"  connect {sig} \\{n}" for n, (_, sig) in zip(names, found)]
    open(os.path.join(work, "gate_x.il"), "w").write("\n".join(out))
    text = "\n".join(lines)
    for wrap in ("equiv_wrap", "equiv_pair"):
        path = os.path.join(work, f"{wrap}.sv")
        if os.path.exists(path):
            src = open(path).read().replace(
                f"module {wrap} (\n", f"module {wrap} (\n" + "".join(
                    f"  input logic [{w - 1}:0] {n},\n" for n, (w, _) in zip(names, found)), 1)
            src = src.replace("equiv_gate u_gate (", "equiv_gate u_gate (" + "".join(
                f".{n}({n}), " for n in names), 1)
            open(os.path.join(work, f"{wrap}_x.sv"), "w").write(src)
    readers = _readers(text)
    wire = lambda sig: (re.findall(r"[\\$][^\s\[\]{}]+", sig) or [""])[0]  # noqa: E731
    return [(n, w, readers.get(wire(sig), "read nowhere")) for n, (w, sig) in zip(names, found)]


def _readers(text):
    """wire name -> 'the $mux at file:line.col', the first cell (not a $anyseq) connected to it:
    one pass over gate.il (a bit-level GATE's is tens of MB)."""
    first = {}
    for m in re.finditer(r"((?:  attribute [^\n]*\n)*)  cell (\S+) \S+\n(.*?)\n  end", text,
                         re.S):
        if m.group(2) == "$anyseq":
            continue
        src = re.search(r'attribute \\src "([^"]*)"', m.group(1))
        at = os.path.basename(src.group(1).split("|")[0]) if src else "no source place"
        what = f"read by the {m.group(2)} at {at}"
        if src and "equiv_shiftx.v" in src.group(1):  # elab's map: Yosys gives no line
            what = f"a variable part-select read out of range, in {at.split(':')[0]}"
        for line in m.group(3).split("\n"):
            if line.lstrip().startswith("connect "):
                for wire in re.findall(r"[\\$][^\s\[\]{}]+", line.split(None, 2)[-1]):
                    first.setdefault(wire, what)
    return first


def explain(flow, ports, vector, how):
    """A SAT counterexample of a GATE with free x bits, printed with the values the x bits take
    (a second `sat` with the ports set to `vector`) and written to WORK/cex.txt: True, or
    False when GATE has no x bit or Yosys gives no confirmed witness."""
    found = xbits(flow)
    if not found:
        return False
    ports_x = with_x(flow, ports)
    sets = equiv_quick.eval_sets(ports, vector)
    r = flow.yosys(miter_script(flow, "gate_x.il", "equiv_wrap_x.sv") +
                   f"; sat -prove-asserts -set-assumes {sets} -show-ports -dump_vcd satcex_x.vcd",
                   "cex_x.log", timeout=60)
    vcd = os.path.join(flow.work, "satcex_x.vcd")
    steps = vcd_inputs(vcd, ports_x) if r is not None and os.path.exists(vcd) else []
    outs = equiv_quick.yosys_eval(flow, ports_x, steps[-1]) if steps else None
    if not outs or all(g == h for g, h in outs.values()):
        return False
    ptx = equiv_quick.ptx_of(flow, ports, steps[-1]) if flow.a.engine_bin else None
    # x bits that do not change the outputs here are left out (an unread function local of a
    # user's unit made ten of them): all 0 and all 1 give these outputs too
    if all(equiv_quick.yosys_eval(flow, ports, steps[-1], fill=f) == outs for f in (0, 1)):
        equiv_quick.write_replay(os.path.join(flow.work, "cex.txt"), ports, [steps[-1]])
        print_cex(flow, equiv_quick.cex_of(ports, steps[-1], outs, ptx),
                  f"{how}; GATE's {len(found)} free 'x/'z signal(s) do not change it: all 0 "
                  "and all 1 give these outputs")
        return True
    equiv_quick.write_replay(os.path.join(flow.work, "cex.txt"), ports_x, [steps[-1]])
    print_cex(flow, annotate(flow, equiv_quick.cex_of(ports_x, steps[-1], outs, ptx)),
              f"{how}; GATE's 'x/'z bits are free: {PREFIX}<k> below are the values they took")
    return True


def explain_seq(flow, ports, how):
    """--seq: a k-induction counterexample of a GATE with free x bits, found again with each x
    bit an input gate_x<k> (gate_x.il, equiv_wrap_x.sv), so the trace holds the value the
    solver gave it in every cycle (`sat -show-ports` shows ports only, and the pair AIG has a
    $anyseq as an input without a name: a replay took it as 0), then replayed on the pair AIG
    with those inputs (WORK/xseq/) and printed with them; WORK/cex.txt and cex.vcd hold it.
    True, or False when GATE has no x bit or the replay shows no difference."""
    found = xbits(flow)
    if not found or not flow.a.engine_bin:
        return False
    ports_x = with_x(flow, ports)
    r = flow.yosys(miter_script(flow, "gate_x.il", "equiv_wrap_x.sv") +
                   "; async2sync; sat -tempinduct -prove-asserts -set-assumes -set-init-zero "
                   f"-maxsteps {flow.a.seq} -show-ports -dump_vcd cex_x.vcd", "prove_x.log")
    vcd = os.path.join(flow.work, "cex_x.vcd")
    steps = vcd_inputs(vcd, ports_x) if r is not None and os.path.exists(vcd) else []
    if not steps:
        return False
    sub = x_pair(flow)
    if sub is None:
        return False
    path = replay_file(flow, ports_x, steps)
    rc, cex = sub.engine(["replay", "pair.aig", "pair.map", path, "--vcd",
                          os.path.join(flow.work, "cex.vcd")])
    if rc != 1:
        return False
    print_cex(flow, annotate(flow, cex),
              f"{how}; GATE's 'x/'z bits are free: {PREFIX}<k> below are the values they took")
    return True


def x_pair(flow):
    """A sequential pair AIG with GATE's x bits as inputs gate_x<k> (WORK/xseq/pair.aig: named
    in its map, so a replay sets them), as a sub-flow; None when GATE has none or it fails."""
    if not xbits(flow):
        return None
    sub = flow.sub("xseq")
    os.makedirs(sub.work, exist_ok=True)
    for src, dst in (("gold.il", "gold.il"), ("gate_x.il", "gate.il"),
                     ("equiv_pair_x.sv", "equiv_pair.sv")):
        with open(os.path.join(flow.work, src)) as f, \
                open(os.path.join(sub.work, dst), "w") as g:
            g.write(f.read())
    r = sub.yosys(pair_script(True), "pair.log")
    return sub if r is not None and not r[0] else None


def annotate(flow, cex):
    """cex (equiv_quick.cex_of) with each x input's value followed by what it is."""
    for step in cex["steps"]:
        for n, w, where in xbits(flow) if os.path.exists(os.path.join(flow.work, "gate.il")) \
                else []:
            if n in step["inputs"]:
                step["inputs"][n] += f"  ('x/'z of GATE, {w} bit{'s' * (w > 1)}, {where})"
    return cex
