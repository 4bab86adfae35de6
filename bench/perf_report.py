#!/usr/bin/env python3
"""Simulation performance report of ptxalu (the perf-report target).

In one run, on one random legal instruction stream (ptxalu_perf writes it):
  model            golden model, ptxalu::execute
  rtl              ptxalu_top verilated as the project ships it (ptxalu_rtl: -O3, --x-assign
                   fast --x-initial fast, no tracing), through RtlEngine::execute_stream
  variants         the same RTL verilated with other options (and Yosys's Verilog translation of
                   it), each driven with RtlEngine's protocol by bench/stream_main.cpp
  icarus           Icarus Verilog 11 on Yosys's Verilog-2005 translation of the same RTL (Icarus
                   cannot read rtl/ itself; the report says why), the first --hdl-count
                   instructions of the same stream
and it times the exhaustive 8-bit lane sweep and the 1M-instruction regression of tb/rtl.
Every simulator's results are checked against the model; a mismatch is reported, not hidden.
Writes report.json and report.txt in --out.
"""

import argparse
import json
import os
import platform
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import ptxalu_tool as tool  # noqa: E402  (run with timeout, seed, load average)


def machine():
    info = {"date": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "nproc": os.cpu_count(),
            "platform": platform.platform()}
    lscpu = tool.run(["lscpu"], timeout=30).stdout if shutil.which("lscpu") else ""
    m = re.search(r"Model name:\s*(.*)", lscpu)
    info["cpu"] = m.group(1).strip() if m else None
    return info


def timed(cmd, cwd=None, timeout=None):
    """Runs cmd; returns (CompletedProcess-like Result or None on timeout, wall s, child cpu s)."""
    res = tool.run(cmd, cwd=cwd, timeout=timeout)
    return (None if res.timed_out else res), res.seconds, res.cpu


def last_json(text):
    start = text.find("{")
    return json.loads(text[start:]) if start >= 0 else None


def icarus_reason(args, workdir):
    """Why Icarus cannot read rtl/ directly, found live: the first construct it rejects, then
    the next one once that is rewritten in a scratch copy."""
    def first_error(rtl_dir):
        proc, _, _ = timed([args.iverilog, "-g2012", "-o", os.path.join(workdir, "direct.vvp"),
                            "-y", rtl_dir, "-Y", ".sv", os.path.join(rtl_dir, "ptxalu_pkg.sv"),
                            os.path.join(rtl_dir, "ptxalu_top.sv")])
        if proc is None:
            return "timed out"
        if proc.returncode == 0:
            return None
        lines = [l for l in (proc.stderr + proc.stdout).splitlines() if l.strip()]
        return lines[0].replace(rtl_dir + "/", "rtl/") if lines else f"exit {proc.returncode}"

    msg = first_error(args.rtl_dir)
    if msg is None:
        return None
    copy = os.path.join(workdir, "rtl_int_unsigned_rewritten")
    os.makedirs(copy, exist_ok=True)
    for name in os.listdir(args.rtl_dir):
        if name.endswith(".sv"):
            with open(os.path.join(args.rtl_dir, name)) as src, \
                    open(os.path.join(copy, name), "w") as dst:
                dst.write(re.sub(r"\bint\s+unsigned\b", "int", src.read()))
    msg2 = first_error(copy)
    reason = f"Icarus 11 cannot read rtl/: `{msg}`"
    if "syntax error" in msg:
        reason += " (`int unsigned` parameters/localparams)"
    if msg2:
        reason += (f"; in a copy with `int unsigned` rewritten as `int` it still fails: "
                   f"`{msg2.replace(copy + '/', 'rtl/')}`")
        if "elab_type" in msg2:
            reason += " (Icarus 11 crashes on a struct declared in a package: ptxalu_pkg::ctrl_t, "
            reason += "which every unit's port uses)"
    return reason


def run_icarus(args, stim_dir, n):
    out = {"dut": "Yosys 0.23 Verilog-2005 translation of ptxalu_top (read_verilog -sv; proc; "
                  "flatten; write_verilog), word-level, same stimulus as the other simulators"}
    work = os.path.join(args.out, "icarus")
    os.makedirs(work, exist_ok=True)
    out["why_not_direct"] = icarus_reason(args, work)
    vvp_file = os.path.join(work, "tb.vvp")
    proc, wall, _ = timed([args.iverilog, "-g2012", "-o", vvp_file, "-s", "ptxalu_icarus_tb",
                           f"-Pptxalu_icarus_tb.MaxN={max(n, 1)}", args.netlist, args.icarus_tb])
    out["compile_seconds"] = round(wall, 2)
    if proc is None or proc.returncode != 0:
        out["error"] = "iverilog failed: " + (proc.stderr if proc else "timeout")[:300]
        return out
    # Start-up (elaboration, $readmemh of nothing) timed alone and subtracted.
    p0, w0, c0 = timed([args.vvp, "-n", vvp_file, "+n=0"], cwd=stim_dir)
    p1, w1, c1 = timed([args.vvp, "-n", vvp_file, f"+n={n}"], cwd=stim_dir)
    if p1 is None or p1.returncode != 0:
        out["error"] = "vvp failed: " + ((p1.stderr or p1.stdout) if p1 else "timeout")[:300]
        return out
    m = re.search(r"icarus: n=(\d+) mismatches=(\d+) cycles=(\d+)", p1.stdout)
    if not m:
        out["error"] = "no result line from the testbench: " + p1.stdout[-300:]
        return out
    out["ops"] = int(m.group(1))
    out["mismatches"] = int(m.group(2))
    out["cycles_per_insn"] = round(int(m.group(3)) / max(1, int(m.group(1))), 4)
    out["seconds"] = round(w1 - w0, 4)
    out["startup_seconds"] = round(w0, 4)
    out["ops_per_s"] = out["ops"] / (w1 - w0) if w1 > w0 else None
    out["cpu_ops_per_s"] = out["ops"] / (c1 - c0) if c1 > c0 else None
    return out


def run_gtest(binary, extra, timeout):
    proc, wall, cpu = timed([binary, "--gtest_brief=1"] + extra, cwd=os.path.dirname(binary),
                            timeout=timeout)
    res = {"command": " ".join([os.path.basename(binary)] + extra),
           "seconds": round(wall, 2), "cpu_seconds": round(cpu, 2)}
    if proc is None:
        res["passed"] = False
        res["error"] = f"timed out after {timeout} s"
        return res
    res["passed"] = proc.returncode == 0
    m = re.search(r"\[  PASSED  \] (\d+) test", proc.stdout)
    if m:
        res["tests_passed"] = int(m.group(1))
    m = re.search(r"\[  FAILED  \] (\d+) test", proc.stdout)
    if m:
        res["tests_failed"] = int(m.group(1))
    seed = re.search(r"seed=(\d+)", proc.stdout)
    if seed:
        res["seed"] = int(seed.group(1))
    return res


def ratio(a, b):
    return round(a / b, 4) if a and b else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--perf", required=True, help="ptxalu_perf executable")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=EXE")
    ap.add_argument("--netlist", required=True)
    ap.add_argument("--icarus-tb", required=True)
    ap.add_argument("--rtl-dir", required=True)
    ap.add_argument("--iverilog")
    ap.add_argument("--vvp")
    ap.add_argument("--sweep", help="rtl_simd_sweep_test executable")
    ap.add_argument("--regress", help="rtl_random_test executable")
    ap.add_argument("--count", type=int, default=100000, help="instructions in the stream")
    ap.add_argument("--threads-count", type=int, default=3000,
                    help="instructions of the stream the --threads variants run (they are slow)")
    ap.add_argument("--hdl-count", type=int, default=3000,
                    help="instructions of the stream Icarus runs")
    ap.add_argument("--seed", type=int, default=tool.env_seed(1))
    ap.add_argument("--min-seconds", type=float, default=2.0)
    ap.add_argument("--regress-count", type=int, default=1000000)
    args = ap.parse_args()

    start = time.monotonic()
    report = {"machine": machine(), "load_average_start": tool.load_average(), "seed": args.seed,
              "count": args.count}
    stim_dir = os.path.join(args.out, "stim")
    os.makedirs(stim_dir, exist_ok=True)
    print(f"seed={args.seed} (perf-report; PTXALU_SEED overrides)", flush=True)

    # 1. Model and RtlEngine, and the stimulus.
    proc, _, _ = timed([args.perf, "--count", str(args.count), "--seed", str(args.seed),
                        "--min-seconds", str(args.min_seconds), "--stim-dir", stim_dir,
                        "--hdl-count", str(args.hdl_count)])
    if proc is None or proc.returncode != 0:
        print("ptxalu_perf failed:\n" + (proc.stderr if proc else "timeout"))
        return 1
    perf = last_json(proc.stdout)
    report["model"] = perf["model"]
    report["rtl"] = dict(perf["rtl_engine"], how="RtlEngine::execute_stream, ptxalu_rtl as "
                         "shipped (Vptxalu_top: -O3 --x-assign fast --x-initial fast, no "
                         "tracing; the traced build is used only after open_fst)")
    print(f"model {perf['model']['ops_per_s']:.4g} insn/s, rtl {perf['rtl_engine']['ops_per_s']:.4g} "
          f"insn/s", flush=True)

    # 2. Verilator variants on the same stream.
    report["variants"] = {}
    stim_bin = os.path.join(stim_dir, "stim.bin")
    for spec in args.variant:
        name, exe = spec.split("=", 1)
        limit = args.threads_count if "threads" in name else args.count
        p, _, _ = timed([exe, stim_bin, str(args.min_seconds), str(limit)], timeout=600)
        if p is None or p.returncode != 0:
            report["variants"][name] = {"error": (p.stderr[-300:] if p else "timeout")}
        else:
            report["variants"][name] = dict(last_json(p.stdout), stream_prefix=limit)
        v = report["variants"][name]
        print(f"variant {name}: {v.get('ops_per_s', 0):.4g} insn/s", flush=True)

    # 3. Icarus.
    if args.iverilog and args.vvp:
        report["icarus"] = run_icarus(args, stim_dir, args.hdl_count)
    else:
        report["icarus"] = {"error": "iverilog/vvp not found"}
    print(f"icarus: {report['icarus'].get('ops_per_s')} insn/s", flush=True)

    # 4. The lane sweep and the 1M regression of tb/rtl.
    if args.sweep:
        report["lane_sweep"] = run_gtest(args.sweep, [], timeout=3600)
        print(f"lane sweep: {report['lane_sweep']['seconds']} s", flush=True)
    else:
        report["lane_sweep"] = {"error": "rtl_simd_sweep_test not built (tb/rtl)"}
    if args.regress:
        report["regression_1m"] = run_gtest(args.regress, [f"--count={args.regress_count}",
                                                           f"--seed={args.seed}"], timeout=3600)
        print(f"1M regression: {report['regression_1m']['seconds']} s", flush=True)
    else:
        report["regression_1m"] = {"error": "rtl_random_test not built (tb/rtl)"}

    # Headline numbers and ratios. The best build is chosen on CPU time, the fair figure on a
    # shared machine.
    model_ops = report["model"]["ops_per_s"]
    rtl_ops = report["rtl"]["ops_per_s"]
    best_name, best = "rtl (RtlEngine)", report["rtl"]
    for name, v in report["variants"].items():
        if name != "netlist" and v.get("cpu_ops_per_s") and v.get("mismatches") == 0 \
                and v["cpu_ops_per_s"] > (best.get("cpu_ops_per_s") or 0):
            best_name, best = name, v
    best_ops, best_cpu = best.get("ops_per_s"), best.get("cpu_ops_per_s")
    icarus_ops = report["icarus"].get("ops_per_s")
    netlist_ops = report["variants"].get("netlist", {}).get("ops_per_s")
    report.update({
        "model_ops_per_s": model_ops,
        "rtl_ops_per_s": rtl_ops,
        "rtl_best_ops_per_s": best_ops,
        "rtl_best_variant": best_name,
        "icarus_ops_per_s": icarus_ops,
        "icarus_reason": (report["icarus"].get("why_not_direct") if icarus_ops else
                          report["icarus"].get("error")),
        "lane_sweep_seconds": report["lane_sweep"].get("seconds"),
        "regression_1m_seconds": report["regression_1m"].get("seconds"),
        "ratios": {
            "rtl_over_model": ratio(rtl_ops, model_ops),
            "rtl_best_over_model": ratio(best_ops, model_ops),
            "verilator_over_icarus": ratio(rtl_ops, icarus_ops),
            "verilator_best_over_icarus": ratio(best_ops, icarus_ops),
            "verilator_netlist_over_icarus_netlist": ratio(netlist_ops, icarus_ops),
        },
        # The same ratios in CPU time: steadier than wall time on a loaded machine.
        "ratios_cpu": {
            "rtl_over_model": ratio(report["rtl"].get("cpu_ops_per_s"),
                                    report["model"].get("cpu_ops_per_s")),
            "rtl_best_over_model": ratio(best_cpu, report["model"].get("cpu_ops_per_s")),
            "verilator_over_icarus": ratio(report["rtl"].get("cpu_ops_per_s"),
                                           report["icarus"].get("cpu_ops_per_s")),
            "verilator_best_over_icarus": ratio(best_cpu, report["icarus"].get("cpu_ops_per_s")),
            "verilator_netlist_over_icarus_netlist": ratio(
                report["variants"].get("netlist", {}).get("cpu_ops_per_s"),
                report["icarus"].get("cpu_ops_per_s")),
        },
        "goals": {"rtl_over_model": ">= 0.1", "verilator_over_icarus": ">= 300"},
    })
    report["goals_met_cpu"] = {
        "rtl_over_model": (report["ratios_cpu"]["rtl_over_model"] or 0) >= 0.1,
        "verilator_over_icarus": (report["ratios_cpu"]["verilator_over_icarus"] or 0) >= 300,
    }
    report["load_average_end"] = tool.load_average()
    report["report_seconds"] = round(time.monotonic() - start, 1)
    with open(os.path.join(args.out, "report.json"), "w") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
    text = format_report(report)
    with open(os.path.join(args.out, "report.txt"), "w") as f:
        f.write(text)
    print(text)
    return 0


def g(x):
    return "-" if x is None else f"{x:.4g}"


def format_report(r):
    m = r["machine"]
    lines = [f"ptxalu simulation performance, {m['date']}, {m['cpu']}, nproc {m['nproc']}, "
             f"load average {r['load_average_start']} -> {r['load_average_end']}",
             f"stream: {r['count']} random legal instructions, seed {r['seed']}", "",
             f"{'simulator':50s} {'insn/s':>10s} {'cpu insn/s':>10s} {'cyc/insn':>8s} "
             f"{'mismatch':>8s}"]

    def row(name, v):
        lines.append(f"{name:50s} {g(v.get('ops_per_s')):>10s} {g(v.get('cpu_ops_per_s')):>10s} "
                     f"{g(v.get('cycles_per_insn')):>8s} {str(v.get('mismatches', '-')):>8s}"
                     + (f"  ERROR {v['error'][:80]}" if v.get("error") else ""))

    row("golden model", r["model"])
    row("Verilator, RtlEngine as shipped (fast X, no trace)", r["rtl"])
    for name, v in r["variants"].items():
        row(f"Verilator variant {name}", v)
    row("Icarus 11 (Yosys translation of the RTL)", r["icarus"])
    lines.append("")
    lines.append(f"{'ratio':40s} {'wall':>8s} {'cpu':>8s}")
    for k, v in r["ratios"].items():
        lines.append(f"{k:40s} {g(v):>8s} {g(r['ratios_cpu'].get(k)):>8s}")
    met = r["goals_met_cpu"]
    lines.append(f"goals (cpu, as shipped): RTL >= 0.1x model: "
                 f"{'met' if met['rtl_over_model'] else 'MISSED'}; Verilator >= 300x Icarus: "
                 f"{'met' if met['verilator_over_icarus'] else 'MISSED'}")
    lines.append(f"best Verilator build: {r['rtl_best_variant']}")
    if r.get("icarus_reason"):
        lines.append(f"icarus: {r['icarus_reason']}")
    ls, rg = r["lane_sweep"], r["regression_1m"]
    lines.append(f"exhaustive 8-bit lane sweep (tb/rtl): {ls.get('seconds', '-')} s wall, "
                 f"{ls.get('cpu_seconds', '-')} s cpu, passed={ls.get('passed')}"
                 + (f" ({ls['error']})" if ls.get("error") else ""))
    lines.append(f"1M-instruction regression ({rg.get('command', 'rtl_random_test')}): "
                 f"{rg.get('seconds', '-')} s wall, {rg.get('cpu_seconds', '-')} s cpu, "
                 f"passed={rg.get('passed')}" + (f" ({rg['error']})" if rg.get("error") else ""))
    lines.append(f"perf-report took {r['report_seconds']} s")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    tool.main_guard(main)
