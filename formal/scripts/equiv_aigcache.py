"""GOLD's half of the pair AIG from a cache, for the equivalence flow (formal/README.md, "Check
your own unit", "The cache").

The pair AIG (equiv_build.pair_script) is two circuits side by side that share their inputs:
GOLD's and GATE's. Bit-level mapping is local to each cell, so each half can be built alone
(a half pair: equiv_pair with one side's instance) and the two AIGs merged by their inputs'
names (merge()). GOLD's half does not depend on the user's files: ours elaborated (gold.il), or
the function cut's generated `*` module. It is cached under $XDG_CACHE_HOME/ptxalu/equiv (else
~/.cache/ptxalu/equiv), keyed by sha256 of every input of its Yosys run: the script (paths
relative to its own directory), the bytes of each file it reads (GOLD's netlist or source, the
half pair, algebra/ripple_lcu.v, scripts/equiv_mulmap.py, Yosys' techmap.v) and `yosys -V`.
An entry is a directory written under a temporary name and renamed into place (atomic: a reader
sees a whole entry or none). A cache that cannot be written is only read; one that is absent is
created; `--no-cache` (or a sequential pair: latches) builds the pair in one Yosys run as before.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

from equiv_build import MULMAP, RIPPLE_MAP, pair_script

SCHEMA = b"ptxalu-equiv-half-pair 1"  # part of every key: a change of this file's format misses
_VERSIONS = {}


def cache_root(a):
    """The cache directory, or None with --no-cache."""
    if getattr(a, "no_cache", False):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ptxalu", "equiv")


def _yosys_id(yosys):
    """`yosys -V` and the bytes of the techmap.v it maps with (both in every key)."""
    if yosys not in _VERSIONS:
        v = subprocess.run([yosys, "-V"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        share = os.path.join(os.path.dirname(os.path.realpath(yosys)), "..", "share", "yosys")
        try:
            techmap = open(os.path.join(share, "techmap.v"), "rb").read()
        except OSError:
            techmap = b"(no techmap.v at " + share.encode() + b")"
        _VERSIONS[yosys] = v.stdout + b"\0" + techmap
    return _VERSIONS[yosys]


def cache_key(yosys, script, files):
    """sha256 of the half's inputs: `script` (RIPPLE_MAP's and MULMAP's paths and the Python
    running it replaced by tokens: the two files' bytes count, not where the repository is),
    `files` ({name in the half's directory: bytes})."""
    h = hashlib.sha256()
    script = script.replace(RIPPLE_MAP, "@RIPPLE_MAP@").replace(MULMAP, "@MULMAP@")
    parts = [SCHEMA, _yosys_id(yosys), script.replace(sys.executable, "@PYTHON@").encode(),
             open(RIPPLE_MAP, "rb").read(), open(MULMAP, "rb").read()]
    for name in sorted(files):
        parts += [name.encode(), files[name]]
    for p in parts:
        h.update(len(p).to_bytes(8, "little") + p)
    return h.hexdigest()


def lookup(root, key):
    """The entry's directory, or None."""
    d = os.path.join(root, key)
    ok = all(os.path.isfile(os.path.join(d, f)) for f in ("pair.aig", "pair.map"))
    return d if ok else None


def store(root, key, src_dir):
    """Copies src_dir's pair.aig/pair.map into the cache, atomically; False if it cannot be
    written (read-only, full: the flow goes on without it)."""
    tmp = None
    try:
        os.makedirs(root, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix=".tmp-", dir=root)
        for f in ("pair.aig", "pair.map"):
            shutil.copyfile(os.path.join(src_dir, f), os.path.join(tmp, f))
        os.rename(tmp, os.path.join(root, key))  # fails if another run stored it first
        return True
    except OSError:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
        return False


def writable(root):
    """Whether `root` is, or can be made, a directory this process may write."""
    d = root
    while not os.path.isdir(d):
        parent = os.path.dirname(d)
        if os.path.lexists(d) or parent == d:  # a file where a directory must be
            return False
        d = parent
    return os.access(d, os.W_OK | os.X_OK)


# ------------------------------------------------------------------ binary AIGER, combinational

def _read_map(path):
    """[(kind, index, bit, name)] of a write_aiger -map file; ValueError for anything but
    inputs and outputs (latches: not merged here)."""
    out = []
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] not in ("input", "output") or len(f) != 4:
            raise ValueError(f"{path}: {line.strip()}")
        out.append((f[0], int(f[1]), int(f[2]), f[3]))
    return out


def _read_aig(path):
    """(inputs, outputs as literals, ANDs as (rhs0, rhs1) in order) of a binary AIGER file
    without latches."""
    data = open(path, "rb").read()
    pos = data.index(b"\n")
    head = data[:pos].split()
    if head[0] != b"aig" or len(head) != 6:
        raise ValueError(f"{path}: not a binary AIGER file")
    m, i, latch, o, a = map(int, head[1:])
    if latch or m != i + a:
        raise ValueError(f"{path}: latches, or M != I + A")
    outs = []
    for _ in range(o):
        end = data.index(b"\n", pos + 1)
        outs.append(int(data[pos + 1:end]))
        pos = end
    pos += 1
    ands = []
    for k in range(a):
        lhs = 2 * (i + 1 + k)
        d = []
        for _ in range(2):
            x, shift = 0, 0
            while True:
                b = data[pos]
                pos += 1
                x |= (b & 0x7F) << shift
                if b < 0x80:
                    break
                shift += 7
            d.append(x)
        r0 = lhs - d[0]
        ands.append((r0, r0 - d[1]))
    return i, outs, ands


def _delta(x):
    out = bytearray()
    while x >= 0x80:
        out.append((x & 0x7F) | 0x80)
        x >>= 7
    out.append(x)
    return out


def merge(halves, out_aig, out_map):
    """One AIG of the halves [(aig, map)] (GOLD's first): inputs shared by (name, bit) in the
    order they first occur, each half's ANDs in turn, outputs in the halves' order. An input
    without a name (a free bit of GATE, an `$anyseq`: its 'x, a part-select read out of range)
    is its half's own, and stays without a name, as in a pair written in one run."""
    inputs, body, outs, omap = {}, [], [], []
    read = [(_read_aig(aig), _read_map(mp)) for aig, mp in halves]
    keys = []  # per half, each input's key: (name, bit), or (None, (half, index)) if unnamed
    for half, ((ni, _, _), mp) in enumerate(read):
        named = {idx: (name, bit) for kind, idx, bit, name in mp if kind == "input"}
        keys.append([named.get(idx, (None, (half, idx))) for idx in range(ni)])
        for key in keys[-1]:
            inputs.setdefault(key, len(inputs))
    n_in = len(inputs)
    base = n_in
    for half, ((ni, o, ands), mp) in enumerate(read):
        var = [0] + [inputs[keys[half][k]] + 1 for k in range(ni)] + \
            [base + 1 + k for k in range(len(ands))]
        lit = lambda x: 2 * var[x >> 1] + (x & 1)  # noqa: E731
        for k, (r0, r1) in enumerate(ands):
            lhs = 2 * (base + 1 + k)
            a, b = lit(r0), lit(r1)
            if a < b:
                a, b = b, a
            body.append(_delta(lhs - a) + _delta(a - b))
        for kind, idx, bit, name in sorted(m for m in mp if m[0] == "output"):
            omap.append(f"output {len(outs)} {bit} {name}")
            outs.append(lit(o[idx]))
        base += len(ands)
    with open(out_aig, "wb") as f:
        f.write(f"aig {base} {n_in} 0 {len(outs)} {base - n_in}\n".encode())
        f.write("".join(f"{x}\n" for x in outs).encode())
        f.write(b"".join(body))
    with open(out_map, "w") as f:
        for (name, bit), idx in inputs.items():
            if name is not None:
                f.write(f"input {idx} {bit} {name}\n")
        f.write("".join(x + "\n" for x in omap))


# ------------------------------------------------------------------ the pair from two halves

def _half_sv(ports, side):
    ins = [(n, w) for n, (d, w) in ports.items() if d == "input"]
    outs = [(n, w) for n, (d, w) in ports.items() if d == "output"]
    decl = [f"  input logic [{w-1}:0] {n}" for n, w in ins] + \
        [f"  output logic [{w-1}:0] {side}_{n}" for n, w in outs]
    conns = ", ".join([f".{n}({n})" for n, _ in ins] + [f".{n}({side}_{n})" for n, _ in outs])
    return ("module equiv_pair (\n" + ",\n".join(decl) + "\n);\n"
            f"  equiv_{side} u_{side} ({conns});\nendmodule\n")


def pair_ports(path):
    """{name: (direction, width)} of TOP from the pair harness equiv_build.write_pair_sv wrote."""
    ports = {}
    for d, w, n in re.findall(r"^\s*(input|output) logic \[(\d+):0\] (\S+?),?$",
                              open(path).read(), re.M):
        if d == "input" or n.startswith("gold_"):
            ports[n if d == "input" else n[len("gold_"):]] = (d, int(w) + 1)
    return ports


def cached_pair(flow, ports, gold_files, gold_read, gate_read, timeout=None, gate_mulmap=True):
    """pair.aig/pair.map in flow.work with GOLD's half from the cache: (0, '') done, a failed
    (returncode, output) or None (time limit) of GATE's half as flow.yosys returns it, or
    'uncached' (no cache to use: --no-cache, a read-only cache without the entry, or a half
    that did not build; the caller builds the pair in one run). gold_files: {name: path}
    copied into WORK/pair_gold/ under `name`, which gold_read reads (module equiv_gold);
    gate_read leaves module equiv_gate (absolute paths); gate_mulmap: pair_script's mulmap
    for GATE's half."""
    root = cache_root(flow.a)
    if root is None:
        return "uncached"
    files = {"equiv_pair.sv": _half_sv(ports, "gold").encode()}
    for name, path in gold_files.items():
        files[name] = open(path, "rb").read()
    script = pair_script(False, gold_read)
    key = cache_key(flow.a.yosys, script, files)
    hit = lookup(root, key)
    if hit is None and not writable(root):
        return "uncached"
    gold = flow.sub("pair_gold")
    gate = flow.sub("pair_gate")
    for sub, side in ((gold, "gold"), (gate, "gate")):
        if sub is gate or hit is None:
            os.makedirs(sub.work, exist_ok=True)
            with open(os.path.join(sub.work, "equiv_pair.sv"), "w") as f:
                f.write(_half_sv(ports, side))
    if hit is None:
        for name, data in files.items():
            with open(os.path.join(gold.work, name), "wb") as f:
                f.write(data)
    result = {}
    thread = None
    if hit is None:  # GOLD's half beside GATE's (two cores)
        def build_gold():
            result["gold"] = gold.yosys(script, "pair.log", timeout=timeout)
        thread = threading.Thread(target=build_gold)
        thread.start()
    # GATE's module copied once (`design -copy-from` adds its cells in another order): the same
    # AIG byte for byte. It paid when `opt_expr` ran after `techmap` (its fixed point sooner:
    # vmad_core_karatsuba's core 38.5 -> 28.9 s of Yosys CPU, formal/README.md step 4a); GATE's
    # half no longer runs it (pair_script's opt=False)
    r = gate.yosys(pair_script(
        False, f"{gate_read}; design -stash ptxalu_pre; design -copy-from ptxalu_pre -as "
        "equiv_gate equiv_gate", mulmap=gate_mulmap, opt=False), "pair.log", timeout=timeout)
    if thread:
        thread.join()
        g = result.get("gold")
        if g is None or g[0]:
            return "uncached"
        store(root, key, gold.work)
        src = gold.work
    else:
        src = hit
    if r is None or r[0]:
        return r
    try:
        merge([(os.path.join(src, "pair.aig"), os.path.join(src, "pair.map")),
               (os.path.join(gate.work, "pair.aig"), os.path.join(gate.work, "pair.map"))],
              os.path.join(flow.work, "pair.aig"), os.path.join(flow.work, "pair.map"))
    except (ValueError, IndexError, KeyError, OSError):
        return "uncached"
    print(f"ptxalu-equiv: GOLD's half of the pair AIG {'from the cache' if hit else 'built'} "
          f"({os.path.join(root, key[:12])}...)", flush=True)
    return 0, ""
