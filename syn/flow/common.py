"""Sources, tool runs, the per-row result cache and cell counts of the FPGA flow."""

import json
import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "scripts"))
import ptxalu_tool as tool  # noqa: E402  (scripts/ptxalu_tool.py: run with timeout, errors)

print_lock = threading.Lock()
# One place and route at a time, whatever --jobs says: the machine is shared and nextpnr's
# time is what the rows report.
pnr_lock = threading.Lock()

HARD_DEADLINE = [None]  # monotonic time at which every tool still running is stopped
ACCEPT_STALE = [False]  # --accept-stale
STALE_USED = set()      # scripts whose results were reused although a source is newer


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
        # Directory by directory, in the order given: the first file defining a module wins.
        for path in [p for d in dirs if os.path.isdir(d) for p in tool.find_files(d, "*.sv")
                     if os.path.dirname(p) == d]:  # the directories, not their subdirectories
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


def run(cmd, logfile, timeout=None, cwd=None):
    """Runs cmd with output to logfile (scripts/ptxalu_tool.py's run: the process group is
    killed on timeout); returns (returncode or None on timeout, seconds). The run's
    --hard-limit caps the timeout."""
    start = time.monotonic()
    if HARD_DEADLINE[0] is not None:
        left = max(1.0, HARD_DEADLINE[0] - start)
        timeout = left if timeout is None else min(timeout, left)
    res = tool.run(cmd, timeout=timeout, cwd=cwd, log=logfile)
    return res.returncode, res.seconds


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
    load = tool.load_average()
    return {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "load": load[0] if load else None}


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


def parse_ltp(path):
    m = re.findall(r"Longest topological path in \S+ \(length=(\d+)\)", open(path).read())
    return int(m[-1]) if m else None
