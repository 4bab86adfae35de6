"""The engines of the formal suite (ptxalu_formal.py): Yosys sat (combinational, bounded,
k-induction), ABC, yosys-smtbmc/z3 and the algebraic engine of formal/equiv.sh, each tool process
under the obligation's CPU budget; and planted bugs (mutants) in a copy of the sources."""

import math
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time

from formal_sources import FORMAL_DIR, sources, yosys_read

sys.path.insert(0, os.path.join(os.path.dirname(FORMAL_DIR), "scripts"))
import ptxalu_tool as tool  # noqa: E402  (scripts/ptxalu_tool.py: module_header)

YOSYS = shutil.which("yosys") or "yosys"
ABC = shutil.which("yosys-abc") or "yosys-abc"
SMTBMC = shutil.which("yosys-smtbmc") or "yosys-smtbmc"

CPU = threading.local()  # CPU seconds of the current obligation's tool processes


WALL_FACTOR = 10  # a tool hung outside the CPU (never seen) is stopped at 10x its CPU budget


def cpu_left(budget):
    """CPU seconds the current obligation may still use out of `budget`."""
    return budget - getattr(CPU, "seconds", 0.0)


def run(cmd, workdir, budget, logname):
    """Run one tool process with the obligation's remaining CPU budget (RLIMIT_CPU: the limit
    is on work, so the verdict does not depend on the machine's load); returns (returncode or
    None when out of time, output, wall seconds)."""
    start = time.monotonic()
    killed = []
    left = max(1.0, cpu_left(budget))
    limit = math.ceil(left)

    def limit_cpu():
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
    with open(os.path.join(workdir, logname), "w") as log:
        p = subprocess.Popen(cmd, cwd=workdir, stdout=log, stderr=subprocess.STDOUT,
                             start_new_session=True, preexec_fn=limit_cpu)

        def kill():
            killed.append(True)
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        timer = threading.Timer(left * WALL_FACTOR, kill)
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
    CPU.seconds = getattr(CPU, "seconds", 0.0) + usage.ru_utime + usage.ru_stime
    out_of_cpu = os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU,
                                                                    signal.SIGKILL)
    rc = None if killed or out_of_cpu else p.returncode
    with open(os.path.join(workdir, logname)) as log:
        text = log.read()
    return rc, text, time.monotonic() - start


def yosys(script, workdir, timeout):
    """One Yosys run of an obligation's script (log yosys.log, output run.log): run()'s tuple."""
    return run([YOSYS, "-q", "-l", "yosys.log", "-p", script], workdir, timeout, "run.log")


def yosys_prepare(script, workdir, timeout):
    """A Yosys run that writes a file for the next tool: None when it succeeded, else the
    obligation's result ("timeout" or "error")."""
    rc, _, _ = yosys(script, workdir, timeout)
    if rc is None:
        return "timeout"
    return None if rc == 0 else "error"


def sat_proof_failed(text):
    """Yosys `sat -verify` found a counterexample (not any other ERROR: a mutant that breaks
    elaboration must not count as a detected bug)."""
    return "proof did fail" in text


def engine_sat(o, rtl_dir, workdir, timeout):
    extra = " ".join(o.get("sat_args", []))
    if "miter_file" not in o:
        extra += " -show rtl_result,spec_result"
    script = yosys_read(o, rtl_dir, workdir) + \
        f"; sat -prove-asserts -set-assumes -verify -show-ports {extra}"
    for p in o.get("sat_prove", []):  # extra equalities of internal signals: "lhs rhs"
        script += f"; sat -set-assumes -verify -prove {p}"
    rc, text, secs = yosys(script, workdir, timeout)
    if rc is None:
        return "timeout", secs
    if rc == 0 and "SUCCESS!" in open(os.path.join(workdir, "yosys.log")).read():
        return "proven", secs
    if sat_proof_failed(text):
        write_cex(workdir)
        return "failed", secs
    return "error", secs


def write_cex(workdir):
    """Counterexample of a failed sat proof, with the control word decoded, in cex.txt."""
    import ctrl_fields
    log = open(os.path.join(workdir, "yosys.log")).read()
    rows = re.findall(r"^\s+\\(\S+)\s+(\S+)\s+(\S+)\s+([01x]+)\s*$", log, re.M)
    if not rows:
        return
    lines = []
    for name, dec, hexv, binv in rows:
        if name.endswith("ctrl_i") and "x" not in binv:
            lines.append(f"{name}: {ctrl_fields.decode(int(binv, 2))}")
        else:
            lines.append(f"{name}: 0x{hexv}")
    with open(os.path.join(workdir, "cex.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def engine_abc(o, rtl_dir, workdir, timeout, abc_cmd):
    script = yosys_read(o, rtl_dir, workdir) + \
        "; setundef -undriven -anyseq; delete -output; techmap; " + \
        ("opt -fast; aigmap; opt_clean; " if o.get("aig_opt") else "aigmap; ") + \
        "write_aiger -I -B -zinit miter.aig"
    # Without opt the gate netlist goes to ABC as it is (strash merges it, far faster than
    # Yosys's opt on 10^5 cells); `aig_opt` keeps opt where ABC needs it (dp2a's products).
    start = time.monotonic()
    failed = yosys_prepare(script, workdir, timeout)
    if failed:
        return failed, time.monotonic() - start
    # One bad-state output per assert: `orpos` ORs them into the single output that `&cec -m`
    # checks (without it &cec -m looks at the first output only and misses a failing later
    # assert).
    rc, text, _ = run([ABC, "-c", f"read_aiger miter.aig; fold; strash; orpos; {abc_cmd}"],
                      workdir, timeout, "abc.log")
    secs = time.monotonic() - start
    if rc is None:
        return "timeout", secs
    low = text.lower()
    if "networks are equivalent" in low or "property proved" in low or \
            ("unsat" in low and "sat" not in low.replace("unsat", "")):
        return "proven", secs
    if "not equivalent" in low or "asserted" in low or "counter-example" in low or \
            "output 0 of miter" in low or "is sat" in low or "fails" in low:
        return "failed", secs
    return "error", secs


def engine_sat_seq(o, rtl_dir, workdir, timeout, induction):
    """Yosys sat over cycles from the all-zero state: k-induction up to `steps`, or bounded
    (every assertion holds in the first `steps` cycles)."""
    steps = o.get("steps", 20)
    mode = f"-tempinduct -maxsteps {steps}" if induction else f"-seq {steps}"
    script = yosys_read(o, rtl_dir, workdir) + \
        f"; async2sync; sat {mode} -prove-asserts -set-assumes -set-init-zero " \
        "-verify -show-ports -dump_vcd cex.vcd"
    rc, text, secs = yosys(script, workdir, timeout)
    if rc is None:
        return "timeout", secs
    log = open(os.path.join(workdir, "yosys.log")).read()
    if rc == 0 and "SUCCESS!" in log:
        return "proven", secs
    if sat_proof_failed(text):
        return "failed", secs
    return "error", secs


def _port_names(path, module):
    m = tool.module_header(open(path).read(), module)
    if not m:
        raise RuntimeError(f"{path}: cannot read the ports of {module}")
    return m.group(1), re.findall(r"(\w+)\s*(?:,|$)", m.group(1).strip())


def algebra_gate(o, rtl_dir, workdir):
    """GATE for engine_algebra: a module of the unit's name whose outputs come from the spec;
    an output the spec does not have (vmad's multiplier operands for the shared multiplier)
    comes from a renamed copy of the RTL, so it is compared with itself (the report says so)."""
    rtl_path = os.path.join(rtl_dir, o["rtl"] + ".sv")
    spec_path = os.path.join(o.get("spec_dir") or os.path.join(FORMAL_DIR, "spec"),
                             o["spec"] + ".sv")
    header, ports = _port_names(rtl_path, o["rtl"])
    _, spec_ports = _port_names(spec_path, o["spec"])
    own = [p for p in ports if p.endswith("_o") and p not in spec_ports]
    body = [f"module {o['rtl']} ({header});"]
    body.append(f"  {o['spec']} u_spec (" + ", ".join(f".{p}({p})" for p in spec_ports) + ");")
    files = [spec_path]
    if own:
        copy = re.sub(rf"\bmodule\s+{o['rtl']}\b", f"module {o['rtl']}_rtl_copy",
                      open(rtl_path).read())
        with open(os.path.join(workdir, "rtl_copy.sv"), "w") as f:
            f.write(copy)
        files.append(os.path.join(workdir, "rtl_copy.sv"))
        for f in sources(o, rtl_dir):  # the copy's submodules (copies: GATE may not be rtl/)
            if "/spec/" not in f and not f.endswith(("ptxalu_pkg.sv", o["rtl"] + ".sv")):
                shutil.copy(f, workdir)
                files.append(os.path.join(workdir, os.path.basename(f)))
        body += [f"  logic [$bits({p})-1:0] {p}_copy;" for p in own]
        body.append(f"  {o['rtl']}_rtl_copy u_copy (" + ", ".join(
            f".{p}({p}_copy)" if p in own else f".{p}({p})" for p in ports
            if not p.endswith("_o") or p in own) + ");")
        body += [f"  assign {p} = {p}_copy;" for p in own]
    body.append("endmodule")
    path = os.path.join(workdir, "gate.sv")
    with open(path, "w") as f:
        f.write(f"// Generated by formal/scripts/formal_engines.py: {o['spec']} as {o['rtl']}"
                + (f"; {', '.join(own)} from a copy of the RTL" if own else "") + ".\n" +
                "\n".join(body) + "\n")
    return [path] + files


def engine_algebra(o, rtl_dir, workdir, timeout):
    """The whole unit, real multipliers included (no assumed cut), against its spec by the
    algebraic engine of formal/equiv.sh (--engine algebra), form by form over the legal words
    of the unit's own ops; the forms named by `wide_cut_forms` (saturation, shifts) through the
    wide cut instead (--wide-cut-forms: the engine proves the cut words, ABC the rest with the
    cut free). Word-level simulation first for 5 s (`word_seconds`; 0 for a PROOF_ONLY planted
    bug): a planted bug that reads the product shifted (mult's hi32-off-by-one) is outside the
    engine's reach, and 1 s drew too few vectors at load 12 (508; the first difference is
    vector 1089)."""
    aig = os.environ.get("PTXALU_AIG")
    if not aig or not os.access(aig, os.X_OK):
        raise RuntimeError("the algebraic engine needs ptxalu-aig (--aig-bin or PTXALU_AIG)")
    rtl = [f for f in sources(o, rtl_dir) if "/spec/" not in f and
           not f.endswith("ptxalu_pkg.sv")]
    cmd = [os.path.join(FORMAL_DIR, "equiv.sh"), "--legal", "--engine", "algebra",
           "--word-seconds", str(o.get("word_seconds", 5)), "--sim-seconds", "0",
           "--timeout", str(int(timeout * 4)), "--aig-bin", aig,
           "--work", os.path.join(workdir, "equiv")] + \
        (["--wide-cut-forms", o["wide_cut_forms"]] if o.get("wide_cut_forms") else []) + \
        [",".join(rtl), ",".join(algebra_gate(o, rtl_dir, workdir)), o["rtl"]]
    rc, text, secs = run(cmd, workdir, timeout, "run.log")
    if rc is None:
        return "timeout", secs
    return {0: "proven", 1: "failed", 3: "timeout"}.get(rc, "error"), secs


def _wrapper(header_src, module, name, body, workdir, tag):
    """A module `name` with the ports of `module` in `header_src` and the given body lines."""
    header, _ = _port_names(header_src, module)
    path = os.path.join(workdir, f"{tag}.sv")
    with open(path, "w") as f:
        f.write(f"// Generated by formal/scripts/formal_engines.py ({tag}).\n"
                f"module {name} ({header});\n" + "".join(f"  {b}\n" for b in body) +
                "endmodule\n")
    return path


def engine_equiv(o, rtl_dir, workdir, timeout):
    """formal/equiv.sh on one step of a decomposition (its simulation, product cut and
    algebraic engine). With `rtl_tops`: the RTL module (registers as wires with
    `regs_as_wires`: formal/algebra/regs_as_wires.v on its flattened netlist) against the
    module `spec_top` of `miter_file`, wrapped in the RTL's ports (inputs it does not have,
    such as clk_i, left unread). Without: `spec_top` against `equals`, an SV assignment in the
    spec's own ports (the statement the spec must meet)."""
    aig = os.environ.get("PTXALU_AIG")
    if not aig or not os.access(aig, os.X_OK):
        raise RuntimeError("the equivalence flow needs ptxalu-aig (--aig-bin or PTXALU_AIG)")
    spec = os.path.join(FORMAL_DIR, "miter", o["miter_file"])
    if o.get("rtl_tops"):
        top = o["rtl_tops"][0]
        gold = [f for f in sources(o, rtl_dir) if "/spec/" not in f and f != spec]
        if o.get("regs_as_wires"):
            failed = yosys_prepare(
                f"read_verilog -sv {' '.join(gold)}; hierarchy -check -top {top}; proc; "
                f"flatten; opt_dff; techmap -map {FORMAL_DIR}/algebra/regs_as_wires.v; "
                "opt_clean; check -assert; select -assert-none t:$*dff* t:$*latch*; "
                "write_verilog -noattr gold_comb.v", workdir, timeout)
            if failed:
                return failed, 0.0
            gold = [os.path.join(workdir, "gold_comb.v")]
        _, ports = _port_names(spec, o["spec_top"])
        gate = [_wrapper(os.path.join(rtl_dir, top + ".sv"), top, top, [
            f"{o['spec_top']} u_spec (" + ", ".join(f".{p}" for p in ports) + ");"],
            workdir, "gate"), spec]
    else:
        top = o["spec_top"]
        gold, gate = [spec], [_wrapper(spec, top, top, [f"assign {o['equals']};"], workdir,
                                       "gate")]
    cmd = [os.path.join(FORMAL_DIR, "equiv.sh"), "--timeout", str(int(timeout * 4)),
           "--aig-bin", aig, "--work", os.path.join(workdir, "equiv"), ",".join(gold),
           ",".join(gate), top]
    rc, text, secs = run(cmd, workdir, timeout, "run.log")
    if rc is None:
        return "timeout", secs
    return {0: "proven", 1: "failed", 3: "timeout"}.get(rc, "error"), secs


def engine_smtbmc(o, rtl_dir, workdir, timeout, induction):
    steps = o.get("steps", 20)
    script = yosys_read(o, rtl_dir, workdir) + "; async2sync; dffunmap; write_smt2 -wires d.smt2"
    start = time.monotonic()
    failed = yosys_prepare(script, workdir, timeout)
    if failed:
        return failed, time.monotonic() - start
    cmd = [SMTBMC, "-s", "z3", "-t", str(steps), "--dump-vcd", "cex.vcd"]
    if induction:
        cmd.append("-i")
    rc, text, _ = run(cmd + ["d.smt2"], workdir, timeout, "smtbmc.log")
    secs = time.monotonic() - start
    if rc is None:
        return "timeout", secs
    if rc == 0 and "PASSED" in text:
        return "proven", secs
    if "FAILED" in text:
        return "failed", secs
    return "error", secs


def run_engine(o, engine, rtl_dir, workdir, timeout):
    if engine == "sat":
        return engine_sat(o, rtl_dir, workdir, timeout)
    if engine == "abc-cec":
        return engine_abc(o, rtl_dir, workdir, timeout, "&get; &cec -m")
    if engine == "abc-fraig-cec":
        return engine_abc(o, rtl_dir, workdir, timeout, "&get; &fraig -x; &cec -m")
    if engine == "abc-iprove":
        return engine_abc(o, rtl_dir, workdir, timeout, "iprove")
    if engine == "abc-dprove":
        return engine_abc(o, rtl_dir, workdir, timeout, "dprove")
    if engine in ("sat-bmc", "sat-tempinduct"):
        return engine_sat_seq(o, rtl_dir, workdir, timeout, engine == "sat-tempinduct")
    if engine == "algebra":
        return engine_algebra(o, rtl_dir, workdir, timeout)
    if engine == "equiv":
        return engine_equiv(o, rtl_dir, workdir, timeout)
    if engine == "smtbmc-z3-bmc":
        return engine_smtbmc(o, rtl_dir, workdir, timeout, False)
    if engine == "smtbmc-z3-induction":
        return engine_smtbmc(o, rtl_dir, workdir, timeout, True)
    raise ValueError(f"unknown engine {engine}")


# ------------------------------------------------------------------------------------------
# Mutants: a copy of the RTL with one planted bug
# ------------------------------------------------------------------------------------------

def mutant_source(rtl_dir, mutant):
    """(directory, file name) of the source a planted bug edits: rtl/ or, for a file named
    spec/..., formal/spec/."""
    if mutant["file"].startswith("spec/"):
        return os.path.join(FORMAL_DIR, "spec"), mutant["file"][len("spec/"):]
    return rtl_dir, mutant["file"]


def mutated(text, mutant):
    """The text with the planted bug; RuntimeError when the edit does not apply (its source
    changed under it)."""
    new, count = re.subn(mutant["find"], mutant["replace"], text, count=mutant.get("count", 1),
                         flags=re.M)
    if count == 0 or new == text:
        raise RuntimeError(f"mutation {mutant['find']!r} does not apply to {mutant['file']}")
    return new


def make_mutant(rtl_dir, workdir, mutant):
    """A copy of rtl/ (or of formal/spec/) with the planted bug; returns the copied directory."""
    src, fname = mutant_source(rtl_dir, mutant)
    mdir = os.path.join(workdir, "spec" if mutant["file"].startswith("spec/") else "rtl")
    if os.path.exists(mdir):
        shutil.rmtree(mdir)
    shutil.copytree(src, mdir)
    path = os.path.join(mdir, fname)
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(mutated(text, mutant))
    return mdir
