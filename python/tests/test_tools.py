"""The Python tool scripts: they work, and bad usage gives one line and exit 2, no traceback."""

import json
import os
import subprocess
import sys

import pytest

from conftest import REPO

BENCH = REPO / "python/tools/bench_module.py"
PLOT = REPO / "python/examples/plot_saturation.py"
COCOTB = REPO / "tb/cocotb/run_cocotb.py"


def run(*args):
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True,
                          check=False, env=dict(os.environ))


@pytest.mark.parametrize("args", [
    (BENCH, "--count", "5"),
    (BENCH, "--frobnicate"),
    (PLOT, "--op", "vset4"),
    (PLOT, "--out", "/nonexistent-dir/x.png"),
    (COCOTB,),
    (COCOTB, "test"),
    (COCOTB, "run", "x"),
])
def test_usage_errors_are_one_line(args):
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "error:" in lines[0] and "Traceback" not in result.stderr, result.stderr


def test_plot_writes_a_png(tmp_path):
    out = tmp_path / "sat.png"
    result = run(PLOT, "--op", "vsub4", "--out", out)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bench_reports_ratios(tmp_path):
    out = tmp_path / "bench.json"
    result = run(BENCH, "--count", "2000", "--json", out)
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text())
    assert report["count"] == 2000 and report["load_average"]
    assert all(rate > 0 for rate in report["insn_per_s"].values())
    assert set(report["ratio"]) >= {"eval_many / cpp_loop", "execute / cpp_loop"}
