"""--pipeline: two units built as balanced pipelines, compared by their functions and latencies.

A user's retimed unit (its registers somewhere else than ours, or more of them) is not equal
to ours cycle by cycle from reset in any sense SAT can prove when its arithmetic is built
differently, and it need not be: ptxalu_top loads a unit's registers with en_i and reads
result_o as the answer for the inputs of the L-th load before (a unit's contract,
rtl/ptxalu_dot.sv). When a side is a balanced pipeline, that is exactly what it computes:

  every flip-flop is clocked by clk_i's rising edge and loaded when en_i is high (a $dffe with
  EN = en_i after Yosys' opt_dff, or the same with a reset by rst_ni low to a constant,
  synchronous ($sdffe, $sdffce) or not ($adffe); no other enable or reset, no latch or
  memory); clk_i, en_i and rst_ni reach nothing else; there is no loop; and every path from an
  input to an output bit crosses the same number L of flip-flops (each cell's inputs are all
  loaded the same number of times; constants count as any).

Then by induction over the stages, after any L loads since rst_ni was last low the outputs
are F(the inputs at the L-th load before), F the side's logic with every flip-flop a wire
(algebra/regs_as_wires.v), and before L loads they depend on the power-up or reset contents,
which the caller does not read (ptxalu_simd's registers, Stages 1 and 2, have the synchronous
reset; until 2026-11-29 --pipeline refused them). So two balanced pipelines with the same L
and the same F answer alike after every load sequence, and the flow checks F combinationally
with all its engines. Different L: NOT EQUIVALENT (exit 1).
A side that is not a balanced pipeline: one line naming the cell, exit 2 (use --seq).
"""

import json
import os
import re
import sys
from collections import deque

from equiv_build import first_error
from equiv_unread import unread_hint
from equiv_files import fail

REGS_AS_WIRES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                             "algebra", "regs_as_wires.v")
# Yosys cell types with state (`yosys -p 'help -cells'`): flip-flops ($dff, $adff, $sdff*,
# $aldff*, $dffsr*, $ff and the gate-level $_DFF*_, $_SDFF*_, $_ALDFF*_, $_FF_), latches
# ($dlatch*, $adlatch, $_DLATCH*_), set/reset cells ($sr, $_SR_*_), memories ($mem*), $fsm,
# $anyinit and $initstate. Not $anyseq/$anyconst: a free value, not a stored one ('x bits).
_STATE = re.compile(r"\$_?(?:a?l?dff|sdff|ff|a?dlatch|sr_?|mem|fsm|anyinit|initstate)",
                    re.I)


# A flip-flop's pins that clk_i, en_i and rst_ni may reach (its clock, enable and reset).
CONTROL_PINS = ("CLK", "EN", "SRST", "ARST")


def is_state(cell_type):
    """True for a Yosys cell type that holds state (the one predicate the flow's steps use:
    --pipeline's flip-flops, the cut and function cut's modules without state)."""
    return bool(_STATE.match(cell_type))


def _prepared(top):
    """A side's flip-flops as the analysis and the conversion both see them: memories (e.g. a
    case statement Yosys made a ROM) mapped to logic and flip-flops, then opt_dff, so that an
    enable is a port of the cell, not a feedback multiplexer."""
    return f"; hierarchy -check -top {top}; proc; memory_collect; memory_map; opt_dff"


def as_wires(top):
    """Yosys commands after a side's read: its flip-flops as wires, hierarchy kept."""
    return _prepared(top) + f"; techmap -map {REGS_AS_WIRES}; opt_clean"


def latency(flow, side, read, top, tag):
    """The side's L (flip-flops from its inputs to its outputs); fails unless it is a balanced
    pipeline loaded by en_i (module docstring)."""
    r = flow.yosys(read + _prepared(top) + f"; flatten; opt_expr; opt_clean; "
                   f"write_json pipe_{tag}.json", f"pipe_{tag}.log")
    if r is None or r[0]:
        fail(f"{side} does not elaborate: " + ("timed out" if r is None else
                                                unread_hint(first_error(r[1]))))
    mod = json.load(open(os.path.join(flow.work, f"pipe_{tag}.json")))["modules"][top]
    ports = mod["ports"]
    ctl = {n: set(ports[n]["bits"]) if n in ports else set()
           for n in ("clk_i", "en_i", "rst_ni")}
    depth = {}  # bit -> loads from the inputs (constants are absent: any depth)
    for n, p in ports.items():
        if p["direction"] == "input" and n not in ctl:
            depth.update({b: 0 for b in p["bits"]})

    def name(cell):  # the cell's type and where the source makes it
        m = re.match(r"(.*):(\d+)\.(\d+)", cells[cell].get("attributes", {}).get("src", ""))
        at = f"{os.path.basename(m[1])}:{m[2]}:{m[3]}" if m else cell
        return f"{cells[cell]['type']} at {at}"

    # Each cell waits for the cells driving its inputs (Kahn's order; a flip-flop's Q after
    # its D, so a loop through flip-flops is a loop too).
    driver, cells = {}, mod["cells"]
    for cname, c in cells.items():
        for pin, bits in c["connections"].items():
            if c["port_directions"].get(pin) == "output":
                driver.update({b: cname for b in bits if isinstance(b, int)})
    waits = {cname: set() for cname in cells}
    readers = {cname: [] for cname in cells}
    for cname, c in cells.items():
        t = c["type"]
        for pin, bits in c["connections"].items():
            if c["port_directions"].get(pin) != "input":
                continue
            if is_state(t) and pin in CONTROL_PINS:
                continue
            for b in bits:
                if any(b in bits_of for bits_of in ctl.values()):
                    fail(f"{side} is not a balanced pipeline for --pipeline: clk_i/en_i/rst_ni "
                         f"reach "
                         f"logic other than the flip-flops' clock and enable (the "
                         f"{name(cname)}, input {pin}); use --seq")
                if b in driver:
                    waits[cname].add(driver[b])  # itself: a loop, never ready
        for d in waits[cname]:
            readers[d].append(cname)
    ready = deque(c for c, w in waits.items() if not w)
    done = 0
    while ready:
        cname = ready.popleft()
        done += 1
        c = cells[cname]
        t, conn, prm = c["type"], c["connections"], c["parameters"]
        ins = [b for pin, bits in conn.items() if c["port_directions"].get(pin) == "input"
               and not (is_state(t) and pin in CONTROL_PINS) for b in bits]
        if t.startswith("$mem"):  # memory_map leaves none it can map
            fail(f"{side}: --pipeline takes no memories (the {name(cname)}); use --seq")
        if is_state(t):
            reset = {"$sdffe": "SRST", "$sdffce": "SRST", "$adffe": "ARST"}.get(t)
            ok = (t == "$dffe" or reset) and conn["CLK"][0] in ctl["clk_i"] and \
                conn["EN"][0] in ctl["en_i"] and int(prm["CLK_POLARITY"], 2) == 1 and \
                int(prm["EN_POLARITY"], 2) == 1 and (not reset or (
                    conn[reset][0] in ctl["rst_ni"] and int(prm[reset + "_POLARITY"], 2) == 0))
            if not ok:
                fail(f"{side} is not a balanced pipeline for --pipeline: the {name(cname)} is "
                     "not a flip-flop loaded by en_i alone on clk_i's rising edge (reset by "
                     "rst_ni low or not, no other enable or reset); use --seq")
            for db, qb in zip(conn["D"], conn["Q"]):
                if db in depth:
                    depth[qb] = depth[db] + 1
        else:
            seen = {depth[b] for b in ins if b in depth}
            if len(seen) > 1:
                fail(f"{side} is not a balanced pipeline for --pipeline: the {name(cname)} "
                     f"combines values loaded {' and '.join(map(str, sorted(seen)))} times; "
                     "use --seq")
            if seen:
                d = seen.pop()
                for pin, bits in conn.items():
                    if c["port_directions"].get(pin) == "output":
                        depth.update({b: d for b in bits if isinstance(b, int)})
        for rd in readers[cname]:
            waits[rd].discard(cname)
            if not waits[rd]:
                ready.append(rd)
    if done < len(cells):
        stuck = next(c for c, w in waits.items() if w)
        fail(f"{side} is not a balanced pipeline for --pipeline: a loop through "
             f"the {name(stuck)}; use --seq")
    out = {depth[b] for p in ports.values() if p["direction"] == "output"
           for b in p["bits"] if b in depth}
    if len(out) > 1:
        fail(f"{side} is not a balanced pipeline for --pipeline: its outputs answer after "
             f"{' and '.join(map(str, sorted(out)))} loads; use --seq")
    return out.pop() if out else 0


def reads(flow, a, gold_read, gate_read):
    """GOLD's and GATE's Yosys read commands with --gold-param and --pipeline applied (GATE's
    None with --synth, which --pipeline does not take)."""
    for p in a.gold_param:
        m = re.fullmatch(r"([A-Za-z_]\w*)=(-?\d+)", p)
        if not m:
            fail(f"--gold-param {p!r}: expected NAME=INTEGER (a parameter of GOLD's {a.top})")
        gold_read += f"; chparam -set {m[1]} {m[2]} {a.top}"
    if not a.pipeline:
        return gold_read, gate_read
    if a.seq or a.synth:
        fail("--pipeline takes no --seq or --synth")
    loads = latency(flow, "GOLD", gold_read, a.top, "gold"), \
        latency(flow, "GATE", gate_read, a.top, "gate")
    print(f"ptxalu-equiv: --pipeline: balanced pipelines loaded by en_i, latency (loads from "
          f"the inputs to the outputs) GOLD {loads[0]}, GATE {loads[1]}")
    if loads[0] != loads[1]:
        print(f"ptxalu-equiv: NOT EQUIVALENT: {a.top}: the latency in loads of en_i differs, "
              f"GATE {loads[1]}, GOLD {loads[0]} (0: combinational)")
        sys.exit(1)
    print("ptxalu-equiv: --pipeline: next, their functions with registers as wires")
    return gold_read + as_wires(a.top), gate_read + as_wires(a.top)
