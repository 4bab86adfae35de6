"""ptxalu: the golden model of PTX video and integer instructions, with its PTX front end.

The C++ model of sim/model and the front end of sim/frontend, compiled into ``ptxalu._ptxalu``;
see python/README.md. A five-line session::

    >>> import ptxalu
    >>> hex(ptxalu.eval("vadd4.s32.s32.u32.sat d, a, b, c", a=0x7F01FF80, b=0x01FF0180))
    '0x7f7f0000'
    >>> w = ptxalu.encode("vadd4.s32.s32.u32.sat d, a, b, c"); ptxalu.decode(w)
    'vadd4.s32.s32.u32.sat d, a, b, c'
"""

from ._ptxalu import (
    __version__,
    CTRL_WIDTH,
    NUM_OPS,
    PtxError,
    RandomInsn,
    TraceEntry,
    bins_of,
    decode,
    encode,
    eval,
    eval_many,
    execute,
    is_legal,
    legal_bins,
    legal_forms,
    op_name,
    op_names,
    opcode,
    run,
    seed_from_env,
    signature,
)

__all__ = [
    "__version__",
    "CTRL_WIDTH",
    "NUM_OPS",
    "PtxError",
    "RandomInsn",
    "TraceEntry",
    "bins_of",
    "decode",
    "encode",
    "eval",
    "eval_many",
    "execute",
    "is_legal",
    "legal_bins",
    "legal_forms",
    "op_name",
    "op_names",
    "opcode",
    "run",
    "seed_from_env",
    "signature",
]
