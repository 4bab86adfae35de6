#!/usr/bin/env python3
"""Check two implementations of a ptxalu unit for equivalence (simulation, algebra, SAT).

  ptxalu_equiv.py [options] GOLD GATE TOP      your version against ours (or any two)
  ptxalu_equiv.py [options] --synth ice40 GOLD TOP     RTL against its own iCE40 netlist
  ptxalu_equiv.py [options] --synth xilinx GOLD TOP    ... against its xc7 netlist

GOLD/GATE: a .sv/.v file, a directory (every *.sv in it), or a comma-separated list of files;
a GOLD file of our rtl/ brings the rtl/ files of the modules it instantiates (rtl/ptxalu_vmad.sv
alone is enough). rtl/ptxalu_pkg.sv is read first unless --pkg names another. TOP: the module
to compare (the same name on both sides; any helper modules may differ between them). GATE may
not be one of our own rtl/ files (compare a copy).

Both sides get the same inputs; every output must be equal for every input (combinational) or in
every cycle from reset (sequential, --seq N: N steps of BMC, then k-induction), or, with
--pipeline, as balanced pipelines loaded by en_i: the same latency and the same function with
registers as wires (equiv_pipeline.py; --gold-param Stages=1 sets ours). With --legal, only
control words that are legal (formal/spec/spec_decode.sv) are compared: what a unit does with an
illegal word is outside its contract.

Order of work (formal/README.md "Check your own unit"):
  1. word-level random simulation of both sides (legal control words, corner operands; drawn by
     build/ptxalu-aig), on light netlists while Yosys builds the full ones: most bugs end here;
  2. combinational units with products: the algebraic engine (ptxalu-aig prove), form by form;
  3. SAT: ABC &cec (combinational) or Yosys sat k-induction (--seq).

Exit status 0: equivalent; 1: a counterexample (printed, written as a replay file and, with
--seq, a VCD); 2: usage, tool or input error (one line); 3: undecided (what was and was not
proven is printed).
"""

import argparse
import os
import re
import shutil
import signal
import sys
import time

FORMAL_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_DIR = os.path.dirname(FORMAL_DIR)
sys.path.insert(0, os.path.join(FORMAL_DIR, "scripts"))
from equiv_build import (Flow, compare_ports, files_of, has_products,  # noqa: E402
                         find_engine, first_error, product_shapes, reject_latches, unit_ops,
                         unread_inputs, with_rtl_closure, write_pair, write_pair_sv, write_wrap,
                         yosys_paths)
from equiv_files import cell_models, emit_eqy, emit_sby, fail, print_cex  # noqa: E402
import equiv_cut  # noqa: E402
from equiv_elab import Elaboration, flat_later, word_level_first  # noqa: E402
import equiv_formcut  # noqa: E402
import equiv_funccut  # noqa: E402
import equiv_pipeline  # noqa: E402
import equiv_prodcut  # noqa: E402
import equiv_widecut  # noqa: E402
import equiv_quick  # noqa: E402
import equiv_verdict  # noqa: E402
from equiv_verdict import undecided, whole_miter_sat  # noqa: E402
import equiv_vlt  # noqa: E402
import equiv_xfree  # noqa: E402


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse prints the usage too)
        fail(f"{message} (see --help)")


def main():
    """The check, and with --verilator a counterexample's second opinion (equiv_vlt.py)."""
    state = {}
    rc = check(state)
    a = state.get("args")
    if rc == 1 and a is not None and a.verilator and "gate_el" in state:
        flow = state["flow"]
        ports = [state[side].light()[0] for side in ("gold_el", "gate_el")]
        return equiv_vlt.second_opinion(flow, ports, flow.sources, a.seq > 0) or rc
    return rc


def check(state):
    ap = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("args", nargs="+", help="GOLD GATE TOP, or GOLD TOP with --synth")
    ap.add_argument("--synth", choices=["ice40", "xilinx"])
    ap.add_argument("--pkg", default=os.path.join(REPO_DIR, "rtl", "ptxalu_pkg.sv"))
    ap.add_argument("--legal", action="store_true", help="compare legal control words only "
                    "(of the unit's own ops when TOP is ptxalu_<unit>)")
    ap.add_argument("--all-ops", action="store_true",
                    help="with --legal: every legal control word, the other units' ops too")
    ap.add_argument("--skip-forms", metavar="REGEX", help="algebraic engine: leave out the "
                    "forms whose PTX name matches (e.g. '\\.sat'); the verdict names them")
    ap.add_argument("--wide-cut-forms", metavar="REGEX", help="with --engine algebra: the "
                    "forms whose PTX name matches (e.g. '\\.sat') through the wide cut "
                    "(scripts/equiv_widecut.py: the engine on the cut words, ABC on the rest), "
                    "the others whole by the engine")
    ap.add_argument("--seq", type=int, default=0, help="sequential: induction depth/BMC steps")
    ap.add_argument("--pipeline", action="store_true", help="both sides balanced pipelines "
                    "loaded by en_i: same latency, functions equal with registers as wires")
    ap.add_argument("--gold-param", action="append", default=[], metavar="NAME=VALUE",
                    help="a parameter of GOLD's TOP (e.g. Stages=1), repeatable")
    ap.add_argument("--engine", choices=["auto", "abc", "sat", "algebra"], default="auto",
                    help="prover after simulation (auto: algebra for products, then ABC)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds for the whole check")
    ap.add_argument("--word-seconds", type=float, default=6,
                    help="word-level random simulation, first of all (0: none)")
    ap.add_argument("--word-vectors", type=int, default=equiv_quick.MIN_VECTORS,
                    help="vectors of the word-level simulation that run even when "
                    "--word-seconds is over (the first ones of the seed's sequence)")
    ap.add_argument("--sim-seconds", type=float, default=3,
                    help="random simulation of the bit-level AIG before any proof (0: none)")
    ap.add_argument("--seed", type=lambda s: int(s, 0),
                    default=int(os.environ.get("PTXALU_SEED", "1"), 0))
    ap.add_argument("--work", default="ptxalu-equiv-work")
    ap.add_argument("--replay", metavar="FILE", help="simulate a counterexample file only")
    ap.add_argument("--write-sby", metavar="FILE", help="write a SymbiYosys .sby and stop")
    ap.add_argument("--write-eqy", metavar="FILE", help="write an EQY .eqy and stop")
    ap.add_argument("--aig-bin", help="the ptxalu-aig engine (default: build*/ptxalu-aig)")
    ap.add_argument("--no-cache", action="store_true", help="build GOLD's half of the pair AIG "
                    "afresh, neither read nor written in $XDG_CACHE_HOME/ptxalu (equiv_aigcache)")
    ap.add_argument("--abc-split-after", type=float, default=0, metavar="S", help="--legal: "
                    "ABC on the whole miter for S s first, then one miter per op (default 0: "
                    "one miter per op at once; equiv_abc.abc_split)")
    ap.add_argument("--verilator", action="store_true", help="replay a counterexample on "
                    "Verilator's builds of both sides too: exit 3 if they do not differ there")
    ap.add_argument("--no-function-cut", action="store_true", help=argparse.SUPPRESS)
    try:
        a = ap.parse_args()
    except SystemExit as e:
        sys.exit(2 if e.code else 0)
    if (a.synth and len(a.args) != 2) or (not a.synth and len(a.args) != 3):
        fail("expected GOLD GATE TOP, or GOLD TOP with --synth")
    a.top = a.args[-1]
    if a.wide_cut_forms and (a.engine != "algebra" or a.top not in equiv_widecut.WIDE):
        fail("--wide-cut-forms needs --engine algebra and a TOP with a word to cut at ("
             f"{', '.join(equiv_widecut.WIDE)})")
    if a.wide_cut_forms is not None and (a.wide_cut_forms == "" or a.replay):
        fail("--wide-cut-forms takes a non-empty REGEX and no --replay")
    for flag, regex in (("--wide-cut-forms", a.wide_cut_forms), ("--skip-forms", a.skip_forms)):
        try:
            re.compile(regex or "")
        except re.error as e:
            fail(f"{flag} {regex!r} is not a regular expression: {e}")
    a.yosys = shutil.which("yosys")
    if not a.yosys:
        fail("yosys not found on PATH (Debian: apt-get install yosys)")
    a.verilator = a.verilator and (shutil.which("verilator") or fail(
        "--verilator: verilator not found on PATH (Debian: apt-get install verilator)"))
    if a.verilator and (a.synth or a.pipeline):
        fail("--verilator takes no --synth or --pipeline")
    a.pkg = os.path.abspath(a.pkg)
    if not os.path.isfile(a.pkg):
        fail(f"no package file {a.pkg}")
    a.engine_bin = find_engine(os.path.abspath(a.aig_bin) if a.aig_bin else None)
    gold = with_rtl_closure(files_of(a.args[0], "GOLD", a.pkg))
    flow = Flow(a)
    flow.sources = (gold, [])
    state.update(args=a, flow=flow)
    read = f"read_verilog -sv {yosys_paths([a.pkg])} "  # as synthesis sees them (no FORMAL)
    gate_read = None
    if not a.synth:
        gate = files_of(a.args[1], "GATE", a.pkg)
        ours = os.path.realpath(os.path.join(REPO_DIR, "rtl"))
        # Our helpers (rtl/ptxalu_en_reg.sv, ...) may stand in GATE; our TOP itself may not.
        top_def = re.compile(rf"^\s*module\s+{re.escape(a.top)}\b", re.M)
        for f in gate:
            if (os.path.dirname(os.path.realpath(f)) == ours
                    and top_def.search(open(f, encoding="utf-8", errors="replace").read())):
                fail(f"GATE file {f} is our own rtl/ file: give your implementation (a copy "
                     "you edited), not ours")
        gate_read = read + yosys_paths(gate)
        flow.sources = (gold, gate)
    gold_read, gate_read = equiv_pipeline.reads(flow, a, read + yosys_paths(gold), gate_read)
    gold_el = Elaboration(flow, "GOLD", gold_read, a.top, "gold")  # both sides at once
    if a.synth:
        synth = {"ice40": f"synth_ice40 -top {a.top} -flatten",
                 "xilinx": f"synth_xilinx -top {a.top} -family xc7 -flatten"}[a.synth]
        cells = os.path.join(os.path.dirname(os.path.realpath(a.yosys)), "..", "share", "yosys",
                             a.synth, "cells_sim.v")
        r = flow.yosys(gold_read + f"; {synth}; write_verilog -noattr netlist.v",
                       "synth.log")
        if r is None or r[0]:
            fail("synthesis " + ("timed out" if r is None else f"failed: {first_error(r[1])}"))
        print(f"ptxalu-equiv: {a.synth} netlist of {a.top}: {os.path.join(flow.work, 'netlist.v')}")
        cell_models(os.path.join(flow.work, "netlist.v"), cells,
                    os.path.join(flow.work, "cells_used.v"))
        gate_read = "read_verilog netlist.v; read_verilog -sv cells_used.v"
    gate_el = Elaboration(flow, "GATE", gate_read, a.top, "gate")
    state.update(gold_el=gold_el, gate_el=gate_el)
    clocked = a.seq > 0
    flow.ops = unit_ops(a.top, a.pkg) if a.legal and not a.all_ops else []
    flow.ops_args = ["--ops", ",".join(str(c) for _, c in flow.ops)] if flow.ops else []
    # 1a. Word-level simulation on the light netlists, while the full ones are built (equiv_elab).
    word_ran = "no"
    if a.engine_bin and a.word_seconds > 0 and not (clocked or a.replay or a.write_sby or
                                                    a.write_eqy):
        word_ran = word_level_first(flow, gold_el, gate_el)
        if word_ran == "counterexample":
            return 1
    gold_ports, gold_cells = gold_el.full()
    later = flat_later(flow, gate_el, word_ran)  # GATE's flat netlist after the cuts' try
    gate_ports, gate_cells = gate_el.light() if later else gate_el.full()
    flow.phase("elaboration")
    compare_ports(gold_ports, gate_ports, unread_inputs(flow, "gold"))
    reject_latches(flow, "GOLD", "gold", gold_cells)
    reject_latches(flow, "GATE", "gate", gate_cells)
    ins = {n for n, (d, _) in gold_ports.items() if d == "input"}
    if a.legal and "ctrl_i" not in ins:
        fail("--legal needs a ctrl_i input")
    if clocked and "clk_i" not in ins:
        fail("--seq needs a clk_i input")
    if flow.ops:
        print(f"ptxalu-equiv: --legal: the legal words of {a.top}'s own ops "
              f"({', '.join(n for n, _ in flow.ops)}; sim/isa/instructions.json)")
    sat_base = write_wrap(flow, gold_ports, a.legal, clocked)

    if a.write_sby or a.write_eqy:
        if a.write_sby:
            emit_sby(flow, os.path.abspath(a.write_sby), sat_base, clocked)
        if a.write_eqy:
            emit_eqy(flow, os.path.abspath(a.write_eqy), gold_read, gate_read)
        return 0

    write_pair_sv(flow, gold_ports)
    if a.replay and not clocked:
        return equiv_quick.replay_combinational(flow, gold_ports)
    if not a.engine_bin:
        if a.replay:
            fail("--replay needs build/ptxalu-aig (cmake --build build --target ptxalu-aig)")
        print("ptxalu-equiv: note: build/ptxalu-aig not built (cmake --build build --target "
              "ptxalu-aig): no simulation pre-pass, no algebraic engine")

    # 1a, on the full netlists when the light ones could not be simulated.
    if word_ran == "skipped":
        quick = equiv_quick.Quick(flow, gold_ports)
        if quick.unsupported:
            print(f"ptxalu-equiv: word-level simulation skipped ({quick.unsupported} cell)")
        else:
            if equiv_quick.simulate(flow, quick, a.word_seconds, a.word_vectors):
                return 1
            word_ran = "ran"
        flow.phase("word-level simulation")

    # How to prove it (formal/README.md, "Check your own unit"): with products of the same
    # shapes on both sides (each at its exact width), cut points at the products
    # (equiv_prodcut.py), else ABC on the whole (SAT sweeping merges equal-shaped products once
    # their operands are proven equal); with different ones, a shared submodule with the
    # products is cut (equiv_cut.py), else the algebraic engine, then ABC.
    products = bool({"$mul", "$macc"} & (gold_cells | gate_cells)) and has_products(flow) \
        and not clocked
    same_shapes = products and not later and \
        product_shapes(flow, "gold") == product_shapes(flow, "gate")
    use_engine = not clocked and a.engine_bin and (
        a.engine == "algebra" or (a.engine == "auto" and products and not same_shapes))
    if products and a.engine == "auto":
        print("ptxalu-equiv: products of the same shapes on both sides: cut points at the "
              "products, else ABC on the whole" if
              same_shapes else "ptxalu-equiv: products of different shapes: cut points at a "
              "shared submodule, else the algebraic engine, then ABC")

    def equivalent(how):
        gate_el.stop(wait=False)  # (flat_later's Yosys, its CPU time counted)
        flow.phase("proof")
        print(f"ptxalu-equiv: time: {flow.timing()}")
        print(f"ptxalu-equiv: EQUIVALENT: {a.top} ({a.args[0]} vs "
              f"{a.synth + ' netlist' if a.synth else a.args[1]})"
              f"{', legal control words' if a.legal else ''}; {how}; "
              f"{time.monotonic() - flow.start:.1f} s")
        return 0

    if same_shapes and a.engine == "auto" and not a.replay:
        verdict, how = equiv_prodcut.try_product_cut(flow, gold_ports)
        flow.phase("product cut")
        if verdict == "equivalent":
            return equivalent(how)
        print(f"ptxalu-equiv: no proven product cut: {how}")
        if verdict == "differ":  # most likely a bug: Yosys sat on the whole miter, capped
            r = whole_miter_sat(flow, gold_ports, sat_base, "after the product-cut miter "
                                "differed")
            if r is not None:
                return r if r != "proven" else equivalent("Yosys sat on the whole miter")

    if use_engine and a.engine == "auto" and not a.synth and not a.replay:
        ok, how = equiv_cut.try_cut(flow, a.args[0], a.args[1], gold_read, gate_read)
        flow.phase("cut points")
        if ok:
            return equivalent(how)
        print(f"ptxalu-equiv: no proven cut: {how}")
        if not (a.no_function_cut or a.pipeline):  # a GATE submodule's product (equiv_funccut)
            verdict, how = equiv_funccut.try_function_cut(flow, gate_read)
            if verdict == "equivalent":
                return equivalent(how)
            if verdict and gate_el.full() and equiv_quick.replay_differs(
                    flow, gold_ports, how, "function cut, replayed"):
                return 1
            print(f"ptxalu-equiv: no proven function cut: {how}")
        if later and gate_el.full():
            flow.phase("GATE's flat netlist")
        if a.top in equiv_widecut.WIDE:  # saturating and shifted forms (equiv_widecut.py)
            verdict, how = equiv_widecut.try_wide_cut(flow, gold_ports)
            if verdict == "equivalent":
                return equivalent(how)
            print(f"ptxalu-equiv: no proven wide cut: {how}")
            flow.notes.append(how)

    gate_el.full()  # (done by now when flat_later deferred it: the cuts above were tried)
    # --wide-cut-forms: those forms through the wide cut, the others whole by the engine below.
    wide_how = None
    if use_engine and a.wide_cut_forms and not a.replay:
        verdict, wide_how = equiv_widecut.try_wide_cut(flow, gold_ports, a.wide_cut_forms)
        if verdict == "differ":  # a bug in the clamp or the shift (or a cut that does not
            # hold for every W): a witness by simulation, then by SAT on the whole miter
            why = "after the wide cut's rest differed"
            r = equiv_quick.word_witness(flow, gold_ports, why) or \
                whole_miter_sat(flow, gold_ports, sat_base, why)
            if r == "proven":  # SAT proved the whole miter: no cut needed
                return equivalent(f"Yosys sat on the whole miter ({why})")
            if r is not None:
                return r
        if verdict != "equivalent":
            return undecided(flow, None, f"--wide-cut-forms: {wide_how}")
        print(f"ptxalu-equiv: forms /{a.wide_cut_forms}/: {wide_how}")

    # The bit-level AIG of the pair: for the engine, a sequential check's simulation and
    # replay, or when the word-level pass could not run (it is built later for a SAT witness).
    if a.engine_bin and (use_engine or clocked or a.replay or word_ran != "ran"):
        if not write_pair(flow, clocked):
            return undecided(flow, None, f"time limit ({a.timeout:.0f} s) while Yosys built "
                             "the bit-level AIG of the pair (wide products take longest)")
        flow.phase("bit-level AIG (Yosys)")
        r = aig_simulation(flow, clocked)
        if r is not None:
            return r

    # 2. The algebraic engine (combinational units with products of different shapes).
    algebra_note = None
    if use_engine:
        skip = "|".join(f"(?:{r})" for r in (a.skip_forms, a.wide_cut_forms) if r)
        # With the wide cut per form to follow, a form whose polynomial passes FORM_TERMS goes
        # there instead of on to --max-terms (2 M, minutes per form).
        per_form = a.engine == "auto" and a.legal and a.top in equiv_formcut.FORM_WORDS
        # --engine auto leaves ABC 40% of the time: a unit whose products the engine cannot
        # take apart may well be ABC's (helper-93's v07: the engine took 584 of 600 s)
        budget = flow.left() if a.engine == "algebra" else max(60.0, 0.6 * flow.left())
        args = ["prove", "pair.aig", "pair.map", "--seconds", str(int(budget))] + \
            (["--legal"] + flow.ops_args if a.legal else []) + ["--replay-out", "cex.txt"] + \
            (["--skip-forms", skip] if skip else []) + \
            (["--max-terms", str(equiv_formcut.FORM_TERMS)] if per_form else [])
        rc, res = flow.engine(args)
        flow.phase("algebraic engine")
        if rc == 0:
            skipped = res.get("skipped", [])
            wide = [n for n in skipped if a.wide_cut_forms and re.search(a.wide_cut_forms, n)]
            left = [n for n in skipped if n not in wide]
            uncut = sorted(set(wide) - getattr(flow, "wide_cut_compared", set()))
            if uncut:
                return undecided(flow, None, f"--wide-cut-forms: the wide cut's engine step did "
                                 f"not compare {len(uncut)} form(s) the main run left to it: "
                                 f"{', '.join(uncut[:8])}")
            return equivalent(f"algebraic engine, {res['forms']} control-word forms, "
                              f"{len(res['proven'])} (form, output) words proven" +
                              (f"; through the wide cut: {len(wide)} form name(s) "
                               f"{', '.join(wide)} ({wide_how})" if wide else "") +
                              (f"; NOT compared (--skip-forms): {len(left)} form name(s) "
                               f"{', '.join(left)}" if left else ""))
        if rc == 1:
            print_cex(flow, res, "algebraic engine: nonzero remainder polynomial")
            return 1
        if res:
            algebra_note = res
            print(f"ptxalu-equiv: algebraic engine: {len(res['proven'])} (form, output) words "
                  f"proven, not proven: {'; '.join(res['undecided'][:8])}"
                  f"{' ...' if len(res['undecided']) > 8 else ''}")
            words = res.get("undecided_words", [])
            complete = words and not any("time limit" in u for u in res["undecided"])
            cut_how = ""
            if complete and a.legal and a.top in equiv_formcut.FORM_WORDS:
                done, notes = equiv_formcut.try_form_cut(
                    flow, gold_ports, [int(w, 16) for w in words], res.get("ctrl_support", "0"))
                flow.notes += notes
                words = [w for w in words if int(w, 16) not in done]
                cut_how = f"; the wide cut per form on the {len(done)} form(s) it left" + (
                    f" ({'; '.join(n for n in notes if 'the cut by the engine' in n)})"
                    if done else "")
                if not words:
                    return equivalent(f"algebraic engine, {res['forms']} control-word forms, "
                                      f"{len(res['proven'])} (form, output) words proven"
                                      + cut_how)
            if complete and len(words) <= equiv_cut.MAX_FORMS:
                print(f"ptxalu-equiv: ABC per form for the {len(words)} undecided form(s)")
                done, rest, witnesses = equiv_cut.forms_by_sat(flow, gold_ports, words)
                flow.phase("ABC per form")
                for form, cex in equiv_cut.replayed_witnesses(flow, gold_ports, witnesses):
                    print_cex(flow, cex, f"ABC &cec on form {form}, replayed")
                    return 1
                if not rest:
                    return equivalent(
                        f"algebraic engine, {res['forms']} control-word forms, "
                        f"{len(res['proven'])} (form, output) words proven{cut_how}; ABC &cec "
                        f"on the {len(done)} form(s) left ({', '.join(done)})")
                algebra_note = dict(res, undecided=res["undecided"] + [
                    f"ABC per form: {len(done)} of {len(words)} proven"])
        else:
            print("ptxalu-equiv: algebraic engine: time limit")
        if a.engine == "algebra":
            return undecided(flow, algebra_note, "SAT not tried (--engine algebra)")

    # 3. SAT (equiv_verdict.py).
    status, how = equiv_verdict.prove_by_sat(flow, gold_ports, sat_base, clocked, algebra_note)
    return equivalent(how) if status == 0 else status


def aig_simulation(flow, clocked):
    """--replay of a sequential pair, or ptxalu-aig's random simulation of the pair AIG: an
    exit status to return, or None to go on."""
    a = flow.a
    pair = ["pair.aig", "pair.map"]
    vcd = ["--vcd", "cex.vcd"] if clocked else []
    if a.replay:
        # GATE's x bits, which a --seq counterexample sets, are inputs of the x pair only
        xsub = equiv_xfree.x_pair(flow) if clocked else None
        rc, cex = (xsub or flow).engine(["replay"] + pair + [os.path.abspath(a.replay)] +
                                        (["--vcd", os.path.join(flow.work, "cex.vcd")]
                                         if clocked else []))
        if rc == 1:
            print_cex(flow, equiv_xfree.annotate(flow, cex) if xsub else cex, "replayed")
            return 1
        print(f"ptxalu-equiv: the replayed input gives equal outputs: {a.top}")
        return 0
    if a.sim_seconds <= 0:
        return None
    args = ["sim"] + pair + ["--seed", str(a.seed), "--seconds", str(a.sim_seconds),
                             "--replay-out", "cex.txt"] + vcd
    if a.legal:
        args += ["--legal"] + flow.ops_args
    if clocked:
        args += ["--seq", str(max(a.seq, 8))]
    rc, res = flow.engine(args, timeout=a.sim_seconds + 60)
    if rc == 1:
        print_cex(flow, res, f"random simulation, seed {a.seed}, after {res['vectors']} "
                  f"vectors, {res['seconds']:.2f} s")
        return 1
    if res:
        print(f"ptxalu-equiv: simulation: {res['vectors']} vectors (seed {a.seed}), no "
              "difference")
    flow.phase("AIG simulation")
    return None


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # the tools it started end too
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(2)
    except OSError as e:
        fail(str(e))
    except Exception as e:  # noqa: BLE001 (a flaw of ours: exit 2, never 1, no traceback)
        fail(f"internal error, please report: {type(e).__name__}: {e}")
