"""Elaboration of one side of the equivalence flow (ptxalu_equiv.py) in a Yosys process that
stays alive between its two steps, so that a bug is reported before the slow part has run and
nothing is read twice (formal/README.md, "Check your own unit", step 2):

1. light: read, `hierarchy`, `proc -noopt -norom` (a `case` table stays a multiplexer: Yosys'
   `eval` and the word-level simulation read no ROM), `flatten` (only with submodules: the
   design is saved first), `write_json` of that netlist (`{tag}_light.json`): what the
   word-level simulation needs. Most of the time of a bit-level netlist (a generated tree, an
   array of explicit full adders) is Yosys' reading; the optimisation passes after it cost as much again, and the
   simulation does not need them. Yosys then waits in its shell, and `eval` there confirms a
   difference the simulation found on this very netlist.
2. full: from the design before `flatten` (in memory), `opt_expr -keepdc` (the rest of `proc`)
   and the passes the proofs need (full_script), writing what the flow always wrote
   ({tag}_hier.json, {tag}.il, {tag}.json: the same files, byte for byte, as the one Yosys run
   of the read, `hierarchy`, `proc` and full_script before, checked on our ptxalu_mult with its
   submodules and a generated Dadda netlist; {tag}_w.json, the products only). The hierarchy's
   files come first (HIER_MARK): when the flow's next steps read only them, it goes on while
   Yosys flattens and optimises at low priority (flat_later).

GOLD and GATE run at once (two processes), so on two cores GOLD's side costs no wall time.
"""

import atexit
import json
import os
import queue
import re
import subprocess
import threading

import equiv_quick
from equiv_build import LATCHES, first_error, product_shapes, write_pair_sv
from equiv_unread import misread_warning, source_code, unread_hint
from equiv_files import fail
from equiv_wordsim import WordSim, no_gc

MARK = "ptxalu-equiv-step-done"
SHIFTX = os.path.join(os.path.dirname(os.path.abspath(__file__)), "equiv_shiftx.v")
HIER_MARK = "ptxalu-equiv-hier-done"  # within the full step: the hierarchy's files are written


def full_script(top, tag, hier_il=False):
    """The passes after `proc -noopt` (prep without wreduce: a product narrowed to its exact
    width and sign-extended again is much harder for the algebraic engine than the same
    product at its declared width). {tag}_hier.json: the hierarchy before flattening
    (equiv_cut.py's submodule match; `hier_il`: also as {tag}_hier.il, from which the function
    cut takes a submodule without reading GATE's files again); {tag}_w.json: after wreduce,
    every product at its exact width (product_shapes), the products only (no module when there
    is none: a 65x65 array of full adders written whole cost a second to write and to read)."""
    # An 'x (or 'z) constant of GATE means "any value" (formal/README.md, "Check your own unit"):
    # a free value, each cycle, before any pass could take it as a don't-care and pick one; so
    # are the bits a variable part-select reads out of range, and a wire nothing drives (its
    # value 'z). GOLD's read 0, as the word-level simulation reads them (equiv_shiftx.v;
    # stricter than a don't-care).
    free = (f"techmap -map {SHIFTX}; setundef -undriven -anyseq; " if tag == "gate" else
            f"techmap -D EQUIV_GOLD -map {SHIFTX}; {fill_command(0)}")
    il = f"write_rtlil {tag}_hier.il; " if hier_il else ""
    # HIER_MARK ends a line: Yosys' shell flushes its output only between lines (flat_later)
    return (f"{free}opt_expr -keepdc; write_json {tag}_hier.json; {il}log -stdout {HIER_MARK}\n"
            "flatten; opt_expr; "
            "opt_clean; "
            "check; "
            "opt -noff -keepdc; memory_collect; opt_clean; "
            f"rename {top} equiv_{tag}; write_rtlil {tag}.il; write_json {tag}.json; "
            f"wreduce; opt_clean; json -o {tag}_w.json equiv_{tag}/t:$mul")


def _modules(read, work):
    """How many modules the files of a Yosys read command define (None: not known)."""
    count = 0
    for path in re.findall(r"[^\s;,]+\.s?v\b", read):
        path = os.path.join(work, path)
        if not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8", errors="replace") as f:
            count += len(re.findall(r"^\s*module\s+\\?[\w$]+", f.read(), re.M))
    return count


class Elaboration:
    """One side's Yosys process; light() and full() wait for their step (starting it)."""

    def __init__(self, flow, side, read, top, tag):
        self.flow, self.side, self.top, self.tag = flow, side, top, tag
        self.read = read  # (fresh_eval reads the sources again)
        self.split = (_modules(read, flow.work) or 2) > 1  # submodules: save, then flatten
        script = (read + f"; hierarchy -check -top {top}; proc -noopt -norom; " +
                  ("design -save ptxalu_raw; flatten; " if self.split else "") +
                  f"json -compat-int -o {tag}_light.json {top}/c:* {top}/x:*; "
                  f"log -stdout {MARK}; shell")
        self.proc = subprocess.Popen([flow.a.yosys, "-q", "-l", f"{tag}.log", "-p", script],
                                     cwd=flow.work, stdin=subprocess.PIPE, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        atexit.register(self.stop, wait=False)
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.state = "light-running"  # -> light, full-running, full
        self.output = []
        self.result = None
        self.doc = None  # the light netlist, loaded once (light())
        self.hier_done = False  # the full step's hierarchy files written (HIER_MARK seen)
        self.niced = False  # flat_later lowered Yosys' priority
        self.early_mark = False  # MARK came while _wait waited for HIER_MARK
        self.hier_il = False  # GATE's hierarchy also as RTLIL (start_full)

    def _reader(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _wait(self, what, block=True, marker=MARK):
        """Waits for the marker (True); False if not `block` and it has not come yet. Fails (one
        line) if Yosys ended or the time ran out."""
        if marker == HIER_MARK and self.hier_done:
            return True
        if marker == MARK and self.early_mark:
            self.early_mark = False
            return True
        while True:
            try:
                line = self.lines.get(timeout=self.flow.left()) if block else \
                    self.lines.get_nowait()
            except queue.Empty:
                if not block:
                    return False
                self.stop()
                fail(f"{self.side}: elaboration timed out")
            if line is None:
                self.proc.wait()
                self._failed(what)
            if line.strip() == HIER_MARK:
                self.hier_done = True
                if self.hier_il:
                    self.flow.built.add(f"{self.tag}_hier.il")
                if marker == HIER_MARK:
                    return True
                continue
            if line.strip() == MARK:
                self.early_mark = marker != MARK  # (the step ended before its HIER_MARK)
                return marker == MARK
            self.output.append(line)

    def _failed(self, what):
        out = "".join(self.output)
        err = first_error(out) if out.strip() else f"Yosys ended in its {what} step"
        if re.search(r"Module `\\?" + re.escape(self.top) + r"' not found", err, re.I):
            fail(f"{self.side}: no module {self.top} (TOP must be defined on both sides)")
        if self._in_listed_directory(err):
            err += (" (every .sv file of the directory is read: name the files as a comma list "
                    "to leave a testbench out)")
        fail(f"{self.side} does not elaborate: {unread_hint(err)}")

    def _in_listed_directory(self, err):
        """True when Yosys' error names a file that came from a directory this side was given
        and that does not define TOP (a testbench beside the unit)."""
        where = re.match(r"(?:ERROR: )?(.+?\.s?v):\d+:", err)
        if not where or not os.path.isfile(where.group(1)):
            return False
        path = where.group(1)
        a = self.flow.a
        spec = a.args[0] if self.side == "GOLD" else "" if a.synth else a.args[1]
        dirs = [p for p in spec.split(",") if p and os.path.isdir(p)]
        return any(os.path.samefile(p, os.path.dirname(path)) for p in dirs) and not re.search(
            rf"^\s*module\s+{re.escape(self.top)}\b", source_code(path), re.M)

    def _send(self, commands):
        try:
            self.proc.stdin.write(f"{commands}\nlog -stdout {MARK}\n")
            self.proc.stdin.flush()
        except OSError:
            pass  # Yosys ended: _wait names its error

    def _ports_cells(self, name, module, doc=None):
        doc = doc or json.load(open(os.path.join(self.flow.work, name)))
        mod = doc["modules"][module]
        ports = {n: (p["direction"], len(p["bits"])) for n, p in mod["ports"].items()}
        return ports, {c["type"] for c in mod["cells"].values()}

    def light(self):
        """(ports, cell types) of the light netlist {tag}_light.json (module TOP; its cells and
        ports only, no net names: a third less to write and to read); .doc holds it."""
        if self.state == "light-running":
            self._wait("reading")
            # (PTXALU_EQUIV_TAKE_MISREAD=1: a test's hook, the --verilator path on a misread)
            wrong = None if os.environ.get("PTXALU_EQUIV_TAKE_MISREAD") == "1" else \
                misread_warning(self.output)
            if wrong:
                self.stop()
                fail(f"{self.side}: {wrong}")
            self.state = "light"
            with open(os.path.join(self.flow.work, f"{self.tag}_light.json")) as f, no_gc():
                self.doc = json.load(f)
            self.flow.light_docs[self.tag] = (self.top, self.doc)
        return self._ports_cells(None, self.top, self.doc)

    def start_full(self):
        if self.state in ("light-running", "light"):
            self.light()
            self.log_at = os.path.getsize(self._log())
            # GATE's hierarchy as RTLIL too, for the function cut (equiv_funccut._alone_fast)
            a = self.flow.a
            self.hier_il = self.split and self.tag == "gate" and not (
                getattr(a, "no_function_cut", False) or getattr(a, "pipeline", False))
            self._send(("design -load ptxalu_raw; " if self.split else "") +
                       full_script(self.top, self.tag, self.hier_il))
            self.state = "full-running"

    def full(self, block=True):
        """(ports, cell types) of {tag}.json, as elaborate() returns them; Yosys ends. Not
        `block`: None while the full step still runs."""
        self.start_full()
        if block and self.niced:  # flat_later's low priority ends (best effort: raising a
            self.niced = False    # priority again needs the right to)
            self.renice(0)
        if self.state == "full-running":
            if not self._wait("full", block):
                return None
            with open(self._log(), errors="replace") as f:
                f.seek(self.log_at)
                lines = f.readlines()
            err = next((l for l in lines if l.startswith("ERROR")), None)
            loop = next((i for i, l in enumerate(lines) if "found logic loop" in l), None)
            if loop is not None:  # its cells, named by Yosys after their source lines
                cells = [re.sub(r"^\s*cell \\?\$\w+\$|\$\d+ \(.*$", "", l).strip()
                         for l in lines[loop + 1:loop + 4] if l.strip().startswith("cell ")]
                self.flow.loops[self.side] = "through " + ", ".join(cells or ["its cells"])
            if err:
                self.output.append(err)
                self._failed("full")
            self.state = "full"
            self.stop()
            self.result = self._ports_cells(f"{self.tag}.json", f"equiv_{self.tag}")
        return self.result

    def renice(self, value):
        try:
            os.setpriority(os.PRIO_PROCESS, self.proc.pid, value)
        except OSError:
            pass

    def _log(self):
        return os.path.join(self.flow.work, f"{self.tag}.log")

    def eval_send(self, ports, vector, fill=None):
        """Asks for TOP's outputs for one input vector by Yosys `eval` on the light netlist
        (both sides' at once: eval_result reads them); False if not in the light state. fill
        0/1: the netlist's x and z bits taken as that bit (on a copy: the full step goes on
        from the design as it was)."""
        if self.state != "light":
            return False
        path = os.path.join(self.flow.work, f"{self.tag}_eval.log")
        if os.path.exists(path):
            os.remove(path)
        cmd = f"tee -q -o {self.tag}_eval.log {eval_command(ports, vector)}"
        if fill is not None:
            cmd = (f"design -push-copy; {fill_command(fill)}{cmd}; "
                   "design -pop")
        self._send(cmd)
        return True

    def eval_result(self, ports):
        """The outputs eval_send asked for: dict name -> int, or None (a bit undefined)."""
        self._wait("eval")
        return equiv_quick.eval_outputs(os.path.join(self.flow.work, f"{self.tag}_eval.log"),
                                        ports)

    def stop(self, wait=True):
        """Ends the Yosys process: one waiting in its shell ends at the end of its input, one
        still working (on a timeout), or any at the flow's exit (`wait` False: nothing more is
        read from it, and freeing a large design costs Yosys tenths of a second), is killed."""
        if self.proc.poll() is not None:
            return
        if not wait:
            self.proc.kill()
            self.proc.wait()
            return
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        if self.state in ("light", "full"):
            try:
                self.proc.wait(timeout=5)
                return
            except subprocess.TimeoutExpired:
                pass
        self.proc.kill()
        self.proc.wait()


def flat_later(flow, gate_el, word_ran):
    """True when the flow may take GATE's hierarchy and light netlist for now and its flat
    netlist later (gate_el.full()): flatten, opt and their writes, 26 of the 47 s in which
    Yosys elaborates vmad_core_array's GATE (a bit-level 65x65 array; its first opt_merge alone
    10.9 s). So when the flow's next steps, the cuts at submodules (equiv_cut, equiv_funccut),
    read the hierarchy only and are taken whatever the flat netlist holds: GOLD has a product
    and GATE none in any module (products of different shapes), GATE has submodules, the word
    level simulation ran, no latch. Yosys goes on at the lowest priority: beside the cuts on a
    second core, on one core only when the flow waits for it; a cut that proves the unit ends
    it. Its result is the one it was (the same script)."""
    a = flow.a
    if not (word_ran == "ran" and gate_el.hier_il and a.engine == "auto" and a.engine_bin and
            not (a.synth or a.seq or a.replay or a.write_sby or a.write_eqy) and
            product_shapes(flow, "gold")):
        return False
    from equiv_cut import hier  # (equiv_cut imports what imports this module)
    gate_el.start_full()
    if not gate_el._wait("hierarchy", marker=HIER_MARK):
        return False
    with open(gate_el._log(), errors="replace") as f:
        f.seek(gate_el.log_at)
        if any(l.startswith("ERROR") for l in f):
            return False  # full() names it
    cells = {c["type"] for m in hier(flow, "gate").values() for c in m["cells"].values()}
    if (cells | gate_el.light()[1]) & (LATCHES | {"$mul", "$macc"}):
        return False
    gate_el.niced = True
    gate_el.renice(19)
    print("ptxalu-equiv: GATE's flat netlist later (Yosys goes on at low priority): the cuts at "
          "submodules read its hierarchy", flush=True)
    return True


def elaborate(flow, side, read, top, tag):
    """Both steps at once: (ports, cell types) of {tag}.json."""
    return Elaboration(flow, side, read, top, tag).full()


def fresh_eval(flow, sides, ports, vector, fill):
    """Both sides' outputs {name: (gold, gate)} for one vector by `eval` in a new Yosys each,
    on the sources read as the light step reads them (GOLD's x bits 0, GATE's `fill`), while
    the sides' own Yosys processes are in their full step: a difference found after the first
    FIRST_STEPS vectors waited for it before (~3 s of bitmanip_indep's 9 s bugs). None when
    Yosys fails, runs out of time or leaves a bit undefined."""
    procs, values = [], []
    for el, bit in zip(sides, (0, fill)):
        undef = "" if bit is None else fill_command(bit)
        log = os.path.join(flow.work, f"{el.tag}_fresh_eval.log")
        if os.path.exists(log):
            os.remove(log)
        script = (f"{el.read}; hierarchy -check -top {el.top}; proc -noopt -norom; flatten; "
                  f"{undef}tee -q -o {log} {eval_command(ports, vector)}")
        procs.append(subprocess.Popen([flow.a.yosys, "-q", "-p", script], cwd=flow.work,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    try:
        for el, p in zip(sides, procs):
            p.wait(timeout=flow.left())
            values.append(None if p.returncode else equiv_quick.eval_outputs(
                os.path.join(flow.work, f"{el.tag}_fresh_eval.log"), ports))
    except subprocess.TimeoutExpired:
        return None
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    gold, gate = values
    return {n: (gold[n], gate[n]) for n in gold} if gold and gate else None


def fill_command(bit):
    """Yosys commands that set every x bit, and every bit nothing drives, to `bit` (0 or 1)."""
    return f"setundef -undriven -{('zero', 'one')[bit]}; "


def eval_command(ports, vector):
    """Yosys `eval` of TOP's outputs for one input vector (eval_send, fresh_eval)."""
    shows = " ".join(f"-show {n}" for n, (d, _) in ports.items() if d == "output")
    return f"eval {equiv_quick.eval_sets(ports, vector)} {shows}"


def word_level_first(flow, gold_el, gate_el):
    """Step 2 of the flow on the light netlists, while the full ones are built: 'counterexample'
    (printed), 'ran' (no difference) or 'skipped' (ports that differ, a cell the simulator does
    not take: the flow simulates the full netlists, as before). GOLD's simulator is compiled
    and the first stimulus drawn while GATE is still read. A difference among the first
    FIRST_STEPS vectors is confirmed by `eval` in both sides' waiting Yosys; the full step
    starts after them, the simulation goes on with the full netlists once they are there (fewer
    cells: faster), and a later difference is confirmed on the full pair (yosys_eval)."""
    a = flow.a
    ports, _ = gold_el.light()
    if a.legal and "ctrl_i" not in ports:
        return "skipped"
    gold = WordSim(gold_el.doc, a.top)
    if not gold.unsupported:
        equiv_quick.stimulus(flow, ports, a.legal, a.seed, equiv_quick.FIRST_STEPS)
        gold.prepare()
    gate_ports, _ = gate_el.light()
    flow.phase("light elaboration")
    if gate_ports != ports or gold.unsupported:
        return "skipped"

    def confirm(vector, fill):
        sent = [gold_el.eval_send(ports, vector, 0), gate_el.eval_send(ports, vector, fill)]
        if all(sent):
            g, h = gold_el.eval_result(ports), gate_el.eval_result(ports)
            return {n: (g[n], h[n]) for n in g} if g and h else None
        if any(sent):  # (both sides change state together)
            (gold_el if sent[0] else gate_el).eval_result(ports)
        if gold_el.full(block=False) is None or gate_el.full(block=False) is None:
            outs = fresh_eval(flow, (gold_el, gate_el), ports, vector, fill)
            if outs is not None:
                return outs
        gold_el.full()
        gate_el.full()
        write_pair_sv(flow, ports)
        return equiv_quick.yosys_eval(flow, ports, vector, fill)

    gate = WordSim(gate_el.doc, a.top)
    quick = equiv_quick.Quick(flow, ports, sims=(gold, gate), confirm=confirm)
    if quick.unsupported:
        return "skipped"

    def full_sims():  # once both full netlists are there, the simulation goes on with them
        if not (gold_el.full(block=False) and gate_el.full(block=False)):
            return None
        sims = tuple(WordSim(os.path.join(flow.work, f"{t}.json"), f"equiv_{t}")
                     for t in ("gold", "gate"))
        return False if any(sim.unsupported for sim in sims) else sims

    if equiv_quick.simulate(flow, quick, a.word_seconds, a.word_vectors,
                            after_first=lambda: (gold_el.start_full(), gate_el.start_full()),
                            swap=full_sims):
        return "counterexample"
    flow.phase("word-level simulation")
    return "ran"
