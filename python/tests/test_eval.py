"""ptxalu.eval and ptxalu.execute: the spec's worked examples, independent references, binding
rules."""

import pytest

import ptxalu


def test_readme_example():
    # README "Using ptxalu": signed bytes of a plus unsigned bytes of b, saturated to signed
    # bytes: 127 + 1 and 1 + 255 clamp to 0x7f, -1 + 1 and -128 + 128 are 0.
    assert ptxalu.eval("vadd4.s32.s32.u32.sat d, a, b, c", a=0x7F01FF80, b=0x01FF0180) == 0x7F7F0000


# The examples of spec/ptx/integer-arithmetic.md whose result the text states (fns: "// d = N";
# szext: "Result is 0."; bmsk: "Creates a bitmask of 0x00000006.").
@pytest.mark.parametrize(
    "insn, expected",
    [
        ("fns.b32 d, 0xaaaaaaaa, 3, 1;", 3),
        ("fns.b32 d, 0xaaaaaaaa, 3, -1;", 3),
        ("fns.b32 d, 0xaaaaaaaa, 2, 1;", 3),
        ("fns.b32 d, 0xaaaaaaaa, 2, -1;", 1),
        ("szext.wrap.u32  rd, 0xffffffff, 0;", 0),
        ("bmsk.wrap.b32   rd, 1, 2;", 0x00000006),
    ],
)
def test_spec_worked_examples(insn, expected):
    assert ptxalu.eval(insn) == expected


def s(value, width):
    """Two's complement `value` of `width` bits as a Python int."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


# References written here from the spec's pseudo-code, independent of the C++ model.
@pytest.mark.parametrize(
    "insn, operands, expected",
    [
        ("add.sat.s32 d, a, b", dict(a=0x7FFFFFFF, b=1), 0x7FFFFFFF),
        ("add.sat.s32 d, a, b", dict(a=-0x80000000, b=-1), 0x80000000),
        ("add.u32 d, a, b", dict(a=0xFFFFFFFF, b=2), 1),
        ("sub.s16 d, a, b", dict(a=0, b=1), 0xFFFF),
        ("mul.wide.u32 d, a, b", dict(a=0xFFFFFFFF, b=0xFFFFFFFF), 0xFFFFFFFF * 0xFFFFFFFF),
        ("mul.hi.s32 d, a, b", dict(a=-2, b=0x40000000), (s(-2 * 0x40000000, 64) >> 32) & 0xFFFFFFFF),
        ("popc.b64 d, a", dict(a=0xF0F0_0000_0000_0001), 9),
        ("brev.b32 d, a", dict(a=1), 0x80000000),
        ("clz.b32 d, a", dict(a=0x00010000), 15),
        ("div.s32 d, a, b", dict(a=-7, b=2), (-3) & 0xFFFFFFFF),
        ("rem.s32 d, a, b", dict(a=-7, b=2), (-1) & 0xFFFFFFFF),
        ("min.u16x2 d, a, b", dict(a=0x0001FFFF, b=0x00020003), 0x00010003),
        ("dp4a.u32.u32 d, a, b, c", dict(a=0x01020304, b=0x05060708, c=1000), 1000 + 5 + 12 + 21 + 32),
    ],
)
def test_against_pseudo_code(insn, operands, expected):
    assert ptxalu.eval(insn, **operands) == expected


def test_binding_by_name():
    # One name in two source positions reads one value; unbound registers are 0.
    assert ptxalu.eval("add.u32 d, x, x", x=21) == 42
    assert ptxalu.eval("add.u32 d, x, y", x=21) == 21
    # Register names with '%' go through a dict.
    assert ptxalu.eval("add.u32 %r0, %r1, 5", **{"%r1": 10}) == 15
    # Any register name may be a keyword, even the parameter's own name.
    assert ptxalu.eval("add.u32 d, insn, 1", insn=1) == 2
    # Immediates in the text are used as written.
    assert ptxalu.eval("sub.s32 d, 3, 5") == 0xFFFFFFFE


def test_negative_values_are_twos_complement():
    assert ptxalu.eval("add.u32 d, a, b", a=-1, b=1) == 0
    assert ptxalu.eval("add.s64 d, a, b", a=-(1 << 63), b=0) == 1 << 63


def test_value_that_does_not_fit():
    with pytest.raises(ValueError, match=r"operand 'a': value 4294967296 does not fit 32 bits"):
        ptxalu.eval("add.u32 d, a, b", a=1 << 32)
    with pytest.raises(ValueError, match="does not fit 32 bits"):
        ptxalu.eval("add.u32 d, a, b", a=-(1 << 31) - 1)


def test_unknown_name_and_wrong_type():
    with pytest.raises(TypeError, match="'q' is not a register operand of the instruction"):
        ptxalu.eval("add.u32 d, a, b", q=1)
    with pytest.raises(TypeError, match="operand 'a' must be an int, not str"):
        ptxalu.eval("add.u32 d, a, b", a="1")


def test_execute_matches_eval_and_illegal_gives_zero():
    word = ptxalu.encode("vadd4.s32.s32.u32.sat d, a, b, c")
    assert ptxalu.execute(word, 0x7F01FF80, 0x01FF0180) == 0x7F7F0000
    assert ptxalu.execute(word, a=0x7F01FF80, b=0x01FF0180, c=0) == 0x7F7F0000
    assert not ptxalu.is_legal(1 << 63)
    # The all-ones word is not canonical for any form.
    all_ones = (1 << ptxalu.CTRL_WIDTH) - 1
    assert not ptxalu.is_legal(all_ones)
    assert ptxalu.execute(all_ones, 1, 2, 3, 4) == 0


def test_signature():
    assert ptxalu.signature(ptxalu.encode("mul.wide.u32 d, a, b")) == (64, [32, 32])
    assert ptxalu.signature(ptxalu.encode("bfi.b64 f, a, b, c, d")) == (64, [64, 64, 32, 32])
