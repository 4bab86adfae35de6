"""Operands at the edges, for the word-level simulation (equiv_quick.Quick._variants).

Users' bugs sit at edges: a saturation bound, a clamp limit, a sign boundary, a carry out of a
lane, a shift by the width. Random operands almost never land there (a clamp bound off by one in
a `.sat` form first differed at vector 35,412 of seed 1), so hot words also get:

- *edge operands*: in one sub-word of a port, 0, +-1, +-2, the signed MIN/MAX (+-1) and unsigned
  MAX (-1) of its width, or a shift amount at a lane width (w-1, w, w+1); the rest of the port
  zero, all ones, the sub-word's sign extended, random, or each byte all ones or all zeros. The
  sub-words are those of the form's PTX text (its types: .s16 -> 16-bit lanes; its selectors:
  a.b3 -> a's byte 3, b.h1 -> b's high half), then every lane width 8/16/32/64 of the port;
- *bound sweeps*: with a, b at edges, one operand (the form's first own sub-word of the port:
  c's low 32 bits for mad.hi.sat.s32, else the whole port) swept by bisection on GOLD's output
  until that output changes from the value it has at one end of the operand's range (the clamp
  value, for a .sat form): the operand where GOLD's sum reaches the bound, and its neighbours
  -1, +1, +2 (a * b + c on the bound and one below and above it, whatever the unit's
  arithmetic: only GOLD's simulator is asked). The range is taken in signed and unsigned order.
"""

import re

LANES = (8, 16, 32, 64)
_TYPE = re.compile(r"^[subf](8|16|32|64)(?:x\d)?$")  # .s32, .u16x2, .b64: the lane width
_OPERAND = re.compile(r"^-?([a-z])(?:\.([bh])(\d+))?$")  # a, -c, a.b3, b.h1, a.h02


def sub_words(ptx, ports):
    """{port: ([(width, lsb)] of the form's own, [(width, lsb)] of every lane width)}: the
    sub-words of each operand port whose edges to try, the form's own from its PTX text (none
    without one), the others every lane width 8/16/32/64 (and the port's) at every place."""
    subs = {n: [] for n, (d, w) in ports.items()
            if d == "input" and n not in ("ctrl_i", "clk_i", "rst_ni")}
    if ptx:
        mnemonic, _, operands = ptx.partition(" ")
        types = [int(m.group(1)) for m in map(_TYPE.match, mnemonic.split(".")[1:]) if m]
        for tok in [t.strip() for t in operands.split(",")][1:]:  # the first is the result
            m = _OPERAND.match(tok)
            port = f"{m.group(1)}_i" if m else None
            if port not in subs:
                continue
            w = ports[port][1]
            if m.group(2):  # a selector: the bytes or halves it names
                lane = 8 if m.group(2) == "b" else 16
                subs[port] += [(lane, int(k) * lane % w) for k in m.group(3) if lane <= w]
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
