"""Word-level simulation of a design as Yosys writes it with `write_json` after
`proc; flatten; opt` (the cells of Yosys' internal cell library, docs: "Internal cell library"
in the Yosys manual), with Python integers. Used by ptxalu_equiv.py for its first, quick
simulation pass: a 65x65 product is one multiplication here, where the bit-level AIG of the
same design takes Yosys tens of seconds to build.

The semantics follow Yosys' kernel/calc.cc as documented in the manual: every operand is
extended to the width the cell works at by its own *_SIGNED parameter; arithmetic is modulo
2^Y_WIDTH; shifts take B unsigned ($shift/$shiftx: signed if B_SIGNED). An x or z bit of a
constant reads as 0, or as 1 with eval(..., fill=1): an 'x of the user's unit is any value
(formal/README.md, "Check your own unit"), and the flow tries both (`has_x`).
A design with any other cell (flip-flops, memories, vendor primitives) is not supported:
`WordSim.unsupported` names the first such cell type and the caller skips this pass.
"""

import contextlib
import gc
import json
import os
import re


def _int(param):
    if isinstance(param, int):
        return param
    return int(param.replace("x", "0").replace("z", "0"), 2) if param else 0


def sext(v, w, signed):
    """Value of the w-bit word v, as a Python integer (negative if signed and the sign is set)."""
    if signed and w > 0 and (v >> (w - 1)) & 1:
        return v - (1 << w)
    return v


UNARY = {"$not", "$pos", "$neg", "$reduce_and", "$reduce_or", "$reduce_xor", "$reduce_xnor",
         "$reduce_bool", "$logic_not"}
BINARY = {"$and", "$or", "$xor", "$xnor", "$add", "$sub", "$mul", "$shl", "$shr", "$sshl",
          "$sshr", "$shift", "$shiftx", "$eq", "$ne", "$eqx", "$nex", "$lt", "$le", "$gt",
          "$ge", "$logic_and", "$logic_or"}
OTHER = {"$mux", "$pmux", "$bmux"}
SUPPORTED = UNARY | BINARY | OTHER


@contextlib.contextmanager
def no_gc():
    """Python's cyclic garbage collector off while a netlist's millions of small dicts and lists
    are built (none holds a cycle), then those objects frozen out of its scans: on a 60k-cell
    light netlist (mult_core_array) loading and building the simulator took about half the
    time without the collector's repeated passes over them."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


_LOADED = {}


def loaded(path, what, make):
    """make(), once per file identity (path, modification time, size) and `what`: a netlist
    read or simulated again by another step of the same flow is not loaded again. Callers
    share the result: read only."""
    st = os.stat(path)
    key = (os.path.realpath(path), st.st_mtime_ns, st.st_size, what)
    if key not in _LOADED:
        if len(_LOADED) >= 16:
            _LOADED.clear()
        _LOADED[key] = make()
    return _LOADED[key]


class WordSim:
    def __init__(self, source, module):
        """source: a `write_json` file, or its text already loaded (json.load)."""
        with no_gc():
            self._build(source, module)

    def _build(self, source, module):
        doc = json.load(open(source)) if isinstance(source, str) else source
        mod = doc["modules"][module]
        self.module = mod
        self.unsupported = None
        self.packs = None  # eval_many: bit-parallel or not (equiv_packsim.suits), once known
        self.has_x = False  # a constant bit x or z reaches a cell or an output
        self.inputs = {n: p["bits"] for n, p in mod["ports"].items() if p["direction"] == "input"}
        self.outputs = {n: p["bits"] for n, p in mod["ports"].items()
                        if p["direction"] == "output"}
        # Every net bit is driven by one source: (source id, bit). Source ids: input port names
        # and cell indices; values live in self.vals[source] as integers.
        driver = {}
        for n, bits in self.inputs.items():
            for i, b in enumerate(bits):
                if isinstance(b, int):
                    driver[b] = (n, i)
        cells = []
        for c in mod["cells"].values():
            t = c["type"]
            if t not in SUPPORTED:
                self.unsupported = t
                return
            p = {k: _int(v) for k, v in c["parameters"].items()}
            out = "Y"
            idx = len(cells)
            for i, b in enumerate(c["connections"][out]):
                if isinstance(b, int):
                    driver[b] = (idx, i)
            cells.append((t, p, c["connections"]))
        self.driver = driver
        self.cells = []
        deps = []
        for t, p, conns in cells:
            plan = {k: self._plan(bits) for k, bits in conns.items() if k != "Y"}
            self.cells.append((t, p, plan, len(conns["Y"])))
            deps.append({s for segs in plan.values() for s, _, _, _ in segs[1] if s is not None})
            self.has_x = self.has_x or any(pl[2] for pl in plan.values())
        self.order = self._topo(deps)
        if self.order is None:
            self.unsupported = "a combinational loop"
            return
        self.out_plans = {n: self._plan(bits) for n, bits in self.outputs.items()}
        self.out_widths = {n: len(bits) for n, bits in self.outputs.items()}
        self.has_x = self.has_x or any(pl[2] for pl in self.out_plans.values())
        self._fn = {}

    def _plan(self, bits):
        """(constant, segments, x mask): a connection as a constant part plus runs of
        consecutive bits of one source, each (source, source offset, length, destination
        offset); the x mask has the constant's x and z bits, and the bits nothing drives."""
        if len(bits) == 1 and not isinstance(bits[0], str):  # most of a bit-level netlist
            src, off = self.driver.get(bits[0], (None, 0))
            return (0, [], 1) if src is None else (0, [(src, off, 1, 0)], 0)
        const, segs, xmask = 0, [], 0
        for i, b in enumerate(bits):
            if isinstance(b, str):
                const |= (b == "1") << i
                xmask |= (b in ("x", "z")) << i
                continue
            src, off = self.driver.get(b, (None, 0))
            if src is None:  # undriven: an x (Yosys' setundef -undriven does the same)
                xmask |= 1 << i
                continue
            if segs and segs[-1][0] == src and segs[-1][1] + segs[-1][2] == off and \
                    segs[-1][3] + segs[-1][2] == i:
                s = segs[-1]
                segs[-1] = (s[0], s[1], s[2] + 1, s[3])
            else:
                segs.append((src, off, 1, i))
        return const, segs, xmask

    def _topo(self, deps):
        order, state = [], [0] * len(deps)
        for root in range(len(deps)):
            if state[root]:
                continue
            stack = [(root, iter(deps[root]))]
            state[root] = 1
            while stack:
                node, it = stack[-1]
                nxt = next((d for d in it if isinstance(d, int)), None)
                if nxt is None:
                    stack.pop()
                    state[node] = 2
                    order.append(node)
                elif state[nxt] == 1:
                    return None
                elif state[nxt] == 0:
                    state[nxt] = 1
                    stack.append((nxt, iter(deps[nxt])))
        return order

    def _gather(self, names, plan, fill=0):
        """A connection as a Python expression over the source variables (each below 2^its
        width: a segment up to a source's top bit needs no mask); x bits `fill`."""
        const, segs, xmask = plan
        const |= xmask if fill else 0
        terms = [f"{const:#x}"] if const or not segs else []
        for src, off, n, dst in segs:
            t = names[src]
            t = f"({t} >> {off})" if off else t
            if off + n < self.width(src):
                t = f"({t} & {(1 << n) - 1:#x})"
            terms.append(f"({t} << {dst})" if dst else t)
        return _or_tree(terms)

    def width(self, src):
        return len(self.inputs[src]) if isinstance(src, str) else self.cells[src][3]

    def _compile(self, fill=0):
        """One straight-line Python function for the whole netlist (about 10x faster than
        interpreting the cells). Cells of constant inputs, x & 0, x ^ 0 and x | 0 are folded
        (a netlist before opt_expr, equiv_elab.py's light one, has many)."""
        consts = {}  # cell -> its constant value
        names = {n: f"i{k}" for k, n in enumerate(self.inputs)}
        names.update({idx: f"c{idx}" for idx in self.order})
        lines = ["def _f(I):"] + [f"    {names[n]} = I.get({n!r}, 0) & {(1 << len(b)) - 1:#x}"
                                  for n, b in self.inputs.items()]
        for idx in self.order:
            t, p, plan, yw = self.cells[idx]
            x = {k: f"({self._gather(names, _fold(pl, consts), fill)})"
                 for k, pl in plan.items()}
            if all(v.startswith("(0x") and " " not in v for v in x.values()):  # constants
                consts[idx] = eval(cell_code(t, p, x, yw), {"_sx": sext})  # noqa: S307 (ours)
            elif t == "$and" and "(0x0)" in (x.get("A"), x.get("B")):
                consts[idx] = 0
            elif alias := _alias(t, p, x, yw):  # x ^ 0, x | 0 of the same width: x itself
                names[idx] = alias
            else:
                lines.append(f"    {names[idx]} = {cell_code(t, p, x, yw)}")
        outs = ", ".join(f"{n!r}: {self._gather(names, _fold(pl, consts), fill)}"
                         for n, pl in self.out_plans.items())
        lines.append(f"    return {{{outs}}}")
        scope = {"_sx": sext}
        exec(compile("\n".join(lines), "<wordsim>", "exec"), scope)  # noqa: S102 (our own text)
        return scope["_f"]

    def watch(self, nets):
        """Evaluate these nets ({name: bits of the module's JSON}) instead of the outputs."""
        self.out_plans = {n: self._plan(bits) for n, bits in nets.items()}
        self.out_widths = {n: len(bits) for n, bits in nets.items()}
        self._fn = {}

    def prepare(self):
        """Compiles the netlist now (else at the first eval)."""
        if 0 not in self._fn and not self.unsupported:
            with no_gc():
                self._fn[0] = self._compile()

    def eval_many(self, vectors, fill=0):
        """eval of each of `vectors`: for a large bit-level netlist all at once, bit-parallel
        (equiv_packsim.py), else one by one."""
        import equiv_packsim  # (it imports this module)
        fill = 1 if fill and self.has_x else 0
        if self.packs is None:
            self.packs = equiv_packsim.suits(self)  # (a pass over the cells: once)
        if not vectors or not self.packs:
            return [self.eval(v, fill) for v in vectors]
        if "packed" not in self._fn:
            with no_gc():
                self._fn["packed"] = equiv_packsim.compile_packed(self)
        return self._fn["packed"](vectors, fill)

    def eval(self, inputs, fill=0):
        """Output values (dict name -> int) for input values (dict name -> int), the x and z
        bits of constants 0 (fill 0) or 1 (fill 1)."""
        fill = 1 if fill and self.has_x else 0
        if fill not in self._fn:
            with no_gc():
                self._fn[fill] = self._compile(fill)
        return self._fn[fill](inputs)


def _or_tree(terms, fan=64):
    """terms joined by |, nested in groups of fan: a flat chain of a few thousand terms (a
    bit-level netlist's wide net, each bit from its own cell) overflows Python's compiler."""
    while len(terms) > fan:
        terms = [f"({' | '.join(terms[i:i + fan])})" for i in range(0, len(terms), fan)]
    return " | ".join(terms)


def _fold(plan, consts):
    """A connection's plan with the segments of constant cells moved into its constant."""
    const, segs, xmask = plan
    if not any(src in consts for src, _, _, _ in segs):
        return plan
    kept = []
    for src, off, n, dst in segs:
        if src in consts:
            const |= ((consts[src] >> off) & ((1 << n) - 1)) << dst
        else:
            kept.append((src, off, n, dst))
    return const, kept, xmask


def _alias(t, p, x, yw):
    """The variable a cell's Y equals (A or B of an $xor/$or/$pos with the other operand 0, of
    Y's width and unsigned), or None."""
    if t not in ("$xor", "$or", "$pos") or p.get("A_SIGNED") or p.get("B_SIGNED"):
        return None
    a, b = x.get("A"), x.get("B", "(0x0)")
    for keep, zero, w in ((a, b, p.get("A_WIDTH")), (b, a, p.get("B_WIDTH"))):
        if zero == "(0x0)" and w == yw and re.fullmatch(r"\((\w+)\)", keep or ""):
            return keep[1:-1]
    return None


def cell_code(t, p, x, yw):
    """Python expression of one cell's Y (masked to Y_WIDTH) from its input expressions (each
    below 2^its width)."""
    mask = f"{(1 << yw) - 1:#x}"
    aw, asg = p.get("A_WIDTH", 0), p.get("A_SIGNED", 0)
    bw, bsg = p.get("B_WIDTH", 0), p.get("B_SIGNED", 0)
    if t in ("$and", "$or", "$xor") and not asg and not bsg and max(aw, bw) <= yw:
        return {"$and": "&", "$or": "|", "$xor": "^"}[t].join((x["A"], x["B"]))  # < 2^yw
    ua, ub, us = x.get("A", "0"), x.get("B", "0"), x.get("S", "0")
    a = f"_sx({ua}, {aw}, 1)" if asg else ua
    b = f"_sx({ub}, {bw}, 1)" if bsg else ub
    if t in ("$eq", "$ne", "$eqx", "$nex") and not (asg and bsg):
        a, b = ua, ub
    amask = f"{(1 << aw) - 1:#x}"
    e = {"$not": f"~{a}", "$pos": a, "$neg": f"-{a}",
         "$reduce_and": f"int({ua} == {amask})", "$reduce_or": f"int({ua} != 0)",
         "$reduce_bool": f"int({ua} != 0)", "$reduce_xor": f"(bin({ua}).count('1') & 1)",
         "$reduce_xnor": f"(1 - (bin({ua}).count('1') & 1))", "$logic_not": f"int({ua} == 0)",
         "$mux": f"({ub} if {us} & 1 else {ua})",
         "$and": f"{a} & {b}", "$or": f"{a} | {b}", "$xor": f"{a} ^ {b}",
         "$xnor": f"~({a} ^ {b})", "$add": f"{a} + {b}", "$sub": f"{a} - {b}",
         "$mul": f"{a} * {b}", "$eq": f"int({a} == {b})", "$ne": f"int({a} != {b})",
         "$eqx": f"int({a} == {b})", "$nex": f"int({a} != {b})", "$lt": f"int({a} < {b})",
         "$le": f"int({a} <= {b})", "$gt": f"int({a} > {b})", "$ge": f"int({a} >= {b})",
         "$logic_and": f"int({ua} != 0 and {ub} != 0)",
         "$logic_or": f"int({ua} != 0 or {ub} != 0)"}.get(t)
    if t == "$pmux":
        w = p["WIDTH"]
        e = (f"({ua} if {us} == 0 else ({ub} >> ((({us}) & -({us})).bit_length() - 1) * {w}))")
    elif t == "$bmux":
        e = f"({ua} >> ({us}) * {p['WIDTH']})"
    elif t in ("$shl", "$sshl"):
        e = f"(({a} << {ub}) if {ub} < 4096 else 0)"
    elif t in ("$shr", "$sshr"):
        if t == "$shr" or not asg:  # logical: A extended to the result width, then shifted
            a = f"({a} & {(1 << max(aw, yw)) - 1:#x})"
        e = f"({a} >> min({ub}, 4096))"
    elif t in ("$shift", "$shiftx"):  # A as it is, vacant bits 0 (x for $shiftx)
        e = f"(({ua} >> {b}) if {b} >= 0 else ({ua} << -({b})))"
    return f"({e}) & {mask}"
