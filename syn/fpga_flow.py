#!/usr/bin/env python3
"""FPGA prototyping flow of ptxalu: area, logic depth and Fmax of the top and its units.

One run synthesizes each design (the top at every pipeline depth, the unit groups, the naive
spec datapath) with Yosys for three targets and writes report.json, report.txt and report.png:

  ice40-hx8k  synth_ice40, then nextpnr-ice40 --hx8k --package ct256
  ice40-up5k  synth_ice40 -dsp (SB_MAC16), then nextpnr-ice40 --up5k --package sg48
  xilinx      synth_xilinx -family xc7 -flatten: resource counts only (no xc7 place and route
              here, so fmax_mhz is null)

Area (luts, ffs, dsps) is the design's own: for iCE40 the design is synthesized inside a
wrapper that keeps it as a separate module (keep_hierarchy), and only that module is counted.
The wrapper (a shift register feeding every input, a register and XOR reduction on the
outputs, three pins) makes every timing path register to register, so the nextpnr Fmax is the
design's and not its pins'. logic_levels is the LUT depth of the flattened generic netlist
(`synth -flatten -noabc; abc -lut K; ltp -noff`): K=4 for iCE40 rows, K=6 for xilinx.

A design that cannot fit a device (lower bound on logic cells or DSPs above the device's) is
not sent to nextpnr: its row has fmax_mhz null and a "reason".

Time: jobs run on --jobs workers (2): one starts on the big designs (the top, the integer
group: they hold the 65x65 multiplier), the other on the small ones (SIMD first). No job starts
after --budget seconds and tools still running at --hard-limit are stopped; their rows say so
instead of holding numbers.

Cache (resumable per row): each row's result is stored in --out with its key, a digest of
everything it depends on (the bytes of every file its synthesis reads, the script, the place
and route options, constraints and seeds, the tools' versions; flow/common.py script_key). A
rerun, on any export, reuses every result whose key is unchanged ("cached": true, its own date)
and runs the others; --units/--targets only choose which rows may run, the report holds every
row.

The flow's parts are in syn/flow/ (designs, common, jobs, report); errors are one line and
exit status 2.
"""

import argparse
import os
import threading
import time

from flow import common
from flow.common import Sources, log, run, tail, tool, whole_counts, ecp5_area, ice40_area, \
    yosys_read
from flow.designs import (DEFAULT_DEPTHS, DESIGNS, ECP5, TARGETS, TOP, TOP_DEFAULT_DEPTH,
                          TOP_PARAM, pkg_config)
from flow.jobs import Design
from flow.report import read_previous, write_report


# The flow's on/off switches (argparse store_true), each with its help text.
SWITCHES = [
    ("--no-pnr", "synthesis only"),
    ("--full", "also synthesize the integer group for iCE40 (slow, see its reason)"),
    ("--cached-only", "run no tool: rebuild the report from cached results (same key)"),
    ("--no-abc9", "synth_ice40 and synth_ecp5 without -abc9 (abc9 gave fewer LUTs and a higher "
                  "Fmax)"),
    ("--elaborate-only", "only elaborate every design (Yosys hierarchy, its I/O wrapper, the "
                         "naive design's stand-ins); exit 1 if one fails (the ctest)"),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", required=True, help="repository root")
    ap.add_argument("--out", required=True, help="output directory (build/syn)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pnr-jobs", type=int, default=1,
                    help="place-and-route runs at a time (default 1; each is single-threaded)")
    ap.add_argument("--depths", default=None,
                    help="comma-separated ExtraStages values of ptxalu_top (default 0,1,2)")
    ap.add_argument("--units", default=None, help="comma-separated subset of report units that "
                    "may run (the other rows: cached results only)")
    ap.add_argument("--targets", default=None,
                    help="comma-separated subset of " + ",".join(TARGETS) + " that may run "
                    "(default all)")
    ap.add_argument("--pnr-timeout", type=int, default=900)
    ap.add_argument("--seeds", default="1", help="ECP5 rows: place and route with the seeds "
                    "1..N and keep the best (the row names it and every seed's Fmax); N, or "
                    "N,ROW=M,... for M seeds on the row whose work directory is ROW (top-d4=3)")
    ap.add_argument("--budget", type=int, default=3000,
                    help="seconds after which no new job starts (its row says so)")
    ap.add_argument("--hard-limit", type=int, default=3600,
                    help="seconds after which running tools are stopped (their rows say so)")
    ap.add_argument("--table-out", metavar="FILE",
                    help="also write the Markdown table (FPGA_TABLE.md) to FILE")
    ap.add_argument("--json-out", metavar="FILE",
                    help="also copy report.json to FILE at the end (syn/fpga_report.json)")
    ap.add_argument("--plot-out", metavar="FILE",
                    help="also copy the plot report.png to FILE at the end (syn/FPGA_PLOT.png)")
    ap.add_argument("--readme", metavar="FILE",
                    help="also rewrite the generated FPGA table of FILE (README.md) at the end")
    ap.add_argument("--previous", metavar="REPORT",
                    help="a report.json (syn/fpga_report.json): a row whose key equals this "
                         "run's is reused from it (a result of the same inputs) instead of "
                         "run: resumes a report across machines")
    ap.add_argument("--smoke-family", choices=["ice40", "ecp5"], default="ice40",
                    help="the family --smoke maps to (synth_ice40 or synth_ecp5)")
    for flag, text in SWITCHES:
        ap.add_argument(flag, action="store_true", help=text)
    ap.add_argument("--smoke", metavar="MODULE",
                    help="only check that synth_ice40 maps MODULE (the ctest)")
    args = ap.parse_args()
    args.src = os.path.abspath(args.src)
    args.seeds = parse_seeds(args.seeds)
    if args.targets and not set(args.targets.split(",")) <= set(TARGETS):
        raise tool.ToolError(f"--targets takes {','.join(TARGETS)}, not {args.targets}")
    if args.depths and not all(d.isdigit() for d in args.depths.split(",")):
        raise tool.ToolError(f"--depths takes comma-separated ExtraStages values (0,1,2), "
                             f"not {args.depths}")
    if args.units:
        known = {s["unit"] for s in DESIGNS + [TOP]}
        unknown = sorted(set(args.units.split(",")) - known)
        if unknown:
            raise tool.ToolError(f"--units: no design {', '.join(unknown)} (designs: "
                                 f"{', '.join(sorted(known))})")
    tool.require_tool("yosys", "for every synthesis of the flow")
    if args.previous:
        common.PREVIOUS.update(rows=read_previous(args.previous),
                               base=os.path.dirname(os.path.abspath(args.previous)))
    args.out = os.path.abspath(args.out)

    rtl = os.path.join(args.src, "rtl")
    pkg = os.path.join(rtl, "ptxalu_pkg.sv")
    srcs = Sources([rtl, os.path.join(args.src, "syn"), os.path.join(args.src, "formal", "spec"),
                    os.path.join(args.src, "fpga")], pkg)
    os.makedirs(args.out, exist_ok=True)
    common.link_sources(args.src, args.out)

    if args.smoke:
        return smoke(args, srcs)

    depths = ([int(d) for d in args.depths.split(",")] if args.depths else DEFAULT_DEPTHS)
    specs = list(DESIGNS) + [TOP]
    units = set(args.units.split(",")) if args.units else None
    targets = set(args.targets.split(",")) if args.targets else None

    def may_run(d, target):
        return not args.cached_only and (units is None or d.unit in units) and \
            (targets is None or target in targets)

    start = time.monotonic()
    designs = []
    for spec in specs:
        for depth in (depths if spec.get("top") else [0]):
            designs.append(Design(spec, depth, srcs, args.out, args))
    rows = {os.path.basename(d.dir) for d in designs}
    if set(args.seeds) - rows - {""}:
        raise tool.ToolError(f"--seeds: no row {', '.join(sorted(set(args.seeds) - rows - {''}))}"
                             f" (rows: {', '.join(sorted(rows))})")
    for d in designs:
        d.elaborate()
        if d.error:
            log(f"[{d.unit}] {d.error}")
    if args.elaborate_only:
        failed = [d for d in designs if d.error]
        log(f"{len(designs) - len(failed)} of {len(designs)} designs elaborate "
            f"({time.monotonic() - start:.1f} s)")
        return 1 if failed else 0

    # Two ordered lists: the big designs (65x65 multiplier: the top and the integer group) in
    # order of how much they tell, and the rest (SIMD first, then the naive comparison, UP5K
    # last). Worker 0 starts on the big list, worker 1 on the other; each takes from the other
    # list when its own is empty. The top's iCE40 jobs run depth after depth in one job: once
    # a depth does not fit a device, deeper ones (which only add registers) are skipped.
    big, small = [], []
    top_chain = [d for d in designs if d.spec.get("top") and not d.error]
    if top_chain:
        # ECP5 first, the deepest first (the Fmax figures). Below ptxalu_pkg::DeepStages the
        # 65x65 product is one cycle and nextpnr-ecp5 takes 30-45 minutes against the 100 MHz
        # constraint, so those depths come after the cheap rows, the default depth (the board's)
        # before the others.
        deep = pkg_config("DeepStages", pkg)
        for d in sorted(top_chain, key=lambda d: -d.depth):
            late = 1 if d.depth == TOP_DEFAULT_DEPTH else 6
            big.append((0 if d.depth >= deep else late, [d], "ecp5-45f"))
        # xc7: synthesis only (20-25 minutes of CPU for the top), at the default depth; the
        # other depths add registers, which the ECP5 rows count.
        xc7 = [d for d in top_chain if d.depth == TOP_DEFAULT_DEPTH] or top_chain[:1]
        big.append((0, xc7, "xilinx"))
        for d in top_chain:
            if d is not xc7[0]:
                d.results["xilinx"] = {"reason": f"not synthesized: xc7 synthesis of the top "
                                                 f"at its default depth only ({TOP_PARAM}="
                                                 f"{xc7[0].depth}); deeper pipelines only add "
                                                 f"registers (the ECP5 rows)"}
        big.append((1, top_chain, "ice40-up5k"))
        big.append((2, top_chain, "ice40-hx8k"))
    for d in designs:
        if d.error or d.spec.get("top"):
            continue
        if d.spec.get("big"):
            big.append((3, [d], "xilinx"))
            big.append((4, [d], "ice40-hx8k"))
            if d.spec.get("area_only"):
                d.results["ice40-up5k"] = {"reason": "not synthesized: the naive comparison "
                                                     "is made on ice40-hx8k and xilinx"}
            else:
                big.append((4, [d], "ice40-up5k"))
            continue
        if d.spec.get("board"):
            # The board row (its bitstream is the board build): first. Its 12.5 MHz clock
            # makes its place and route much shorter than the 100 MHz rows'.
            big.append((-1, [d], d.spec["targets"][0]))
            continue
        first = 0 if d.unit == "simd" else 1
        size = sum(os.path.getsize(f) for f in d.files)
        for target in d.spec.get("targets", []):
            small.append((first, size, [d], target))
        if d.spec.get("ecp5") and "targets" not in d.spec:
            small.append((first, size, [d], "ecp5-45f"))
        if "targets" in d.spec:
            continue
        small.append((first, size, [d], "ice40-hx8k"))
        small.append((first, size, [d], "xilinx"))
        if d.spec.get("area_only"):
            d.results["ice40-up5k"] = {"reason": "not synthesized: the naive comparison is "
                                                 "made on ice40-hx8k and xilinx"}
        else:
            small.append((first if first == 0 else 2, size, [d], "ice40-up5k"))
    big.sort(key=lambda j: j[0])
    small.sort(key=lambda j: (j[0], j[1]))
    lists = [[j[-2:] for j in big], [j[-2:] for j in small]]

    common.pnr_lock.set_limit(args.pnr_jobs)
    deadline = start + args.budget
    common.HARD_DEADLINE[0] = start + args.hard_limit

    def do(job):
        chain, target = job
        blocker = None
        for d in chain:
            t0 = time.monotonic()
            only_cached = not may_run(d, target)
            if target != "xilinx" and d.spec.get("ice40_full_only") and not args.full:
                d.results[target] = {"reason": d.spec["ice40_full_only"]}
                continue
            if t0 > deadline and not only_cached:
                d.results[target] = {"reason": f"skipped: the run passed its --budget of "
                                               f"{args.budget} s before this job started"}
                continue
            if blocker:
                d.results[target] = {"reason": f"not synthesized: depth {blocker.depth} already "
                                               f"does not fit {target} and a deeper pipeline "
                                               f"only adds registers"}
                continue
            try:
                if target == "xilinx":
                    d.job_generic(only_cached)
                elif target in ECP5:
                    d.job_ecp5(target, only_cached)
                else:
                    d.job_ice40(target, only_cached)
                    if d.results[target].get("reason", "").startswith("does not fit"):
                        blocker = d
            except (OSError, ValueError, KeyError) as e:
                # A tool's output the flow cannot read (e.g. Yosys 0.23's malformed stat -json
                # with keep_hierarchy) ends this row with a reason, not the run with a traceback.
                d.results[target] = {"reason": f"flow error: {type(e).__name__}: {e}"[:300]}
            log(f"[{d.unit} d{d.depth} {target}] {time.monotonic() - t0:.0f} s")
            # Every finished row is in report.json at once: a run stopped halfway leaves the
            # rows it finished, and a rerun reuses them (resumable per row).
            with report_lock:
                write_report(designs, args, time.monotonic() - start, final=False)

    qlock = threading.Lock()
    report_lock = threading.Lock()

    def worker(index):
        own = lists[index % 2]
        other = lists[(index + 1) % 2]
        while True:
            with qlock:
                if own:
                    job = own.pop(0)
                elif other:
                    job = other.pop(0)
                else:
                    return
            do(job)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    write_report(designs, args, time.monotonic() - start, final=True)
    return 0


def parse_seeds(text):
    """--seeds N[,ROW=M...] -> {"": N, ROW: M}; one line and exit 2 when malformed."""
    seeds = {}
    for item in text.split(","):
        name, _, count = item.rpartition("=")
        if not count.isdigit() or not 1 <= int(count) <= 20 or name in seeds or \
                ("=" in item and not name):
            raise tool.ToolError(f"--seeds takes N or N,ROW=M (each 1..20), not {text}")
        seeds[name] = int(count)
    if "" not in seeds:
        raise tool.ToolError(f"--seeds takes N or N,ROW=M (each 1..20), not {text}")
    return seeds


def smoke(args, srcs):
    """The ctests: synth_ice40 / synth_ecp5 maps a small unit to the family's cells and the
    netlist checks clean."""
    files = srcs.files_for(args.smoke)
    if files is None:
        raise tool.ToolError(f"--smoke: module {args.smoke} not found")
    d = os.path.join(args.out, "smoke")
    os.makedirs(d, exist_ok=True)
    ys = os.path.join(d, "smoke.ys")
    family = args.smoke_family
    with open(ys, "w") as f:
        f.write(yosys_read(files))
        f.write(f"synth_{family} -top {args.smoke}\ncheck -assert\n")
        f.write(f"tee -q -o {d}/stat.json stat -json\n")
    rc, secs = run(["yosys", "-q", "-s", common.rel(ys)], os.path.join(d, "smoke.log"))
    if rc != 0:
        print(f"synth_{family} failed: " + tail(os.path.join(d, "smoke.log"), 20))
        return 1
    cells = whole_counts(os.path.join(d, "stat.json"))
    area = ice40_area(cells) if family == "ice40" else ecp5_area(cells)
    print(f"{args.smoke}: {area} in {secs:.1f} s")
    if area["luts"] == 0:
        print(f"no LUT4 in the {family} netlist: the unit was optimized away")
        return 1
    return 0


if __name__ == "__main__":
    tool.main_guard(main)
