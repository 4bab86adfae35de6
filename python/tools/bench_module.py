#!/usr/bin/env python3
"""Throughput of the ptxalu Python module against the C++ model, measured side by side.

  python/tools/bench_module.py [--count N] [--seed S] [--json FILE] [--cli build/ptxalu]

On N random legal instructions with corner-weighted operands (ptxalu.RandomInsn(S)):
  cpp_loop        the model in a C++ loop over the arrays, timed in C++ (ptxalu._bench_model_loop)
  eval_many       ptxalu.eval_many(words, a, b, c, d): one call over NumPy arrays
  eval_many_one   ptxalu.eval_many(word, a, b, c, d) with one instruction for every element,
                  against the C++ loop over the same word
  execute         a Python loop calling ptxalu.execute(word, a, b, c, d) per instruction
  eval_text       ptxalu.eval(text, a=..., ...) per instruction (parses the text every call)
With --cli, `ptxalu bench --count N --seed S` runs too (per-family loops of the model, in the same
run) for reference. Each rate is the best of 3 passes
(C++ loop and eval_many: of 5, the two alternating). Prints the rates, their ratios to cpp_loop, the date and the
machine load (`uptime`); --json also writes them to FILE. Needs the module (PYTHONPATH=build/python
or pip install .) and NumPy. Bad usage: one line on stderr, exit 2.
"""

import argparse
import datetime
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import ptxalu_tool as tool  # noqa: E402  (run with timeout, one-line errors)

REPEATS = 3


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        print(f"bench_module: error: {message}", file=sys.stderr)
        sys.exit(2)


def best_seconds(fn):
    best = None
    for _ in range(REPEATS):
        start = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def load_average():
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


def main(argv):
    parser = OneLineParser(description="ptxalu module throughput against the C++ model")
    parser.add_argument("--count", type=int, default=200000, help="instructions (default 200000)")
    parser.add_argument("--seed", type=int, default=1, help="RandomInsn seed (default 1)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--cli", help="the ptxalu command: also report its `bench` figures")
    args = parser.parse_args(argv)
    if not 1000 <= args.count <= 10_000_000:
        parser.error(f"--count takes 1000 to 10000000, not {args.count}")
    try:
        import numpy as np
    except ImportError:
        parser.error("Python module numpy is not installed (scripts/install-deps.sh installs it)")
    try:
        import ptxalu
        from ptxalu._ptxalu import _bench_model_loop
    except ImportError:
        parser.error("Python module ptxalu is not importable: PYTHONPATH=build/python or pip install .")

    rng = ptxalu.RandomInsn(args.seed)
    n = args.count
    words = np.array([rng.ctrl() for _ in range(n)], dtype=np.uint64)
    ops = np.array([rng.operands() for _ in range(n)], dtype=np.uint64)
    a, b, c, d = (np.ascontiguousarray(ops[:, k]) for k in range(4))

    def side_by_side(cpp_words, many_insn):
        """Best rates of the C++ loop and of eval_many, passes alternating (a shared machine's
        load then falls on both alike)."""
        cpp = many = None
        for _ in range(2 * REPEATS - 1):
            cpp_s = _bench_model_loop(cpp_words, a, b, c, d, 1)
            start = time.perf_counter()
            result = ptxalu.eval_many(many_insn, a, b, c, d)
            many_s = time.perf_counter() - start
            cpp = cpp_s if cpp is None else min(cpp, cpp_s)
            many = many_s if many is None else min(many, many_s)
        return n / cpp, n / many, result

    rates = {}
    rates["cpp_loop"], rates["eval_many"], many = side_by_side(words, words)
    # One instruction over every element: a SIMD op, as a user sweeping operands would run it.
    one = ptxalu.encode("vadd4.s32.s32.u32.sat d, a, b, c")
    same = np.full(n, one, dtype=np.uint64)
    rates["cpp_loop_one"], rates["eval_many_one"], _ = side_by_side(same, one)

    scalar_n = min(n, 50000)
    pairs = [(int(words[i]), int(a[i]), int(b[i]), int(c[i]), int(d[i])) for i in range(scalar_n)]
    execute = ptxalu.execute

    def run_execute():
        for w, x, y, z, t in pairs:
            execute(w, x, y, z, t)

    rates["execute"] = scalar_n / best_seconds(run_execute)

    text_n = min(n, 5000)
    texts = [(ptxalu.decode(w), ptxalu.signature(w)[1]) for w, *_ in pairs[:text_n]]

    def run_eval():
        for (text, widths), (_, x, y, z, t) in zip(texts, pairs):
            names = [tok.lstrip("-").split(".")[0] for tok in text.replace(",", " ").split()[2:]]
            values = [x, y, z, t]
            ptxalu.eval(text, **{name: values[k] & ((1 << widths[k]) - 1)
                                 for k, name in enumerate(names)})

    rates["eval_text"] = text_n / best_seconds(run_eval)

    # The NumPy result is the scalar path's (a spot check, not the test: python/tests does that).
    for i in range(0, scalar_n, max(scalar_n // 500, 1)):
        if int(many[i]) != execute(*pairs[i]):
            print(f"bench_module: error: eval_many and execute disagree at {i}", file=sys.stderr)
            return 1

    cli_rates = None
    if args.cli:
        res = tool.run([args.cli, "bench", "--count", str(n), "--seed", str(args.seed)],
                       timeout=600)
        if not res.ok:
            parser.error(f"{args.cli} bench failed: " +
                         ("timed out after 600 s" if res.timed_out else res.first_error_line()))
        out = res.stdout
        cli_rates = {f["family"]: f["model_insn_per_s"] for f in json.loads(out)["families"]}

    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load_average": load_average(),
        "cpus": os.cpu_count(),
        "count": n,
        "seed": args.seed,
        "insn_per_s": {k: float(f"{v:.4g}") for k, v in rates.items()},
        "ratio": {
            "eval_many / cpp_loop": round(rates["eval_many"] / rates["cpp_loop"], 3),
            "eval_many_one / cpp_loop_one": round(rates["eval_many_one"] / rates["cpp_loop_one"], 3),
            "execute / cpp_loop": round(rates["execute"] / rates["cpp_loop"], 4),
            "eval_text / cpp_loop": round(rates["eval_text"] / rates["cpp_loop"], 5),
        },
    }
    if cli_rates:
        report["ptxalu_bench_model_insn_per_s"] = cli_rates
    print(f"ptxalu module bench, {report['date']}, load average {report['load_average']}, "
          f"{n} instructions, seed {args.seed}")
    for name, rate in rates.items():
        print(f"  {name:15s} {rate:12.4g} insn/s")
    for name, ratio in report["ratio"].items():
        print(f"  {name:30s} {ratio}")
    if cli_rates:
        print("  `ptxalu bench` (one family per loop): " +
              ", ".join(f"{k} {v:.3g}" for k, v in cli_rates.items()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
