"""Bit-parallel evaluation of a WordSim netlist (equiv_wordsim.py) on many input vectors at once,
for netlists of bit-level cells: a user's array of explicit full adders is 60,000 one-bit
$and/$or/$xor cells, which WordSim's straight-line function evaluates in ~1.7 ms per vector
(4,096 vectors: 7 s). Here every net bit is one Python integer holding that bit of every vector
(bit k: vector k), so a one-bit cell is one integer operation for all the vectors. Word-level
cells ($add, $eq, $pmux, ...) are evaluated vector by vector with WordSim's own expressions
(cell_code), their operands and results transposed between the two forms (transpose).

The semantics are WordSim's: the same operand extension, x and z constant bits 0 or 1 (`fill`),
undriven bits 0. The flow confirms every difference either simulator finds with Yosys' `eval`.
"""

import re

from equiv_wordsim import cell_code, sext

BITWISE = {"$and", "$or", "$xor", "$xnor", "$not", "$pos", "$mux"}
MIN_CELLS = 5000  # smaller netlists: WordSim's per-vector function is as fast
MIN_SHARE = 0.9  # of the cells bitwise, else the transpositions of word cells cost more


def transpose(values, w):
    """values[k] (k < n) -> w integers whose bit k is bit i of values[k] (i < w); its own
    inverse: transpose(transpose(v, w), len(v)) == v for values below 2^w."""
    if not w:
        return []
    if not values:
        return [0] * w
    mask = (1 << w) - 1
    rows = [format(v & mask, f"0{w}b") for v in reversed(values)]
    return [int("".join(col), 2) for col in reversed(list(zip(*rows)))]


def suits(sim):
    """Whether `sim`'s netlist is large and bit-level enough for the packed evaluation."""
    if sim.unsupported or len(sim.cells) < MIN_CELLS:
        return False
    bitwise = sum(t in BITWISE for t, _, _, _ in sim.cells)
    return bitwise >= MIN_SHARE * len(sim.cells)


def _width(t, p, port, yw):
    """A cell connection's width, from its parameters (a signed operand's top bit matters)."""
    if t in ("$mux", "$pmux", "$bmux"):
        w, s = p.get("WIDTH", yw), p.get("S_WIDTH", 1)
        return {"A": w << s if t == "$bmux" else w, "B": w * s, "S": s}[port]
    return p.get(f"{port}_WIDTH", yw)


def _atom(e):
    return re.fullmatch(r"[\w\[\]]+", e) is not None


def _fold(a, b, absorbing, identity, op):
    """a op b for & (absorbing 0, identity M) and | (M, 0), constants and a op a folded."""
    if absorbing in (a, b):
        return absorbing
    if a == identity or a == b:
        return b
    return a if b == identity else f"({a} {op} {b})"


def _and(a, b):
    return _fold(a, b, "0", "M", "&")


def _or(a, b):
    return _fold(a, b, "M", "0", "|")


def _xor(a, b):
    if a == "0":
        return b
    if b == "0":
        return a
    if a == b:
        return "0"
    return f"({a} ^ {b})"


def _not(a):
    return {"0": "M", "M": "0"}.get(a, f"(M ^ {a})")


def compile_packed(sim):
    """A function (a list of input dicts, fill) -> a list of output dicts (WordSim.eval's, per
    vector), for `sim`'s watched outputs, the x and z bits of constants `fill` (one function
    for both: X is their value)."""
    bits = {}  # source -> expression per bit (a variable, "0", "M": all vectors 0 or 1, "X")
    lines = ["def _f(V, fill):", "    N = len(V)", "    M = (1 << N) - 1",
             "    X = M if fill else 0"]
    for k, (n, b) in enumerate(sim.inputs.items()):
        lines.append(f"    i{k} = _tr([v.get({n!r}, 0) for v in V], {len(b)})")
        bits[n] = [f"i{k}[{i}]" for i in range(len(b))]

    def conn(plan, width):
        const, segs, xmask = plan
        if width == 1 and len(segs) == 1 and not segs[0][3]:  # most of a bit-level netlist
            return [bits[segs[0][0]][segs[0][1]]]
        out = ["M" if (const >> i) & 1 else "X" if (xmask >> i) & 1 else "0"
               for i in range(width)]
        for src, off, n, dst in segs:
            for j in range(n):
                if dst + j < width:
                    out[dst + j] = bits[src][off + j]
        return out

    def lanes(bit_exprs):
        """An expression for the list of per-vector values of these bits."""
        if all(e == "0" for e in bit_exprs):
            return "[0] * N"
        return f"_tr([{', '.join(bit_exprs)}], N)"

    for idx in sim.order:
        t, p, plan, yw = sim.cells[idx]
        ops = {port: conn(pl, _width(t, p, port, yw)) for port, pl in plan.items()}
        out = []
        if t in BITWISE and (t != "$mux" or len(ops["S"]) == 1):
            def operand(port, i):
                b, signed = ops[port], p.get(f"{port}_SIGNED", 0)
                if i < len(b):
                    return b[i]
                return b[-1] if signed and b else "0"
            for i in range(yw):
                a = operand("A", i)
                if t == "$and":
                    e = _and(a, operand("B", i))
                elif t == "$or":
                    e = _or(a, operand("B", i))
                elif t == "$xor":
                    e = _xor(a, operand("B", i))
                elif t == "$xnor":
                    e = _not(_xor(a, operand("B", i)))
                elif t == "$not":
                    e = _not(a)
                elif t == "$pos":
                    e = a
                else:  # $mux
                    s, b = ops["S"][0], operand("B", i)
                    e = a if s == "0" else b if s == "M" else _or(_and(s, b), _and(_not(s), a))
                if _atom(e):
                    out.append(e)
                else:
                    lines.append(f"    c{idx}_{i} = {e}")
                    out.append(f"c{idx}_{i}")
        else:  # vector by vector
            ports = sorted(ops)
            vals = ", ".join(lanes(ops[q]) for q in ports)
            names = ", ".join(f"_{q.lower()}" for q in ports)
            x = {q: f"_{q.lower()}" for q in ports}
            code = cell_code(t, p, x, yw)
            if len(ports) == 1:
                lines.append(f"    c{idx} = _tr([{code} for {names} in {vals}], {yw})")
            else:
                lines.append(f"    c{idx} = _tr([{code} for {names} in zip({vals})], {yw})")
            out = [f"c{idx}[{i}]" for i in range(yw)]
        bits[idx] = out
    outs = list(sim.out_plans)
    if not outs:
        lines.append("    return [{} for _ in V]")
    cols = ", ".join(lanes(conn(sim.out_plans[n], sim.out_widths[n])) for n in outs)
    lines.append(f"    return [dict(zip({outs!r}, vals)) for vals in zip({cols})]")
    scope = {"_tr": transpose, "_sx": sext}
    exec(compile("\n".join(lines), "<packsim>", "exec"), scope)  # noqa: S102 (our own text)
    return scope["_f"]
