"""The equivalence flow's first pass: word-level simulation of both sides (equiv_wordsim.py) on
the stimulus of ptxalu-aig's generator, before any bit-level AIG is built.

Why: building the bit-level AIG of a design with 65x65 products takes Yosys 30-150 s (every
product becomes an array of thousands of full adders), while a planted bug usually shows on the
first few vectors. Here a product is one Python multiplication, so a bug is found in about a
second after elaboration.

Stimulus: ptxalu-aig draws it (legal control words from the legal-forms table and the random
legal generator, corner-weighted operands; formal/algebra/README.md), so no legality rule is
written twice. It is asked for through a probe: a small sequential circuit with the unit's input
ports whose two sides first differ at step N-1, so `ptxalu-aig sim --seq N` reports the whole
N-step trace of inputs it drew, each control word with its PTX text.

Every difference is confirmed by Yosys' own evaluator (`eval` on the elaborated pair) before it
is reported, so a counterexample never rests on this simulator alone.
"""

import os
import random
import re
import time

import ctrl_fields
import equiv_edges
import equiv_xfree
from equiv_files import fail, print_cex
from equiv_wordsim import WordSim

# Operand variants per generated vector: (first batch, later batches), for a control word of an
# op the unit compares ctrl_i.op with (hot) and for any other word. The first batch goes deep
# on few words; later ones cover the whole legal-forms table.
HOT_VARIANTS = (63, 15)
VARIANTS = (3, 1)
# Then, for a hot word, this many more whose operands have one bit set or their leading one at a
# random bit (clz/bfind/popc/fns corners: a random value almost never has its leading one at a
# given low bit), from a stream of their own so the variants above stay as they were.
BIT_VARIANTS = 8
# Of the variants above, this many (hot, other) per word are edge operands, and (hot words) up
# to this many come from a bound sweep of one operand port (equiv_edges.py; first batch, later
# batches): a clamp bound off by one below first differed at vector 35412 without them.
EDGE_VARIANTS = ((12, 1), (3, 0))
SWEEP_VARIANTS = (16, 4)
CHUNK = 64  # vectors simulated at once (a multiple of it is FIRST_STEPS)
FIRST_STEPS = 256  # the first batch: most bugs show here, and it costs ptxalu-aig 0.1 s
PROBE_STEPS = 4096  # the legal-forms table (~2100 forms) once, as many random legal words
# Vectors that run whatever the wall-clock budget (--word-vectors): the budget buys fewer
# vectors on a loaded machine, these are the same on every machine and load.
MIN_VECTORS = 4096


def _probe(flow, ports, steps=PROBE_STEPS):
    """probe<steps>.aig/.map: the unit's inputs, a step counter, gold_probe_o != gate_probe_o
    at step steps-1 only. Built once per run and length."""
    built = flow.__dict__.setdefault("probes", {})
    if steps in built:
        return built[steps]
    ins = [(n, w) for n, (d, w) in ports.items() if d == "input"]
    names = [n for n, _ in ins]
    clk = "clk_i" if "clk_i" in names else "probe_clk_i"
    decl = [f"  input logic [{w-1}:0] {n}" for n, w in ins]
    if clk not in names:
        decl.append(f"  input logic {clk}")
    decl += ["  output logic gold_probe_o", "  output logic gate_probe_o"]
    src = [f"module equiv_probe{steps} (", ",\n".join(decl), ");",
           "  logic [12:0] count_q;",
           f"  always_ff @(posedge {clk}) count_q <= count_q + 13'd1;",
           "  assign gold_probe_o = count_q == 13'd8191;  // never reached",
           f"  assign gate_probe_o = count_q == 13'd{steps - 1};",
           "endmodule", ""]
    open(os.path.join(flow.work, f"equiv_probe{steps}.sv"), "w").write("\n".join(src))
    r = flow.yosys(f"read_verilog -sv equiv_probe{steps}.sv; hierarchy -top equiv_probe{steps}; "
                   "proc; opt_clean; techmap; opt_expr; opt_clean; dffunmap; aigmap; opt_clean; "
                   f"write_aiger -zinit -map probe{steps}.map probe{steps}.aig",
                   f"probe{steps}.log", timeout=60)
    built[steps] = r is not None and r[0] == 0
    return built[steps]


def stimulus(flow, ports, legal, seed, steps=PROBE_STEPS):
    """`steps` input vectors [(dict name -> int, ptx text or None)], or None. Kept per
    (legal, seed, steps): the flow draws the first batch while GATE still elaborates."""
    drawn = flow.__dict__.setdefault("stimuli", {})
    key = (legal, seed, steps, tuple(sorted(ports.items())))
    if key not in drawn:
        drawn[key] = _stimulus(flow, ports, legal, seed, steps)
    return list(drawn[key]) if drawn[key] is not None else None  # a copy: callers sort it


def _stimulus(flow, ports, legal, seed, steps):
    if not _probe(flow, ports, steps):
        return None
    args = ["sim", f"probe{steps}.aig", f"probe{steps}.map", "--seq", str(steps),
            "--seed", str(seed), "--vectors", "1", "--seconds", "60"]
    args += (["--legal"] + flow.ops_args) if legal else []
    rc, res = flow.engine(args, timeout=60)
    if rc != 1 or not res:
        return None
    ins = {n for n, (d, _) in ports.items() if d == "input"}
    return [({n: int(v, 16) for n, v in s["inputs"].items() if n in ins}, s.get("ptx"))
            for s in res["steps"]]


def ptx_of(flow, ports, vector):
    """The PTX text of a vector's control word (ptxalu-aig replay on the probe), or None."""
    if "ctrl_i" not in vector:
        return None
    if not _probe(flow, ports, FIRST_STEPS):
        return None
    path = os.path.join(flow.work, "probe-replay.txt")
    write_replay(path, ports, [vector])
    probe = [f"probe{FIRST_STEPS}.aig", f"probe{FIRST_STEPS}.map"]
    rc, res = flow.engine(["replay"] + probe + [path], timeout=30)
    return res["steps"][0].get("ptx") if res and res.get("steps") else None


def write_replay(path, ports, vectors):
    """The replay format of ptxalu-aig (formal/algebra/trace.cpp): one line per cycle; a
    vector's equiv_xfree.ALL (GATE's 'x bits all taken as 0 or 1) is written last."""
    with open(path, "w") as f:
        f.write("# ptxalu equivalence counterexample: one line per cycle, inputs in hex.\n"
                "# Replay: formal/equiv.sh --replay THIS_FILE GOLD GATE TOP\n")
        for v in vectors:
            f.write(" ".join([f"{n}=0x{v.get(n, 0):0{max(1, (w + 3) // 4)}x}"
                              for n, (d, w) in ports.items() if d == "input"] +
                             ([f"{equiv_xfree.ALL}={v[equiv_xfree.ALL]}"]
                              if equiv_xfree.ALL in v else [])) + "\n")


def read_replay(path, ports):
    """The vectors of a replay file; equiv_xfree.ALL=0/1 sets every x input of `ports`
    (equiv_xfree.with_x) the line does not name to all zeros / all ones."""
    vectors = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        v, fill = {}, 0
        for tok in line.split():
            name, _, value = tok.partition("=")
            if name == equiv_xfree.ALL:
                fill = int(value, 16)
                continue
            if name not in ports or ports[name][0] != "input":
                raise ValueError(f"{path}: '{tok}' names no input of the unit")
            v[name] = int(value, 16)
        vectors.append(dict({n: ((1 << w) - 1) * fill for n, (_, w) in ports.items()
                             if equiv_xfree.is_x(n)}, **v))
    if not vectors:
        raise ValueError(f"{path}: no cycles")
    return vectors


def anyseq_fill_map(work, fill):
    """A techmap file (written in `work`; its name returned) that makes every `$anyseq` cell
    (GATE's free 'x bits) the constant bit `fill`."""
    name = f"anyseq_fill{fill}.v"
    with open(os.path.join(work, name), "w") as f:
        f.write('(* techmap_celltype = "$anyseq" *)\nmodule anyseq_fill (Y);\n'
                "  parameter WIDTH = 1;\n  output [WIDTH-1:0] Y;\n"
                f"  assign Y = {{WIDTH{{1'b{fill}}}}};\nendmodule\n")
    return name


def yosys_eval(flow, ports, vector, fill=None):
    """Both sides' outputs for one input vector by Yosys `eval` on the elaborated pair:
    dict name -> (gold, gate), or None where a bit is undefined or Yosys fails. fill 0/1:
    GATE's 'x bits (its $anyseq cells, equiv_elab.full_script) taken as that bit; ports with
    GATE's x bits as inputs (equiv_xfree.with_x): each set as the vector says."""
    fills = ""
    if fill is not None:
        fills = f"techmap -map {anyseq_fill_map(flow.work, fill)} t:$anyseq; "
    sets = eval_sets(ports, vector)
    outs = [n for n, (d, _) in ports.items() if d == "output"]
    shows = " ".join(f"-show {s}_{n}" for n in outs for s in ("gold", "gate"))
    x = "_x" if any(map(equiv_xfree.is_x, ports)) else ""  # GATE's x bits set by the vector
    r = flow.yosys(f"read_rtlil gold.il; read_rtlil gate{x}.il; read_verilog -sv "
                   f"equiv_pair{x}.sv; hierarchy -top equiv_pair; flatten; {fills}eval {sets} "
                   f"{shows}", "eval.log", timeout=60)
    found = eval_log(os.path.join(flow.work, "eval.log")) if r is not None and not r[0] else None
    if found is None:
        return None
    try:
        return {n: (found[f"gold_{n}"] % (1 << ports[n][1]),
                    found[f"gate_{n}"] % (1 << ports[n][1])) for n in outs}
    except KeyError:
        return None


def eval_sets(ports, vector):
    """`-set NAME W'hVALUE` for each input port (Yosys `eval` and `sat`), as the vector says
    (0 where it says nothing)."""
    return " ".join(f"-set {n} {w}'h{vector.get(n, 0):x}" for n, (d, w) in ports.items()
                    if d == "input")


def eval_outputs(path, ports):
    """{output: value} of one side's `eval -show` log at WORK/path, or None (a bit undefined,
    an output missing)."""
    found = eval_log(path)
    outs = [n for n, (d, _) in ports.items() if d == "output"]
    if found is None or any(n not in found for n in outs):
        return None
    return {n: found[n] % (1 << ports[n][1]) for n in outs}


def eval_log(path):
    """The values of a Yosys `eval` log: dict signal name -> int, or None where a bit is
    undefined."""
    found = {}
    for line in open(path) if os.path.exists(path) else []:
        m = re.match(r"\s*Eval result: \\(\w+) = (?:(\d+)'([01xz]+)|(-?\d+))\.", line)
        if not m:
            continue
        if m.group(3) is not None:
            if set(m.group(3)) - {"0", "1"}:
                return None
            found[m.group(1)] = int(m.group(3), 2)
        else:
            found[m.group(1)] = int(m.group(4))
    return found


def replay_differs(flow, ports, path, how):
    """True when a line of the replay file gives different outputs (printed as a
    counterexample, WORK/cex.txt). GATE's free 'x bits are inputs gate_x<k> here, set by the
    file (0 where it does not name them; equiv_xfree.py)."""
    ports_x = equiv_xfree.with_x(flow, ports)
    try:
        vectors = read_replay(path, ports_x)
    except (OSError, ValueError) as e:
        fail(str(e))
    for vector in vectors:
        outs = yosys_eval(flow, ports_x, vector)
        if outs is None:
            fail(f"Yosys could not evaluate the replayed input (see {flow.work}/eval.log)")
        if any(g != h for g, h in outs.values()):
            write_replay(os.path.join(flow.work, "cex.txt"), ports_x, [vector])
            ptx = ptx_of(flow, ports, vector) if flow.a.engine_bin else None
            print_cex(flow, equiv_xfree.annotate(flow, cex_of(ports_x, vector, outs, ptx)), how)
            return True
    return False


def replay_combinational(flow, ports):
    """--replay of a combinational pair: each line evaluated by Yosys on the elaborated pair."""
    if replay_differs(flow, ports, os.path.abspath(flow.a.replay), "replayed"):
        return 1
    print(f"ptxalu-equiv: the replayed input gives equal outputs: {flow.a.top}")
    return 0


def cex_of(ports, vector, outs, ptx):
    """The counterexample as ptxalu-aig reports it (ptxalu_equiv.print_cex reads it)."""
    hexw = lambda v, w: f"0x{v:0{max(1, (w + 3) // 4)}x}"  # noqa: E731
    step = {"inputs": {n: hexw(vector.get(n, 0), w) for n, (d, w) in ports.items()
                       if d == "input"},
            "outputs": {n: {"width": ports[n][1], "gold": hexw(g, ports[n][1]),
                            "gate": hexw(h, ports[n][1])} for n, (g, h) in outs.items()},
            "checked": True}
    if ptx:
        step["ptx"] = ptx
    return {"steps": [step], "fail_step": 0}


class Quick:
    """Word-level simulators of both sides; None from .make() if a cell is not supported."""

    def __init__(self, flow, ports, sims=None, confirm=None):
        """sims: (GOLD's, GATE's) WordSim (default: of the full netlists gold.json, gate.json);
        confirm: (vector, fill) -> outputs by Yosys, or None (default: yosys_eval on gold.il,
        gate.il). A GATE with 'x bits (WordSim.has_x) is simulated with them 0, after the first
        FIRST_STEPS vectors 1 on every other vector: an x is any value, and a difference under
        either is one GATE may show (most x bits of a netlist are dead, and a second compiled
        simulator costs as much as the first: none for a bug found at once); `x_taken` says
        which fill Yosys' confirmation needed (None: its outputs were defined with the x bits left
        as they are)."""
        self.flow, self.ports = flow, ports
        self.gold, self.gate = sims or (
            WordSim(os.path.join(flow.work, "gold.json"), "equiv_gold"),
            WordSim(os.path.join(flow.work, "gate.json"), "equiv_gate"))
        self.yosys_outputs = confirm or (lambda vector, fill: yosys_eval(flow, ports, vector,
                                                                           fill))
        self.count, self.x_taken = 0, None
        self.unsupported = self.gold.unsupported or self.gate.unsupported
        self.hot = None if self.unsupported else self._hot_ops()
        # _later's: the unit's own op codes (--legal), and the control words placed first
        self.own_ops = {code for _, code in getattr(flow, "ops", None) or []}
        self.seen_words = set()

    def differ(self, vectors):
        """Per vector (difference, fill): None or {output: (GOLD's, GATE's)} where they differ,
        and the x fill GATE took (None: no x; the first FIRST_STEPS vectors 0, then 1 on every
        other one)."""
        fills = []
        for _ in vectors:
            self.count += 1
            fills.append(None if not self.gate.has_x else
                         0 if self.count <= FIRST_STEPS else self.count & 1)
        gold = self.gold.eval_many(vectors)
        gate = [None] * len(vectors)
        for fill in set(fills):
            ks = [k for k, f in enumerate(fills) if f == fill]
            for k, h in zip(ks, self.gate.eval_many([vectors[k] for k in ks], fill)):
                gate[k] = h
        return [({n: (g[n], h[n]) for n in g} if any(g[n] != h[n] for n in g) else None, f)
                for g, h, f in zip(gold, gate, fills)]

    def confirm(self, vector, fill):
        """Yosys' outputs for a vector the word simulation says differ (GATE's x bits `fill`
        there), if Yosys agrees."""
        # First as the netlist is: most x bits reach no output (proc's own), and setting them
        # costs Yosys a copy of the design; then, if an output is x, with them set.
        self.x_taken = None
        outs = self.yosys_outputs(vector, None)
        if outs is None and fill is not None:
            self.x_taken = fill
            outs = self.yosys_outputs(vector, fill)
        if outs and any(g != h for g, h in outs.values()):
            return outs
        return None

    def _hot_ops(self):
        """The op values either side compares ctrl_i.op with (a $eq/$ne of the op field and a
        constant): control words of these ops get HOT_VARIANTS operand variants, other words
        (ops the unit does not tell apart from some other op) VARIANTS."""
        if "ctrl_i" not in self.ports:
            return None
        try:
            layout = ctrl_fields.Layout(self.flow.a.pkg)
        except (OSError, AttributeError, KeyError, ValueError):
            return None
        if "op" not in layout.fields or layout.total != self.ports["ctrl_i"][1]:
            return None
        self.op_lsb, width, _ = layout.fields["op"]
        hot = set()
        for m in (self.gold.module, self.gate.module):
            op = m["ports"]["ctrl_i"]["bits"][self.op_lsb:self.op_lsb + width]
            for c in m["cells"].values():
                if c["type"] not in ("$eq", "$ne"):
                    continue
                a, b = c["connections"]["A"], c["connections"]["B"]
                for x, k in ((a, b), (b, a)):
                    if x == op and all(isinstance(bit, str) for bit in k):
                        hot.add(int("".join(reversed(k)).replace("x", "0"), 2))
        return hot or None

    def _later(self, vector):
        """Sort key: False for a word of a hot op and (--legal) for the first time each control
        word of the unit's own ops (flow.ops) comes in the run: a unit's op it does not
        compare with (dp4a in a unit that tests op == OpDp2a) ran only after every hot word's
        variants (a dp4a-only bug first differed at vector 10297 of seed 1; at 1 with the first
        word of each op moved up), and so did that op's other words (its signedness forms: dp4a
        with a signed, extended from the wrong bit, at 10311; gallery dot_loop_bug_sign_bit6)."""
        word = vector[0].get("ctrl_i", 0)
        first = (word >> self.op_lsb) in self.own_ops and word not in self.seen_words
        self.seen_words.add(word)
        return (word >> self.op_lsb) not in self.hot and not first

    def _variants(self, base, rng, later, bit_rng, edge_rng):
        """The generator's vector, then VARIANTS more with its control word: edge operands and
        bound sweeps (equiv_edges.py, from edge_rng), then corner or random operands (0, 1, all
        ones, MIN/MAX of 8/16/24/32/64-bit lanes, negative values sign-extended), reproducible
        from the seed."""
        yield base
        vector, ptx = base
        hot = self.hot is not None and (vector.get("ctrl_i", 0) >> self.op_lsb) in self.hot
        count = (HOT_VARIANTS if hot else VARIANTS)[later]
        subs = equiv_edges.sub_words(vector.get("ctrl_i"), self.ports, self.flow.a.pkg)
        edges = [equiv_edges.edge_vector(edge_rng, vector, self.ports, subs)
                 for _ in range(EDGE_VARIANTS[later][0 if hot else 1])]
        if hot and subs:  # each operand port in turn (later batches: one) from an edge base
            for _ in range(2 - later):  # two edge bases (later batches: one)
                edge = equiv_edges.edge_vector(edge_rng, vector, self.ports, subs)
                sweep, limit = [], SWEEP_VARIANTS[later] // (2 - later)
                for port in edge_rng.sample(sorted(subs), 1 if later else len(subs)):
                    if len(sweep) < limit:
                        sub = (subs[port][0] or [(self.ports[port][1], 0)])[0]
                        sweep += equiv_edges.bound_sweep(self.gold.eval, edge, port, sub,
                                                         limit - len(sweep))
                edges += sweep
        for v in edges[:count]:
            yield v, ptx
        for _ in range(count - min(count, len(edges))):
            v = dict(vector)
            for n, (d, w) in self.ports.items():
                if d != "input" or n in ("ctrl_i", "clk_i", "rst_ni") or rng.random() < 0.3:
                    continue
                lane = rng.choice([l for l in (8, 16, 24, 32, 64, w) if l <= w])
                x = rng.choice([0, 1, (1 << lane) - 1, (1 << (lane - 1)) - 1, 1 << (lane - 1),
                                rng.getrandbits(lane), rng.getrandbits(lane)])
                if rng.random() < 0.5 and (x >> (lane - 1)) & 1:
                    x |= ((1 << w) - 1) ^ ((1 << lane) - 1)  # sign-extended to the port
                v[n] = x & ((1 << w) - 1)
            yield v, ptx
        for _ in range(BIT_VARIANTS if hot else 0):
            v = dict(vector)
            for n, (d, w) in self.ports.items():
                if d != "input" or n in ("ctrl_i", "clk_i", "rst_ni") or bit_rng.random() < 0.3:
                    continue
                k = bit_rng.randrange(bit_rng.choice([l for l in (16, 32, 64, w) if l <= w]))
                x = (1 << k) | (bit_rng.getrandbits(k) if bit_rng.random() < 0.7 else 0)
                if bit_rng.random() < 0.3:
                    x = ~x  # the leading zero at k, ones above it (bfind of a negative value)
                v[n] = x & ((1 << w) - 1)
            yield v, ptx

    def run(self, legal, seed, seconds, min_vectors=MIN_VECTORS, after_first=None, swap=None):
        """(cex dict, vectors tried) or (None, vectors tried, why-not-run). The first
        `min_vectors` vectors of the seed's sequence always run, then more while the wall-clock
        budget `seconds` lasts: a bug among the first min_vectors is found under any load.
        after_first() is called once the first FIRST_STEPS vectors (or the first batch) found no
        difference; then swap() every 64 vectors: None (not yet), False (never) or the
        (GOLD, GATE) simulators to go on with."""
        start = time.monotonic()
        tried, batch = 0, 0

        def more():
            return tried < min_vectors or time.monotonic() - start < seconds

        while more():
            # Batch k draws with seed + k (a run reproduces from the printed seed).
            vectors = stimulus(self.flow, self.ports, legal, seed + batch,
                               FIRST_STEPS if batch == 0 else PROBE_STEPS)
            if vectors is None:
                return None, tried, "no stimulus from ptxalu-aig"
            batch += 1
            rng = random.Random(seed + batch)
            bit_rng = random.Random(f"bits {seed + batch}")  # str seeds are reproducible
            edge_rng = random.Random(f"edges {seed + batch}")
            if self.hot:  # words of the ops the unit tells apart first
                vectors.sort(key=self._later)
            variants = (v for base in vectors
                        for v in self._variants(base, rng, batch > 1, bit_rng, edge_rng))
            # CHUNK vectors at a time: a bit-level netlist simulates them at once (eval_many)
            while chunk := [v for _, v in zip(range(CHUNK), variants)]:
                if not more():
                    break
                if after_first and tried >= FIRST_STEPS:
                    after_first()
                    after_first = None
                elif swap and not after_first:
                    sims = swap()
                    if sims is not None:
                        self.gold, self.gate = sims or (self.gold, self.gate)
                        swap = None
                diffs = self.differ([vector for vector, _ in chunk])
                for k, ((vector, ptx), (diff, fill)) in enumerate(zip(chunk, diffs)):
                    if k and not more():
                        break
                    tried += 1
                    if not diff:
                        continue
                    outs = self.confirm(vector, fill)
                    if outs is None:
                        continue  # the word simulator and Yosys disagree: leave it to the AIG
                    write_replay(os.path.join(self.flow.work, "cex.txt"), self.ports,
                                 [vector if self.x_taken is None else
                                  dict(vector, **{equiv_xfree.ALL: self.x_taken})])
                    return cex_of(self.ports, vector, outs, ptx), tried, None
            if after_first:
                after_first()
                after_first = None
        return None, tried, None


def simulate(flow, quick, seconds, min_vectors=MIN_VECTORS, why="", **run_kw):
    """Runs `quick` (Quick.run; run_kw: after_first, swap) and prints what it found: True after
    a counterexample (printed as the user reads it), False after the vectors tried."""
    a, label = flow.a, "word-level simulation" + (f" {why}" if why else "")
    cex, tried, note = quick.run(a.legal, a.seed, seconds, min_vectors, **run_kw)
    if cex:
        if quick.x_taken is not None:
            label += (f", GATE's 'x/'z bits taken as {quick.x_taken} (an x is any value; GATE's "
                      "value below is one it may take)")
        print_cex(flow, cex, f"{label}, seed {a.seed}, vector {tried}, "
                  f"{time.monotonic() - flow.start:.1f} s")
        return True
    print(f"ptxalu-equiv: {label}: {tried} vectors (seed {a.seed}), no difference"
          f"{'; ' + note if note else ''}")
    return False


def word_witness(flow, ports, why, seconds=10):
    """Word-level random simulation as a search for a witness: 1 when it found one (printed),
    else None."""
    quick = Quick(flow, ports)
    if quick.unsupported:
        return None
    found = simulate(flow, quick, seconds, why=why)
    flow.phase("word-level simulation")
    return 1 if found else None
