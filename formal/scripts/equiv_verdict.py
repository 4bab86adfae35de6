"""The equivalence flow's last step and its verdicts (ptxalu_equiv.py): SAT on the miter (ABC
&cec, or Yosys sat; k-induction with --seq), a counterexample read off the solver's answer and
replayed on the pair AIG, or UNDECIDED with what was and was not proven. NOT EQUIVALENT is
printed only with a counterexample: a solver's 'differ' that no witness confirms is undecided."""

import os

from equiv_abc import abc_split, abc_witness
from equiv_build import first_error, write_pair
from equiv_files import fail, print_cex, replay_file, vcd_inputs
import equiv_xfree

# Yosys sat on the miter, its model (if any) in satcex.vcd; -verify: exit 1 when it finds one.
SAT_CEX = "; sat -prove-asserts -set-assumes -show-ports -dump_vcd satcex.vcd"
SAT_PROVE = "; sat -prove-asserts -set-assumes -verify -show-ports -dump_vcd satcex.vcd"


def prove_by_sat(flow, ports, sat_base, clocked, algebra):
    """Step 3. (0, how) when proven; else (exit status, None), the verdict printed."""
    a = flow.a
    if clocked:
        r = flow.yosys(sat_base + f"; async2sync; sat -tempinduct -prove-asserts -set-assumes "
                       f"-set-init-zero -maxsteps {a.seq} -verify -show-ports -dump_vcd cex.vcd",
                       "prove.log")
        if r is None:
            return undecided(flow, algebra, f"k-induction: time limit ({a.timeout:.0f} s)"), None
        if r[0] == 0:
            return 0, f"k-induction up to {a.seq}"
        log = read(flow, "prove.log")
        if "model found for base case: FAIL" in log:
            return sat_counterexample(flow, ports, "k-induction", r[1], sat_base), None
        if "Reached maximum number of time steps" not in log:
            fail(f"Yosys sat -tempinduct failed: {first_error(r[1])}")
        # The induction step's trace starts from a state reset may never reach: no
        # difference. Before 2026-11-29 this printed NOT EQUIVALENT with Yosys' log.
        return undecided(flow, algebra, f"k-induction: no difference in {a.seq} cycles from "
                         f"reset, and the induction step did not close within {a.seq} "
                         "(a larger --seq may prove it or reach a difference)"), None
    if a.engine == "sat":
        r = flow.yosys(sat_base + SAT_PROVE, "prove.log")
        if r is None:
            return undecided(flow, algebra, f"Yosys sat: time limit ({a.timeout:.0f} s)"), None
        if r[0] == 0:
            return 0, "Yosys sat"
        return sat_counterexample(flow, ports, "Yosys sat", r[1]), None
    verdict, how, sat_base = abc_split(flow, ports, sat_base, clocked)
    if verdict == "equivalent":
        return 0, how
    if verdict != "differ":
        return undecided(flow, algebra, how), None
    # ABC's own counterexample (its write_cex) first, shown once the pair AIG confirms it,
    # unless it sets free x bits of GATE (equiv_xfree explains those); then Yosys sat.
    witness = abc_witness(flow)
    if witness is not None and not equiv_xfree.xbits(flow) and flow.a.engine_bin and (
            "pair.aig" in flow.built or write_pair(flow, False)):
        rc, cex = flow.engine(["replay", "pair.aig", "pair.map",
                               replay_file(flow, ports, [witness])])
        if rc == 1:
            print_cex(flow, cex, f"{how}, ABC's witness replayed")
            return 1, None
    r = flow.yosys(sat_base + SAT_CEX, "cex.log")
    return sat_counterexample(flow, ports, f"{how}, witness by Yosys sat",
                              r[1] if r else ""), None


def read(flow, log):
    path = os.path.join(flow.work, log)
    return open(path, errors="replace").read() if os.path.exists(path) else ""


def whole_miter_sat(flow, ports, sat_base, why):
    """Yosys sat on the whole miter, at most 60 s: a counterexample's exit status (1), 'proven',
    or None (no answer in time)."""
    r = flow.yosys(sat_base + SAT_CEX, "cex.log", timeout=min(60, flow.left()))
    flow.phase("Yosys sat")
    log = read(flow, "cex.log") if r is not None else ""
    if "SAT proof finished - model found: FAIL" in log:
        return sat_counterexample(flow, ports, f"Yosys sat {why}", r[1])
    if "SAT proof finished - no model found: SUCCESS" in log:
        return "proven"
    return None


def undecided(flow, algebra, why):
    flow.phase("proof")
    print(f"ptxalu-equiv: time: {flow.timing()}")
    print(f"ptxalu-equiv: UNDECIDED: {flow.a.top}: {why}")
    for note in flow.notes:  # what the cuts proved and did not
        print(f"  {note}")
    if algebra:
        print(f"  proven by the algebraic engine: {', '.join(algebra['proven']) or 'nothing'}")
        print(f"  not proven: {', '.join(algebra['undecided'])}")
    print(f"  random simulation found no difference; logs in {flow.work}")
    return 3


def sat_counterexample(flow, ports, how, log, sat_base=None):
    """The exit status of a solver's 'differ': 1 with the counterexample printed (replayed on
    the pair AIG where it can be), or 3 when the solver gave no trace to show."""
    vcd = os.path.join(flow.work, "cex.vcd" if flow.a.seq else "satcex.vcd")
    steps = vcd_inputs(vcd, ports) if os.path.exists(vcd) else []
    if not steps:  # e.g. ABC found its miter different and Yosys sat found no model of it
        return undecided(flow, None, f"{how}: no counterexample came of it; the solvers' logs "
                         f"are in {flow.work}")
    if not flow.a.seq and equiv_xfree.explain(flow, ports, steps[-1], how):
        return 1  # GATE's free x bits: their values from a second sat, printed as inputs
    if sat_base and equiv_xfree.explain_seq(flow, ports, how):
        return 1  # the same, in every cycle of a k-induction trace
    if flow.a.engine_bin and ("pair.aig" in flow.built or write_pair(flow, bool(flow.a.seq))):
        path = replay_file(flow, ports, steps)
        rc, cex = flow.engine(["replay", "pair.aig", "pair.map", path] +
                              (["--vcd", "cex.vcd"] if flow.a.seq else []))
        if rc == 1:
            print_cex(flow, cex, how)
            return 1
        # (e.g. a value the solver gave a wire that the pair AIG does not have as an input)
        return undecided(flow, None, f"{how}: its witness shows no difference when replayed "
                         f"on the pair AIG ({path}), so no counterexample")
    print((log or "")[-3000:])  # no ptxalu-aig to replay it on: the solver's own trace
    print(f"ptxalu-equiv: NOT EQUIVALENT: {flow.a.top} ({how}); logs in {flow.work}")
    return 1
