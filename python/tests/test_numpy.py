"""ptxalu.eval_many over NumPy arrays against the scalar path and an independent reference."""

import numpy as np
import pytest

import ptxalu


def random_stream(seed, count):
    rng = ptxalu.RandomInsn(seed)
    words = np.array([rng.ctrl() for _ in range(count)], dtype=np.uint64)
    ops = np.array([rng.operands() for _ in range(count)], dtype=np.uint64)
    return words, ops[:, 0], ops[:, 1], ops[:, 2], ops[:, 3]


def test_word_per_element_matches_scalar_path(seed):
    words, a, b, c, d = random_stream(seed, 4000)
    many = ptxalu.eval_many(words, a, b, c, d)
    assert many.dtype == np.uint64 and many.shape == (4000,)
    for i in range(len(words)):
        w = int(words[i])
        assert int(many[i]) == ptxalu.execute(w, int(a[i]), int(b[i]), int(c[i]), int(d[i])), (
            f"seed {seed}, element {i}: {ptxalu.decode(w)}")


def test_one_instruction_matches_eval(seed):
    rng = ptxalu.RandomInsn(seed)
    for _ in range(40):
        word = rng.ctrl()
        text = ptxalu.decode(word)  # spec operand names d, a, b, c (bfi: f, a, b, c, d)
        # Source names without selectors or vmad's negation: 'a.h1' and '-a' bind 'a'.
        names = [t.lstrip("-").split(".")[0] for t in text.replace(",", " ").split()[2:]]
        width = ptxalu.signature(word)[1]
        ops = np.array([rng.operands() for _ in range(50)], dtype=np.uint64)
        by_text = ptxalu.eval_many(text, *[ops[:, k] for k in range(len(names))])
        by_word = ptxalu.eval_many(word, *[ops[:, k] for k in range(len(names))])
        assert np.array_equal(by_text, by_word), f"seed {seed}: {text}"
        for i in range(len(ops)):
            bound = {n: int(ops[i, k]) & ((1 << width[k]) - 1) for k, n in enumerate(names)}
            assert int(by_text[i]) == ptxalu.eval(text, **bound), f"seed {seed}: {text} {bound}"


def lanes(value):
    return [(value >> (8 * i)) & 0xFF for i in range(4)]


def test_vadd4_saturation_over_all_byte_pairs():
    # Spec (simd-video-vop4.md): each byte lane adds a and b exactly, then .sat clamps to the
    # destination type's range. Reference written here from that text, on every byte pair.
    pairs = np.arange(1 << 16, dtype=np.uint64)
    x, y = pairs & 0xFF, pairs >> 8
    rep = np.uint64(0x01010101)
    a, b = x * rep, y * rep  # the pair in all four lanes
    unsigned = ptxalu.eval_many("vadd4.u32.u32.u32.sat d, a, b, c", a, b)
    signed = ptxalu.eval_many("vadd4.s32.s32.s32.sat d, a, b, c", a, b)
    xs = np.where(x >= 128, x.astype(np.int64) - 256, x.astype(np.int64))
    ys = np.where(y >= 128, y.astype(np.int64) - 256, y.astype(np.int64))
    want_u = np.minimum(x + y, 255).astype(np.uint64)
    want_s = (np.clip(xs + ys, -128, 127) & 0xFF).astype(np.uint64)
    assert np.array_equal(unsigned, want_u * rep)
    assert np.array_equal(signed, want_s * rep)


def test_immediates_scalars_and_conversion():
    a = np.arange(5, dtype=np.uint64)
    # The immediate written in the text is the second source.
    assert ptxalu.eval_many("add.u32 d, a, 7", a).tolist() == [7, 8, 9, 10, 11]
    # An int is used for every element; lists and signed arrays convert to uint64.
    assert ptxalu.eval_many("add.u32 d, a, b", [1, 2], 40).tolist() == [41, 42]
    assert ptxalu.eval_many("add.u32 d, a, b", np.array([-1, 5], dtype=np.int64), 1).tolist() == [0, 6]
    # Non-contiguous input.
    assert ptxalu.eval_many("add.u32 d, a, b", np.arange(10, dtype=np.uint64)[::2], 0).tolist() == [0, 2, 4, 6, 8]


def test_bad_arguments():
    with pytest.raises(ValueError, match="immediate '7'"):
        ptxalu.eval_many("add.u32 d, a, 7", [1], [2])
    with pytest.raises(ValueError, match="arrays differ in length: 2 and 3"):
        ptxalu.eval_many("add.u32 d, a, b", [1, 2], [1, 2, 3])
    with pytest.raises(ValueError, match="one-dimensional"):
        ptxalu.eval_many("add.u32 d, a, b", np.zeros((2, 2), dtype=np.uint64), 0)
    with pytest.raises(ValueError, match="at least one array"):
        ptxalu.eval_many("add.u32 d, a, b", 1, 2)
    with pytest.raises(ValueError, match="is not a legal control word"):
        ptxalu.eval_many((1 << ptxalu.CTRL_WIDTH) - 1, [1])
    with pytest.raises(ptxalu.PtxError):
        ptxalu.eval_many("add.u33 d, a, b", [1])


def test_illegal_word_in_an_array_gives_zero():
    words = np.array([ptxalu.encode("add.u32 d, a, b"), (1 << ptxalu.CTRL_WIDTH) - 1], dtype=np.uint64)
    assert ptxalu.eval_many(words, [1, 1], [2, 2]).tolist() == [3, 0]
    # A legal word with a bit set above ctrl_t is no control word either.
    high = ptxalu.encode("add.u32 d, a, b") | (1 << 63)
    assert ptxalu.eval_many(np.array([high], dtype=np.uint64), [1], [2]).tolist() == [0]
    assert ptxalu.execute(high, 1, 2) == 0
