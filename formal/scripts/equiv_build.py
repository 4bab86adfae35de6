"""Building blocks of the equivalence flow (ptxalu_equiv.py): reading the two sides, the
unit's own ops, elaboration by Yosys, port checks, the pair harness for ptxalu-aig and the SAT
miter. See formal/README.md, "Check your own unit"."""

import argparse
import glob
import importlib.util
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import time

import ctrl_fields
from formal_sources import rtl_closure
from equiv_files import fail, outside_cone
from equiv_unread import misread, source_code

FORMAL_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_DIR = os.path.dirname(FORMAL_DIR)
RIPPLE_MAP = os.path.join(FORMAL_DIR, "algebra", "ripple_lcu.v")
MULMAP = os.path.join(FORMAL_DIR, "scripts", "equiv_mulmap.py")
SPEC_DECODE = os.path.join(FORMAL_DIR, "spec", "spec_decode.sv")


def yosys_paths(paths):
    """File paths for a Yosys command line: one with a blank in it in double quotes (Yosys
    splits its arguments at blanks; helper-93's GATE directory had a space in its name)."""
    return " ".join(f'"{p}"' if re.search(r"\s", p) else p for p in paths)


def files_of(spec, side, pkg=None):
    """The .sv files of a comma list of files and directories, the ones that declare a package
    first (Yosys reads a package before its use). `pkg` (read first by the flow) is left out
    where the list names it too (else Yosys: "enum item ... already exists" at a line of the
    user's file), and so is a directory's file that declares package ptxalu_pkg (a note when it
    differs from `pkg`: both sides take ours); the user's own packages are read (a directory's
    *_pkg.sv were all left out before 2026-11-29, helper-93's among them). What Yosys 0.23
    would misread is one line (equiv_unread)."""
    out = []
    for part in spec.split(","):
        part = os.path.abspath(part)
        if pkg and os.path.isfile(part) and os.path.realpath(part) == os.path.realpath(pkg):
            continue
        if os.path.isdir(part):
            found = sorted(glob.glob(os.path.join(part, "*.sv")))
            if not found:
                fail(f"{side}: directory {part} has no .sv files")
            for f in found:
                if pkg and _packages(f) == ["ptxalu_pkg"]:
                    if open(f, "rb").read() != open(pkg, "rb").read():
                        print(f"ptxalu-equiv: note: {side}'s {f} (package ptxalu_pkg) is left "
                              f"out: both sides are read with {pkg}, which differs from it")
                    continue
                out.append(f)
        elif os.path.isfile(part):
            out.append(part)
        else:
            fail(f"{side}: no such file or directory: {part}")
    for f in out:
        why = misread(open(f, encoding="utf-8", errors="replace").read(), pkg)
        if why:
            fail(f"{side}: {f}:{why}")
    return sorted(out, key=lambda f: not _packages(f))  # (stable: else in the given order)


def _packages(path):
    """The packages a file declares."""
    return re.findall(r"^\s*package\s+(\w+)", source_code(path), re.M)


def with_rtl_closure(files):
    """`files`, and for each of our rtl/ files among them the rtl/ files of the modules it
    instantiates, transitively (formal_sources.rtl_closure): GOLD may name our unit's own
    file alone. A module that one of `files` defines is not added (a list that names our files
    too, or a stand-in of the user's, keeps working)."""
    rtl = os.path.realpath(os.path.join(REPO_DIR, "rtl"))
    defined = set()
    for f in files:
        with open(f, encoding="utf-8", errors="replace") as fh:
            defined |= set(re.findall(r"^\s*module\s+(\w+)", fh.read(), re.M))
    out, seen = [], set()
    for f in files:
        more = [f]
        top = os.path.basename(f)[:-len(".sv")]
        if os.path.dirname(os.path.realpath(f)) == rtl and top in defined:
            try:
                more += rtl_closure(rtl, [top], defined - {top})
            except FileNotFoundError:
                pass  # a module rtl/ does not have: Yosys names it
        for g in more:
            if os.path.realpath(g) not in seen:
                seen.add(os.path.realpath(g))
                out.append(g)
    return out


def unit_ops(top, pkg):
    """The ops a unit executes, from sim/isa/instructions.json ("unit" of each family), for a
    TOP named ptxalu_<unit>: [(enum name, code)], or [] (any other TOP: every op)."""
    path = os.path.join(REPO_DIR, "sim", "isa", "isa.py")
    spec = importlib.util.spec_from_file_location("ptxalu_isa_table", path)
    isa = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(isa)
        units = {f["unit"] for f in isa.families()}
        unit = top[len("ptxalu_"):] if top.startswith("ptxalu_") else None
        if unit not in units:
            return []
        enums, _ = ctrl_fields.load_pkg(pkg)
    except (OSError, ValueError, KeyError, AttributeError, SystemExit) as e:
        fail(f"cannot read the unit's ops from {path} and {pkg}: {e}")
    codes = {name: value for value, name in enums.get("op_e", {}).items()}
    missing = [op for op in isa.ops_of(unit=unit) if op not in codes]
    if missing:
        fail(f"{pkg} has no op {missing[0]} (sim/isa/instructions.json names it)")
    return [(op, codes[op]) for op in isa.ops_of(unit=unit)]


def op_field(pkg):
    """(msb, lsb) of ctrl_t.op in the packed control word."""
    fields = ctrl_fields.Layout(pkg).fields
    if "op" not in fields:
        fail(f"{pkg}: ctrl_t has no field op")
    lsb, width, _ = fields["op"]
    return lsb + width - 1, lsb


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
        self.mark = self.start
        self.phases = []  # (what, seconds): where the time went, printed with the verdict
        self.ops, self.ops_args = [], []  # --legal: the unit's own ops ([] every op)
        os.makedirs(self.work, exist_ok=True)
        self.built = set()  # files of WORK written by this run (a stale one is never read)
        self.notes = []  # what a cut proved and did not, for an UNDECIDED verdict
        self.loops = {}  # side -> a combinational loop Yosys' `check` reported (equiv_elab.py)
        self.light_docs = {}  # side -> its light netlist (equiv_elab.py), for unread_by_both
        self.sources = ([], [])  # GOLD's and GATE's files (GATE's none with --synth)

    def sub(self, *parts):
        """A flow of the same check in WORK/<parts...>/ (a cut's own files), on this flow's
        clock and with its ops."""
        sub = Flow(argparse.Namespace(**{**vars(self.a),
                                         "work": os.path.join(self.work, *parts)}))
        sub.start = self.start
        sub.ops, sub.ops_args = self.ops, self.ops_args
        sub.loops = self.loops
        sub.light_docs, sub.sources = self.light_docs, self.sources
        return sub

    def phase(self, what):
        """Ends the phase `what` (the time since the previous mark)."""
        now = time.monotonic()
        self.phases.append((what, now - self.mark))
        self.mark = now

    def timing(self):
        """Wall seconds per phase, and the CPU seconds of the whole check (this process and
        its tools): on a loaded machine the CPU figure is the one to compare."""
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = sum(os.times()[:2]) + kids.ru_utime + kids.ru_stime
        return ", ".join(f"{w} {s:.1f} s" for w, s in self.phases if s >= 0.05) + \
            f" (wall); {cpu:.1f} s CPU"

    def left(self):
        return max(1.0, self.a.timeout - (time.monotonic() - self.start))

    def yosys(self, script, log, timeout=None):
        """Returns (returncode, output); None on timeout."""
        try:
            cmd = ["-p", script]
            if "\n" in script:  # a shell step (`!`): Yosys runs those from a script file only
                path = os.path.join(self.work, os.path.splitext(log)[0] + ".ys")
                with open(path, "w") as f:
                    f.write(script + "\n")
                cmd = ["-s", path]
            p = subprocess.run([self.a.yosys, "-q", "-l", log] + cmd, cwd=self.work,
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


def aig_error(flow, text):
    """Why Yosys wrote no AIG: its ERROR line; when it ended without one and a side has a
    combinational loop (Yosys 0.23's write_aiger crashes on one), the loop. A loop `check`
    reports between word-level cells that is none bit by bit (a carry chain written as one
    vector) does not stop the AIG, so it is named only when the AIG fails."""
    if "ERROR" not in text and flow.loops:
        side, where = next(iter(flow.loops.items()))
        return f"{side} has a combinational loop ({where}): not a function of its inputs"
    return first_error(text)


def first_error(text):
    for line in text.splitlines():
        if "ERROR" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "unknown error"


def constant_operand(cell):
    """True for a $mul with a constant operand (an index times a row's width: a shift-and-add,
    no product for the algebraic engine or the product cut)."""
    return any(all(isinstance(b, str) for b in cell["connections"].get(pin, [0]))
               for pin in ("A", "B"))


def has_products(flow):
    """True when a side's light netlist multiplies two variables ($mul without a constant
    operand, or $macc). helper-93's integer unit indexed a table by 7 * width index: taken for a
    product, it went to the algebraic engine, which used the whole time limit (UNDECIDED at
    600 s; ABC proves it in 15 s)."""
    return any(c["type"] == "$macc" or (c["type"] == "$mul" and not constant_operand(c))
               for top, doc in flow.light_docs.values()
               for c in doc["modules"].get(top, {}).get("cells", {}).values())


def product_shapes(flow, tag):
    """The products of an elaborated side at their exact widths (after wreduce: repeated sign
    bits and zero top bits of the operands dropped, the result no wider than the operands'
    sum): a sorted list of (signed, operand widths, result width); a constant times a
    variable is no product (constant_operand)."""
    mods = json.load(open(os.path.join(flow.work, f"{tag}_w.json")))["modules"]
    mod = mods.get(f"equiv_{tag}", {"cells": {}})  # only the products are written
    shapes = []
    for c in mod["cells"].values():
        if c["type"] == "$mul" and not constant_operand(c):
            p = {k: int(v, 2) if isinstance(v, str) else v for k, v in c["parameters"].items()}
            shapes.append((p["A_SIGNED"], tuple(sorted((p["A_WIDTH"], p["B_WIDTH"]))),
                           p["Y_WIDTH"]))
    return sorted(shapes)


LATCHES = {"$dlatch", "$adlatch", "$dlatchsr", "$_DLATCH_P_", "$_DLATCH_N_"}


def reject_latches(flow, side, tag, cells):
    """Exit 2 when an elaborated side holds a latch (a signal not assigned on every path of an
    `always @*` block; Yosys stops at one in `always_comb` itself): write_aiger has no latch, and
    the flow compares combinational logic and flip-flops. Names the first one's source."""
    if not cells & LATCHES:
        return
    mod = json.load(open(os.path.join(flow.work, f"{tag}.json")))["modules"][f"equiv_{tag}"]
    src = next((c.get("attributes", {}).get("src", "") for c in mod["cells"].values()
                if c["type"] in LATCHES), "")
    fail(f"{side} has a latch ({src or 'no source line'}: a signal not assigned on every path "
         "of a combinational block); the flow takes combinational logic and flip-flops")


def unread_inputs(flow, tag):
    """The inputs of an elaborated side outside its outputs' cone (e.g. clk_i, en_i of our
    units at their default Stages = 0)."""
    return outside_cone(json.load(open(os.path.join(flow.work, f"{tag}.json")))["modules"]
                        [f"equiv_{tag}"])


def compare_ports(gold, gate, gold_unread=frozenset()):
    """Fails unless both sides have the same ports. One exception: a GOLD input that GOLD never
    reads may be absent from GATE (a user's combinational unit without our clk_i/en_i) when
    GATE has no port of its own; it is then dropped from `gold` (the pair leaves it open)."""
    extra = [n for n in gold if n not in gate]
    if extra and all(n in gold for n in gate) and all(n in gold_unread for n in extra):
        for n in extra:
            del gold[n]
    for n in gate:
        if n not in gold:
            missing = [m for m in gold if m not in gate]
            fail(f"port {n} of GATE does not exist in GOLD" +
                 (f" (GOLD's {', '.join(missing)} is missing in GATE)" if missing else ""))
    for n, (d, w) in gold.items():
        if n not in gate:
            fail(f"port {n} of GOLD is missing in GATE")
        gd, gw = gate[n]
        if gd != d:
            fail(f"port {n} is an {d} in GOLD but an {gd} in GATE")
        if gw != w:
            fail(f"port {n} is {w} bits wide in GOLD but {gw} in GATE")
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


def pair_script(seq, read="read_rtlil gold.il; read_rtlil gate.il", parts=None, mulmap=True,
                opt=True):
    """Yosys' commands for the bit-level AIG of equiv_pair (pair.aig, pair.map) from `read`
    (modules equiv_gold and equiv_gate), as a script file's lines: the flattened pair goes
    through equiv_mulmap.py (its products as gates) between two steps. No opt_clean after
    techmap: on the mapped pair of two 65x65 products it took 19 of Yosys' 60 s CPU, and the
    AIG written without it was byte-identical (mult/algebra's pair, 2026-11-26,
    formal/algebra/README.md). `parts` (file stems): instead of pair.aig, one AIG <stem>.aig
    (and <stem>.map) per part, from the one mapped netlist, with only the outputs whose
    attribute ptxalu_part is the part's index (write_aiger writes the gates its outputs read).
    mulmap=False: no equiv_mulmap.py step, for a netlist without `$mul` (one_step_half).
    opt=False: no opt_expr after techmap (combinational only; ptxalu-aig folds the constants
    as it reads): mult_ctree's GATE half 9.5 -> 6.5 s, cuts' AIG 14.6 -> 11.1 s (2026-11-29).
    GOLD's cached half keeps it (the cache's AIGs unchanged)."""
    seq_cmds = "async2sync; " if seq else ""
    # -noclkinv: without flip-flops the same netlist, byte for byte, in a fifth less of
    # opt_expr's time (7.1 -> 5.5 s on a cuts' pair of mult_ctree, 2026-11-28)
    clkinv = "" if seq else " -noclkinv"
    step = (f"write_rtlil premap.il\n"
            f"!{shlex.quote(sys.executable)} {shlex.quote(MULMAP)} premap.il mapped.il\n"
            f"design -reset; read_rtlil mapped.il; ") if mulmap else ""
    return (f"{read}; read_verilog -sv equiv_pair.sv; "
            "hierarchy -top equiv_pair; flatten; setundef -undriven -expose; "
            f"memory_map; opt_clean; {seq_cmds}{step}"
            f"techmap -map {RIPPLE_MAP} -map +/techmap.v; "
            f"{f'opt_expr{clkinv}; ' if opt or seq else ''}dffunmap; aigmap; "
            + (_write_parts(parts) if parts else "write_aiger -zinit -map pair.map pair.aig"))


def one_step_half(il_path, ports):
    """True when a pair half from the RTLIL file `il_path`, its unit's ports `ports` ({name:
    (direction, width)}), can skip the products' step (pair_script's mulmap=False): no `$mul`
    in the file and one output.
    The AIG is then the same byte for byte (write_aiger orders outputs by their wires' names'
    identifiers, which the step's write and read of the netlist create anew: with more than one
    output mult_ctree's half came out in another order), 2-2.5 s of Yosys sooner for a 65x65
    array (writing, copying and reading 18 MB; 8 gallery halves compared, 2026-11-29)."""
    if sum(d == "output" for d, _ in ports.values()) != 1:
        return False
    with open(il_path, encoding="utf-8", errors="replace") as f:
        return "cell $mul " not in f.read()


def _write_parts(parts):
    """pair_script's writes of one AIG per part: the other parts' outputs made plain wires
    (selected by attribute: `delete -port` of 2,400 wires by name took 6 s, 2026-11-29)."""
    cmds = ["design -save ptxalu_parts"]
    for k, stem in enumerate(parts):
        other = " ".join(f"a:ptxalu_part={i}" for i in range(len(parts)) if i != k)
        cmds += [f"delete -port {other}", f"write_aiger -zinit -map {stem}.map {stem}.aig",
                 "design -load ptxalu_parts"]
    return "; ".join(cmds[:-1])


def write_pair(flow, seq, halves=True, parts=None, opt=True):
    """The bit-level AIG of equiv_pair for ptxalu-aig (slow for wide products: Yosys maps each
    to an array of full adders; pair_script), GOLD's half from the cache when it can be.
    halves=False: one Yosys run, no cache. The wide cuts (equiv_widecut.py, equiv_formcut.py)
    build their cut pairs so: their GOLD differs per cut (no cache hit to gain), and the engine
    proved mult_split's two .hi.sat.s32 cut words on the one-run AIG but not on the merged halves
    (2026-11-28: 'a remainder', the gallery case UNDECIDED at 900 s; EQUIVALENT with --no-cache),
    whose node order differs. `parts`: one AIG per part, one Yosys run; `opt`: pair_script's."""
    r = "uncached"
    if not seq and halves:  # GOLD's half from the cache (equiv_aigcache.py)
        from equiv_aigcache import cached_pair, pair_ports
        ports = pair_ports(os.path.join(flow.work, "equiv_pair.sv"))
        gate_il = os.path.join(flow.work, "gate.il")
        r = cached_pair(flow, ports, {"gold.il": os.path.join(flow.work, "gold.il")},
                        "read_rtlil gold.il", f"read_rtlil {gate_il}",
                        gate_mulmap=not one_step_half(gate_il, ports))
    if r == "uncached":
        r = flow.yosys(pair_script(seq, parts=parts, opt=opt), "pair.log")
    if r is None:
        return False
    if r[0]:
        fail(f"cannot build the AIG of the pair: {aig_error(flow, r[1])}")
    flow.built.update([f"{stem}.aig" for stem in parts] if parts else ["pair.aig"])
    return True


def esc(name):
    """A port name as a (System)Verilog identifier (escaped when it is not a simple one, as
    the cut ports `u_core.product_o` of equiv_cut.py)."""
    return name if re.fullmatch(r"[A-Za-z_]\w*", name) else f"\\{name} "


def write_wrap(flow, ports, legal, clocked, ctrl=None, ctrls=None, op=None):
    """equiv_wrap: the SAT miter (assert equal outputs, assume a legal control word). `ctrl`: the
    control word that constant (one legal form); `ctrls` (legal words): assumed one of them; `op`:
    ctrl_i's op field assumed that code, which the units read as a constant (abc_split)."""
    ins = [(n, w) for n, (d, w) in ports.items() if d == "input"]
    outs = [(n, w) for n, (d, w) in ports.items() if d == "output"]
    lines = ["module equiv_wrap (",
             ",\n".join(f"  input logic [{w-1}:0] {esc(n)}" for n, w in ins
                        if ctrl is None or n != "ctrl_i"), ");"]
    width = ports.get("ctrl_i", ("", 0))[1]
    msb, lsb = op_field(flow.a.pkg) if op is not None or (legal and flow.ops) else (0, 0)
    if ctrl is not None:
        lines.append(f"  logic [{width - 1}:0] ctrl_i;")
        lines.append(f"  assign ctrl_i = {width}'h{ctrl:x};")
        legal = False  # a form the engine enumerated: a legal word of the unit's ops
    read = {"ctrl_i": "ctrl_op"} if op is not None else {}  # what the units read as ctrl_i
    if op is not None:
        lines.append(f"  logic [{width - 1}:0] ctrl_op;")
        lines.append(f"  always_comb begin ctrl_op = ctrl_i; ctrl_op[{msb}:{lsb}] = {op}; end")
    for side in ("gold", "gate"):
        for n, w in outs:
            lines.append(f"  logic [{w-1}:0] {esc(side + '_' + n)};")
        conns = ", ".join([f".{esc(n)}({read.get(n, esc(n))})" for n, _ in ins] +
                          [f".{esc(n)}({esc(side + '_' + n)})" for n, _ in outs])
        lines.append(f"  equiv_{side} u_{side} ({conns});")
    checks = " && ".join(f"{esc('gold_' + n)} == {esc('gate_' + n)}" for n, _ in outs)
    if ctrls:
        legal = False  # forms the engine enumerated: legal words of the unit's ops
    if legal:
        lines.append("  logic illegal;")
        lines.append(f"  spec_decode u_legal (.ctrl_i({read.get('ctrl_i', 'ctrl_i')}), "
                     ".illegal_o(illegal));")
    lines.append("  always @(posedge clk_i) begin" if clocked else "  always_comb begin")
    if ctrls:
        lines.append("    assume (" + " || ".join(f"ctrl_i == {ports['ctrl_i'][1]}'h{w:x}"
                                                 for w in ctrls) + ");")
    if op is not None:
        lines.append(f"    assume (ctrl_i[{msb}:{lsb}] == {op});")
    if legal:
        lines.append("    assume (!illegal);")
        if flow.ops:  # the unit's own ops only (the other units' words are not its contract)
            lines.append("    assume (" + " || ".join(f"ctrl_i[{msb}:{lsb}] == {code}"
                                                     for _, code in flow.ops) + ");")
    if clocked and "rst_ni" in dict(ins):
        lines.append(f"    if (rst_ni) assert ({checks});")
    else:
        lines.append(f"    assert ({checks});")
    lines += ["  end", "endmodule", ""]
    open(os.path.join(flow.work, "equiv_wrap.sv"), "w").write("\n".join(lines))
    return miter_script(flow)


def miter_script(flow, gate="gate.il", wrap="equiv_wrap.sv"):
    """The Yosys commands that read GOLD, GATE and the SAT miter `wrap` and prepare it
    (write_wrap's; equiv_xfree's explanations read gate_x.il and equiv_wrap_x.sv)."""
    return (f"read_rtlil gold.il; read_rtlil {gate}; read_verilog -sv -formal "
            f"{yosys_paths([flow.a.pkg, SPEC_DECODE])} {wrap}; prep -top equiv_wrap; flatten; "
            "memory_map; opt; dffunmap; opt_clean")


# ---------------------------------------------------------------- the flow
