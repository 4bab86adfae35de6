#!/usr/bin/env python3
"""End-to-end test of `ptxalu run --engine fpga`: the host's serial code talks to the verilated
board link (ptxalu_board_sim) through a pseudo-terminal, with and without framing errors.

Every run must print exactly what `--engine model` prints; every injected fault must cost
exactly one resend (one line on stderr) and be counted by the board as expected; a board that
never answers must stop the run with one clear error line and exit status 2; a board answer
that is wrong but well formed must be caught as a disagreement (exit status 1).
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import ptxalu_tool as tool  # noqa: E402  (run with timeout, one-line errors)

REQ = 44  # request frame bytes (fpga/ptxalu_link_pkg.sv LinkReqBytes)
RSP = 13  # response frame bytes (LinkRspBytes)


def start_board(board_sim, faults):
    # The board runs beside the host (its pty is read while it runs), so it is started here
    # rather than through tool.run, which waits for the command to end.
    proc = subprocess.Popen([board_sim] + faults, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline().split()
    if len(first) != 2 or first[0] != "PTY":
        proc.kill()
        tool.fail(f"ptxalu_board_sim did not start: {first} {proc.stderr.read()}")
    return proc, first[1]


def stop_board(proc):
    try:
        out, _ = proc.communicate(input="", timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        tool.fail("ptxalu_board_sim did not stop within 30 s of its input closing")
    words = out.split()
    stats = dict(zip(words[0::2], (int(w) for w in words[1::2])))
    return stats


def run_fpga(args, faults, extra=()):
    proc, pty = start_board(args.board_sim, faults)
    try:
        res = tool.run([args.ptxalu, "run", "--engine", "fpga", "--port", pty, *extra,
                        args.program], timeout=90)
    finally:
        stats = stop_board(proc)
    return res, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ptxalu", required=True)
    ap.add_argument("--board-sim", required=True)
    ap.add_argument("--program", required=True)
    args = ap.parse_args()

    failures = []

    def check(cond, what):
        print(("ok   " if cond else "FAIL ") + what, flush=True)
        if not cond:
            failures.append(what)

    tool.require_tool(args.ptxalu)
    tool.require_tool(args.board_sim)
    model = tool.run([args.ptxalu, "run", "--engine", "model", args.program], timeout=60)
    if model.returncode != 0:
        print("the model run failed: " + model.stderr.strip())
        return 2

    clean, stats = run_fpga(args, [])
    check(clean.returncode == 0 and clean.stdout == model.stdout and clean.stderr == "",
          f"clean link: same output as the model (rc {clean.returncode}, stderr "
          f"{clean.stderr.strip()[:200]!r})")
    requests = stats.get("frames_ok", 0)
    check(requests > 10 and stats.get("frames_err") == 0 and
          stats.get("host_bytes") == REQ * requests and stats.get("board_bytes") == RSP * requests,
          f"clean link: {requests} requests, no board errors ({stats})")

    # (name, bridge arguments, extra board executions, board errors counted)
    scenarios = [
        ("dropped operand byte", ["--drop", str(REQ * 3 + 20)], 0, 1),
        ("dropped check byte", ["--drop", str(REQ * 2 + REQ - 1)], 0, 1),
        ("dropped sync byte", ["--drop", str(REQ * 6)], 0, None),
        ("bad check (flipped bit)", ["--corrupt", str(REQ * 5 + 12)], 0, 1),
        ("framing error (no stop bit)", ["--no-stop", str(REQ * 1 + 5)], 0, 1),
        ("board reset mid-frame", ["--reset-at", str(REQ * 4 + 30)], 0, 0),
        ("damaged response", ["--corrupt-reply", str(RSP * 2 + 5)], 1, 0),
    ]
    for name, faults, extra_execs, errs in scenarios:
        res, st = run_fpga(args, faults)
        notes = [l for l in res.stderr.splitlines() if "sending it again" in l]
        check(res.returncode == 0 and res.stdout == model.stdout and len(notes) == 1 and
              len(res.stderr.splitlines()) == 1,
              f"{name}: same output as the model, one resend (rc {res.returncode}, stderr "
              f"{res.stderr.strip()[:300]!r})")
        check(st.get("frames_ok") == requests + extra_execs and
              (errs is None or st.get("frames_err") == errs),
              f"{name}: the board executed {requests + extra_execs} requests, "
              f"counted {errs if errs is not None else 'any'} errors ({st})")

    mute, _ = run_fpga(args, ["--mute"])
    lines = mute.stderr.strip().splitlines()
    check(mute.returncode == 2 and mute.stdout == "" and len(lines) == 4 and
          "error:" in lines[-1] and "failed 4 times" in lines[-1],
          f"board that never answers: exit 2, three resend lines and one error "
          f"(rc {mute.returncode}, stderr {mute.stderr.strip()[-300:]!r})")

    wrong, _ = run_fpga(args, ["--wrong-result", "3"])
    check(wrong.returncode == 1 and "engines disagree" in wrong.stderr and
          "fpga:" in wrong.stderr,
          f"well-formed wrong answer: caught as a disagreement (rc {wrong.returncode}, "
          f"stderr {wrong.stderr.strip()[:300]!r})")

    # Usage errors: one line, exit status 2, nothing run.
    for extra, want in [(["--engine", "fpga"], "needs --port"),
                        (["--engine", "both", "--port", "/dev/null"], "needs --engine fpga"),
                        (["--engine", "fpga", "--port", "/nonexistent/tty"], "cannot open"),
                        (["--engine", "fpga", "--port", "/dev/null"], "not a serial port")]:
        res = tool.run([args.ptxalu, "run", *extra, args.program], timeout=60)
        check(res.returncode == 2 and res.stdout == "" and
              len(res.stderr.strip().splitlines()) == 1 and want in res.stderr,
              f"run {' '.join(extra)}: exit 2, one line saying '{want}' "
              f"(rc {res.returncode}, stderr {res.stderr.strip()!r})")

    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    tool.main_guard(main)
