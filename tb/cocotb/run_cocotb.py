#!/usr/bin/env python3
"""Builds and runs the cocotb testbench of ptxalu_top (test_ptxalu_top.py) on Verilator.

  run_cocotb.py build BUILD_DIR     verilate ptxalu_top for cocotb into BUILD_DIR
  run_cocotb.py test BUILD_DIR [RUN_DIR]
                                    run the testbench on that build, in RUN_DIR (default
                                    BUILD_DIR: results.xml goes there); exit 1 if a test fails

The testbench imports the Python module ptxalu: put its directory on PYTHONPATH (ctest does:
build/python). The RTL file list is the top and the package; Verilator finds every unit in
rtl/ by its module name (-y), as sim/rtl/CMakeLists.txt does.
Bad usage or a missing tool: one line on stderr, exit 2.
"""

import os
import pathlib
import shutil
import sys
import warnings

# cocotb 1.9 flags its Python runner as experimental on every import.
warnings.filterwarnings("ignore", message="Python runners", category=UserWarning)

HERE = pathlib.Path(__file__).resolve().parent
RTL = HERE.parents[1] / "rtl"
TOP = "ptxalu_top"


def fail(message):
    print(f"run_cocotb: error: {message}", file=sys.stderr)
    sys.exit(2)


def runner():
    try:
        from cocotb.runner import get_runner
    except ImportError:
        fail("Python module cocotb is not installed (scripts/install-deps.sh installs it)")
    if shutil.which("verilator") is None:
        fail("verilator is not on PATH (scripts/install-deps.sh installs it)")
    return get_runner("verilator")


def build(build_dir):
    """Verilator's and make's output go to BUILD_DIR/verilate.log; its tail is shown on failure."""
    build_dir.mkdir(parents=True, exist_ok=True)
    log = build_dir / "verilate.log"
    simulator = runner()
    try:
        build_with_log(simulator, build_dir, log)
    except (Exception, SystemExit) as error:  # the runner raises SystemExit on a failed command
        tail = log.read_text(errors="replace").splitlines()[-20:] if log.is_file() else []
        print("\n".join(tail), file=sys.stderr)
        print(f"run_cocotb: error: building the simulator failed ({error}); see {log}",
              file=sys.stderr)
        sys.exit(1)


def build_with_log(simulator, build_dir, log):
    # The simulation's speed is Python's (the scoreboard), not the model's: compile the
    # generated C++ as the repository's other test-only models are (fast path -O1, run-once
    # code -O0; see ptxalu_verilate() in CMakeLists.txt), with two make jobs.
    os.environ["MAKEFLAGS"] = "-j2 OPT_FAST=-O1 OPT_SLOW=-O0"
    simulator.build(
        verilog_sources=[RTL / "ptxalu_pkg.sv", RTL / f"{TOP}.sv"],
        hdl_toplevel=TOP,
        build_dir=build_dir,
        # Unique X values, as the repository's other X-sensitive testbenches use.
        build_args=["-y", str(RTL), "-Wno-fatal", "--x-assign", "unique", "--x-initial", "unique",
                    "--timescale", "1ns/1ps", "-O3"],
        log_file=log,
    )


def test(build_dir, run_dir):
    try:
        import ptxalu  # noqa: F401  (the reference model; fail here with one line, not in the sim)
    except ImportError:
        fail("Python module ptxalu is not importable: put build/python on PYTHONPATH or "
             "pip install . (python/README.md)")
    from cocotb.runner import get_results

    if not (build_dir / TOP).is_file():
        fail(f"no simulator in {build_dir}: run `run_cocotb.py build {build_dir}` first")
    # The simulator embeds Python; it must find this directory (the test module) and ptxalu.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(HERE)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    results = runner().test(hdl_toplevel=TOP, hdl_toplevel_lang="verilog",
                            test_module="test_ptxalu_top", build_dir=build_dir, test_dir=run_dir)
    total, failed = get_results(results)
    print(f"run_cocotb: {total - failed} passed, {failed} failed")
    return 1 if failed or total == 0 else 0


def main(argv):
    if not (argv[:1] == ["build"] and len(argv) == 2 or argv[:1] == ["test"] and len(argv) in (2, 3)):
        fail("usage: run_cocotb.py build BUILD_DIR | run_cocotb.py test BUILD_DIR [RUN_DIR]")
    build_dir = pathlib.Path(argv[1]).resolve()
    if argv[0] == "build":
        build(build_dir)
        return 0
    run_dir = pathlib.Path(argv[2]).resolve() if len(argv) == 3 else build_dir
    run_dir.mkdir(parents=True, exist_ok=True)
    return test(build_dir, run_dir)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
