"""The small flow tests' common part (test_prodcut.py, test_funccut.py, test_xbits.py, ...): their
command line, one run of formal/equiv.sh on a generated pair with its expected exit status and a
text its output must hold, and Yosys on a generated file."""

import argparse
import os
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EQUIV = os.path.join(REPO, "formal", "equiv.sh")


def parse_args(default_work, seed=False):
    """--work DIR (made here) and --aig-bin FILE (the engine, passed on to the flow); with
    `seed`, --seed N (None: the test draws one and prints it)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=default_work)
    ap.add_argument("--aig-bin")
    if seed:
        ap.add_argument("--seed", type=int, default=None)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    return a


def yosys_on(work, name, text, passes):
    """Writes WORK/name (Verilog `text`) and runs Yosys' `read_verilog -sv` on it, then `passes`
    (in WORK): None, or the tail of Yosys' output when it failed."""
    src = os.path.join(work, name)
    with open(src, "w") as f:
        f.write(text)
    p = subprocess.run(["yosys", "-q", "-p", f"read_verilog -sv {name}; {passes}"], cwd=work,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.stdout[-500:] if p.returncode else None


def run_case(test, label, a, flags, pair, want_rc, want_text, env=None, absent=()):
    """Runs `equiv.sh FLAGS GOLD GATE TOP` (pair = (GOLD, GATE, TOP); `env` its environment, if
    not ours) and prints one line; 0 when it exits want_rc and its output holds want_text (a
    string, or a tuple of strings: each) and none of `absent`, else 1 (its output's tail
    printed)."""
    cmd = [EQUIV] + flags + (["--aig-bin", a.aig_bin] if a.aig_bin else []) + list(pair)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=env)
    texts = (want_text,) if isinstance(want_text, str) else want_text
    ok = p.returncode == want_rc and all(t in p.stdout for t in texts) and \
        not any(t in p.stdout for t in absent)
    want = f"exit {want_rc} and {want_text!r}" + (f", none of {absent!r}" if absent else "")
    print(f"{test}: {label}: exit {p.returncode}, {'ok' if ok else f'FAILED (want {want})'}")
    if not ok:
        print(p.stdout[-2000:])
    return 0 if ok else 1
