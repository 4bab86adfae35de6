"""Sources, tool runs, the per-row result cache and cell counts of the FPGA flow."""

import hashlib
import json
import os
import re
import shutil
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "scripts"))
import ptxalu_tool as tool  # noqa: E402  (scripts/ptxalu_tool.py: run with timeout, errors)

print_lock = threading.Lock()


class _PnrSlots:
    """At most `limit` place-and-route runs at a time (--pnr-jobs, default 1: the machine is
    shared and nextpnr's time is what the rows report). Set before the workers start."""

    def __init__(self):
        self.sem = threading.Semaphore(1)

    def set_limit(self, limit):
        self.sem = threading.Semaphore(max(1, limit))

    def __enter__(self):
        self.sem.acquire()

    def __exit__(self, *exc):
        self.sem.release()


pnr_lock = _PnrSlots()

HARD_DEADLINE = [None]  # monotonic time at which every tool still running is stopped
# The run's --src and --out. Yosys runs in OUT and reads every file by a path relative to it:
# the sources through OUT/src, a link to --src (link_sources), the generated wrappers and
# stand-ins under OUT/work. So a script's text, and the netlist's names (Yosys names cells
# after their source file), are the same for every export of the same sources.
ROOTS = {"src": None, "out": None}


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
            for ident in sorted(self.instantiated(self.text[path])):
                dep = self.module_file.get(ident)
                if dep and dep not in order:
                    todo.append(dep)
        return [self.pkg] + list(reversed(order))

    def instantiated(self, text):
        """The known modules that (comment-stripped) text instantiates, generate branches
        included."""
        return {m for m in re.findall(r"\b(\w+)\s*(?:#\s*\(|\w+\s*\()", text)
                if m in self.module_file}

    def module_of(self, path):
        return next((m for m, p in self.module_file.items() if p == path), None)

    def header(self, module):
        """A module's header, `module NAME #(...) (...);`, comments stripped."""
        return tool.module_header(self.text[self.module_file[module]], module).group(0)

    def with_spec_units(self, files, outdir):
        """The naive design: files with every unit that has a formal/spec model (ptxalu_X and
        spec_X) replaced by a stand-in of the same name, ports and parameters that computes
        with spec_X, its other outputs 0; the shared multiplier, whose operands the stand-ins
        leave at 0, by one that answers 0. Each stand-in is generated from the two headers,
        into outdir/naive/."""
        os.makedirs(os.path.join(outdir, "naive"), exist_ok=True)
        out, specs = [], []
        for path in files:
            mod = self.module_of(path)
            spec = "spec_" + mod[len("ptxalu_"):] if mod and mod.startswith("ptxalu_") else None
            if mod not in ZERO_STAND_INS and spec not in self.module_file:
                out.append(path)
                continue
            head = self.header(mod)
            spec_ports = set() if mod in ZERO_STAND_INS else \
                {n for _, n in port_list(self.header(spec))}
            body = [f"  {spec} u_spec (" + ", ".join(f".{n}({n})" for n in sorted(spec_ports)) +
                    ");"] if spec_ports else []
            body += [f"  assign {n} = '0;" for d, n in port_list(head)
                     if d == "output" and n not in spec_ports]
            stand_in = os.path.join(outdir, "naive", mod + ".sv")
            write_if_changed(stand_in, f"// Generated by syn/fpga_flow.py: {mod}'s ports around "
                             f"{spec if spec_ports else 'nothing'} (the naive design).\n" +
                             head + "\n" + "\n".join(body) + "\nendmodule\n")
            out.append(stand_in)
            if spec_ports:
                specs += [f for f in self.files_for(spec)[1:] if f not in specs]
        return out + [f for f in specs if f not in out]


# Modules of the naive design that answer 0: the shared multiplier (see with_spec_units).
ZERO_STAND_INS = ("ptxalu_mult_core",)


def port_list(header):
    """[(direction, name)] of an ANSI module header's ports."""
    depth, start = 0, None
    for i in range(len(header) - 1, -1, -1):  # the last parenthesized group: the ports
        depth += {")": 1, "(": -1}.get(header[i], 0)
        if depth == 0 and header[i] == "(":
            start = i
            break
    ports, direction = [], None
    for item in header[start + 1:header.rindex(")")].split(","):
        m = re.match(r"\s*(input|output|inout)\b", item)
        direction = m.group(1) if m else direction
        names = re.findall(r"\w+", item)
        if names:
            ports.append((direction, names[-1]))
    return ports


def io_connections(ports):
    """The port connections of a registered-I/O wrapper around a module with ports
    [(direction, width, name)] (syn/README.md): clk_i from clk, every other input a slice of the
    input shift register in_q, every output a slice of out_w, each from bit 0 in port order.
    Returns (connections, input bits, output bits)."""
    conns = [".clk_i(clk)"] if any(n == "clk_i" for _, _, n in ports) else []
    widths = {}
    for bus, direction in (("in_q", "input"), ("out_w", "output")):
        lsb = 0
        for d, w, n in ports:
            if d == direction and n != "clk_i":
                conns.append(f".{n}({bus}[{lsb + w - 1}:{lsb}])")
                lsb += w
        widths[bus] = lsb
    return conns, widths["in_q"], widths["out_w"]


def run(cmd, logfile, timeout=None, cwd=None):
    """Runs cmd with output to logfile (scripts/ptxalu_tool.py's run: the process group is
    killed on timeout); returns (returncode or None on timeout, seconds). The run's
    --hard-limit caps the timeout. Yosys runs in OUT (its scripts' paths are relative to it)."""
    if cwd is None and "yosys" in cmd:
        cwd = ROOTS["out"]
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


def write_if_changed(path, text):
    """Writes text unless the file already holds it."""
    try:
        if open(path).read() == text:
            return
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)


def link_sources(src, out):
    """OUT/src -> SRC (replaced when it points elsewhere); sets ROOTS."""
    ROOTS.update(src=src, out=out)
    link = os.path.join(out, "src")
    if os.path.islink(link):
        if os.readlink(link) == src:
            return
        os.remove(link)
    elif os.path.exists(link):
        raise tool.ToolError(f"{link} exists and is not a link: --out must be the flow's own")
    os.symlink(src, link)


def rel(path):
    """A path as the flow's scripts name it: relative to OUT (where Yosys runs), the sources
    as src/..., anything else (Yosys' own library) as given."""
    p = os.path.abspath(path)
    out, src = ROOTS["out"], ROOTS["src"]
    if out and p.startswith(out + os.sep):
        return os.path.relpath(p, out)
    if src and p.startswith(src + os.sep):
        return os.path.join("src", os.path.relpath(p, src))
    return path


_digests = {}
_versions = {}
_cache_lock = threading.Lock()


def file_digest(path):
    """sha256 of a file's bytes (None when it cannot be read); read once per run."""
    p = os.path.realpath(path)
    with _cache_lock:
        if p not in _digests:
            try:
                with open(p, "rb") as f:
                    _digests[p] = hashlib.sha256(f.read()).hexdigest()
            except OSError:
                _digests[p] = None
        return _digests[p]


def tool_version(name):
    """What identifies a tool's build: its --version line (yosys -V), else the sha256 of its
    executable; None when it is not installed."""
    with _cache_lock:
        if name in _versions:
            return _versions[name]
    exe = shutil.which(name)
    version = None
    if exe:
        res = tool.run([exe, "-V" if name == "yosys" else "--version"], timeout=120, merge=True)
        lines = [l for l in (res.stdout or "").splitlines() if l.strip()]
        version = (lines[0].strip() if res.returncode == 0 and lines
                   else "sha256 " + str(file_digest(exe)))
    with _cache_lock:
        _versions[name] = version
    return version


def digest(*parts):
    """The cache key of a result: sha256 over its parts (strings, or None)."""
    h = hashlib.sha256(b"ptxalu fpga flow cache key 1")
    for part in parts:
        h.update(b"\0" + str(part).encode())
    return h.hexdigest()


def script_files(text):
    """The files a Yosys script reads (read_verilog ... FILE), as written in it."""
    return [l.split()[-1] for l in text.splitlines()
            if l.startswith("read_verilog ") and not l.split()[-1].startswith("+/")]


def script_key(script):
    """The key of a synthesis: the script's text (paths relative to OUT, so no export's path is
    in it), the bytes of every file it reads and the Yosys build. Nothing else decides Yosys'
    result: two runs with the same key read byte-identical inputs."""
    text = open(script, encoding="utf-8").read()
    files = script_files(text)
    return digest(text, tool_version("yosys"),
                  *(f"{f} {file_digest(os.path.join(ROOTS['out'] or '', f))}" for f in files))


# --previous REPORT: its rows by (unit, config, target, depth), and its directory.
PREVIOUS = {"rows": {}, "base": None}


def previous_row(row_id, key):
    """The fields of the previous report's row `row_id` when it holds a result of `key` (the
    same inputs, common.script_key), marked "cached" with its own date; else None. Its
    bitstream is copied from beside that report into OUT when it is there, else the row says
    an earlier run made it ("bitstream_elsewhere")."""
    r = PREVIOUS["rows"].get(row_id)
    if not r or r.get("key") != key:
        return None
    r = {k: v for k, v in r.items() if k not in ("unit", "config", "target", "depth", "what",
                                                 "naive_unit", "luts_vs_naive")}
    r["cached"] = True
    bit = r.get("bitstream")
    if bit:
        src, dst = os.path.join(PREVIOUS["base"], bit), os.path.join(ROOTS["out"], bit)
        if os.path.isfile(src):
            if not os.path.exists(dst) or not os.path.samefile(src, dst):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(src, dst)
            r["bitstream"] = dst
        else:
            r.update(bitstream=None, bitstream_elsewhere=True)
    return r


def stamp():
    """When a tool ran and how busy the machine was (1-minute load average) as it started."""
    load = tool.load_average()
    return {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "load": load[0] if load else None}


def report_path(path, out):
    """A file of a row (the bitstream) relative to the report's directory OUT, where
    report.json sits, so that no row names one build directory; an absolute path (a result
    cached before rows held relative ones) is made relative too."""
    return os.path.relpath(os.path.join(out, path), out)


def load_seconds(tdir):
    try:
        return json.load(open(os.path.join(tdir, "seconds.json")))
    except (OSError, ValueError):
        return {}


def save_seconds(tdir, secs):
    with open(os.path.join(tdir, "seconds.json"), "w") as f:
        json.dump(secs, f)


def yosys_read(files):
    return "".join(f"read_verilog -sv {rel(f)}\n" for f in files)


def hier_cmd(module, params, check=True):
    """check=False leaves a module no file defines (a vendor primitive) as a cell."""
    chp = "".join(f" -chparam {k} {v}" for k, v in params.items())
    return f"hierarchy{' -check' if check else ''} -top {module}{chp}\n"


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
