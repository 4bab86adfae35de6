"""Control words: encode/decode round trips, the legal-form table, the random generator."""

import pytest

import ptxalu


def test_every_legal_form_round_trips():
    forms = ptxalu.legal_forms()
    assert len(forms) == len(set(forms)) > 1000
    for word in forms:
        assert ptxalu.is_legal(word), hex(word)
        text = ptxalu.decode(word)
        assert ptxalu.encode(text) == word, text
        assert text.startswith(ptxalu.opcode(word) + " ")
        assert ptxalu.opcode(word).split(".")[0] == ptxalu.op_name(word)


def test_forms_by_operation_partition_the_table():
    names = ptxalu.op_names()
    assert len(names) == ptxalu.NUM_OPS and len(set(names)) == ptxalu.NUM_OPS
    by_op = [ptxalu.legal_forms(name) for name in names]
    assert all(by_op), [n for n, f in zip(names, by_op) if not f]
    assert sorted(w for forms in by_op for w in forms) == sorted(ptxalu.legal_forms())
    for name, forms in zip(names, by_op):
        assert {ptxalu.op_name(w) for w in forms} == {name}
    with pytest.raises(ValueError, match="'vfoo' is not an operation"):
        ptxalu.legal_forms("vfoo")


def test_random_words_with_selectors_round_trip(seed):
    rng = ptxalu.RandomInsn(seed)
    for _ in range(3000):
        word = rng.ctrl()
        assert ptxalu.is_legal(word), f"seed {seed}: {word:#x}"
        assert ptxalu.encode(ptxalu.decode(word)) == word, f"seed {seed}: {ptxalu.decode(word)}"


def test_random_generator_is_reproducible():
    one, two = ptxalu.RandomInsn(7), ptxalu.RandomInsn(7)
    assert [one.ctrl() for _ in range(20)] == [two.ctrl() for _ in range(20)]
    assert one.operands() == two.operands()
    assert ptxalu.op_name(one.ctrl_of("dp2a")) == "dp2a"
    with pytest.raises(ValueError):
        one.below(0)


def test_encode_writes_selectors_and_masks():
    plain = ptxalu.encode("vadd4.u32.u32.u32 d, a, b, c")
    picked = ptxalu.encode("vadd4.u32.u32.u32 d.b10, a.b0123, b, c")
    assert plain != picked
    assert ptxalu.decode(picked) == "vadd4.u32.u32.u32 d.b10, a.b0123, b, c"
    # Modifier order of CLARIFICATIONS §21 is accepted; decode prints the canonical order.
    assert ptxalu.decode(ptxalu.encode("vadd4.sat.s32.s32.s32 d, a, b, c")) == "vadd4.s32.s32.s32.sat d, a, b, c"


def test_illegal_words():
    with pytest.raises(ValueError, match="is not a legal control word"):
        ptxalu.decode((1 << ptxalu.CTRL_WIDTH) - 1)
    with pytest.raises(ValueError, match="is not a legal control word"):
        ptxalu.decode(ptxalu.encode("add.u32 d, a, b") | (1 << ptxalu.CTRL_WIDTH))


def test_coverage_bins():
    bins = set(ptxalu.legal_bins())
    assert len(bins) > 1000
    hit = set()
    for word in ptxalu.legal_forms():
        got = ptxalu.bins_of(word)
        assert got and set(got) <= bins
        hit.update(got)
    assert any(b.startswith("form:") for b in hit)
