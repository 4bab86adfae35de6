#!/usr/bin/env python3
"""Saturation of a SIMD video op over every pair of bytes, as a PNG.

  python/examples/plot_saturation.py [--op vadd4] [--out saturation.png]

For OP (vadd4, vsub4, vavrg4, vabsdiff4, vmin4, vmax4) and three type combinations (all unsigned,
all signed, signed d and a with unsigned b), the model computes lane 0 of `OP.d.a.b[.sat] d, a, b, c`
for all 65536 byte pairs in one ptxalu.eval_many call each, with and without .sat, and draws the
results as heat maps over a (x axis) and b (y axis), read in their own signedness. The .sat row
shows where each type combination clamps; the plain row shows the wrap-around it replaces.
Needs the ptxalu module and matplotlib. Bad usage or a missing module: one line, exit 2.
"""

import argparse
import sys

OPS = ["vadd4", "vsub4", "vavrg4", "vabsdiff4", "vmin4", "vmax4"]
TYPES = [("u32", "u32", "u32"), ("s32", "s32", "s32"), ("s32", "s32", "u32")]


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        print(f"plot_saturation: error: {message}", file=sys.stderr)
        sys.exit(2)


def as_lane(values, signed):
    """Byte 0 of each value, read as a signed or unsigned 8-bit lane."""
    lane = (values & 0xFF).astype("int64")
    return lane - 256 * (lane >= 128) if signed else lane


def main(argv):
    parser = OneLineParser(description=__doc__.split("\n")[0])
    parser.add_argument("--op", default="vadd4", choices=OPS, help="SIMD op (default vadd4)")
    parser.add_argument("--out", default="saturation.png", help="PNG to write")
    args = parser.parse_args(argv)
    try:
        import numpy as np
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        parser.error(f"Python module {error.name} is not installed (scripts/install-deps.sh)")
    try:
        import ptxalu
    except ImportError:
        parser.error("Python module ptxalu is not importable: PYTHONPATH=build/python or pip install .")

    pairs = np.arange(1 << 16, dtype=np.uint64)
    a_byte, b_byte = pairs & 0xFF, pairs >> 8
    fig, axes = plt.subplots(2, len(TYPES), figsize=(4.2 * len(TYPES), 8), constrained_layout=True)
    for col, (dt, at, bt) in enumerate(TYPES):
        for row, sat in enumerate([".sat", ""]):
            insn = f"{args.op}.{dt}.{at}.{bt}{sat} d, a, b, c"
            try:
                result = ptxalu.eval_many(insn, a_byte, b_byte)
            except ptxalu.PtxError as error:
                parser.error(str(error))
            image = as_lane(result, dt == "s32").reshape(256, 256)  # rows: b byte, columns: a byte
            # Reorder the axes so that each runs from its type's minimum to its maximum.
            order_a = np.argsort(as_lane(np.arange(256), at == "s32"))
            order_b = np.argsort(as_lane(np.arange(256), bt == "s32"))
            image = image[order_b][:, order_a]
            a_min, b_min = (-128 if at == "s32" else 0), (-128 if bt == "s32" else 0)
            ax = axes[row][col]
            shown = ax.imshow(image, origin="lower", cmap="viridis", interpolation="nearest",
                              extent=(a_min - 0.5, a_min + 255.5, b_min - 0.5, b_min + 255.5))
            ax.set_title(insn.split(" ")[0], fontsize=10)
            ax.set_xlabel(f"a (.{at[0]}8 lane)")
            ax.set_ylabel(f"b (.{bt[0]}8 lane)")
            fig.colorbar(shown, ax=ax, shrink=0.8, label=f"d lane 0 (.{dt[0]}8)")
    fig.suptitle(f"{args.op}: lane result over every byte pair, with and without .sat "
                 f"(ptxalu model, ptxalu {ptxalu.__version__})")
    try:
        fig.savefig(args.out, dpi=80)
    except OSError as error:
        parser.error(f"cannot write {args.out}: {error.strerror}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
