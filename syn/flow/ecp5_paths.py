"""Where the near-critical endpoints of an ECP5 run are (issue 14, syn/README.md "100 MHz").

nextpnr names only the worst path of a clock. This estimates the arrival time at every register
input of one module of a synth_ecp5 netlist (the top inside the report's wrapper) and groups the
endpoints by register name and RTL source line, so the hundreds of endpoints between 12 and 15
ns get names. Routing: the last hop into each register from nextpnr's
--detailed-timing-report JSON of the same netlist, every other net the mean routed hop of
nextpnr's worst path; cell delays as nextpnr's critical paths show them for the -8 part (LUT4
0.18 ns, the PFUMX/L6MUX21 step 0.13-0.18 ns, carry 0.06 ns per CCU2C). The estimates are
scaled so that the worst is nextpnr's worst path: an order of endpoints, not a sign-off.

  python3 syn/flow/ecp5_paths.py NETLIST.json PNR_REPORT.json [--module SUBSTR] [--from NS]
"""

import argparse
import collections
import json
import re
import sys

# Cell delays (ns), input group -> output; measured on nextpnr-ecp5 0.11 critical paths (-8).
CLK_TO_Q = 0.40
DELAY = {
    "LUT4": {"*": {"Z": 0.18}},
    "PFUMX": {"*": {"Z": 0.13}},
    "L6MUX21": {"*": {"Z": 0.18}},
    "CCU2C": {"CIN": {"S0": 0.25, "S1": 0.28, "COUT": 0.06},
              "*": {"S0": 0.36, "S1": 0.40, "COUT": 0.40}},
    "MULT18X18D": {"*": {"*": 3.50}},
}
# Nets that stay inside a slice (no general routing): LUT4 -> PFUMX -> L6MUX21, carry chain.
LOCAL = {("PFUMX", "ALUT"), ("PFUMX", "BLUT"), ("L6MUX21", "D0"), ("L6MUX21", "D1"),
         ("CCU2C", "CIN")}
DEFAULT_ROUTE = 0.8
SEQ = {"TRELLIS_FF", "DP16KD", "TRELLIS_DPR16X4"}


def routes(report):
    """(cell, port) -> routing delay to that sink, from the detailed timing report (nextpnr
    0.11 lists the nets into register pins only; a flip-flop's DI may be its slice's M), and
    the mean routed hop of the worst path, taken for every other net."""
    out = {}
    for net in report.get("detailed_net_timings", []):
        for e in net.get("endpoints", []):
            delay = e["delay"]
            delay = max(delay) if isinstance(delay, list) else delay
            out[(e["cell"], e["port"])] = delay
            if e["port"] == "M":
                out[(e["cell"], "DI")] = delay
    hops = [s["delay"] for c in report.get("critical_paths", [])[:1] for s in c["path"]
            if s["type"] == "routing" and s["delay"] > 0]
    return out, (sum(hops) / len(hops) if hops else DEFAULT_ROUTE)


def analyse(mod, route, prefix, default):
    cells = mod["cells"]
    drivers = {}  # bit -> (cell name, port)
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) == "output":
                for b in bits:
                    drivers[b] = (name, port)
    arrival = {}
    for pname, p in mod["ports"].items():
        if p["direction"] == "input":
            for b in p["bits"]:
                arrival[b] = CLK_TO_Q
    for name, c in cells.items():
        if c["type"] in SEQ:
            for port, bits in c["connections"].items():
                if c["port_directions"].get(port) == "output":
                    for b in bits:
                        arrival[b] = CLK_TO_Q
    pred = {}  # bit -> the input bit that sets its arrival (the path, for --trace)

    def wire(cell, port):
        c = cells[cell]
        if (c["type"], port) in LOCAL:
            return 0.0
        return route.get((prefix + cell, port), default)

    sys.setrecursionlimit(100000)
    # Iterative depth-first evaluation of comb cell outputs.
    def bit_arrival(b0):
        stack = [b0]
        while stack:
            b = stack[-1]
            if isinstance(b, str) or b in arrival:
                stack.pop()
                continue
            if b not in drivers:
                arrival[b] = 0.0
                stack.pop()
                continue
            cname, oport = drivers[b]
            c = cells[cname]
            pending = [x for port, bits in c["connections"].items()
                       if c["port_directions"].get(port) == "input"
                       for x in bits if not isinstance(x, str) and x not in arrival]
            if pending:
                stack.extend(pending)
                continue
            table = DELAY.get(c["type"], {"*": {"*": 0.2}})
            best, best_in = 0.0, None
            for port, bits in c["connections"].items():
                if c["port_directions"].get(port) != "input":
                    continue
                group = table.get(port, table.get("*", {}))
                d = group.get(oport, group.get("*"))
                if d is None:
                    continue
                for x in bits:
                    if not isinstance(x, str) and arrival[x] + wire(cname, port) + d > best:
                        best, best_in = arrival[x] + wire(cname, port) + d, x
            arrival[b] = best
            pred[b] = best_in
            stack.pop()
        return arrival[b0]

    ends = []
    for name, c in cells.items():
        if c["type"] != "TRELLIS_FF":
            continue
        for port in ("DI", "CE", "LSR"):
            for b in c["connections"].get(port, []):
                if not isinstance(b, str):
                    t = bit_arrival(b) + wire(name, port)
                    rtl = [x for x in c.get("attributes", {}).get("src", "").split("|")
                           if "/rtl/" in x]
                    src = rtl[-1] if rtl else "?"
                    ends.append((t, name, port, src, b))
    for pname, p in mod["ports"].items():
        if p["direction"] == "output":
            for b in p["bits"]:
                if not isinstance(b, str):
                    ends.append((bit_arrival(b), pname, "out", "port", b))

    def trace(b):
        """The estimated critical path into bit b: (arrival, cell type, cell, RTL source)."""
        path = []
        while b is not None and b in drivers:
            cname, _ = drivers[b]
            c = cells[cname]
            rtl = [x for x in c.get("attributes", {}).get("src", "").split("|") if "/rtl/" in x]
            path.append((arrival[b], c["type"], cname, re.sub(r"^.*/rtl/", "", rtl[-1])
                         if rtl else "?"))
            b = None if c["type"] in SEQ else pred.get(b)
        return path[::-1]
    return ends, trace


def group_name(reg):
    """The register's name without the bit and the Yosys suffixes."""
    reg = re.sub(r"_TRELLIS_FF_Q.*$", "", reg)
    return re.sub(r"\[\d+\]$", "", reg)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("netlist")
    ap.add_argument("report")
    ap.add_argument("--module", default="ptxalu_top",
                    help="analyse the module whose name contains this (default ptxalu_top)")
    ap.add_argument("--prefix", default="u_dut.",
                    help="its instance path in nextpnr's names (default u_dut.)")
    ap.add_argument("--trace", metavar="SUBSTR",
                    help="print the estimated worst path into the registers whose name "
                         "contains SUBSTR")
    ap.add_argument("--from", dest="lo", type=float, default=12.0,
                    help="list endpoint groups with an estimate at or above NS (default 12)")
    args = ap.parse_args()
    loaded = []
    for path, what in ((args.netlist, "a Yosys write_json netlist"),
                       (args.report, "a nextpnr --report")):
        try:
            with open(path) as f:
                loaded.append(json.load(f))
        except OSError as e:
            print(f"ecp5_paths: {e}", file=sys.stderr)
            return 2
        except ValueError as e:
            print(f"ecp5_paths: {path} is not {what} (JSON: {e})", file=sys.stderr)
            return 2
    net, rep = loaded
    if not isinstance(net, dict) or not isinstance(net.get("modules"), dict):
        print(f"ecp5_paths: {args.netlist} is not a Yosys write_json netlist (no modules)",
              file=sys.stderr)
        return 2
    if not isinstance(rep, dict):
        print(f"ecp5_paths: {args.report} is not a nextpnr --report", file=sys.stderr)
        return 2
    mods = [m for m in net["modules"] if args.module in m]
    if not mods:
        print(f"ecp5_paths: no module matching {args.module}", file=sys.stderr)
        return 2
    route, default = routes(rep)
    if not route:
        print("ecp5_paths: the report has no detailed_net_timings (nextpnr "
              "--detailed-timing-report): the last hop is estimated too", file=sys.stderr)
    nextpnr = [c["achieved"] for c in rep.get("fmax", {}).values()]
    ends, trace = analyse(net["modules"][mods[0]], route, args.prefix, default)
    ends.sort(reverse=True)
    # The pre-packing netlist has more cells on a path than the placed design (a slice's
    # LUTs, muxes and carries share local wires), so the estimates run long: scale them so
    # that the worst is nextpnr's worst path. The order of the endpoints is the finding.
    scale = (1000 / min(nextpnr)) / ends[0][0] if nextpnr else 1.0
    print(f"routing: {len(route)} register pins from the report, {default:.2f} ns for every "
          f"other net; {len(ends)} endpoints, worst estimate {ends[0][0]:.2f} ns, scaled by "
          f"{scale:.2f} to nextpnr's worst path")
    ends = [(t * scale, *rest) for t, *rest in ends]
    hist = collections.Counter(int(t) for t, *_ in ends)
    print("histogram (ns: endpoints): " +
          ", ".join(f"{k}: {hist[k]}" for k in sorted(hist, reverse=True)))
    groups = collections.defaultdict(list)
    for t, name, port, src, _ in ends:
        if t >= args.lo:
            groups[(group_name(name), port)].append((t, src))
    print(f"endpoint groups at or above {args.lo} ns (register, port: count, worst, source):")
    for (g, port), items in sorted(groups.items(), key=lambda kv: -max(t for t, _ in kv[1])):
        srcs = collections.Counter(re.sub(r"^.*/rtl/", "", s) for _, s in items)
        print(f"  {g} {port}: {len(items)}, {max(t for t, _ in items):.2f} ns, "
              f"{srcs.most_common(1)[0][0]}")
    if args.trace:
        hits = [e for e in ends if args.trace in e[1]]
        if not hits:
            print(f"ecp5_paths: no register endpoint matching {args.trace}", file=sys.stderr)
            return 2
        t, name, port, _, bit = hits[0]
        print(f"worst path into {name} {port} ({t:.2f} ns scaled; unscaled arrivals):")
        for arr, ctype, cname, src in trace(bit):
            print(f"  {arr:6.2f} {ctype:10} {src:40} {cname[:90]}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (KeyError, TypeError, IndexError) as e:  # well-formed JSON of another shape
        print(f"ecp5_paths: the netlist or the report lacks what nextpnr and Yosys write "
              f"({type(e).__name__}: {e})", file=sys.stderr)
        sys.exit(2)
