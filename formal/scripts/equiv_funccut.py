"""The function cut, for the equivalence flow (ptxalu_equiv.py): a GATE submodule that computes
a product of its inputs, proven alone and then replaced by that product written as `*`.

A user's unit may take its product from a multiplier module of its own (an array, Karatsuba, a
tree of full adders) under a name GOLD does not have, so equiv_cut.py finds no boundary shared by
both sides, and the engine, on the whole unit, meets the gate-level multiplier inside sums,
clamps and shifts (formal/README.md, "Check your own unit", step 3). Here:

  1. Candidates: the modules of GATE's hierarchy below TOP (not TOP, not defined on GOLD's side,
     no state), simulated alone on random and corner inputs (equiv_wordsim.py). A module is a
     candidate when every output o of it equals, on every vector, ext(x) * ext(y) [+ ext(z)]
     modulo 2^|o| for two of its inputs x, y (and optionally a third z), each extended signed or
     unsigned from its own width: the word functions the flow's products take. The first
     function in a fixed order that fits every vector is taken (any that fits is then proven,
     not assumed).
  2. The module alone: a generated module of the same name and ports that computes that function
     with `*` (WORK/funccut-M/M_word.sv) against GATE's files with TOP = M, every input, by this
     flow in a sub-process (the engine proves multipliers of any architecture against `*`).
  3. The unit: GATE with M's definition replaced by the generated one (Yosys `read_verilog
     -overwrite`, then `proc` and `write_verilog`: WORK/funccut/gate_cut.v) against GOLD, by
     this flow in a sub-process with the same options.

(2) proven means M computes the word function for every input of M, so GATE and GATE' compute the
same function of TOP's inputs; then (3) proven means GOLD and GATE are equivalent, and a
counterexample of (3) is one of GATE as well (it is replayed on the original pair before it is
reported). A module whose function is not proven in (2) stays as it is (no verdict from it), and
the sub-processes run with --no-function-cut, so the cut never recurses.
"""

import itertools
import json
import os
import random
import re
import subprocess
import time

from equiv_aigcache import cached_pair
from equiv_build import (files_of, first_error, one_step_half, pair_script, write_pair_sv,
                         yosys_paths)
from equiv_cut import flow_cmd, hier, subtree
from equiv_pipeline import is_state
from equiv_wordsim import WordSim

VECTORS = 48  # random vectors per candidate, after the corners
MIN_OUT = 4   # an output narrower than this (an AND as a 1-bit product) is not a multiplier
NO_CUT = ["--no-function-cut"]  # the sub-flows' option: the cut never recurses


def _ports(mod, direction):
    return [(n, len(p["bits"])) for n, p in mod["ports"].items() if p["direction"] == direction]


def _ext(v, w, signed):
    return v - (1 << w) if signed and (v >> (w - 1)) & 1 else v


def _forms(ins, wo):
    """Word functions of an output of wo bits: (x, wx, sx, y, wy, sy, z, wz, sz), input names,
    widths and signedness (z None: no addend)."""
    wide = [(n, w) for n, w in ins if w >= 2]
    for (x, wx), (y, wy) in itertools.combinations(wide, 2):
        for sx, sy in itertools.product((True, False), repeat=2):
            yield (x, wx, sx, y, wy, sy, None, 0, False)
            for z, wz in ins:
                if z not in (x, y):
                    for sz in (True, False):
                        yield (x, wx, sx, y, wy, sy, z, wz, sz)


def _value(form, v, wo):
    x, wx, sx, y, wy, sy, z, wz, sz = form
    r = _ext(v[x], wx, sx) * _ext(v[y], wy, sy) + (_ext(v[z], wz, sz) if z else 0)
    return r % (1 << wo)


def _vectors(ins, seed):
    rng = random.Random(seed)
    corners = [0, -1, 1]
    vecs = [{n: c % (1 << w) for n, w in ins} for c in corners]
    vecs.append({n: 1 << (w - 1) for n, w in ins})
    vecs.append({n: (1 << (w - 1)) - 1 for n, w in ins})
    for _ in range(VECTORS):
        vecs.append({n: rng.getrandbits(w) for n, w in ins})
    return vecs


def _text(x, s):
    return f"$signed({x})" if s else f"$signed({{1'b0, {x}}})"


def function_of(sim, ins, outs, seed):
    """{output: form} when every output fits one word function on every vector, else None."""
    vecs = _vectors(ins, seed)
    got = sim.eval_many(vecs)
    found = {}
    for o, wo in outs:
        if wo < MIN_OUT:
            return None
        found[o] = next((f for f in _forms(ins, wo)
                         if all(g[o] == _value(f, v, wo) for v, g in zip(vecs, got))), None)
        if found[o] is None:
            return None
    return found


def describe(form):
    x, _, sx, y, _, sy, z, _, sz = form
    s = {True: "s", False: "u"}
    return f"{x}({s[sx]}) * {y}({s[sy]})" + (f" + {z}({s[sz]})" if z else "")


def word_module(name, mod, found):
    """The generated module: M's ports (their signedness too: Yosys extends a port connected to
    a wider net by it), each output its word function with `*`."""
    decl = [f"  {p['direction']} logic {'signed ' if p.get('signed') else ''}"
            f"[{len(p['bits']) - 1}:0] {n}" for n, p in mod["ports"].items()]
    body = []
    for o, (x, _, sx, y, _, sy, z, _, sz) in found.items():
        expr = f"{_text(x, sx)} * {_text(y, sy)}" + (f" + {_text(z, sz)}" if z else "")
        body.append(f"  assign {o} = {expr};")
    return ("// Generated by formal/scripts/equiv_funccut.py: the word function GATE's module "
            f"{name} was\n// found by simulation to compute; proven against it before it "
            f"stands in its place.\nmodule {name} (\n" + ",\n".join(decl) + "\n);\n" +
            "\n".join(body) + "\nendmodule\n")


def candidates(flow, top):
    """(M, the modules of M's subtree) for each module M below TOP on GATE's side only, with no
    state, outermost first."""
    gold, gate = hier(flow, "gold"), hier(flow, "gate")
    gold_mods = subtree(gold, top)
    out = []
    names = subtree(gate, top)
    for m in names - {top} - gold_mods:
        mod = gate[m]
        # also instantiated with parameters (Yosys names that module $paramod...\M...): the word
        # module, proven for M's defaults, would stand in for it too
        if any(re.match(r"\$paramod.*\\" + m + r"(\\|$)", n) for n in names) or \
                m.startswith("$") or not re.fullmatch(r"\w+", m) or \
                mod.get("attributes", {}).get("blackbox") or \
                not all(re.fullmatch(r"\w+", n) for n in mod["ports"]):
            continue
        sub = subtree(gate, m)
        if any(is_state(c["type"]) for n in sub for c in gate[n]["cells"].values()):
            continue
        out.append((m, sub))
    return sorted(out, key=lambda c: -len(c[1]))


def _simulator(flow, m, gate_read, gate):
    """WordSim of M alone, GATE's free 'x bits ($anyseq cells) taken as 0 (a guess only: the
    proof decides): from GATE's hierarchy JSON when M has no submodules (in memory: writing
    a 65x65 array's 60k cells out and reading them back took 3 s), else M flattened by Yosys
    from GATE's files (WORK/funccut-M/m.json). None when it cannot be simulated."""
    sub = flow.sub(f"funccut-{m}")
    path = os.path.join(sub.work, "m.json")
    if all(c["type"].startswith("$") for c in gate[m]["cells"].values()):
        mod = dict(gate[m], cells={k: c for k, c in gate[m]["cells"].items()
                                   if c["type"] != "$anyseq"})  # an undriven bit reads 0
        path = {"modules": {m: mod}}
    else:
        r = sub.yosys(gate_read + f"; hierarchy -check -top {m}; proc; flatten; setundef -zero; "
                      "opt_clean; write_json m.json", "m.log", timeout=min(120, flow.left()))
        if r is None or r[0]:
            return None
    sim = WordSim(path, m)
    return None if sim.unsupported else sim


def _run(cmd, timeout):
    """(exit status, the verdict line's text) of a sub-flow (its output in its WORK/flow.log);
    (None, 'time limit') on timeout."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "time limit"
    work = cmd[cmd.index("--work") + 1]
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "flow.log"), "w") as f:
        f.write(p.stdout)
    last = [l for l in p.stdout.splitlines() if re.search(r"EQUIVALENT|UNDECIDED|error", l)]
    if p.returncode == 0 and last:  # "...: EQUIVALENT: TOP (GOLD vs GATE)[, legal]; HOW; T s"
        return 0, "; ".join(last[-1].split("; ")[1:-1])
    return p.returncode, (last[-1].split(": ", 2)[-1] if last else f"exit {p.returncode}")


def _alone_fast(flow, m, mod, spec):
    """Step 2 by the engine on one pair AIG, before the sub-flow: M from GATE's elaborated
    hierarchy (WORK/gate_hier.il, the flow's full step: the sub-flow reads and elaborates GATE's
    files again, 20 s of CPU for a 65x65 array of full adders, and optimises M, which the
    engine does not need), the word module with its product at its exact operand widths
    (`wreduce`: a 130-bit signed `*` is 130x130 in Verilog, mapped in twice the time). The
    same module M at its defaults as the sub-flow's (candidates() takes no parameterised one).
    (0, how) proven, (1, how) a counterexample the engine simulated (M is not that function), or
    (None, None): not proven here, the sub-flow decides."""
    if "gate_hier.il" not in flow.built:
        return None, None
    fast = flow.sub(f"funccut-{m}", "fast")
    os.makedirs(fast.work, exist_ok=True)
    ports = {n: (p["direction"], len(p["bits"])) for n, p in mod["ports"].items()}
    write_pair_sv(fast, ports)
    gate_read = (f"read_rtlil {os.path.join(flow.work, 'gate_hier.il')}; hierarchy -top {m}; "
                 f"flatten; rename {m} equiv_gate")
    word = f"hierarchy -top {m}; proc; wreduce; opt_clean; rename {m} equiv_gold"
    budget = flow.left() * 0.3
    # the word module's half from the cache (equiv_aigcache.py): it does not depend on GATE
    r = cached_pair(fast, ports, {"word.sv": spec}, f"read_verilog -sv word.sv; {word}",
                    gate_read, timeout=budget, gate_mulmap=not one_step_half(
                        os.path.join(flow.work, "gate_hier.il"), ports))
    if r == "uncached":
        r = fast.yosys(pair_script(False, f"{gate_read}; design -stash gate; read_verilog -sv "
                                   f"{spec}; {word}; design -copy-from gate -as equiv_gate "
                                   "equiv_gate"), "pair.log", timeout=budget)
    if r is None or r[0]:
        return None, None
    try:
        p = subprocess.run([flow.a.engine_bin, "prove", "pair.aig", "pair.map", "--seconds",
                            str(int(max(5, fast.left() * 0.3)))], cwd=fast.work, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=max(10, fast.left() * 0.3) + 10)
    except subprocess.TimeoutExpired:
        return None, None
    with open(os.path.join(fast.work, "engine.log"), "w") as f:
        f.write(p.stdout + p.stderr)
    try:
        res = json.loads(p.stdout)
    except ValueError:
        return None, None
    if p.returncode == 1 and res.get("verdict") == "differ":  # a simulated counterexample
        return 1, f"{m} differs from it (algebraic engine: nonzero remainder polynomial)"
    if p.returncode != 0 or res.get("verdict") != "equivalent":
        return None, None
    return 0, (f"algebraic engine on {m} from GATE's elaborated hierarchy against the word "
               f"module, {len(res.get('proven', []))} output word(s) proven ({fast.work})")


def _without(a, proven):
    """GATE's read command without the files that define proven modules only (Yosys elaborating
    a 65x65 array from its source takes 7 s of CPU, for nothing: it is replaced). A file misread
    here costs time or an error (then the whole read is used): the generated modules overwrite
    GATE's in any case."""
    keep = []
    for f in files_of(a.args[1], "GATE", a.pkg):
        mods = set(re.findall(r"^\s*module\s+(\w+)", open(f, errors="replace").read(), re.M))
        if not mods or not mods <= set(proven):
            keep.append(f)
    return f"read_verilog -sv {yosys_paths([a.pkg] + keep)}"


def try_function_cut(flow, gate_read):
    """('equivalent', how), ('counterexample', replay file of GATE' against GOLD) or
    (None, why not)."""
    a = flow.a
    gate = hier(flow, "gate")
    proven, notes, inside = {}, [], set()
    for m, sub in candidates(flow, a.top):
        if m in inside:
            continue
        t0 = time.monotonic()
        ins, outs = _ports(gate[m], "input"), _ports(gate[m], "output")
        try:  # a module the word-level simulator cannot read is no candidate
            shape = outs and min(w for _, w in outs) >= MIN_OUT and \
                sum(w >= 2 for _, w in ins) >= 2
            sim = _simulator(flow, m, gate_read, gate) if shape else None
            found = function_of(sim, ins, outs, a.seed) if sim else None
        except (KeyError, ValueError, TypeError, IndexError, OSError):
            found = None
        if not found:
            continue
        fn = "; ".join(f"{o} = {describe(f)}" for o, f in found.items())
        print(f"ptxalu-equiv: function cut: GATE's {m} computes {fn} on "
              f"{VECTORS + 5} vectors ({time.monotonic() - t0:.1f} s); proving it alone",
              flush=True)
        work = flow.sub(f"funccut-{m}").work
        spec = os.path.join(work, f"{m}_word.sv")
        with open(spec, "w") as f:
            f.write(word_module(m, gate[m], found))
        t1 = time.monotonic()
        rc, how = _alone_fast(flow, m, gate[m], spec) if a.engine_bin else (None, None)
        if rc is None:  # the whole flow on M alone
            budget = flow.left() * 0.5
            rc, how = _run(flow_cmd(flow, os.path.join(work, "alone"), max(10, budget), spec,
                                    a.args[1], m, NO_CUT + ["--word-seconds", "0"]),
                           budget + 30)
        print(f"ptxalu-equiv: function cut: {m} alone against {fn}: "
              f"{ {0: 'EQUIVALENT', 1: 'NOT EQUIVALENT'}.get(rc, 'not proven')} "
              f"({time.monotonic() - t1:.1f} s wall): {how}", flush=True)
        flow.phase(f"function cut: {m} alone")
        if rc != 0:
            notes.append(f"{m} ({fn}) alone: not proven (exit {rc}: {how})")
            continue
        proven[m] = (spec, fn)
        inside |= sub
    if not proven:
        return None, "; ".join(notes) or "no GATE submodule computes a product of its inputs"
    cut = flow.sub("funccut")
    gate_cut = os.path.join(cut.work, "gate_cut.v")
    specs = " ".join(s for s, _ in proven.values())
    for read in dict.fromkeys([_without(a, proven), gate_read]):  # the whole read if it fails
        r = cut.yosys(read + f"; read_verilog -sv -overwrite {specs}; hierarchy -check -top "
                      f"{a.top}; proc; opt_clean; write_verilog -noattr {gate_cut}",
                      "gate_cut.log")
        if r is not None and not r[0]:
            break
    if r is None or r[0]:
        return None, "GATE with the word modules: " + ("time limit" if r is None else
                                                        first_error(r[1]))
    names = ", ".join(f"{m} ({fn})" for m, (_, fn) in proven.items())
    extra = ["--word-seconds", "0"] + (["--legal"] if a.legal else []) + \
        (["--all-ops"] if a.all_ops else []) + \
        (["--skip-forms", a.skip_forms] if a.skip_forms else [])
    t2 = time.monotonic()
    budget = flow.left() * 0.8
    rc, how = _run(flow_cmd(flow, cut.work, max(10, budget), a.args[0], gate_cut, a.top,
                            NO_CUT + extra), budget + 30)
    print(f"ptxalu-equiv: function cut: {a.top} with {names} as `*` ({gate_cut}): "
          f"{ {0: 'EQUIVALENT', 1: 'NOT EQUIVALENT'}.get(rc, 'not proven')} "
          f"({time.monotonic() - t2:.1f} s wall): {how}", flush=True)
    flow.phase("function cut: the unit")
    if rc == 0:
        return "equivalent", (f"function cut: GATE's {names} proven alone, then {a.top} with "
                              f"it as `*`: {how}")
    if rc == 1 and os.path.isfile(os.path.join(cut.work, "cex.txt")):
        print("ptxalu-equiv: function cut: its counterexample replayed on GATE itself (the flow "
              "goes on if the outputs are equal there)")
        return "counterexample", os.path.join(cut.work, "cex.txt")
    return None, "; ".join(notes + [f"{a.top} with {names} as `*`: not proven (exit {rc}: "
                                    f"{how})"])
