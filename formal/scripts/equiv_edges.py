"""Operands at the edges, for the word-level simulation (equiv_quick.Quick._variants).

Users' bugs sit at edges: a saturation bound, a clamp limit, a sign boundary, a carry out of a
lane, a shift by the width. Random operands almost never land there (a clamp bound off by one in
a `.sat` form first differed at vector 35,412 of seed 1), so hot words also get:

- *edge operands*: in one sub-word of a port, 0, +-1, +-2, the signed MIN/MAX (+-1) and unsigned
  MAX (-1) of its width, or a shift amount at a lane width (w-1, w, w+1); the rest of the port
  zero, all ones, the sub-word's sign extended, random, or each byte all ones or all zeros. The
  sub-words are the form's own, from the ISA table and the control word (Forms: its types,
  .s16 -> 16-bit lanes; its selectors, a.b3 -> a's byte 3, b.h1 -> b's high half, a SIMD
  lane's pool element), then every lane width 8/16/32/64 of the port;
- *bound sweeps*: with a, b at edges, one operand (the form's first own sub-word of the port:
  c's low 32 bits for mad.hi.sat.s32, else the whole port) swept by bisection on GOLD's output
  until that output changes from the value it has at one end of the operand's range (the clamp
  value, for a .sat form): the operand where GOLD's sum reaches the bound, and its neighbours
  -1, +1, +2 (a * b + c on the bound and one below and above it, whatever the unit's
  arithmetic: only GOLD's simulator is asked). The range is taken in signed and unsigned order.
"""

import importlib.util
import os
import re

import ctrl_fields

LANES = (8, 16, 32, 64)
# The width of the video and dot instructions' .dtype/.atype/.btype: .u32 or .s32, chosen by
# the control word's dsigned/asigned/bsigned (the table's fields; PTX has no other).
SIGNED_TYPE_WIDTH = 32
_ISA = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__)))), "sim", "isa", "isa.py")


class Forms:
    """A control word's types and selectors from the ISA table (sim/isa/instructions.json,
    read by sim/isa/isa.py) and the control word's fields (ptxalu_pkg's ctrl_t and enums, by
    ctrl_fields.py): nothing about a type or a selector is spelled here but the two rules of
    the table's syntax (`.type` is the itype field's value, `.dtype/.atype/.btype` are
    SIGNED_TYPE_WIDTH bits) and ctrl_t's documented selector encoding (a SIMD lane i takes
    pool element asel[3*i +: 3], the pool a's lanes then b's; scalar: asel[2:0] a sel_e)."""

    def __init__(self, pkg):
        spec = importlib.util.spec_from_file_location("ptxalu_isa_table_edges", _ISA)
        isa = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(isa)
        self.layout = ctrl_fields.Layout(pkg)
        self.family = {isa.op_enum(op): fam for op, fam in isa.ops()}
        self.known = {}

    def of(self, word):
        """(lane widths of the form's types, [(port letter, lane width, lane index)] of its
        selectors, its operand letters) of a control word; None for a word of no family."""
        if word not in self.known:
            self.known[word] = self._of(word)
        return self.known[word]

    def _of(self, word):
        fam = self.family.get(self.layout.value(word, "op"))
        if fam is None:
            return None
        mnemonic, _, operands = fam["syntax"].partition(" ")
        types = []
        for part in re.findall(r"\.(\w+)", re.sub(r"\{[^}]*\}", "", mnemonic)):
            if part == "type":  # the itype field's value: ItU16x2 -> u16x2 -> 16-bit lanes
                name = self.layout.value(word, "itype") or ""
                part = name[2:].lower()
            elif part in ("dtype", "atype", "btype"):
                types.append(SIGNED_TYPE_WIDTH)
                continue
            m = re.fullmatch(r"[subf](\d+)(?:x\d)?", part)
            if m:
                types.append(int(m.group(1)))
        letters = re.findall(r"\b([a-z])\b", operands)[1:]  # the first is the result
        sels = []
        kind = fam["selectors"]
        for port in ("a", "b"):
            sel = self.layout.value(word, f"{port}sel")
            if kind == "scalar":  # a sel_e: SelB3 -> byte 3, SelH1 -> half 1
                m = re.fullmatch(r"Sel([BH])(\d)", self.layout.enums["sel_e"].get(sel & 7) or "")
                if m:
                    sels.append((port, 8 if m.group(1) == "B" else 16, int(m.group(2))))
            elif kind.startswith("x"):  # lane i of the result takes pool element sel[3i+2:3i]
                lanes = int(kind[1:])
                width = SIGNED_TYPE_WIDTH // lanes
                for i in range(lanes):
                    e = (sel >> (3 * i)) & 7
                    sels.append(("a" if e < lanes else "b", width, e % lanes))
        return types, sels, letters


_FORMS = {}


def sub_words(ctrl, ports, pkg):
    """{port: ([(width, lsb)] of the form's own, [(width, lsb)] of every lane width)}: the
    sub-words of each operand port whose edges to try, the form's own from the ISA table for
    the control word `ctrl` (Forms: the bytes or halves its selectors name, then its types'
    lanes over each of its operands; none without a control word or for a word of no family),
    the others every lane width 8/16/32/64 (and the port's) at every place."""
    subs = {n: [] for n, (d, w) in ports.items()
            if d == "input" and n not in ("ctrl_i", "clk_i", "rst_ni")}
    if ctrl is not None:
        if pkg not in _FORMS:
            _FORMS[pkg] = Forms(pkg)
        form = _FORMS[pkg].of(ctrl)
        if form:
            types, sels, letters = form
            for letter in letters:
                port = f"{letter}_i"
                if port not in subs:
                    continue
                w = ports[port][1]
                subs[port] += [(lane, k * lane % w) for p, lane, k in sels
                               if p == letter and lane <= w]
                subs[port] += [(t, k) for t in types if t <= w for k in range(0, w, t)]
    return {port: (list(dict.fromkeys(own)),
                   [(t, k) for t in sorted(set(LANES + (ports[port][1],))) if t <= ports[port][1]
                    for k in range(0, ports[port][1], t)])
            for port, own in subs.items()}


def edge_value(rng, width, lsb, port_width):
    """One edge operand for a port: an edge value in its sub-word (width, lsb), the rest filled."""
    top = 1 << width
    shift = rng.choice(LANES)  # a shift amount at a lane width
    v = rng.choice([0, 1, 2, top - 1, top - 2, top >> 1, (top >> 1) + 1, (top >> 1) - 1,
                    (top >> 1) - 2, shift - 1, shift, shift + 1])
    v &= top - 1
    full = (1 << port_width) - 1
    fill = rng.randrange(5)
    rest = [0, full, rng.getrandbits(port_width),
            sum(0xff << (8 * i) for i in range(port_width // 8) if rng.random() < 0.5), 0][fill]
    x = (rest & ~((top - 1) << lsb)) | (v << lsb)
    if fill == 4 and v >> (width - 1):  # the sub-word's sign extended over the port
        x |= full ^ ((1 << (lsb + width)) - 1)
    return x & full


def edge_vector(rng, vector, ports, subs):
    """A copy of vector with each operand port (each with probability 0.8) at an edge, in one of
    the form's own sub-words (probability 0.7, when it has some) or any lane."""
    v = dict(vector)
    for port, (own, every) in subs.items():
        if rng.random() < 0.2:
            continue
        width, lsb = rng.choice(own if own and rng.random() < 0.7 else every)
        v[port] = edge_value(rng, width, lsb, ports[port][1])
    return v


def bound_sweep(gold, vector, port, sub, limit):
    """Up to `limit` vectors with the sub-word sub = (width, lsb) of `port` next to where GOLD's
    outputs change from their value at one end of its range (both ends, unsigned and signed
    order; a change at the range's first or last step is an edge value, not a bound, and is
    left out): see the module's text. gold: input dict -> output dict."""
    seen, out = {}, []
    width, lsb = sub
    rest = vector[port] & ~(((1 << width) - 1) << lsb)

    def g(value):
        if value not in seen:
            v = dict(vector)
            v[port] = value
            seen[value] = gold(v)
        return seen[value]

    top = (1 << width) - 1
    for offset in (1 << (width - 1), 0):  # signed order (MIN first), then unsigned
        val = lambda t: rest | (((t + offset) & top) << lsb)  # noqa: E731
        ends = g(val(0)), g(val(top))
        for name in ends[0]:
            if ends[0][name] == ends[1][name]:
                continue
            for end in ends:  # from the low end up, then from the high end down
                lo, hi, pred = 0, top, lambda t: g(val(t))[name] == end[name]  # noqa: E731
                at_lo = pred(lo)
                while hi - lo > 1:  # pred(lo) == at_lo != pred(hi)
                    mid = (lo + hi) // 2
                    lo, hi = (mid, hi) if pred(mid) == at_lo else (lo, mid)
                if lo in (0, top - 1):
                    continue
                for t in (lo - 1, lo, lo + 1, lo + 2):
                    if val(t) not in (x[port] for x in out):
                        out.append(dict(vector, **{port: val(t)}))
                        if len(out) >= limit:
                            return out
    return out
