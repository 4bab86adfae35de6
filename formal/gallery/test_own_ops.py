#!/usr/bin/env python3
"""formal/equiv.sh --legal compares a unit's own ops only (issue 13 item 3); --all-ops widens.

  test_own_ops.py --work DIR [--aig-bin build/ptxalu-aig] [--seeds 1,2,...]

GATE: the gallery's correct dot_ext9 with result_o inverted for every op that is not the dot
unit's (the ops from sim/isa/instructions.json, never a hand list). With --legal no
counterexample may be found (exit 0, or 3 when the proof runs out of its time limit); with
--legal --all-ops each seed must end in a counterexample of another unit's instruction. Each
run prints its seed. The --legal run's pair AIG then checks ptxalu-aig prove's form filters:
every legal word (no --ops) differs; --only-forms '^dp' and --skip-forms '^(?!dp)' compare the
dot forms only, each of them (proven: as many form names as the table's dot forms, nothing else
compared); --only-forms matching nothing is undecided.
"""
import argparse
import json
import os
import re
import subprocess
import sys

GALLERY = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(GALLERY))
sys.path.insert(0, os.path.join(REPO, "sim", "isa"))
import isa  # noqa: E402
sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
from equiv_build import find_engine  # noqa: E402

# ptxalu_dot and the register it may instantiate (Bypass at Stages = 0)
GOLD = ",".join(os.path.join(REPO, "rtl", f) for f in ("ptxalu_dot.sv", "ptxalu_en_reg.sv"))
GOOD = os.path.join(GALLERY, "dot_ext9", "ptxalu_dot.sv")
SUM = "(dp2a ? sum2 : sum4) + c_i"
EDIT = (f"assign result_o = {SUM};", "assign result_o = ({own}) ? {sum} : ~({sum});")
# The dot unit's legal forms in the instruction table (dp4a 4, dp2a 8).
DOT_FORMS = sum(len(isa.forms(fam)) * len(fam["ops"]) for fam in isa.families()
                if fam["unit"] == "dot")


def equiv(args, gate, seed, extra):
    cmd = [os.path.join(REPO, "formal", "equiv.sh"), "--legal", "--seed", str(seed),
           "--sim-seconds", "1", "--timeout", "60",
           "--work", os.path.join(args.work, f"seed{seed}{'-all' if extra else ''}")]
    cmd += (["--aig-bin", args.aig_bin] if args.aig_bin else []) + extra
    return subprocess.run(cmd + [GOLD, gate, "ptxalu_dot"], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=600)


def form_filters(args, seed):
    """ptxalu-aig prove's --only-forms/--skip-forms on the --legal run's pair AIG."""
    work = os.path.join(args.work, f"seed{seed}")
    engine = find_engine(os.path.abspath(args.aig_bin) if args.aig_bin else None)
    if not engine or not os.path.exists(os.path.join(work, "pair.aig")):
        sys.exit(f"seed {seed}: no engine or no pair AIG in {work} to check the form filters")
    for extra, rc_want in (([], 1), (["--only-forms", "^dp"], 0),
                           (["--skip-forms", "^(?!dp)"], 0), (["--only-forms", "^nomatch"], 3)):
        p = subprocess.run([engine, "prove", "pair.aig", "pair.map", "--legal", "--seconds",
                            "60"] + extra, cwd=work, stdout=subprocess.PIPE, text=True,
                           timeout=120)
        try:
            res = json.loads(p.stdout)
        except ValueError:
            sys.exit(f"seed {seed}: prove {' '.join(extra)}: no JSON answer (exit {p.returncode})")
        names = [w.split(":")[0] for w in res.get("proven", [])]
        skipped = res.get("skipped", [])
        ok = p.returncode == rc_want and (rc_want != 0 or (
            len(set(names)) == DOT_FORMS and all(n.startswith("dp") for n in names) and
            not any(n.startswith("dp") for n in skipped) and
            (bool(skipped) == (extra[0] == "--skip-forms"))))
        print(f"seed {seed} prove --legal {' '.join(extra)}: exit {p.returncode}, "
              f"{len(names)} proven, {len(res.get('skipped', []))} skipped")
        if not ok:
            sys.exit(f"seed {seed}: prove {' '.join(extra)}: expected exit {rc_want} with the "
                     f"{DOT_FORMS} dp forms compared, got exit {p.returncode}, "
                     f"{len(set(names))} proven: {p.stdout[-1500:]}")


def counterexample_ptx(args, gate, seed, extra):
    p = equiv(args, gate, seed, extra)
    m = re.search(r"PTX:\s+(\S+)", p.stdout)
    if p.returncode != 1 or not m:
        sys.exit(f"seed {seed} {' '.join(extra)}: expected a counterexample with its PTX "
                 f"instruction (exit 1), got exit {p.returncode}:\n{p.stdout[-2000:]}")
    return m.group(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", required=True)
    ap.add_argument("--aig-bin")
    ap.add_argument("--seeds", default="1")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    text = open(GOOD).read()
    if EDIT[0] not in text:
        sys.exit(f"{GOOD} no longer holds {EDIT[0]!r}: update the test's edit")
    gate = os.path.join(args.work, "ptxalu_dot.sv")
    is_own = " || ".join(f"ctrl_i.op == ptxalu_pkg::{op}" for op in isa.ops_of(unit="dot"))
    with open(gate, "w") as f:
        f.write(text.replace(EDIT[0], EDIT[1].format(own=is_own, sum=SUM)))
    own = {p for f in isa.families() if f["unit"] == "dot" for p in f["ops"]}
    for seed in (int(s, 0) for s in args.seeds.split(",")):
        p = equiv(args, gate, seed, [])
        print(f"seed {seed} --legal: exit {p.returncode}")
        if p.returncode not in (0, 3) or "NOT EQUIVALENT" in p.stdout:
            sys.exit(f"seed {seed}: --legal compared another unit's words (or failed):\n"
                     f"{p.stdout[-2000:]}")
        form_filters(args, seed)
        ptx = counterexample_ptx(args, gate, seed, ["--all-ops"])
        print(f"seed {seed} --legal --all-ops: {ptx}")
        if ptx.split(".")[0] in own:
            sys.exit(f"seed {seed}: --all-ops gave {ptx}, an op of the dot unit, where the "
                     "two sides agree")
    print(f"ok: --legal kept to the dot unit's ops {sorted(own)}; --all-ops widened")


if __name__ == "__main__":
    main()
