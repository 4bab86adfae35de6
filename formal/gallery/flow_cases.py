"""The small flow tests' common part (test_prodcut.py, test_funccut.py, test_xbits.py): their
command line, and one run of formal/equiv.sh on a generated pair with its expected exit status
and a text its output must hold."""

import argparse
import os
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EQUIV = os.path.join(REPO, "formal", "equiv.sh")


def parse_args(default_work):
    """--work DIR (made here) and --aig-bin FILE (the engine, passed on to the flow)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=default_work)
    ap.add_argument("--aig-bin")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    return a


def run_case(test, label, a, flags, pair, want_rc, want_text):
    """Runs `equiv.sh FLAGS GOLD GATE TOP` (pair = (GOLD, GATE, TOP)) and prints one line; 0 when
    it exits want_rc and its output holds want_text, else 1 (its output's tail printed)."""
    cmd = [EQUIV] + flags + (["--aig-bin", a.aig_bin] if a.aig_bin else []) + list(pair)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    ok = p.returncode == want_rc and want_text in p.stdout
    print(f"{test}: {label}: exit {p.returncode}, "
          f"{'ok' if ok else f'FAILED (want exit {want_rc} and {want_text!r})'}")
    if not ok:
        print(p.stdout[-2000:])
    return 0 if ok else 1
