"""ptxalu.run: straight-line programs, guards, mov, and the trace against `ptxalu run --trace`."""

import json

import ptxalu
from conftest import REPO


def test_pixels_example():
    trace = ptxalu.run((REPO / "examples/pixels.ptx").read_text(), file="pixels.ptx")
    first = trace[0]
    assert (first.line, first.insn, first.dst, first.value, first.width) == (
        13, "mov.b32 %r0, 0x10204080", "%r0", 0x10204080, 32)
    final = {e.dst: e.value for e in trace}
    # Values worked out by hand in tb/frontend/cli_test.cpp (Examples.PixelsProgram).
    assert final["%r7"] == 0x00000030
    assert final["%r9"] == 0x0F223820
    assert final["%r10"] == 0x0000FF00
    assert final["%h1"] == 0x0000
    assert "%r13" not in final


def test_guards_and_predicates():
    program = """
    .reg .b32 a, b;
    .reg .pred p, q;
    mov.pred p, 1;
    mov.pred q, 0;
    @p  add.u32 a, 1, 2;
    @q  add.u32 b, 1, 2;
    @!q sub.u32 b, a, 1;
    """
    trace = ptxalu.run(program)
    assert [(e.dst, e.value, e.width) for e in trace] == [
        ("p", 1, 1), ("q", 0, 1), ("a", 3, 32), ("b", 2, 32)]
    assert trace[2].insn == "add.u32 a, 1, 2" and trace[2].line == 6


def trace_of_cli(cli, path):
    result = cli("run", "--trace", "-", str(path))
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_spec_examples_trace_equals_the_cli(cli):
    path = REPO / "examples/spec_examples.ptx"
    ours = ptxalu.run(path.read_text(), file=str(path))
    theirs = trace_of_cli(cli, path)
    assert len(ours) == len(theirs) > 60
    for e, t in zip(ours, theirs):
        digits = max(e.width // 4, 1)
        assert {"line": e.line, "insn": e.insn, "dst": e.dst, "value": f"0x{e.value:0{digits}x}"} == t
