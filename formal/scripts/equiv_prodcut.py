"""Cut points at the products, for the equivalence flow (ptxalu_equiv.py).

When both sides multiply with products of the same exact shapes (after Yosys `wreduce`: the
operand widths, signedness and result width; e.g. our vmad's 33x33 -> 66 against a user's
vmad whose product is written at 128 bits of sign-extended 33-bit operands), SAT sweeping has to
prove two array multipliers equal bit by bit, inside every multiplexer of every control-word
form (vmad's .sat and .shr forms included): 70-150 s of ABC on vmad. This removes the products
from the SAT problem instead:

  every $mul cell of each side is replaced by a fresh input P_k (its result is P_k's low bits,
  P_k having the exact width A+B), and its operands A, B become outputs. Products are paired
  between the sides in the order of their shapes (the k-th product of a shape on GOLD with the
  k-th on GATE); both sides read the same P_k. The miter (ABC &cec, under the same legality
  assumption as the whole check) requires the original outputs and every pair's operands equal,
  for every input and every value of the P_k.

Why that proves the two units equivalent: for any input (legal, with --legal), the miter gives
each pair equal operands on both sides, so the two products -- the same function of the same
operands, their shapes being equal -- are equal; that value is one of the P_k the miter ranges
over, where it gives equal outputs. If the miter is not proven (a user who computes the product
from other operands, a swapped operand order, products paired wrongly, a time limit) the cut
proves nothing and the flow goes on without it: no verdict, and never a counterexample, is taken
from it. Same-shaped pairs with equal operand widths are tried once more with GATE's operands
swapped (a*b against b*a).
"""

import os
import re

from equiv_abc import abc_cec
from equiv_build import first_error, write_wrap

# A $mul cell with its attribute lines (removing the cell alone would leave them dangling)
CELL = re.compile(r"^(?:  attribute [^\n]*\n)*  cell \$mul (\S+)\n(.*?)^  end\n", re.M | re.S)


def _param(body, name):
    m = re.search(rf"^    parameter \\{name} (\S+)$", body, re.M)
    if not m:
        raise ValueError(f"$mul without {name}")
    v = m.group(1)
    return int(v.split("'", 1)[1], 2) if "'" in v else int(v)


def _conn(body, port):
    m = re.search(rf"^    connect \\{port} (.+)$", body, re.M)
    if not m:
        raise ValueError(f"$mul without {port}")
    return m.group(1)


def products(il):
    """The $mul cells of an RTLIL module text: [((signed, A width, B width, Y width), cell
    text, A, B, Y)], the narrower operand as A, sorted by shape (stable: Yosys writes cells in
    name order)."""
    out = []
    for m in CELL.finditer(il):
        body = m.group(2)
        sa, sb = _param(body, "A_SIGNED"), _param(body, "B_SIGNED")
        wa, wb, wy = _param(body, "A_WIDTH"), _param(body, "B_WIDTH"), _param(body, "Y_WIDTH")
        if sa != sb or wy > wa + wb:  # wreduce leaves neither; do not guess what they mean
            raise ValueError("a $mul of mixed signedness or wider than its exact product")
        a, b = _conn(body, "A"), _conn(body, "B")
        if wa > wb:  # the narrower operand first: a*b and b*a have one shape
            wa, wb, a, b = wb, wa, b, a
        out.append(((sa, wa, wb, wy), m.group(0), a, b, _conn(body, "Y")))
    return sorted(out, key=lambda p: p[0])


def cut(il, tag, prods, swap=False):
    """The RTLIL with each product k replaced: Y from input \\equiv_prod<k>, A and B on
    outputs \\equiv_prod<k>_a/_b (swapped when `swap` and the operand widths are equal)."""
    lines = []
    for k, ((_, wa, wb, wy), text, a, b, y) in enumerate(prods):
        if swap and wa == wb:
            a, b = b, a
        il = il.replace(text, "", 1)
        base = 100000 + 3 * k  # port numbers after the unit's own; Yosys renumbers them
        lines += [f"  wire width {wa + wb} input {base} \\equiv_prod{k}",
                  f"  wire width {wa} output {base + 1} \\equiv_prod{k}_a",
                  f"  wire width {wb} output {base + 2} \\equiv_prod{k}_b",
                  f"  connect {y} \\equiv_prod{k} [{wy - 1}:0]",
                  f"  connect \\equiv_prod{k}_a {a}", f"  connect \\equiv_prod{k}_b {b}"]
    return add_to_module(il, tag, lines)


def add_to_module(il, tag, lines):
    """RTLIL text `il` with `lines` added at the end of module equiv_<tag>."""
    start = il.index(f"module \\equiv_{tag}\n")
    end = il.index("\nend\n", start)  # the module's own end (its cells end with "  end")
    return il[:end] + "\n" + "\n".join(lines) + il[end:]


def try_product_cut(flow, ports):
    """('equivalent', how) when the product-cut miter is proven; ('differ', why) when ABC
    found it different (a bug, or operands the cut may not free: the flow then looks for a
    witness on the whole miter); otherwise (None, why not)."""
    a = flow.a
    sub = flow.sub("prodcut")
    texts, prods = {}, {}
    for tag in ("gold", "gate"):
        r = sub.yosys(f"read_rtlil {os.path.join(flow.work, tag + '.il')}; wreduce; opt_clean; "
                      f"write_rtlil {tag}_w.il", f"{tag}_w.log")
        if r is None or r[0]:
            return None, "wreduce: " + ("time limit" if r is None else first_error(r[1]))
        texts[tag] = open(os.path.join(sub.work, f"{tag}_w.il")).read()
        try:
            prods[tag] = products(texts[tag])
        except ValueError as e:
            return None, f"{tag}: {e}"
    shapes = [[p[0] for p in prods[t]] for t in ("gold", "gate")]
    if not shapes[0] or shapes[0] != shapes[1]:
        return None, "the two sides' products differ in shape"
    cut_ports = dict(ports)
    for k, (_, wa, wb, _) in enumerate(shapes[0]):
        cut_ports.update({f"equiv_prod{k}": ("input", wa + wb),
                          f"equiv_prod{k}_a": ("output", wa),
                          f"equiv_prod{k}_b": ("output", wb)})
    square = any(wa == wb for _, wa, wb, _ in shapes[0])
    verdict = None
    for swap in (False, True) if square else (False,):
        for tag in ("gold", "gate"):
            with open(os.path.join(sub.work, f"{tag}.il"), "w") as f:
                f.write(cut(texts[tag], tag, prods[tag], swap and tag == "gate"))
        verdict = abc_cec(sub, write_wrap(sub, cut_ports, a.legal, False))
        if verdict == "equivalent":
            dims = ", ".join(f"{wa}x{wb}{' signed' if s else ''}" for s, wa, wb, _ in shapes[0])
            return verdict, (f"cut at the {len(shapes[0])} product(s) ({dims}): operands proven "
                          f"equal{' (swapped)' if swap else ''} and the rest with the products "
                          "free (ABC &cec)")
        if verdict != "differ":
            break
    return (verdict if verdict == "differ" else None), f"product-cut miter: ABC {verdict}"
