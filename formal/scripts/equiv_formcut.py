"""The wide cut per control-word form, for the equivalence flow (ptxalu_equiv.py): the forms the
algebraic engine left undecided in a unit that never forms one of our words whole, e.g. a
ptxalu_mult that adds c as one more row of its product tree (the tree is a*b + c*2^off, for
mad.hi.sat.s32 bits [65:32] of it are our 34-bit exact sum; formal/algebra/README.md, "The wide
cut per form").

For one form (its control word fixed), a GATE net's low bits can equal a concatenation of our
words' bits: the tree's bits 31..0 our product's, its bits 65..32 our sum_s32. The three steps
of equiv_widecut.py, each for the forms in question only (work files in WORK/formcut/<k>/rest
per group k, WORK/formcut/engine for the cuts, engine-g<k> for a retry):

  1. pairing, per form: the flow's stimulus with ctrl_i set to the form's word; a GATE net is
     cut when its bits from 0 up pair with bits of the candidate words of ours (FORM_WORDS,
     the candidate whose bits GOLD's outputs read most on those vectors first), its bit 0 with
     bit 0 of the first of them; the cut is its low k bits, k ending where the pairing ends or
     only constants and copies of the bit below follow. Forms with the same cut are one group
     (a group whose rest fails is tried form by form; a form not proven goes on to its next
     candidate);
  2. the rest (ABC), per group: both sides with the cut nets free (GOLD's words free inputs at
     the bits GATE's cut is paired with, the constants simulation shows at their bits constant
     in the form, GOLD's own logic at the others; GATE's cut bits the paired bits, its higher
     bits free), the control word each of the group's forms as a constant in its own miter
     (groups of up to CONSTANT_FORMS forms), else assumed to be one of them;
  3. the cut (the engine): each cut net's k bits against the paired bits, and those constant
     bits of ours against their constants, every legal word of the group's forms (ptxalu-aig
     prove --legal --class MASK:WORDS, MASK the control bits the pair AIG's outputs read, so a
     form is every legal word with those bits). One pair AIG per candidate (all of them from
     one Yosys run) holds its groups' words (each group's outputs are its words when ctrl_i
     is of one of its forms, 0 on both sides otherwise), one engine run per group; groups it
     leaves while others are proven go again in a pair AIG of their own (the other groups'
     words change the AIG's structure, on which the engine's rewriting depends).

Why it proves the forms (the argument of equiv_widecut.py, per form): for a legal x of a
group's form, let x' be x with the control word of the group's representative: x and x' agree
on the control bits the outputs read (MASK), so both units' outputs are the same at x and x'.
At x', step 3 gives every cut bit its paired value and our constant bits their constants, and
step 2 (every value of the free words, in particular ours at x') the equal outputs. In the one
pair AIG of step 3, the group's outputs at x' are its words on both sides (x' is of its forms),
so the engine run for its forms compares exactly them (another group's outputs there are 0 on
both sides). Any failure leaves the form undecided.
"""

import os

from equiv_abc import abc_cec
from equiv_build import write_pair, write_wrap
from equiv_widecut import (VECTORS, _cat, _cut_lines, _expose, _module, _sel, _side,
                           _signature_maps, _signatures, _unport)
import equiv_quick

# Our nets whose bits a GATE net may carry in one form, tried in this order among candidates
# whose bits GOLD's outputs read equally often (_order).
FORM_WORDS = {"ptxalu_mult": (("product", "sum_s32"), ("product", "sum"), ("sum",)),
              "ptxalu_vmad": (("product",), ("sum",))}
MAX_GROUPS = 40  # more groups of forms than this: left to ABC per form
FORM_TERMS = 250_000  # the flow's --max-terms for the whole forms before this cut
# The rest's ABC: the flow's race of `&cec -m` alone and `&fraig -x` first (equiv_abc.py). On
# mult_ctree's rests (2026-11-27, the 130 KB miters where GOLD kept its multiplier) `&fraig -x`
# first took 40-60 s whether the rest held or not; `&cec -m` alone refuted those that do not
# hold (a mad.hi form at product+sum_s32) in 0.1 s and proved the one that holds in 1.4 s.
# The rest's miter per form with its control word a constant, for groups of this many forms
# or fewer: mult_split's mad24.hi.sat.s32 rest (GATE's products paired with our product's low
# 48 bits) was 588 AND gates, ABC 0.03 s, as a constant (2026-11-28); with the control word
# an assumption GOLD's multiplier above the cut stayed in it: 20 s of `&cec -m`, then about
# 100 s of the flow's script.
CONSTANT_FORMS = 4


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


def _order(flow, ports, combos, gold_nets, w):
    """`combos` for the form of control word w: first those all of whose words are in GOLD's
    outputs' fan-in for the form (_cone), then the one whose words' bits GOLD's outputs read
    most (FORM_WORDS' order among equals): on the form's vectors, the output bits whose values
    are those of a bit of the candidate's words. A form whose result is our `sum` (mad.hi) then
    tries product+sum before product+sum_s32, whose rest ABC refutes only after building GOLD's
    multiplier into it (20-60 s per form, 2026-11-27)."""
    outs = [n for n, (d, _) in ports.items() if d == "output" and n in gold_nets]
    names = sorted({n for c in combos for n in c} | set(outs))
    vecs = [dict(v, ctrl_i=w) for v in flow.widecut_vectors]
    sigs = _signatures(flow, "gold", {n: gold_nets[n]["bits"] for n in names}, vecs)
    if sigs is None:
        return list(combos)
    full = (1 << len(vecs)) - 1
    read = [s for n in outs for s in sigs[n] if s not in (0, full)]
    score = [sum(s in {b for n in c for b in sigs[n]} for s in read) for c in combos]
    cone = _cone(flow, ports, vecs)
    unread = [0 if cone is None else sum(not cone & {b for b in gold_nets[n]["bits"]
                                                     if isinstance(b, int)} for n in c)
              for c in combos]
    return [c for *_, c in sorted(zip(unread, (-x for x in score), range(len(combos)), combos))]


def _cone(flow, ports, vecs):
    """The bits of GOLD's nets in its outputs' fan-in on `vecs` (one form): every cell's inputs,
    but a $mux or $pmux whose select is constant on them only through its selected input.
    None when the word-level simulation cannot run. A candidate with a word outside it is
    tried last: freeing that word cannot change GOLD's outputs, whose rest then keeps GOLD's own
    multiplier and fails (mult_ctree's mad.hi forms, whose results read our sum and equal
    sum_s32's bits, tied on signatures: 8 rests refuted in 29 s of ABC, 2026-11-28)."""
    mod = _module(os.path.join(flow.work, "gold.json"), "gold")
    cells = list(mod["cells"].values())
    sels = {f"s{k}": c["connections"]["S"] for k, c in enumerate(cells)
            if c["type"] in ("$mux", "$pmux")}
    sigs = _signatures(flow, "gold", sels, vecs) if sels else {}
    if sigs is None:
        return None
    full = (1 << len(vecs)) - 1
    driver = {b: k for k, c in enumerate(cells) for b in c["connections"].get("Y", ())
              if isinstance(b, int)}
    todo = [b for n, (d, _) in ports.items() if d == "output" and n in mod["ports"]
            for b in mod["ports"][n]["bits"]]
    seen, done = set(), set()
    while todo:
        b = todo.pop()
        if not isinstance(b, int) or b in seen:
            continue
        seen.add(b)
        k = driver.get(b)
        if k is None or k in done:
            continue
        done.add(k)
        conns = cells[k]["connections"]
        sel = sigs.get(f"s{k}")
        if sel is not None and all(s in (0, full) for s in sel):
            on = [i for i, s in enumerate(sel) if s]
            w = len(conns["Y"])
            todo += conns["S"] + (conns["A"] if not on else conns["B"][on[0] * w:(on[0] + 1) * w])
        else:
            todo += [x for p, bits in conns.items() if p != "Y" for x in bits]
    return seen


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
    # Rounds: each form left takes the first candidate (FORM_WORDS' order) not yet tried for it
    # whose rest ABC proves (pair, group, ABC; a group whose rest fails is tried form by form,
    # its forms' outputs may read different words of ours); then one pair AIG holds every
    # group's cut words (Yosys' AIG of the two multipliers is most of a group's cost: ~25 s) and
    # the engine proves each group on its own outputs. A form whose cut fails goes on to the
    # next candidate in the next round.
    order = {w: _order(flow, ports, combos, gold_nets, w) for w in words}
    flow.phase("wide cut per form: candidate order")
    tried = {w: 0 for w in words}  # candidates tried per form (an index into order[w])
    proven, notes, g = [], [], 0
    while True:
        batch = []  # (group number, combo, cut, consts, words, what)
        for combo in combos:
            todo = [w for w in words if w not in proven and tried[w] < len(combos)
                    and order[w][tried[w]] == combo]
            if not todo:
                continue
            groups = {}  # (cut, consts) -> words
            for w in todo:
                vecs = [dict(v, ctrl_i=w) for v in flow.widecut_vectors]
                cut, consts = _pairing(flow, ports, [(n, gold_nets[n]["bits"]) for n in combo],
                                       vecs)
                tried[w] += 1
                if cut:
                    key = (tuple((n, tuple(m)) for n, m in cut), consts)
                    groups.setdefault(key, []).append(w)
            flow.phase("wide cut per form: pairing")
            if len(groups) > MAX_GROUPS:
                notes.append(f"wide cut per form at our {'+'.join(combo)}: {len(groups)} groups "
                             f"of forms (more than {MAX_GROUPS})")
                continue
            queue = sorted(groups.items(), key=lambda kv: kv[1])
            while queue:
                (cut, consts), ws = queue.pop(0)
                cut = [(n, list(m)) for n, m in cut]
                rest_ok, how = _rest(flow, ports, g, combo, cut, consts, ws)
                if rest_ok:
                    batch.append((g, combo, cut, consts, ws, how))
                    for w in ws:  # held at this candidate until its cut is tried
                        tried[w] -= 1
                else:
                    notes.append(how)
                    print(f"ptxalu-equiv: {how}", flush=True)
                    if len(ws) > 1:
                        queue[:0] = [((tuple((n, tuple(m)) for n, m in cut), consts), [w])
                                     for w in ws]
                g += 1
        if not batch:
            break
        # One pair AIG per candidate (other candidates' words change the shared logic's AIG
        # structure, on which the engine's rewriting depends: _cuts_apart), all written by one
        # Yosys run from one mapped netlist (each AIG has only its candidate's outputs).
        parts = [p for p in ([i for i, b in enumerate(batch) if b[1] == combo]
                             for combo in combos) if p]
        done = zip(batch, _cuts_apart(flow, ports, batch, mask, "engine", parts))
        for (_, _, _, _, ws, _), (ok, how) in done:
            notes.append(how)
            print(f"ptxalu-equiv: {how}", flush=True)
            if ok:
                proven += ws
            else:
                for w in ws:
                    tried[w] += 1
    if not proven and not notes:
        notes.append(f"wide cut per form: no GATE net pairs with our "
                     f"{' or '.join('+'.join(c) for c in combos)} in any of the {len(words)} forms")
    return proven, notes


def _what(combo, cut, ws):
    names = ", ".join(f"{n}[{len(m) - 1}:0]" for n, m in cut)
    return (f"wide cut per form, {len(ws)} form(s) ({', '.join(hex(w) for w in ws[:4])}"
            f"{' ...' if len(ws) > 4 else ''}): GATE's {names} paired with our "
            f"{'+'.join(combo)}")


def _rest(flow, ports, g, combo, cut, consts, ws):
    """Step 2 for one group of forms: (proven, what)."""
    gold_nets = _module(os.path.join(flow.work, "gold.json"), "gold")["netnames"]
    at = _what(combo, cut, ws)
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
        return False, f"{at}: Yosys could not cut the nets (see {rest.work})"
    wports = {**ports, **{free[n]: ("input", len(gold_nets[n]["bits"])) for n in combo}}
    # A group of up to CONSTANT_FORMS forms: one miter per form with its control word a
    # constant, so that Yosys' opt removes what the form does not read (GOLD's multiplier above
    # the cut); a larger group: one miter that assumes the control word is one of them.
    miters = [{"ctrl": w} for w in ws] if len(ws) <= CONSTANT_FORMS else [{"ctrls": ws}]
    for miter in miters:
        verdict = abc_cec(rest, write_wrap(rest, wports, False, False, **miter))
        if verdict != "equivalent":
            break
    flow.phase("wide cut per form: ABC")
    if verdict != "equivalent":
        return False, f"{at}; the rest not proven (ABC {verdict}; {rest.work})"
    return True, at


def _cuts_apart(flow, ports, batch, mask, where, parts=None):
    """_cuts, and the groups it did not prove, when others in their AIG were, again in a pair
    AIG of their own: the engine's rewriting depends on the AIG's structure, which the other
    groups' words change (Yosys shares their logic). mult_ctree's mad.hi.sat.s32 cut (our
    product+sum_s32) was given up at 1.7M terms beside 15 groups cut at product+sum, proven in
    0.9 s with only mad24.hi.sat.s32's group beside it (2026-11-28)."""
    out = _cuts(flow, ports, batch, mask, where, parts)
    for part in parts or [range(len(batch))]:
        failed = [i for i in part if not out[i][0]]
        if 0 < len(failed) < len(part):
            again = [batch[i] for i in failed]
            for i, res in zip(failed, _cuts_apart(flow, ports, again, mask,
                                                  f"engine-g{again[0][0]}")):
                out[i] = res
    return out


def _cuts(flow, ports, batch, mask, where, parts=None):
    """Step 3 for every group of `batch` in one pair AIG, or one per part of `parts` (lists of
    indices into `batch`, written by one Yosys run: equiv_build.pair_script): group g's outputs
    (its cut words, equiv_g<g>_<k>, and its constant bits of ours, equiv_g<g>_c) are the words
    on both sides when the control word is of one of its forms (ctrl_i & mask one of theirs)
    and 0 otherwise, so the engine run for group g (--class, its forms only) compares its own
    words and finds the others' 0 = 0. [(proven, what)] per group."""
    a = flow.a
    outs = [n for n, (d, _) in ports.items() if d == "output"]
    demote = "; ".join(f"delete -port w:{o}" for o in outs)
    lines = {"gold": [], "gate": []}
    words = []  # (group, output name, width)
    for g, _, cut, consts, _, _ in batch:
        for tag in lines:
            for k, (n, m) in enumerate(cut):
                refs = [(n, i) for i in range(len(m))] if tag == "gate" else m
                lines[tag] += [f"  wire width {len(m)} output {100000 + len(words) + k} "
                               f"\\equiv_g{g}_{k}", f"  connect \\equiv_g{g}_{k} {_cat(refs)}"]
            if consts:  # our constant bits: proven constant by the engine with the cut
                val = (_cat([(o, i) for o, i, _ in consts]) if tag == "gold" else
                       f"{len(consts)}'" + "".join(str(v) for _, _, v in reversed(consts)))
                lines[tag] += [f"  wire width {len(consts)} output "
                               f"{100000 + len(words) + len(cut)} \\equiv_g{g}_c",
                               f"  connect \\equiv_g{g}_c {val}"]
        words += [(g, f"equiv_g{g}_{k}", len(m)) for k, (_, m) in enumerate(cut)]
        words += [(g, f"equiv_g{g}_c", len(consts))] if consts else []
    eng = flow.sub("formcut", where)
    what = [at for *_, at in batch]
    if not all(_side(eng, os.path.join(flow.work, f"{t}.il"), t, demote, lines[t])
               for t in lines):
        return [(False, f"{at}: Yosys could not expose the cut nets (see {eng.work})")
                for at in what]
    # more than one part: group -> its part, whose AIG is pair_p<part> (else all in pair.aig)
    part_of = ({batch[i][0]: k for k, part in enumerate(parts) for i in part}
               if parts and len(parts) > 1 else {})
    _pair_sv(eng, ports, batch, words, int(mask, 16) if isinstance(mask, str) else mask,
             part_of)
    if not write_pair(eng, False, halves=False,  # one Yosys run (write_pair)
                      parts=[f"pair_p{k}" for k in range(len(parts))] if part_of else None,
                      opt=False):
        return [(False, f"{at}; the rest proven (ABC); time limit building the cut's AIG")
                for at in what]
    flow.phase("wide cut per form: the cuts' AIG")
    legal = ["--legal"] + eng.ops_args if a.legal else []
    out = []
    for (g, _, _, _, ws, at) in batch:
        aig = f"pair_p{part_of[g]}" if part_of else "pair"
        rc, res = eng.engine(["prove", f"{aig}.aig", f"{aig}.map", "--seconds",
                              str(int(eng.left() * 0.9)), "--class",
                              f"{mask}:{','.join(hex(w) for w in ws)}"] + legal)
        if rc != 0:
            why = "; ".join((res or {}).get("undecided", [])[:3]) or (
                "a remainder" if rc == 1 else "time limit")
            out.append((False, f"{at}; the rest proven (ABC); the cut not proven by the engine "
                               f"(exit {rc}; {why})"))
        else:
            out.append((True, f"{at}; the rest proven (ABC), the cut by the engine "
                              f"({res['forms']} forms)"))
    flow.phase("wide cut per form: engine")
    return out


def _pair_sv(flow, ports, batch, words, mask, part_of):
    """equiv_pair for _cuts: both sides, each group's outputs gated by its forms (and marked
    with the attribute ptxalu_part, its part's index in `part_of`, for pair_script)."""
    ins = [(n, w) for n, (d, w) in ports.items() if d == "input"]
    cw = ports["ctrl_i"][1]
    decl = [f"  input logic [{w - 1}:0] {n}" for n, w in ins]
    decl += [(f"  (* ptxalu_part = {part_of[g]} *)" if g in part_of else "") +
             f"  output logic [{w - 1}:0] {t}_{n}" for g, n, w in words for t in ("gold", "gate")]
    lines = ["module equiv_pair (", ",\n".join(decl), ");"]
    for g, _, _, _, ws, _ in batch:
        forms = " || ".join(f"(ctrl_i & {cw}'h{mask:x}) == {cw}'h{w & mask:x}" for w in ws)
        lines.append(f"  logic sel_{g};\n  assign sel_{g} = {forms};")
    for t in ("gold", "gate"):
        lines += [f"  logic [{w - 1}:0] {t}_{n}_w;" for _, n, w in words]
        conns = ", ".join([f".{n}({n})" for n, _ in ins] +
                          [f".{n}({t}_{n}_w)" for _, n, _ in words])
        lines.append(f"  equiv_{t} u_{t} ({conns});")
        lines += [f"  assign {t}_{n} = sel_{g} ? {t}_{n}_w : '0;" for g, n, _ in words]
    lines += ["endmodule", ""]
    open(os.path.join(flow.work, "equiv_pair.sv"), "w").write("\n".join(lines))
