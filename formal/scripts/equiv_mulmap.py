"""Products for the algebraic engine's AIG: every `$mul` cell of an RTLIL file rewritten as the
gates of an array multiplier (equiv_build.pair_script runs this between its two Yosys steps).

Usage: equiv_mulmap.py IN.il OUT.il

The array: one row per bit of A, each row B's bits extended to the
product width and ANDed with that bit, added to the rows above it by a ripple of full adders
(p = x ^ r, g = x & r, sum p ^ c, carry g | p & c: the cells Yosys' $alu with
algebra/ripple_lcu.v's ripple $lcu gives, the full adders the engine detects). A signed A's
top row is subtracted (acc + ~row + 1). Unlike a Yosys techmap template of the same array (this
file replaced one in ripple_lcu.v), the gates are written out here: Yosys elaborating the
template's generate loops and folding its constants (opt_expr) was 7 of the 10 s CPU it took
for a 65x65 signed product (2026-11-28). Also:

  - row i starts at bit i (the bits below are the rows above's, unchanged) and constants fold
    as they are written (no adder for a constant 0; the first row is the sum itself);
  - B's top bits that repeat its sign bit (Yosys extends a 16-bit `$signed` operand to the
    product width with copies of bit 15) are the row's sign extension, one AND per row; A's
    constant-0 top bits are no rows (nor is any constant-0 bit of A: a subtracted zero row's
    borrow chain is constant, but the engine cannot see it), and A is then unsigned. A's copies
    of its sign bit stay rows, as Yosys' own array had them (narrowed, the engine left signed
    .hi forms undecided).

Bad input (an RTLIL file this does not understand) ends with one line on stderr and exit 2.
"""

import re
import sys


class MulMapError(Exception):
    pass


_TOKEN = re.compile(r"\s*(\{|\}|\[\d+(?::\d+)?\]|\d+'[01xzm-]*|-?\d+|[\\$]\S+)")


def _sig_bits(text, widths):
    """The bits of an RTLIL sigspec, LSB first: 0/1 for constant bits, (wire, index) for a
    wire's, a fresh object (equal to nothing) where the bit's identity is not plain (x/z
    constants, wires with an offset or upto)."""
    tokens, pos = [], 0
    while pos < len(text.rstrip()):
        m = _TOKEN.match(text, pos)
        if not m:
            raise MulMapError(f"cannot read the signal '{text.strip()}'")
        tokens.append(m.group(1))
        pos = m.end()

    def parse(i):  # (bits LSB first, next token index)
        t = tokens[i]
        if t == "{":
            parts, i = [], i + 1
            while tokens[i] != "}":
                bits, i = parse(i)
                parts.append(bits)
            return [b for p in reversed(parts) for b in p], i + 1
        if "'" in t:
            n, v = t.split("'")
            v = v.rjust(int(n), "0")[-int(n):] if v else "0" * int(n)
            return [int(c) if c in "01" else object() for c in reversed(v)], i + 1
        if t[0] not in "\\$":
            return [(int(t) >> k) & 1 for k in range(32)], i + 1
        if t not in widths:
            raise MulMapError(f"unknown wire {t}")
        width, plain = widths[t]
        sel = tokens[i + 1] if i + 1 < len(tokens) and tokens[i + 1][0] == "[" else None
        lo, hi = 0, width - 1
        if sel:
            idx = [int(x) for x in sel[1:-1].split(":")]
            hi, lo = idx[0], idx[-1]
        bits = [(t, k) if plain else object() for k in range(lo, hi + 1)]
        return bits, i + (2 if sel else 1)

    bits, i = parse(0) if tokens else ([], 0)
    if i != len(tokens):
        raise MulMapError(f"cannot read the signal '{text.strip()}'")
    return bits


def _narrow(bits, signed):
    """The operand's bits without top bits that do not change its value."""
    bits = list(bits)
    if signed:  # opaque bits (object()) equal only themselves
        while len(bits) > 1 and bits[-1] == bits[-2]:
            bits.pop()
    else:
        while bits and bits[-1] == 0:
            bits.pop()
    return bits


class _Gates:
    """Gate cells with constant folding; a net is 0, 1 or an RTLIL sigspec string."""

    def __init__(self, prefix):
        self.prefix, self.n, self.lines = prefix, 0, []

    def _cell(self, kind, *ins):
        self.n += 1
        y = f"{self.prefix}g{self.n}"
        ports = "".join(f"    connect \\{p} {self.sig(v)}\n" for p, v in zip("AB", ins))
        self.lines.append(f"  wire {y}\n  cell $_{kind}_ {y}c\n{ports}    connect \\Y {y}\n  end")
        return y

    @staticmethod
    def sig(v):
        return f"1'{v}" if v in (0, 1) else v

    def not1(self, a):
        return 1 - a if a in (0, 1) else self._cell("NOT", a)

    def _fold2(self, kind, a, b, absorbing):
        """AND (absorbing 0) or OR (absorbing 1) of a and b, folded where one is a constant."""
        if absorbing in (a, b):
            return absorbing
        if 1 - absorbing in (a, b):  # the identity: the other operand
            return b if a == 1 - absorbing else a
        return self._cell(kind, a, b)

    def and2(self, a, b):
        return self._fold2("AND", a, b, 0)

    def or2(self, a, b):
        return self._fold2("OR", a, b, 1)

    def xor2(self, a, b):
        if a in (0, 1) or b in (0, 1):
            c, v = (a, b) if a in (0, 1) else (b, a)
            return v if c == 0 else self.not1(v)
        return self._cell("XOR", a, b)


def _product(gates, a, b, a_signed, b_signed, width):
    """The product's bits (LSB first, `width` of them) of operands given as nets."""
    b_ext = lambda k: b[k] if k < len(b) else (b[-1] if b_signed and b else 0)
    acc = None
    for i, ai in enumerate(a[:width]):
        if ai == 0:
            continue
        sub = a_signed and i == len(a) - 1
        row = [gates.and2(b_ext(k - i), ai) for k in range(i, width)]
        if acc is None and not sub:
            acc = [0] * i + row
            continue
        acc = acc or [0] * width
        c = 1 if sub else 0
        for k in range(i, width):
            r = gates.not1(row[k - i]) if sub else row[k - i]
            x = acc[k]
            p, g = gates.xor2(x, r), gates.and2(x, r)
            acc[k] = gates.xor2(p, c)
            if k + 1 < width:
                c = gates.or2(g, gates.and2(p, c))
    return acc or [0] * width


def _map_cell(n, params, conns, widths):
    """The lines that replace `$mul` cell number n."""
    try:
        aw, bw, yw = (int(params[f"\\{p}_WIDTH"]) for p in "ABY")
        sa, sb = (int(params[f"\\{p}_SIGNED"]) != 0 for p in "AB")
        a_txt, b_txt, y_txt = (conns[f"\\{p}"] for p in "ABY")
    except (KeyError, ValueError) as e:
        raise MulMapError(f"a $mul cell without its parameter or port {e}")
    prefix = f"$ptxalu_mul${n}$"
    lines = [f"  wire width {aw} {prefix}a", f"  connect {prefix}a {a_txt}",
             f"  wire width {bw} {prefix}b", f"  connect {prefix}b {b_txt}"]
    a_bits, b_bits = _sig_bits(a_txt, widths), _sig_bits(b_txt, widths)
    if len(a_bits) != aw or len(b_bits) != bw:
        raise MulMapError("a $mul cell whose A or B is not A_WIDTH or B_WIDTH bits")
    # Each kept bit of an operand is its own wire's bit; constants stay constants.
    # A's constant-0 top bits are no rows; a signed A without its sign bit is unsigned. Its
    # copies of a sign bit stay rows: without them the engine left mult_split's signed .hi
    # forms undecided ("polynomial too large", 2026-11-28).
    a_kept = _narrow(a_bits, False)
    sa = sa and len(a_kept) == len(a_bits)
    a = [v if v in (0, 1) else f"{prefix}a [{k}]" for k, v in enumerate(a_kept)]
    b = [v if v in (0, 1) else f"{prefix}b [{k}]" for k, v in enumerate(_narrow(b_bits, sb))]
    gates = _Gates(prefix)
    y = _product(gates, a, b, sa, sb, yw)
    lines += gates.lines
    lines.append(f"  connect {y_txt} {{ {' '.join(gates.sig(v) for v in reversed(y))} }}")
    return lines


_WIRE = re.compile(r"\s*wire\s+(.*?)([\\$]\S+)\s*$")


def map_products(text):
    """The RTLIL text with every $mul cell replaced by its gates."""
    out, widths, cell, n = [], {}, None, 0
    for line in text.splitlines():
        s = line.strip()
        if cell is not None:  # inside a $mul cell
            if s == "end":
                n += 1
                out += _map_cell(n, *cell, widths)
                cell = None
            elif s.startswith("parameter "):
                _, name, val = s.split(None, 2)
                cell[0][name] = val
            elif s.startswith("connect "):
                _, port, sig = s.split(None, 2)
                cell[1][port] = sig
            continue
        if s.startswith("module "):
            widths = {}
        m = _WIRE.match(line)
        if m:
            opts = m.group(1).split()
            width = int(opts[opts.index("width") + 1]) if "width" in opts else 1
            plain = "offset" not in opts and "upto" not in opts
            widths[m.group(2)] = (width, plain)
        if re.match(r"\s*cell\s+\$mul\s", line):
            cell = ({}, {})
            continue
        out.append(line)
    if cell is not None:
        raise MulMapError("a $mul cell without its end")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 3:
        print("usage: equiv_mulmap.py IN.il OUT.il", file=sys.stderr)
        return 2
    try:
        with open(argv[1]) as f:
            text = f.read()
        mapped = map_products(text)
        with open(argv[2], "w") as f:
            f.write(mapped)
    except (OSError, MulMapError) as e:
        print(f"equiv_mulmap: {argv[1]}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
