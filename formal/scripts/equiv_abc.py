"""ABC on the equivalence flow's SAT miters (WORK/equiv.aig, written from equiv_build's
write_wrap and miter_script): two scripts raced, and the witness of a 'differ'."""

import os
import shutil
import subprocess
import time

from equiv_build import aig_error, op_field, write_wrap
from equiv_files import fail

# ABC's script on the miter: SAT sweeping by `&fraig -x` (ABC's newer sweeping engine) before
# `&cec`. Measured 2026-11-26 08:26-08:35 UTC (load 8-9, CPU s of yosys-abc on the same
# equiv.aig, `&cec -m` alone -> with `&fraig -x` first): the integer unit against sad_reassoc
# 73 -> 6.8; its 64-bit sad form alone 43 -> 4.2; ptxalu_simd against its iCE40 netlist
# 59 -> 9.7; mult_star 0.02 both; but vmad_66's miter (26,276 ANDs) 70 -> 131 (09:25-09:35,
# load 3-7). A monolithic SAT call (`&glucose`) was 3.1 / 2.7 / 34 on the first three.
# Neither order wins everywhere (2026-11-28, CPU s of yosys-abc on the flow's own equiv.aig,
# `&cec -m` alone / with `&fraig -x` first): sad_reassoc 49.2 / 7.8, sad_minmax 5.9 / 2.0,
# bitmanip_tree_prio 10.3 / 44.6, ptxalu_simd against the PTX text (formal/spec/spec_simd.sv)
# 43.1 / 271.2. So both run at once and the first answer ends the other (ABC_SCRIPTS).
ABC_SCRIPTS = ("&get; &fraig -x; &cec -m", "&get; &cec -m")


def _abc_verdict(text):
    if "Networks are equivalent" in text:
        return "equivalent"
    return "differ" if "NOT EQUIVALENT" in text else "unknown"


def _abc_race(flow, abc, scripts, seconds, cofactor=""):
    """Each script in its own yosys-abc at once on WORK/equiv.aig (`cofactor`: ABC commands
    run on it first); the first 'equivalent' or 'differ' kills the others. (verdict, that
    run's output)."""
    logs = [os.path.join(flow.work, f"abc_{k}.log") for k in range(len(scripts))]
    cexs = [os.path.join(flow.work, f"abc_cex_{k}.txt") for k in range(len(scripts))]
    flow.abc_cex = None
    for path in cexs:  # a witness is only ever this race's
        if os.path.exists(path):
            os.remove(path)
    procs = []
    for k, (script, log) in enumerate(zip(scripts, logs)):
        with open(log, "w") as out:
            procs.append(subprocess.Popen(
                [abc, "-c", "read_aiger equiv.aig; fold; orpos; strash; " + cofactor + script
                 + f"; write_cex {os.path.basename(cexs[k])}"],
                cwd=flow.work, stdout=out, stderr=subprocess.STDOUT))
    deadline, verdict, text = time.monotonic() + seconds, "unknown", ""
    try:
        running = set(range(len(procs)))
        while running and verdict == "unknown":
            for k in sorted(running):
                if procs[k].poll() is None:
                    continue
                running.discard(k)
                with open(logs[k], errors="replace") as f:
                    text = f.read()
                verdict = _abc_verdict(text)
                if verdict != "unknown":
                    flow.abc_cex = cexs[k]
                    break
            if running and verdict == "unknown":
                if time.monotonic() > deadline:
                    verdict = "timeout"
                    break
                time.sleep(0.05)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.wait()
    return verdict, text


def abc_witness(flow):
    """The input values ({port: int}) of the counterexample of ABC's last 'differ' on
    WORK/equiv.aig (its `write_cex`: one bit per AIG input, by equiv.map), or None."""
    try:  # the inputs' bits, then "# DONE" (ABC 1.01 as Debian's yosys-abc has it)
        bits = "".join(open(flow.abc_cex or "").read().split("#")[0].split())
        names = [line.split() for line in open(os.path.join(flow.work, "equiv.map"))]
    except OSError:
        return None
    inputs = [(int(i), int(b), n) for k, i, b, n in (x for x in names if len(x) == 4)
              if k == "input"]
    if not bits or set(bits) - {"0", "1"} or len(bits) < len(inputs):
        return None
    values = {}
    for index, bit, name in inputs:
        values[name] = values.get(name, 0) | (int(bits[index]) << bit)
    if getattr(flow, "abc_fixed", None):  # the inputs ABC set (abc_cec's cofactor)
        (lsb, end), value = flow.abc_fixed
        mask = (1 << end) - (1 << lsb)
        values["ctrl_i"] = (values.get("ctrl_i", 0) & ~mask) | (value & mask)
    return values


def write_miter_aig(flow, sat_base, timeout=None):
    """WORK/equiv.aig and equiv.map, the miter of Yosys script `sat_base` as an AIG: False when
    Yosys ran out of time."""
    # Written for every call: callers change the wrap (a form's control word) or the sides
    # between calls. Until 2026-11-28 it was written once per work directory, and the wide cut
    # per form's second to fourth miter of a group (equiv_formcut.py) re-read the first's.
    flow.built.add("equiv.aig")
    # No optimisation after techmap: ABC's strash merges and folds what `opt -fast` did,
    # which on the bit-level miter cost most of Yosys' time (mult_ctree's rest of forms
    # 0x694000000000200/2200: 7.3 -> 2.0 s CPU, 40,083 -> 40,467 ANDs after strash, ABC
    # 0.05 s both; 2026-11-27).
    r = flow.yosys(sat_base + "; setundef -undriven -anyseq; delete -output; opt_clean; "
                   "techmap; dffunmap; aigmap; "
                   "write_aiger -I -B -zinit -map equiv.map equiv.aig",
                   "aig.log", timeout=timeout)
    if r is None:
        return False
    if r[0]:
        fail(f"cannot write the miter AIG: {aig_error(flow, r[1])}")
    return True


def abc_cec(flow, sat_base, timeout=None, race=None, cofactor=None):
    """ABC on the SAT miter (the scripts of ABC_SCRIPTS raced): 'equivalent', 'differ',
    'timeout' or 'unknown' (the deciding run's output in WORK/abc.log); `timeout` limits Yosys
    and ABC each, `race` ABC alone. `cofactor` ((lsb, end), value): ABC sets ctrl_i's bits
    lsb..end-1 to value's in the AIG the last call wrote (sat_base then unused), and a witness
    has them so."""
    abc = shutil.which("yosys-abc")
    if not abc:
        fail("yosys-abc not found on PATH (Debian: apt-get install yosys)")
    flow.abc_fixed = cofactor
    commands = ""
    if cofactor is None:
        if not write_miter_aig(flow, sat_base, timeout):
            return "timeout"
    else:
        names = abc_input_names(flow, "ctrl_i")
        commands = "logic; " + "".join(f"cof {names[bit]} {(cofactor[1] >> bit) & 1}; "
                                       for bit in range(*cofactor[0])
                                       if bit in names) + "strash; "  # (absent: unread)
    verdict, text = _abc_race(flow, abc, ABC_SCRIPTS, race or timeout or flow.left(), commands)
    if cofactor is not None and "Cannot find node" in text:  # not the op's miter: no answer
        verdict = "unknown"
    with open(os.path.join(flow.work, "abc.log"), "w") as f:
        f.write(text)
    return verdict


def abc_input_names(flow, port):
    """{bit: ABC's name of that AIG input} of `port` in WORK/equiv.aig: ABC names an AIGER
    file's inputs pi<k>, k zero-padded to the digits of the last index (pi000 .. pi322)."""
    with open(os.path.join(flow.work, "equiv.aig"), "rb") as f:
        count = int(f.readline().split()[2])
    digits = len(str(max(count - 1, 0)))
    names = {}
    for line in open(os.path.join(flow.work, "equiv.map")):
        kind, *rest = line.split()
        if kind == "input" and len(rest) == 3 and rest[2] == port:
            names[int(rest[1])] = f"pi{int(rest[0]):0{digits}d}"
    return names


def abc_split(flow, ports, sat_base, clocked):
    """ABC on the whole miter, or, with --legal and two or more of the unit's own ops, each
    op's miter alone (after --abc-split-after seconds on the whole one, default 0): the whole
    miter's AIG with the op field's inputs set to that op's code by ABC (`cof`), so its strash
    drops the other ops' logic. The legal words lie in the ops' miters together. (verdict,
    how, the Yosys script of the miter a witness's `sat` reads: on 'differ', that op's,
    equiv_wrap.sv written with the op field that constant.) Measured: formal/README.md 5a."""
    a, ops = flow.a, flow.ops if flow.a.legal and not clocked else []
    first = min(a.abc_split_after, flow.left()) if len(ops) > 1 else None
    verdict = abc_cec(flow, sat_base, race=first) if first != 0 else "timeout"
    if verdict in ("equivalent", "differ") or first is None or flow.left() <= 1:
        return verdict, {"timeout": f"ABC &cec: time limit ({a.timeout:.0f} s)",
                         "unknown": f"ABC &cec gave no answer (see {flow.work}/abc.log)"
                         }.get(verdict, "ABC &cec"), sat_base
    if first == 0 and not write_miter_aig(flow, sat_base, flow.left()):
        return "timeout", f"ABC &cec: time limit ({a.timeout:.0f} s)", sat_base
    print(f"ptxalu-equiv: ABC &cec: no answer on the whole miter in {first:.0f} s; "
          f"one miter per op ({len(ops)})" if first else
          f"ptxalu-equiv: ABC &cec: one miter per op ({len(ops)})")
    msb, lsb = op_field(a.pkg)
    proven, pending, why = [], list(ops), {}  # why: an unproven op's name -> its verdict
    for _ in range(2):  # each op its share of the time left, then the unproven ones again
        unproven = []
        for k, (name, code) in enumerate(pending):
            share = flow.left() / (len(pending) - k)
            if share <= 1:
                unproven.append((name, code))
                why[name] = "not run: time limit"
                continue
            began = time.monotonic()
            verdict = abc_cec(flow, None, race=share, cofactor=((lsb, msb + 1), code << lsb))
            print(f"ptxalu-equiv: ABC on {name}'s miter: {verdict} "
                  f"({time.monotonic() - began:.1f} s)")
            if verdict == "differ":
                return verdict, f"ABC &cec on {name}'s miter", \
                    write_wrap(flow, ports, True, False, op=code)
            if verdict == "equivalent":
                proven.append(name)
            else:
                unproven.append((name, code))
                why[name] = verdict
        pending = unproven
    flow.phase("ABC per op")
    if pending:
        return "unknown", (f"ABC &cec per op: proven {', '.join(proven) or 'none'}; not proven "
                           + ", ".join(f"{name} ({why[name]})" for name, _ in pending)), sat_base
    return "equivalent", f"ABC &cec, one miter per op ({', '.join(proven)})", sat_base
