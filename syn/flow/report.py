"""The report of the FPGA flow: report.json, report.txt, FPGA_TABLE.md and report.png."""

import json
import os
import shutil

from .common import report_path, run, tail, tool, write_if_changed
from .designs import DESIGNS, DEVICES, TARGETS

README_BEGIN = "<!-- fpga-table:begin (generated from report.json by syn/fpga_flow.py --readme) -->"
README_END = "<!-- fpga-table:end -->"


def write_report(designs, args, elapsed, final):
    """report.json, report.txt and FPGA_TABLE.md (and --table-out); the plot when final."""
    rows = keep_previous([r for d in designs for r in d.rows()], getattr(args, "previous", None),
                         args.out)
    for r in rows:
        if r.get("bitstream"):
            r["bitstream"] = report_path(r["bitstream"], args.out)
    add_naive_ratios(rows)
    tmp = os.path.join(args.out, "report.json.tmp")
    with open(tmp, "w") as f:
        json.dump(rows, f, indent=1)
        f.write("\n")
    os.replace(tmp, os.path.join(args.out, "report.json"))
    table = format_table(rows, elapsed)
    with open(os.path.join(args.out, "report.txt"), "w") as f:
        f.write(table)
    md = markdown_table(rows, args)
    with open(os.path.join(args.out, "FPGA_TABLE.md"), "w") as f:
        f.write(md)
    if args.table_out:
        write_if_changed(args.table_out, md)
    if final and getattr(args, "readme", None):
        tool.replace_marked_block(args.readme, README_BEGIN, README_END, readme_table(rows))
    if final:
        print(table)
        plot(rows, args.out)


def row_key(r):
    return (r["unit"], r.get("config"), r["target"], r["depth"])


def read_previous(path):
    """The rows of a report.json for --previous (fpga_flow.py reads it once before any job, so
    a bad file stops the run at once)."""
    try:
        with open(path) as f:
            rows = json.load(f)
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise ValueError("not a list of rows")
        for r in rows:
            row_key(r)
        return rows
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise tool.ToolError(f"--previous {path}: not a report.json ({e})")


def keep_previous(rows, previous, out):
    """--previous REPORT: a row this run has no result for (not selected, not run, skipped by
    the budget) is that report's row when it has one: measured then, on the sources of then,
    marked "previous" (the table's (p)). Its bitstream is copied from beside REPORT into OUT
    when it is there, so the row's path holds in this report; otherwise the row keeps no path
    and says its bitstream was made by the earlier run ("bitstream_elsewhere")."""
    if not previous:
        return rows
    old = {row_key(r): r for r in read_previous(previous) if r.get("date")}
    base = os.path.dirname(os.path.abspath(previous))
    out_rows, seen = [], set()
    for r in rows:
        seen.add(row_key(r))
        kept = old.get(row_key(r)) if not r.get("date") else None
        out_rows.append(_kept_row(kept, base, out) if kept else r)
    out_rows += [_kept_row(r, base, out) for k, r in old.items() if k not in seen]
    return out_rows


def _kept_row(r, base, out):
    r = dict(r, previous=True)
    bit = r.get("bitstream")
    if not bit:
        return r
    src, dst = os.path.join(base, bit), os.path.join(out, bit)
    if os.path.isfile(src):
        if not os.path.exists(dst) or not os.path.samefile(src, dst):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(src, dst)
        return r
    return dict(r, bitstream=None, bitstream_elsewhere=True)


def add_naive_ratios(rows):
    """luts_vs_naive on each row that has a naive counterpart, and a "families" row per target:
    the sum over those rows (the shared datapath as a whole) against the sum of the naive."""
    by_key = {(r["unit"], r["target"]): r for r in rows}
    totals = []
    for target in TARGETS:
        ours = {"luts": 0, "ffs": 0, "dsps": 0}
        naive_luts = 0
        units = []
        for r in rows:
            spec = next((s for s in DESIGNS if s["unit"] == r["unit"]
                         and s.get("depth", r["depth"]) == r["depth"]), None)
            if r["target"] != target or not spec or "naive" not in spec:
                continue
            naive = by_key.get((spec["naive"], target))
            if not (naive and r["luts"] and naive["luts"]):
                continue
            r["naive_unit"] = spec["naive"]
            r["luts_vs_naive"] = round(r["luts"] / naive["luts"], 3)
            if spec.get("whole"):
                continue
            for k in ours:
                ours[k] += r[k] or 0
            naive_luts += naive["luts"]
            units.append(r["unit"])
        if units:
            totals.append(dict({"unit": "families", "target": target, "depth": 0},
                               **ours, logic_levels=None, fmax_mhz=None,
                               naive_luts=naive_luts,
                               luts_vs_naive=round(ours["luts"] / naive_luts, 3),
                               reason="sum of the rows " + ", ".join(units) +
                               " against the sum of their naive counterparts",
                               what="every family that has a naive spec model, summed"))
    rows.extend(totals)


def markdown_table(rows, args):
    """The Markdown table the README includes: every row of report.json with numbers."""
    lines = ["<!-- Generated by syn/fpga_flow.py (cmake --build BUILD --target fpga-report) "
             "from report.json; do not edit. -->",
             "",
             "| design | configuration | target | LUT | FF | DSP | BRAM | Fmax MHz | latency "
             "| /naive | P&R s | seed | date (UTC) | load | bitstream |",
             "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|---|"]
    notes = []
    for r in rows:
        if r.get("luts") is None and r.get("fmax_mhz") is None and r["unit"] != "families":
            notes.append(f"{r['unit']} ({r.get('config', 'default')}) on {r['target']}: "
                         f"{r.get('reason', 'not run')}")
            continue
        bit = r.get("bitstream")
        if bit:
            bit = "`" + report_path(bit, args.out) + "`"
        elif r.get("bitstream_elsewhere"):
            bit = "made by the earlier run"
        date = r.get("date")
        mark = "".join(m for m, key in ((" (p)", "previous"), (" (s)", "stale_sources"))
                       if r.get(key))
        cells = [r["unit"] + mark, r.get("config", "-"),
                 r["target"], fmt(r.get("luts")),
                 fmt(r.get("ffs")), fmt(r.get("dsps")), fmt(r.get("brams")),
                 fmt(r.get("fmax_mhz")), fmt(r.get("latency")), fmt(r.get("luts_vs_naive")),
                 fmt(r.get("pnr_seconds")), fmt(r.get("seed")),
                 date.replace("T", " ").rstrip("Z")[:16] if date else "-",
                 fmt(r.get("load")), bit or "-"]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["",
              "LUT: LUT4 (iCE40, ECP5; an ECP5 CCU2C carry cell counts as 2) or LUT1-6 (xc7); "
              "DSP: SB_MAC16 / MULT18X18D / DSP48E1. Fmax: nextpnr's, register to register "
              "(syn/README.md: the I/O wrapper), seed as shown; xc7 has no place and route "
              "here. latency: cycles from input to result at one operation per cycle (div/rem "
              "take longer). load: the 1-minute load average as the tool started (the machine "
              "is shared; P&R seconds depend on it). Bitstream paths are relative to the "
              "directory of report.json (the build directory's syn/)."]
    if any(r.get("stale_sources") for r in rows):
        lines += ["", "(s): reused with --accept-stale: a source changed after this row was "
                      "measured (see each row's date and the sources' history)."]
    if any(r.get("previous") for r in rows):
        lines += ["", "(p): kept from an earlier report (--previous): this run did not measure "
                      "it; the row is that run's, on the sources of its date."]
    if notes:
        lines += ["", "Rows without numbers:", ""] + [f"- {n}" for n in notes]
    return "\n".join(lines) + "\n"


def readme_table(rows):
    """The README's FPGA table: the top at every depth, the board, the small configuration and
    the datapath against the naive design; every row of the run is in FPGA_TABLE.md."""
    def pick(r):
        if r["target"] == "xilinx":  # synthesis only: the top's and the naive comparison's
            return r["unit"] in ("top", "datapath") and r.get("luts") is not None
        if r["unit"] == "top":  # the whole top fits no iCE40 (FPGA_TABLE.md says by how much)
            return r["target"] == "ecp5-45f"
        return r["unit"] in ("board", "top-small")
    lines = ["| design | target | LUT | FF | DSP | Fmax MHz | latency | |",
             "|---|---|--:|--:|--:|--:|--:|---|"]
    chosen = sorted((r for r in rows if pick(r)),
                    key=lambda r: (["top", "board", "top-small", "datapath"].index(r["unit"]),
                                   r["target"], r["depth"]))
    for r in chosen:
        if r["unit"] == "datapath":
            note = (f"{r['luts_vs_naive']:.2f}x the naive design's LUTs"
                    if r.get("luts_vs_naive") is not None else "synthesis only")
        elif r["target"] == "xilinx":
            note = "synthesis only"
        elif r.get("fmax_mhz") is not None:
            goal = ([c["constraint"] for c in r.get("clocks", {}).values()] or
                    ([DEVICES[r["target"]]["freq"]] if r["target"] in DEVICES else []))
            note = (f"goal {min(goal):g} MHz" if goal else "") + \
                   ("; bitstream" if r.get("bitstream") or r.get("bitstream_elsewhere") else "")
            if len(r.get("seed_fmax") or {}) > 1:  # --seeds: every seed's Fmax
                note += f"; seed {r['seed']} of " + "/".join(
                    f"{fmt(f)}" for f in r["seed_fmax"].values())
        else:
            note = (r.get("reason") or "not run").split(": ")[0][:70]
        design = r["unit"] + (f", depth {r['depth']}" if r["unit"] != "datapath" else "") + \
            (" (p)" if r.get("previous") else "")
        lines.append("| " + " | ".join([design, r["target"], fmt(r.get("luts")),
                                         fmt(r.get("ffs")), fmt(r.get("dsps")),
                                         fmt(r.get("fmax_mhz")), fmt(r.get("latency")),
                                         note.strip("; ")]) + " |")
    dates = sorted(r["date"] for r in chosen if r.get("date"))
    loads = [r["load"] for r in chosen if r.get("load") is not None]
    if dates:
        lines += ["", f"Measured {dates[0][:16].replace('T', ' ')} to "
                      f"{dates[-1][:16].replace('T', ' ')} UTC (1-minute load "
                      f"{min(loads):g}-{max(loads):g} as each tool started); every row, seeds "
                      "and P&R times: `syn/FPGA_TABLE.md`."]
    return lines


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.1f}"
    return str(v)


def format_table(rows, elapsed):
    cols = [("unit", 15), ("target", 11), ("depth", 5), ("luts", 6), ("ffs", 5), ("dsps", 4),
            ("logic_levels", 6), ("fmax_mhz", 8), ("luts_vs_naive", 8)]
    heads = {"logic_levels": "levels", "fmax_mhz": "Fmax", "luts_vs_naive": "/naive"}
    lines = ["  ".join(heads.get(c, c).rjust(w) if i else heads.get(c, c).ljust(w)
                       for i, (c, w) in enumerate(cols))]
    notes = []
    for r in rows:
        cells = []
        for i, (c, w) in enumerate(cols):
            s = fmt(r.get(c))
            cells.append(s.ljust(w) if i == 0 else s.rjust(w))
        line = "  ".join(cells)
        if r.get("reason") and r["target"] != "xilinx" and r["unit"] != "families" \
                and not r["reason"].startswith("area only") and r.get("fmax_mhz") is None:
            notes.append(f"{r['unit']} {r['target']} depth {r['depth']}: {r['reason']}")
            line += f"  [{len(notes)}]"
        lines.append(line)
    lines.append("")
    lines.append("levels: LUT4 depth (iCE40 rows) / LUT6 depth (xilinx) of the generic netlist; "
                 "Fmax: nextpnr-ice40, register to register (I/O wrapper); /naive: our LUTs "
                 "over the naive design's on the same target; ecp5-45f: nextpnr-ecp5, "
                 "LFE5U-45F-8, goal 100 MHz; xilinx rows have no Fmax "
                 "(no xc7 place and route here).")
    for i, n in enumerate(notes, 1):
        lines.append(f"[{i}] {n}")
    lines.append(f"fpga-report took {elapsed:.0f} s")
    return "\n".join(lines) + "\n"


def plot(rows, outdir):
    if not shutil.which("gnuplot"):
        print("gnuplot not found: no report.png")
        return
    units = []
    for r in rows:
        key = r["unit"] + (f" d{r['depth']}" if r["unit"] in ("top", "simd") else "")
        if key not in units:
            units.append(key)
    dat = os.path.join(outdir, "report.dat")
    with open(dat, "w") as f:
        f.write("unit hx8k_luts up5k_luts xc7_luts hx8k_fmax up5k_fmax ecp5_luts ecp5_fmax\n")
        for u in units:
            def get(target, field):
                for r in rows:
                    key = r["unit"] + (f" d{r['depth']}" if r["unit"] in ("top", "simd") else "")
                    if key == u and r["target"] == target and r.get(field) is not None:
                        return r[field]
                return "NaN"
            f.write(f"\"{u}\" {get('ice40-hx8k', 'luts')} {get('ice40-up5k', 'luts')} "
                    f"{get('xilinx', 'luts')} {get('ice40-hx8k', 'fmax_mhz')} "
                    f"{get('ice40-up5k', 'fmax_mhz')} {get('ecp5-45f', 'luts')} "
                    f"{get('ecp5-45f', 'fmax_mhz')}\n")
    # Only series with at least one value: gnuplot refuses a histogram with no valid point
    # (a run of a few rows, e.g. the ECP5 top alone).
    cols = {n: any(isinstance(r.get(f), (int, float)) for r in rows if r["target"] == t)
            for n, t, f in ((2, "ice40-hx8k", "luts"), (3, "ice40-up5k", "luts"),
                            (4, "xilinx", "luts"), (7, "ecp5-45f", "luts"),
                            (5, "ice40-hx8k", "fmax_mhz"), (6, "ice40-up5k", "fmax_mhz"),
                            (8, "ecp5-45f", "fmax_mhz"))}

    def series(items):
        used = [(n, title) for n, title in items if cols[n]]
        return ", ".join(f"'{dat if i == 0 else ''}' using {n}{':xtic(1)' if i == 0 else ''} "
                         f"title '{title}'" for i, (n, title) in enumerate(used)) or None

    area = series([(2, "HX8K LUT4"), (3, "UP5K LUT4 (+MAC16)"), (4, "xc7 LUT"), (7, "ECP5 LUT4")])
    speed = series([(5, "HX8K"), (6, "UP5K"), (8, "ECP5-45F -8")])
    gp = os.path.join(outdir, "report.gp")
    png = os.path.join(outdir, "report.png")
    with open(gp, "w") as f:
        f.write(f"""set terminal pngcairo size 1400,900 font ",10"
set output '{png}'
set multiplot layout 2,1 title "ptxalu FPGA report (yosys 0.23, nextpnr-ice40, nextpnr-ecp5)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set xtics rotate by -30
set grid ytics
set key top left
set logscale y
set ylabel "LUTs (log)"
set title "Area: LUT4 (iCE40) / LUT (xc7); missing bar = not measured (reason in report.txt)"
""" + (f"plot {area}\n" if area else "") + """unset logscale y
set yrange [0:*]
set ylabel "MHz"
set title "Fmax after nextpnr (register to register); missing bar = no Fmax (reason in report.txt)"
""" + (f"plot {speed}\n" if speed else "") + "unset multiplot\n")
    rc, _ = run(["gnuplot", gp], os.path.join(outdir, "gnuplot.log"))
    if rc == 0:
        print(f"wrote {png}")
    else:
        print("gnuplot failed: " + tail(os.path.join(outdir, "gnuplot.log")))
