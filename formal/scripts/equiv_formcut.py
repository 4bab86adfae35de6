"""The wide cut per control-word form, for the equivalence flow (ptxalu_equiv.py): the forms the
algebraic engine left undecided in a unit that never forms one of our words whole, e.g. a
ptxalu_mult that adds c as one more row of its product tree (the tree is a*b + c*2^off, for
mad.hi.sat.s32 bits [65:32] of it are our 34-bit exact sum; formal/algebra/README.md, "The wide
cut per form").

For one form (its control word fixed), a GATE net's low bits can equal a concatenation of our
words' bits: the tree's bits 31..0 our product's, its bits 65..32 our sum_s32. The three steps
of equiv_widecut.py, each for the forms in question only (work files in WORK/formcut/<k>/):

  1. pairing, per form: the flow's stimulus with ctrl_i set to the form's word; a GATE net is
     cut when its bits from 0 up pair with bits of the candidate words of ours (FORM_WORDS), its
     bit 0 with bit 0 of the first of them; the cut is its low k bits, k ending where the
     pairing ends or only constants and copies of the bit below follow. Forms with the same
     cut are one group (a group whose rest fails is tried form by form; a form not proven
     goes on to the next candidate);
  2. the rest (ABC): both sides with the cut nets free (GOLD's words free inputs at the bits
     GATE's cut is paired with, the constants simulation shows at their bits constant in the
     form, GOLD's own logic at the others; GATE's cut bits the paired bits, its higher bits
     free), the control word one of the group's;
  3. the cut (the engine): each cut net's k bits against the paired bits, and those constant
     bits of ours against their constants, every legal word of the group's forms (ptxalu-aig
     prove --legal --class MASK:WORDS, MASK the control bits the pair AIG's outputs read, so a
     form is every legal word with those bits).

Why it proves the forms (the argument of equiv_widecut.py, per form): for a legal x of a
group's form, let x' be x with the control word of the group's representative: x and x' agree
on the control bits the outputs read (MASK), so both units' outputs are the same at x and x'.
At x', step 3 gives every cut bit its paired value and our constant bits their constants, and
step 2 (every value of the free words, in particular ours at x') the equal outputs. Any failure
leaves the form undecided.
"""

import os

from equiv_build import abc_cec, write_pair, write_pair_sv, write_wrap
from equiv_widecut import (VECTORS, _cat, _cut_lines, _expose, _module, _sel, _side,
                           _signature_maps, _unport, _words)
import equiv_quick

# Our nets whose bits a GATE net may carry in one form, tried in this order per form.
FORM_WORDS = {"ptxalu_mult": (("product", "sum_s32"), ("product", "sum"), ("sum",)),
              "ptxalu_vmad": (("product",), ("sum",))}
MAX_GROUPS = 40  # more groups of forms than this: left to ABC per form
FORM_TERMS = 250_000  # the flow's --max-terms for the whole forms before this cut


def _pairing(flow, ports, ours, vecs):
    """([(GATE net, [(our net, bit) per bit 0..k-1])], constants): GATE's nets whose low bits
    pair with bits of `ours` ([(name, bits)]) on `vecs` (one form), bit 0 with bit 0 of the
    first of ours (a word from its bottom: its polynomial is the engine's, a slice from the
    middle is not), and our bits not paired that are constant on `vecs` ((net, bit, value));
    None when the word-level simulation cannot run."""
    maps = _signature_maps(flow, ports, ours, vecs)
    if isinstance(maps, str):
        return None, ()
    where, refs, gate = maps
    full = (1 << len(vecs)) - 1
    cut, seen = [], set()
    for n, sigs in sorted(gate.items(), key=lambda kv: -len(kv[1])):
        if not sigs or 0 not in where.get(sigs[0], ()):
            continue
        key, prev = [], -1
        for s in sigs:  # of equal bits, the one that continues the run
            if s not in where:
                break
            prev = min(where[s], key=lambda i, nxt=prev + 1: (abs(i - nxt), i))
            key.append(prev)
        k = len(key)  # constants and copies of the bit below at the top are not in the word
        while k > 1 and (sigs[k - 1] in (0, full) or key[k - 1] == key[k - 2]):
            k -= 1
        if len(set(sigs[:k])) < 8 or tuple(key[:k]) in seen:
            continue
        seen.add(tuple(key[:k]))
        cut.append((n, [refs[p] for p in key[:k]]))
    paired = {r for _, m in cut for r in m}
    consts = tuple(sorted((*refs[p], v) for v, sig in ((0, 0), (1, full))
                          for p in where.get(sig, ()) if refs[p] not in paired))
    return cut, consts


def try_form_cut(flow, ports, words, mask):
    """The wide cut for the forms of `words` (representative control words the engine left
    undecided; `mask`: the control bits its pair AIG's outputs read): (proven words, notes)."""
    a = flow.a
    combos = FORM_WORDS.get(a.top, ())
    gold_nets = _module(os.path.join(flow.work, "gold.json"), "gold")["netnames"]
    combos = [c for c in combos if all(n in gold_nets for n in c)]
    if not combos or not words:
        return [], [f"wide cut per form: no word of ours to cut at known for {a.top}"]
    if not hasattr(flow, "widecut_vectors"):
        vecs = equiv_quick.stimulus(flow, ports, a.legal, a.seed, VECTORS)
        flow.widecut_vectors = [v for v, _ in vecs or []]
    if not flow.widecut_vectors:
        return [], ["wide cut per form: ptxalu-aig gave no stimulus"]
    # Per candidate (FORM_WORDS' order), the forms still left: pair, group, prove. A group whose
    # rest fails is tried form by form (its forms' outputs may read different words of ours),
    # and a form not proven goes on to the next candidate.
    pending, proven, notes, g = list(words), [], [], 0
    for combo in combos:
        groups = {}  # (combo, cut) -> words
        for w in pending:
            vecs = [dict(v, ctrl_i=w) for v in flow.widecut_vectors]
            cut, consts = _pairing(flow, ports, [(n, gold_nets[n]["bits"]) for n in combo],
                                   vecs)
            if cut:
                key = (combo, tuple((n, tuple(m)) for n, m in cut), consts)
                groups.setdefault(key, []).append(w)
        flow.phase("wide cut per form: pairing")
        if len(groups) > MAX_GROUPS:
            notes.append(f"wide cut per form at our {'+'.join(combo)}: {len(groups)} groups of "
                         f"forms (more than {MAX_GROUPS})")
            continue
        queue = sorted(groups.items(), key=lambda kv: kv[1])
        while queue:
            (cmb, cut, consts), ws = queue.pop(0)
            ok, rest_ok, how = _group(flow, ports, g, cmb, [(n, list(m)) for n, m in cut],
                                      consts, ws, mask)
            g += 1
            notes.append(how)
            print(f"ptxalu-equiv: {how}", flush=True)
            if ok:
                proven += ws
            elif not rest_ok and len(ws) > 1:
                queue[:0] = [((cmb, cut, consts), [w]) for w in ws]
        pending = [w for w in pending if w not in proven]
        if not pending:
            break
    if not proven and not notes:
        notes.append(f"wide cut per form: no GATE net pairs with our "
                     f"{' or '.join('+'.join(c) for c in combos)} in any of the {len(words)} forms")
    return proven, notes


def _group(flow, ports, g, combo, cut, consts, ws, mask):
    """Steps 2 and 3 for one group of forms: (proven, the rest proven, what)."""
    a = flow.a
    gold_nets = _module(os.path.join(flow.work, "gold.json"), "gold")["netnames"]
    names = ", ".join(f"{n}[{len(m) - 1}:0]" for n, m in cut)
    at = (f"wide cut per form, {len(ws)} form(s) ({', '.join(hex(w) for w in ws[:4])}"
          f"{' ...' if len(ws) > 4 else ''}): GATE's {names} paired with our "
          f"{'+'.join(combo)}")
    rest = flow.sub("formcut", str(g), "rest")
    free = {n: f"equiv_w{k}" for k, n in enumerate(combo)}
    w_in = [f"  wire width {len(gold_nets[n]['bits'])} input {100000 + k} \\{free[n]}"
            for k, n in enumerate(combo)]
    gate_nets = [n for n, _ in cut]
    # GOLD reads the free words only at the bits GATE's cut is paired with; its bits that are
    # constant in the forms (simulation; the engine proves them below) are those constants, and
    # its other bits keep their own logic (each bit cut is a wire of its own: `splitnets`).
    # Whole words free made the rest differ where GOLD reads bits GATE does not pair: our sum's
    # bits above a 16-bit form's, masked to 0 (2026-11-27).
    paired = sorted({(o, i) for _, m in cut for o, i in m})
    bits = [f"{o}[{i}]" for o, i in paired] + [f"{o}[{i}]" for o, i, _ in consts]
    ok = _side(rest, os.path.join(flow.work, "gold.il"), "gold",
               f"splitnets {' '.join(_sel(n) for n in combo)}; {_expose(bits)}; {_unport(bits)}",
               w_in + [f"  connect \\{o}[{i}].i \\{free[o]} [{i}]" for o, i in paired]
               + [f"  connect \\{o}[{i}].i 1'{v}" for o, i, v in consts])
    ok = ok and _side(rest, os.path.join(flow.work, "gate.il"), "gate",
                      f"{_expose(gate_nets)}; {_unport(gate_nets)}",
                      w_in + _cut_lines(cut, free))
    if not ok:
        return False, False, f"{at}: Yosys could not cut the nets (see {rest.work})"
    wports = {**ports, **{free[n]: ("input", len(gold_nets[n]["bits"])) for n in combo}}
    verdict = abc_cec(rest, write_wrap(rest, wports, False, False, ctrls=ws))
    flow.phase("wide cut per form: ABC")
    if verdict != "equivalent":
        return False, False, f"{at}; the rest not proven (ABC {verdict}; {rest.work})"
    outs = [n for n, (d, _) in ports.items() if d == "output"]
    demote = "; ".join(f"delete -port w:{o}" for o in outs)
    eports = {n: v for n, v in ports.items() if v[0] == "input"}
    eports.update({f"equiv_wide{k}": ("output", len(m)) for k, (_, m) in enumerate(cut)})
    const_lines = {"gold": [], "gate": []}
    if consts:  # our constant bits: proven constant by the engine with the cut
        wire = f"  wire width {len(consts)} output {100000 + len(cut)} \\equiv_const"
        ours = _cat([(o, i) for o, i, _ in consts])
        const_lines["gold"] = [wire, f"  connect \\equiv_const {ours}"]
        const_lines["gate"] = [wire, f"  connect \\equiv_const {len(consts)}'"
                               + "".join(str(v) for _, _, v in reversed(consts))]
        eports["equiv_const"] = ("output", len(consts))
    eng = flow.sub("formcut", str(g), "engine")
    if not (_side(eng, os.path.join(flow.work, "gold.il"), "gold", demote,
                  _words(cut, "gold") + const_lines["gold"])
            and _side(eng, os.path.join(flow.work, "gate.il"), "gate", demote,
                      _words(cut, "gate") + const_lines["gate"])):
        return False, True, f"{at}: Yosys could not expose the cut nets (see {eng.work})"
    write_pair_sv(eng, eports)
    if not write_pair(eng, False):
        return False, True, f"{at}; the rest proven (ABC); time limit building the cut's AIG"
    legal = ["--legal"] + eng.ops_args if a.legal else []
    rc, res = eng.engine(["prove", "pair.aig", "pair.map", "--seconds",
                          str(int(eng.left() * 0.9)), "--class",
                          f"{mask}:{','.join(hex(w) for w in ws)}"] + legal)
    flow.phase("wide cut per form: engine")
    if rc != 0:
        why = "; ".join((res or {}).get("undecided", [])[:3]) or "time limit"
        return False, True, (f"{at}; the rest proven (ABC); the cut not proven by the engine "
                             f"(exit {rc}; {why})")
    return True, True, f"{at}; the rest proven (ABC), the cut by the engine ({res['forms']} forms)"
