"""Splitting a check that no engine proves whole, for the equivalence flow (ptxalu_equiv.py):
proven cut points at a submodule boundary (try_cut), and SAT per control-word form for the
forms the algebraic engine left undecided (forms_by_sat).

Cut points.

When GOLD and GATE both contain a module M of the same name (not TOP) whose subtree has a
product on either side, and the two sides' products differ in shape (so SAT sweeping cannot
merge them), the check is split in two:

  1. M against M: GOLD's files against GATE's with TOP = M, every input (no --legal), by this
     flow itself in a sub-process (the algebraic engine proves multipliers of different
     architecture; WORK/cut-M/ holds its files);
  2. the cut miter: TOP on both sides with every instance of M removed (Yosys `expose
     -evert`): M's outputs become inputs that both sides share (one free value per instance),
     M's inputs become outputs that must be equal, as must TOP's outputs (ABC &cec, with the
     same legality assumption as the whole check; WORK/cut/).

Both proven imply that the two TOPs are equivalent: for any input, (2) gives each instance of
M the same inputs on both sides, so by (1) its outputs are equal on both sides; with equal
values there, (2) gives equal outputs of TOP. If either step is not proven (a difference
inside M that TOP never exposes, a cut miter that fails because M's outputs are not free in
reality, a time limit), the cut proves nothing and the flow goes on without it: no verdict,
and never a counterexample, is taken from the cut.
"""

import json
import os
import shutil
import subprocess
import sys

from equiv_abc import abc_cec, abc_witness
from equiv_build import first_error, write_wrap
from equiv_files import replay_file
from equiv_pipeline import is_state
from equiv_wordsim import loaded

HERE = os.path.dirname(os.path.abspath(__file__))


def hier(flow, tag):
    """The modules of WORK/<tag>_hier.json (read only: callers share them)."""
    path = os.path.join(flow.work, f"{tag}_hier.json")
    return loaded(path, "hier", lambda: json.load(open(path))["modules"])


def subtree(mods, name, seen=None):
    """The module names below and including `name` (user modules only)."""
    seen = set() if seen is None else seen
    if name in seen or name not in mods:
        return seen
    seen.add(name)
    for c in mods[name]["cells"].values():
        subtree(mods, c["type"], seen)
    return seen


def _has(mods, names, pred):
    return any(pred(c["type"]) for n in names for c in mods[n]["cells"].values())


def candidates(flow, top):
    """Modules defined on both sides (not TOP), each with a product in its subtree on either
    side and no state: the boundaries a cut may be placed at, outermost first."""
    gold, gate = hier(flow, "gold"), hier(flow, "gate")
    out = []
    for m in subtree(gold, top) & subtree(gate, top) - {top}:
        if m.startswith("$") or gold[m].get("attributes", {}).get("blackbox"):
            continue
        subs = [(gold, subtree(gold, m)), (gate, subtree(gate, m))]
        if not any(_has(mods, names, lambda t: t in ("$mul", "$macc")) for mods, names in subs):
            continue
        if any(_has(mods, names, is_state) for mods, names in subs):
            continue
        out.append(m)
    # outermost first: a module that contains another candidate comes before it
    return sorted(out, key=lambda m: -len(subtree(gold, m)))


def flow_cmd(flow, work, timeout, gold, gate, top, extra=()):
    """This flow on another pair as a sub-process (a cut's step), in `work`, with the seed, the
    package and the engine of `flow`, no bit-level simulation, and the options `extra`."""
    a = flow.a
    cmd = [sys.executable, os.path.join(HERE, "ptxalu_equiv.py"), "--work", work, "--timeout",
           str(int(timeout)), "--sim-seconds", "0", "--seed", str(a.seed), "--pkg", a.pkg]
    cmd += list(extra) + (["--aig-bin", a.engine_bin] if a.engine_bin else []) + \
        (["--no-cache"] if a.no_cache else [])
    return cmd + [gold, gate, top]


def _cut_side(cut, side, read, top, module, tag):
    """WORK/cut/<tag>.il: TOP with M's instances removed and turned into ports."""
    r = cut.yosys(read + f"; hierarchy -check -top {top}; proc; blackbox {module}; flatten; "
                  f"opt_expr; opt_clean; expose -evert {top}/t:{module}; opt -noff -keepdc; "
                  f"opt_clean; rename {top} equiv_{tag}; hierarchy -top equiv_{tag}; "
                  f"write_rtlil {tag}.il; write_json {tag}.json", f"{tag}.log")
    if r is None or r[0]:
        return None, f"{side}: " + ("time limit" if r is None else first_error(r[1]))
    mod = json.load(open(os.path.join(cut.work, f"{tag}.json")))["modules"][f"equiv_{tag}"]
    return {n: (p["direction"], len(p["bits"])) for n, p in mod["ports"].items()}, None


def try_cut(flow, gold_spec, gate_spec, gold_read, gate_read):
    """(True, how) when some boundary M is proven as above, else (False, why not)."""
    a = flow.a
    cands = candidates(flow, a.top)
    if not cands:
        return False, "no submodule with a product on both sides to cut at"
    notes = []
    for m in cands:
        budget = flow.left()
        sub_work = os.path.join(flow.work, f"cut-{m}")
        cmd = flow_cmd(flow, sub_work, max(10, budget * 0.6), gold_spec, gate_spec, m,
                       ["--word-seconds", "1"])
        print(f"ptxalu-equiv: cut at {m}: checking {m} alone ({sub_work})", flush=True)
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               timeout=budget)
        except subprocess.TimeoutExpired:
            notes.append(f"{m}: time limit checking it alone")
            continue
        last = [l for l in p.stdout.splitlines() if "EQUIVALENT" in l or "UNDECIDED" in l]
        if p.returncode != 0:
            notes.append(f"{m} alone: not proven (exit {p.returncode})")
            continue
        print(f"  {m} alone: {last[-1].split(': ', 1)[-1] if last else 'equivalent'}")
        cut = flow.sub("cut")
        gold_ports, why = _cut_side(cut, "GOLD", gold_read, a.top, m, "gold")
        gate_ports, why2 = _cut_side(cut, "GATE", gate_read, a.top, m, "gate")
        if why or why2:
            notes.append(f"cut miter at {m}: {why or why2}")
            continue
        if gold_ports != gate_ports:
            notes.append(f"cut miter at {m}: {m}'s instances differ in name or ports")
            continue
        sat_base = write_wrap(cut, gold_ports, a.legal, False)
        verdict = abc_cec(cut, sat_base)
        if verdict == "equivalent":
            return True, (f"cut at {m}: {m} proven alone, then {a.top} with {m}'s outputs "
                          "shared and its inputs proven equal (ABC &cec)")
        notes.append(f"cut miter at {m}: ABC {verdict}")
    return False, "; ".join(notes)


MAX_FORMS = 64  # forms_by_sat: more undecided forms than this are left undecided


def forms_by_sat(flow, ports, words):
    """ABC &cec per control-word form (WORK/form-<word>/): the miter with ctrl_i the constant
    word, so Yosys propagates it at the word level (every mux of the other forms gone, each
    product at its exact width after wreduce) before ABC sees it; products then match
    structurally where their operands do. The engine enumerated the words (legal forms of the
    unit's ops; a form whose circuit equals an earlier one's was decided with it), so proving
    each of them completes the engine's proof. Returns (proven words, the rest, [(form, input
    values)] of the forms ABC found different)."""
    proven, rest, witnesses = [], [], []
    for text in words:
        word = int(text, 16)
        sub = flow.sub(f"form-{word:x}")
        for f in ("gold.il", "gate.il"):
            shutil.copy(os.path.join(flow.work, f), sub.work)
        verdict = abc_cec(sub, write_wrap(sub, ports, False, False, ctrl=word))
        (proven if verdict == "equivalent" else rest).append(text)
        if verdict != "equivalent":
            print(f"ptxalu-equiv: form {text}: ABC {verdict}")
        witness = abc_witness(sub) if verdict == "differ" else None
        if witness is not None:  # replayed on the pair AIG by the caller before it is shown
            witnesses.append((text, dict(witness, ctrl_i=word)))
    return proven, rest, witnesses


def replayed_witnesses(flow, ports, witnesses):
    """(form, the engine's replay) for each of forms_by_sat's witnesses that replays as a
    difference on the pair AIG (ABC's word is shown only once simulation confirms it)."""
    for form, step in witnesses:
        rc, cex = flow.engine(["replay", "pair.aig", "pair.map",
                               replay_file(flow, ports, [step])])
        if rc == 1:
            yield form, cex
