"""Word-level simulation of a design as Yosys writes it with `write_json` after
`proc; flatten; opt` (the cells of Yosys' internal cell library, docs: "Internal cell library"
in the Yosys manual), with Python integers. Used by ptxalu_equiv.py for its first, quick
simulation pass: a 65x65 product is one multiplication here, where the bit-level AIG of the
same design takes Yosys tens of seconds to build.

The semantics follow Yosys' kernel/calc.cc as documented in the manual: every operand is
extended to the width the cell works at by its own *_SIGNED parameter; arithmetic is modulo
2^Y_WIDTH; shifts take B unsigned ($shift/$shiftx: signed if B_SIGNED); x/z bits read as 0.
A design with any other cell (flip-flops, memories, vendor primitives) is not supported:
`WordSim.unsupported` names the first such cell type and the caller skips this pass.
"""

import json


def _int(param):
    if isinstance(param, int):
        return param
    return int(param.replace("x", "0").replace("z", "0"), 2) if param else 0


def _sext(v, w, signed):
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


class WordSim:
    def __init__(self, json_path, module):
        mod = json.load(open(json_path))["modules"][module]
        self.unsupported = None
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
            if t not in UNARY | BINARY | OTHER:
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
        self.order = self._topo(deps)
        if self.order is None:
            self.unsupported = "a combinational loop"
            return
        self.out_plans = {n: self._plan(bits) for n, bits in self.outputs.items()}

    def _plan(self, bits):
        """(constant, segments): a connection as a constant part plus runs of consecutive bits
        of one source, each (source, source offset, length, destination offset)."""
        const, segs = 0, []
        for i, b in enumerate(bits):
            if isinstance(b, str):
                const |= (b == "1") << i
                continue
            src, off = self.driver.get(b, (None, 0))
            if src is None:
                continue  # undriven: 0
            if segs and segs[-1][0] == src and segs[-1][1] + segs[-1][2] == off and \
                    segs[-1][3] + segs[-1][2] == i:
                s = segs[-1]
                segs[-1] = (s[0], s[1], s[2] + 1, s[3])
            else:
                segs.append((src, off, 1, i))
        return const, segs

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

    @staticmethod
    def _get(vals, plan):
        v, segs = plan
        for src, off, n, dst in segs:
            v |= ((vals[src] >> off) & ((1 << n) - 1)) << dst
        return v

    def eval(self, inputs):
        """Output values (dict name -> int) for input values (dict name -> int)."""
        vals = dict(inputs)
        for idx in self.order:
            t, p, plan, yw = self.cells[idx]
            vals[idx] = self._cell(t, p, {k: self._get(vals, pl) for k, pl in plan.items()},
                                   yw)
        return {n: self._get(vals, pl) for n, pl in self.out_plans.items()}

    @staticmethod
    def _cell(t, p, x, yw):
        mask = (1 << yw) - 1
        aw, asg = p.get("A_WIDTH", 0), p.get("A_SIGNED", 0)
        bw, bsg = p.get("B_WIDTH", 0), p.get("B_SIGNED", 0)
        a = _sext(x.get("A", 0), aw, asg)
        if t in UNARY:
            ua = x.get("A", 0)
            r = {"$not": lambda: ~a, "$pos": lambda: a, "$neg": lambda: -a,
                 "$reduce_and": lambda: int(ua == (1 << aw) - 1),
                 "$reduce_or": lambda: int(ua != 0), "$reduce_bool": lambda: int(ua != 0),
                 "$reduce_xor": lambda: bin(ua).count("1") & 1,
                 "$reduce_xnor": lambda: 1 - (bin(ua).count("1") & 1),
                 "$logic_not": lambda: int(ua == 0)}[t]()
            return r & mask
        if t == "$mux":
            return (x["B"] if x["S"] & 1 else x["A"]) & mask
        if t == "$pmux":
            s, w = x["S"], p["WIDTH"]
            if s == 0:
                return x["A"] & mask
            low = (s & -s).bit_length() - 1
            return (x["B"] >> (low * w)) & mask
        if t == "$bmux":
            return (x["A"] >> (x["S"] * p["WIDTH"])) & mask
        b = _sext(x.get("B", 0), bw, bsg)
        ub = x.get("B", 0)
        if t in ("$eq", "$ne", "$eqx", "$nex") and not (asg and bsg):
            a, b = x.get("A", 0), ub
        if t in ("$shl", "$sshl"):
            return (a << ub) & mask if ub < 4096 else 0
        if t in ("$shr", "$sshr"):
            if t == "$shr" or not asg:
                a &= (1 << max(aw, yw)) - 1  # logical: A extended to the result, then shifted
            return (a >> min(ub, 4096)) & mask
        if t in ("$shift", "$shiftx"):
            ua = x.get("A", 0)
            return ((ua >> b) if b >= 0 else (ua << -b)) & mask
        r = {"$and": lambda: a & b, "$or": lambda: a | b, "$xor": lambda: a ^ b,
             "$xnor": lambda: ~(a ^ b), "$add": lambda: a + b, "$sub": lambda: a - b,
             "$mul": lambda: a * b, "$eq": lambda: int(a == b), "$ne": lambda: int(a != b),
             "$eqx": lambda: int(a == b), "$nex": lambda: int(a != b),
             "$lt": lambda: int(a < b), "$le": lambda: int(a <= b),
             "$gt": lambda: int(a > b), "$ge": lambda: int(a >= b),
             "$logic_and": lambda: int(a != 0 and b != 0),
             "$logic_or": lambda: int(a != 0 or b != 0)}[t]()
        return r & mask
