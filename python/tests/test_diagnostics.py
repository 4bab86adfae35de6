"""Bad PTX raises ptxalu.PtxError with the command line's diagnostic, position and message."""

import pytest

import ptxalu

BAD_INSTRUCTIONS = [
    "vadd4.s32.s33.u32.sat d, a, b, c",   # unknown modifier
    "vadd4.s32.s32.u32.sat d, a, b",      # missing operand
    "vadd4.sat.sat.s32.s32.s32 d, a, b, c",  # duplicate modifier
    "frobnicate.u32 d, a, b",             # unknown instruction
    "add.u32 d, a, 010",                  # octal-looking immediate
    "add.u16 d, a, 70000",                # immediate out of range
    "add.u32 d, a, b; junk",              # text after the instruction
    "add.u32 d, a, #",                    # a character that starts no token
]


@pytest.mark.parametrize("text", BAD_INSTRUCTIONS)
def test_eval_raises_with_position(text):
    with pytest.raises(ptxalu.PtxError) as info:
        ptxalu.eval(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.file == "<eval>"
    assert error.line == 1
    assert 1 <= error.column <= len(text) + 1
    assert error.message
    assert str(error) == f"<eval>:1:{error.column}: error: {error.message}"


@pytest.mark.parametrize("text", BAD_INSTRUCTIONS)
def test_same_diagnostic_as_the_cli(cli, text):
    result = cli("eval", text)
    assert result.returncode == 2
    assert result.stdout == ""
    with pytest.raises(ptxalu.PtxError) as info:
        ptxalu.eval(text)
    assert result.stderr.strip() == str(info.value)


def test_column_points_at_the_bad_token():
    with pytest.raises(ptxalu.PtxError) as info:
        ptxalu.eval("vadd4.s32.s33.u32.sat d, a, b, c")
    assert info.value.column == 10
    assert info.value.message == "unknown modifier '.s33' on vadd4"


def test_run_reports_file_line_and_column():
    program = ".reg .b32 a, b;\nmov.b32 a, 1;\n  add.u32 b, a, c;\n"
    with pytest.raises(ptxalu.PtxError) as info:
        ptxalu.run(program, file="k.ptx")
    error = info.value
    assert (error.file, error.line, error.column) == ("k.ptx", 3, 17)
    assert "'c'" in error.message
    assert str(error).startswith("k.ptx:3:17: error: ")


def test_run_same_diagnostic_as_the_cli(cli, tmp_path):
    program = ".reg .b32 a;\nmov.b32 a, 1;\nvadd4.u32.u32.u32 a, a, a;\n"
    path = tmp_path / "bad.ptx"
    path.write_text(program)
    result = cli("run", str(path))
    assert result.returncode == 2
    with pytest.raises(ptxalu.PtxError) as info:
        ptxalu.run(program, file=str(path))
    assert result.stderr.strip() == str(info.value)


@pytest.mark.parametrize("text, message", [
    ("mov.b32 d, a", "mov is supported in programs only: use ptxalu.run()"),
    ("@p add.u32 d, a, b", "a guard predicate needs a program: use ptxalu.run()"),
])
def test_program_statements_in_eval_point_to_run(text, message):
    # The command line's message, naming ptxalu.run() where it names `ptxalu run`.
    with pytest.raises(ptxalu.PtxError) as info:
        ptxalu.eval(text)
    assert (info.value.column, info.value.message) == (1, message)


def test_empty_program_is_an_error():
    with pytest.raises(ptxalu.PtxError, match="empty program"):
        ptxalu.run("// nothing\n")


def test_encode_raises_ptx_error():
    with pytest.raises(ptxalu.PtxError) as info:
        ptxalu.encode("vadd4.u32.u32.u32 d.b00, a, b, c")
    assert info.value.file == "<encode>"
