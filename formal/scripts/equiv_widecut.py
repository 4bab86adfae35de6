"""A cut at the wide result word, for the equivalence flow (ptxalu_equiv.py): the saturating
and shifted forms (vmad .sat/.shr7/.shr15) of a user's unit whose multiplier is shaped unlike
ours (Booth radix-4, Wallace, a plain `*` at another width).

The algebraic engine proves words that are polynomials of the inputs; a saturated or shifted
result is not one (a compare, a bit slice of a sum), so the engine leaves those forms undecided,
and SAT cannot prove two multipliers of different structure equal. Both sides, though, compute
a wide word first (ours: the product, then the sum before the shift and the clamp: WIDE) and
then do little with it. The check is split in three (work files in WORK/widecut/<our word>/):

  1. pairing: both sides are simulated at the word level (equiv_wordsim.py) on 256 vectors of
     the flow's stimulus (legal control words with --legal, corner operands); every bit of a
     named GATE net (not a port) is paired with the bit of our word that has the same values
     on every vector (of equal bits, a sign copy with our top bit). GATE's nets whose bits all
     pair are the cut (a net's undriven top bits left out: logic no output reads is removed);
  2. the rest (rest/): both sides with the cut nets' drivers removed (Yosys `expose -cut`), our
     wide word a free input W and each of GATE's cut bits the bit of W it was paired with; ABC
     &cec on that miter: the original outputs equal for every legal input and every W. The
     GATE bits the outputs read are taken from the structural support of GATE's outputs in its
     bit-level AIG with the cut free (support/): per cut net, bits 0..k-1 where k - 1 is the
     highest bit read;
  3. the cut (engine/): per cut net, its bits 0..k-1 as one word against the paired bits of our
     wide word, by the algebraic engine, every form (every legal one with --legal): the word
     modulo 2^k, which is what the engine's rewriting proves.

Why 2 and 3 prove the two units equivalent (formal/algebra/README.md, "The wide cut"): for any
(legal) input x, step 3 gives every cut bit of GATE that its outputs read the value of the
paired bit of our wide word at x; with W = our wide word at x, GOLD with the cut computes what
GOLD computes at x, and so does GATE (the bits it reads have their real values), and step 2
holds for that W. A wrong pairing fails step 3. If no cut is found or a step is not proven,
the flow goes on without it (UNDECIDED names what was proven): no verdict, and never a
counterexample, is taken from the cut.
"""

import json
import os
import re

from equiv_abc import abc_cec
from equiv_build import write_pair, write_pair_sv, write_wrap
from equiv_prodcut import add_to_module
from equiv_packsim import transpose
from equiv_wordsim import WordSim, loaded
import equiv_quick

# Our units' words to cut at, tried in this order: names of nets in rtl/<unit>.sv. The product
# first: a product sign-extended into a wider sum (ours: 66 into 80 bits) is a word the engine
# lifts alone, not inside the sum; then the wide (pre-shift, pre-saturation) sum.
WIDE = {"ptxalu_vmad": ("product", "sum"), "ptxalu_mult": ("product",)}
VECTORS = 256  # signature length


def _module(path, tag):
    """Module equiv_<tag> of a `write_json` file (read-only: callers share it)."""
    return loaded(path, tag, lambda: json.load(open(path))["modules"][f"equiv_{tag}"])


def _watching(path, tag, nets, trim):
    """(WordSim of the file watching `nets`, the nets as watched), or (None, None)."""
    def make():
        sim = WordSim(path, f"equiv_{tag}")
        if sim.unsupported:
            return None, None
        kept = nets
        if trim:
            kept = {n: b for n, b in ((n, _driven(b, sim.driver)) for n, b in nets.items()) if b}
        sim.watch(kept)
        return sim, kept
    # the wide cut per form pairs every form on the same two netlists: mult_ctree's 18 forms
    # loaded and compiled GATE's Booth tree 18 times, a third of the pairing's time
    return loaded(path, ("sim", tag, trim, tuple(sorted(nets))), make)


def _signatures(flow, tag, nets, vectors, trim=False):
    """{net name: [signature per bit]} of `nets` ({name: bits of WORK/<tag>.json}): bit k of a
    signature is the net bit's value on vector k (None: a cell the word-level simulation does
    not know). trim: each net without its undriven top bits (_driven)."""
    sim, nets = _watching(os.path.join(flow.work, f"{tag}.json"), tag, nets, trim)
    if sim is None:
        return None
    outs = sim.eval_many(vectors)
    # transposed (as strings): a bit-by-bit loop took 1.4 s a form on mult_ctree
    return {n: transpose([o[n] for o in outs], len(bits)) for n, bits in nets.items()}


def _driven(bits, driver):
    """A net's bits without its undriven top bits: Yosys removes the logic of bits no output
    reads (a 130-bit product of which the unit reads 128), and those bits, read as 0, would
    keep the whole net from pairing. They are left out of the cut (free, never assumed)."""
    k = len(bits)
    while k and isinstance(bits[k - 1], int) and bits[k - 1] not in driver:
        k -= 1
    return bits[:k]


def _signature_maps(flow, ports, ours, vecs):
    """(where, refs, gate) on `vecs`: our bit positions by signature (sign copies share one),
    (our net, bit) by position, and the signature of every named GATE net that is not a port;
    or why the word-level simulation cannot run."""
    gold = _signatures(flow, "gold", dict(ours), vecs)
    if gold is None:
        return "GOLD has cells the word-level simulation does not know"
    where = {}
    for pos, s in enumerate(s for n, _ in ours for s in gold[n]):
        where.setdefault(s, []).append(pos)
    refs = [(n, i) for n, bits in ours for i in range(len(bits))]
    nets = _module(os.path.join(flow.work, "gate.json"), "gate")["netnames"]
    gate = _signatures(flow, "gate", {n: v["bits"] for n, v in nets.items() if not (
        n.startswith("$") or n in ports or v.get("hide_name"))}, vecs, trim=True)
    if gate is None:
        return "GATE has cells the word-level simulation does not know"
    return where, refs, gate


def pairing(flow, ports, ours):
    """GATE's nets whose every bit equals a bit of our nets `ours` ([(name, bits)]) on the
    flow's stimulus (equiv_quick.stimulus: legal words with --legal, corner operands):
    ([(GATE net, [(our net, bit) per bit])], None), or (None, why)."""
    if not hasattr(flow, "widecut_vectors"):
        vecs = equiv_quick.stimulus(flow, ports, flow.a.legal, flow.a.seed, VECTORS)
        flow.widecut_vectors = [v for v, _ in vecs or []]
    vecs = flow.widecut_vectors
    if not vecs:
        return None, "ptxalu-aig gave no stimulus"
    maps = _signature_maps(flow, ports, ours, vecs)
    if isinstance(maps, str):
        return None, maps
    where, refs, gate = maps
    distinct = len(where)
    cut, seen = [], set()
    for n, sigs in sorted(gate.items(), key=lambda kv: -len(kv[1])):
        if len(set(sigs)) < max(8, distinct // 2) or not all(s in where for s in sigs):
            continue  # not a word of ours, or mostly copies and constants
        key, prev = [], -1
        for s in sigs:  # of equal bits, the one that continues the run (sign copies: the top)
            prev = min(where[s], key=lambda i, nxt=prev + 1: (abs(i - nxt), i))
            key.append(prev)
        if tuple(key) in seen:  # another name of a net already taken
            continue
        seen.add(tuple(key))
        cut.append((n, [refs[k] for k in key]))
    if not cut:
        return None, (f"no GATE net matches our {', '.join(n for n, _ in ours)} on "
                      f"{len(vecs)} vectors")
    return cut, None


def _cat(refs):
    """An RTLIL concatenation of net bits [(name, bit)], LSB first."""
    return "{ " + " ".join(f"\\{n} [{i}]" for n, i in reversed(refs)) + " }"


def _sel(n):
    """A net name in a Yosys selection (dots, brackets and dollars escaped)."""
    return "w:" + re.sub(r"([\[\].$])", r"\\\1", n)


def _side(sub, src, tag, script, extra=()):
    """WORK/<sub>/<tag>.il: `src` after `script` (Yosys), with `extra` RTLIL lines added to
    its module; False when Yosys failed."""
    r = sub.yosys(f"read_rtlil {src}; {script}; write_rtlil {tag}_0.il", f"{tag}.log")
    if r is None or r[0]:
        return False
    path = os.path.join(sub.work, f"{tag}_0.il")
    with open(path) as f:
        il = f.read()
    with open(path, "w") as f:
        f.write(add_to_module(il, tag, list(extra)))
    r = sub.yosys(f"read_rtlil {tag}_0.il; hierarchy -top equiv_{tag}; write_rtlil {tag}.il",
                  f"{tag}_fix.log")
    return r is not None and r[0] == 0


def _expose(names):
    """Yosys: cut `names` (drivers to outputs N, readers from inputs N.i), the drivers dropped."""
    return f"expose -cut {' '.join(_sel(n) for n in names)}; " + \
        "; ".join(f"delete -port {_sel(n)}" for n in names)


def read_bits(sub, src, tag, cut):
    """{cut net: highest bit + 1 that `src`'s (RTLIL) outputs read with the cut free}: the
    structural support in the bit-level AIG (Yosys aigmap; nets none of whose bits is read are
    left out). None when Yosys failed."""
    names = [n for n, _ in cut]
    r = sub.yosys(f"read_rtlil {src}; {_expose(names)}; opt_clean; techmap; opt_expr; "
                  f"aigmap; opt_clean; write_json {tag}_aig.json", f"{tag}_aig.log")
    if r is None or r[0]:
        return None
    mod = _module(os.path.join(sub.work, f"{tag}_aig.json"), tag)
    read = {b for c in mod["cells"].values() for p, bits in c["connections"].items()
            if p != "Y" for b in bits}
    read |= {b for p in mod["ports"].values() if p["direction"] == "output" for b in p["bits"]}
    out = {}
    for n in names:
        bits = mod["ports"].get(n + ".i", {}).get("bits", [])
        used = [i for i, b in enumerate(bits) if b in read]
        if used:
            out[n] = max(used) + 1
    return out


def try_wide_cut(flow, ports, forms=None):
    """('equivalent', how) when steps 1-3 are proven at one of WIDE[TOP]'s words, else
    ('differ', what) when ABC found the rest different at every word tried (a bug in the clamp
    or the shift, or a cut that does not hold for every W: the flow seeks a witness on the whole
    miter), else (None, what was and was not). `forms` (a regex of PTX names, ptxalu-aig
    --only-forms): step 3 for those forms only, the others being proven without the cut."""
    notes, differ = [], True
    for wide in WIDE.get(flow.a.top, ()):
        verdict, how = _try(flow, ports, wide, forms)
        if verdict == "equivalent":
            return verdict, how
        differ = differ and verdict == "differ"
        notes.append(how)
    if not notes:
        return None, f"wide cut: no word to cut at known for {flow.a.top}"
    return ("differ" if differ else None), "; ".join(notes)


def _words(cut, tag):
    """RTLIL lines: output equiv_wide<k> of each cut net k, its bits on GATE (`tag` gate) or
    the paired bits of ours (gold)."""
    lines = []
    for k, (n, m) in enumerate(cut):
        refs = [(n, i) for i in range(len(m))] if tag == "gate" else m
        lines += [f"  wire width {len(m)} output {100000 + k} \\equiv_wide{k}",
                  f"  connect \\equiv_wide{k} {_cat(refs)}"]
    return lines


def _cut_lines(cut, free):
    """RTLIL lines connecting each cut net's readers (N.i, after _expose) to the bits of the
    free inputs that it is paired with (`free`: our net name -> free input name)."""
    return [f"  connect \\{n}.i [{len(m) - 1}:0] {_cat([(free[o], i) for o, i in m])}"
            for n, m in cut]


def _unport(names):
    return "; ".join(f"delete -port {_sel(n + '.i')}" for n in names)


def _try(flow, ports, wide, forms):
    """The wide cut at our net `wide`: ('equivalent', how), ('differ', why) when ABC found the
    rest different, or (None, why not)."""
    a, at = flow.a, f"wide cut at {wide}"
    nets = _module(os.path.join(flow.work, "gold.json"), "gold")["netnames"]
    if wide not in nets:
        return None, f"{at}: GOLD has no net {wide}"
    width = len(nets[wide]["bits"])
    cut, why = pairing(flow, ports, [(wide, nets[wide]["bits"])])
    if cut is None:
        return None, f"{at}: {why}"
    flow.phase("wide cut: pairing")
    widths = read_bits(flow.sub("widecut", wide, "support"), os.path.join(flow.work, "gate.il"),
                       "gate", cut)
    if widths is None:
        return None, f"{at}: Yosys could not cut GATE's nets"
    cut = [(n, m[:widths[n]]) for n, m in cut if n in widths]
    if not cut:
        return None, f"{at}: GATE's outputs read none of the nets paired with it"
    names = ", ".join(f"{n}[{len(m) - 1}:0]" for n, m in cut)
    print(f"ptxalu-equiv: wide cut: GATE's {names} (the bits its outputs read) paired with our "
          f"{wide}[{width - 1}:0] by signatures ({VECTORS} vectors, seed {a.seed})", flush=True)

    # 2. the rest, with the cut free on both sides, by ABC
    rest = flow.sub("widecut", wide, "rest")
    w_in = f"  wire width {width} input 100000 \\equiv_w"
    gate_nets = [n for n, _ in cut]
    ok = _side(rest, os.path.join(flow.work, "gold.il"), "gold",
               f"{_expose([wide])}; {_unport([wide])}", [w_in, f"  connect \\{wide}.i \\equiv_w"])
    ok = ok and _side(rest, os.path.join(flow.work, "gate.il"), "gate",
                      f"{_expose(gate_nets)}; {_unport(gate_nets)}",
                      [w_in] + _cut_lines(cut, {wide: "equiv_w"}))
    if not ok:
        return None, f"{at}: Yosys could not cut the nets (see {rest.work})"
    verdict = abc_cec(rest, write_wrap(rest, {**ports, "equiv_w": ("input", width)},
                                       a.legal, False))
    flow.phase("wide cut: ABC")
    if verdict != "equivalent":
        return (verdict if verdict == "differ" else None), (
            f"{at}: GATE's {names} paired with it; the outputs with the cut free not proven "
            f"(ABC {verdict}; {rest.work}); the cut not tried")

    # 3. the cut nets against our wide word, by the algebraic engine
    outs = [n for n, (d, _) in ports.items() if d == "output"]
    demote = "; ".join(f"delete -port w:{o}" for o in outs)
    eports = {n: v for n, v in ports.items() if v[0] == "input"}
    eports.update({f"equiv_wide{k}": ("output", len(m)) for k, (_, m) in enumerate(cut)})
    eng = flow.sub("widecut", wide, "engine")
    if not (_side(eng, os.path.join(flow.work, "gold.il"), "gold", demote, _words(cut, "gold"))
            and _side(eng, os.path.join(flow.work, "gate.il"), "gate", demote,
                      _words(cut, "gate"))):
        return None, f"{at}: Yosys could not expose the cut nets (see {eng.work})"
    write_pair_sv(eng, eports)
    if not write_pair(eng, False, halves=False):  # one Yosys run (write_pair)
        return None, f"{at}: the rest proven (ABC); time limit building the cut's AIG"
    legal = ["--legal"] + eng.ops_args if a.legal else []
    only = ["--only-forms", forms] if forms else []
    rc, res = eng.engine(["prove", "pair.aig", "pair.map", "--seconds", str(int(eng.left() * 0.9))]
                         + legal + only)
    flow.phase("wide cut: engine")
    if rc != 0:
        return None, (f"{at}: the rest with the cut free proven (ABC); the engine did not "
                      f"prove GATE's {names} equal to its paired bits (exit {rc}; "
                      f"{'; '.join((res or {}).get('undecided', [])[:4]) or 'time limit'})")
    # Every legal form step 3 compared (and so proved): the main run checks that these cover
    # the forms it left to the cut, since the two runs enumerate legal words on different AIGs.
    flow.wide_cut_compared = set(res.get("compared", []))
    return "equivalent", (f"{at}: GATE's {names} proven equal to our {wide}'s paired bits by "
                          f"the engine ({res['forms']} forms"
                          f"{f', those named /{forms}/' if forms else ''}), "
                          "the outputs with the cut free on both sides by ABC &cec")
