"""The formal obligations of ptxalu: what is proven, by which engine.

Read by scripts/ptxalu_formal.py. Each entry is a dict:
  name          obligation name (report key); its unit is the part before the first "/"
  engine        sat | abc-cec | abc-fraig-cec | abc-iprove | abc-dprove | sat-tempinduct | sat-bmc |
                smtbmc-z3-bmc | smtbmc-z3-induction | algebra | equiv (formal/equiv.sh: the RTL
                against `spec_top` of `miter_file`, or `spec_top` against `equals`)
  rtl / spec    unit-vs-spec miter (generated): RTL module, spec module, `ports` (inputs other
                than ctrl_i), `result_width`, `assume` (extra SV restriction on ctrl_i),
                `fixed_op` (the op field made a constant), `compare`, `drive`
  miter_file    or a hand-written miter in formal/miter/ (`top`, `rtl_tops`, `specs`, `params`,
                `defines`)
  substitute    {rtl module: formal/abstract file} stand-ins (multiplier cuts, datapath cut)
  post_flatten  Yosys commands after flattening (probes, cut ties); sat_prove / sat_args extra
                `sat` queries and options; aig_opt: Yosys opt on the gate netlist before ABC;
                prep_front: the earlier `prep` front end (the unit's ops optimised first)
  mutant        {file, find, replace}: planted bug; the obligation is that the proof FAILS
  cpu_limit     CPU seconds the obligation may use (default CPU_LIMIT): a limit on the work,
                not on the wall clock, so that the verdict does not depend on the machine's load

Where one statement is proven as several obligations (per op, per step of a decomposition),
the comment at the family says what their conjunction is.
"""

import importlib.util
from pathlib import Path


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load_isa():
    return _load(Path(__file__).resolve().parents[1] / "sim" / "isa" / "isa.py", "ptxalu_isa_table")


P = "ptxalu_pkg::"
CPU_LIMIT = 30  # seconds of CPU; every obligation fits in it with a wide margin (README)


def op_in(*ops):
    return "(" + " || ".join(f"ctrl_i.op == {P}{op}" for op in ops) + ")"


# The op lists of each unit come from the instruction table (sim/isa/instructions.json).
_ISA = _load_isa()
SIMD_X2 = _ISA.ops_of(unit="simd", selectors="x2")
SIMD_X4 = _ISA.ops_of(unit="simd", selectors="x4")
VIDEO = _ISA.ops_of(unit="video")
INT_ALU = _ISA.ops_of(unit="intalu")
MULT = _ISA.ops_of(unit="mult")
# popc and fns have their own decompositions below.
BITS = [op for op in _ISA.ops_of(unit="bitmanip") if op not in ("OpPopc", "OpFns")]

P32 = [("a_i", 32), ("b_i", 32), ("c_i", 32)]
P64 = [("a_i", 64), ("b_i", 64), ("c_i", 64)]
P4x64 = [("a_i", 64), ("b_i", 64), ("c_i", 64), ("d_i", 64)]


def unit(name, rtl, spec, ops, ports, rw, engine="sat", **kw):
    """RTL unit against its spec for the given op(s), every legal control word of them."""
    o = {"name": name, "engine": engine, "rtl": rtl, "spec": spec, "specs": [spec],
         "fixed_op": ops[0] if len(ops) == 1 else None,
         "ports": ports, "result_width": rw, "assume": op_in(*ops)}
    o.update(kw)
    return o


def _simd():
    # Per op (sat): the unit equals spec_simd for every asel/bsel/mask/type/sat/accumulate.
    L = [unit(f"simd/{op}", "ptxalu_simd", "spec_simd", [op], P32, 32)
         for op in SIMD_X2 + SIMD_X4]
    # (simd/all-ops, the same statement for all ops at once on ABC, 36-63 s of CPU, was a
    # second-engine copy of these fourteen and is gone.)
    for w in (8, 16):
        L.append({"name": f"simd/lane{w}-vs-scalar-spec", "engine": "sat",
                  "rtl_tops": ["ptxalu_simd_lane"], "specs": ["spec_simd_lane_scalar"],
                  "miter_file": "miter_simd_lane.sv", "top": "miter_simd_lane",
                  "params": {"Width": w}})
    lanes = {"engine": "abc-cec", "rtl_tops": ["ptxalu_simd"], "specs": ["spec_simd_lane_scalar"],
             "miter_file": "miter_simd_lanes.sv", "top": "miter_simd_lanes"}
    L.append(dict(lanes, name="simd/lanes-merge"))
    # .add per lane width (x4, x2): together the old simd/lanes-accumulate (16 s of CPU).
    for n in (4, 2):
        L.append(dict(lanes, name=f"simd/lanes-accumulate-x{n}", defines=["LANES_ACCUMULATE"],
                      params={"Lanes": n}, note="split by lane width (was lanes-accumulate)"))
    # Stages = 1 (ptxalu_top's default depth) is the combinational unit one en_i cycle later;
    # Stages = 2 (depth 4) two en_i cycles later, bounded (k-induction cannot see its first
    # register's relation to the expected answer): every input free for 3 cycles from the zero
    # state (26 s of CPU; 5 cycles ran past 120 s).
    stages = {"rtl_tops": ["ptxalu_simd"], "specs": [], "miter_file": "miter_simd_stages.sv",
              "top": "miter_simd_stages"}
    L.append(dict(stages, name="simd/stages1-is-delayed-comb", engine="sat-tempinduct", steps=4))
    L.append(dict(stages, name="simd/stages2-is-delayed-comb", engine="sat-bmc", steps=3,
                  cpu_limit=120, params={"Stages": 2}))
    return L


def _video():
    # ABC: the unit's narrow 34-bit datapath against the spec's 80-bit one (the planted bugs
    # still run with sat).
    return [unit(f"video/{op}", "ptxalu_video", "spec_video", [op], P32, 32, engine="abc-cec")
            for op in VIDEO]


def _products():
    """vmad and the multiply family around their multipliers (cut-product: the logic around
    the product for every product value, and the multiplier's operands are the spec's), and
    each multiplier module equal to the spec's own product (product lemma). Their conjunction
    is the unit with its real multiplier against the spec with its own `ta * tb`: the old
    vmad/same-primitive statement, which ABC proved in 6-240 s depending on its sweeping."""
    L = [unit("vmad/cut-product", "ptxalu_vmad", "spec_vmad", ["OpVmad"], P32, 32,
              substitute={"ptxalu_vmad_mult": "ptxalu_vmad_mult_cut.sv"},
              defines=["SPEC_VMAD_CUT_PRODUCT"],
              post_flatten=["connect -set u_spec.prod_cut u_rtl.g_own_mult.u_mult.free_product"],
              sat_prove=["u_rtl.g_own_mult.u_mult.a_seen u_spec.ta_mul",
                         "u_rtl.g_own_mult.u_mult.b_seen u_spec.tb_mul"]),
         unit("mult/cut-product", "ptxalu_mult", "spec_mult", MULT, P64, 64,
              substitute={"ptxalu_mult_core": "ptxalu_mult_core_cut.sv"},
              defines=["SPEC_MULT_CUT_PRODUCT"],
              post_flatten=["connect -set u_spec.prod_cut u_rtl.g_own_core.u_core.free_product"],
              sat_prove=["u_rtl.g_own_core.u_core.a_seen u_spec.ta_mul",
                         "u_rtl.g_own_core.u_core.b_seen u_spec.tb_mul"])]
    for name, module, width in (("vmad/product-lemma", "ptxalu_vmad_mult", 33),
                                ("mult/product-lemma", "ptxalu_mult_core", 65)):
        L.append({"name": name, "engine": "sat", "rtl_tops": [module], "specs": [],
                  "miter_file": "miter_product.sv", "top": "miter_product",
                  "defines": [f"PRODUCT_IMPL={module}"], "params": {"OpWidth": width}})
    return L


def _mult_iter():
    """ptxalu_mult_iter (the small configuration's multiplier) against the exact signed product
    and its addend (miter_mult_iter.sv: held operands and addend, (neg ? ~a*b : a*b) + add << shift
    + cin whenever out_valid_o, latency bound), by BMC from
    the reset state, at a reduced size: DigitWidth 2, Digits 2 (5x5 bits; digit counts 1 and 2,
    so sign columns, sign digits and the final sign-sign term all occur). The small top builds
    the same module at 16 and 4, which tb/units_int/mult_iter_unit_test simulates (corners and
    random at every digit count); SAT ran past 10 minutes on a 17x17 product (4 and 4). The
    product alone (addend inputs 0) over two operations; with the addend free, the first
    operation at both digit counts (11 steps: with 14, SAT ran past 144 s of CPU); the same as
    the small top builds it (Window: 3 of the 5 digit slots, from the addend's digit up; KInput:
    k given, the operands' digits from k up free)."""
    base = {"engine": "sat-bmc", "rtl_tops": ["ptxalu_mult_iter"], "specs": [],
            "miter_file": "miter_mult_iter.sv", "top": "miter_mult_iter"}
    return [dict(base, name="mult_iter/exact-product-d2x2", steps=14,
                 params={"DigitWidth": 2, "Digits": 2, "Addend": 0}),
            dict(base, name="mult_iter/addend-d2x2", steps=11, cpu_limit=120,
                 params={"DigitWidth": 2, "Digits": 2, "Addend": 1}),
            dict(base, name="mult_iter/small-d2x2", steps=11, cpu_limit=120,
                 params={"DigitWidth": 2, "Digits": 2, "Addend": 1, "Window": 3, "KInput": 1})]


# The package's number of each op (the table's order is the package's).
OP_NUMBER = {_ISA.op_enum(op): i for i, (op, _) in enumerate(_ISA.ops())}


def _small_units():
    """The small configuration's sequential stand-ins against the combinational units they
    replace (miter_small_unit.sv: one operation from reset with a free legal word of the op,
    operands held, the answer exactly at the documented latency and held until taken), by BMC,
    per op. The reference units are proven equal to their specs by simd/*, bitmanip/* and
    intalu/*. ptxalu_intalu_small: every form, due in cycle 2 to 5. ptxalu_video_small (against
    ptxalu_video, proven by video/*): every form, due in cycle 5, 6 or 4 + the shift amount
    (amounts up to 3).
    ptxalu_simd_small: every form, due in cycle 6 (x4) or 4 (x2). ptxalu_bitmanip_small: the
    32-bit types only (due in cycle 33; the 64-bit step count is simulated by
    bitmanip_small_unit_test), every op but fns (its BMC ran past 300 s of CPU; simulated by
    bitmanip_small_unit_test). ptxalu_dot_small (against ptxalu_dot): every form, due 2."""
    miter = {"engine": "sat-bmc", "specs": [], "miter_file": "miter_small_unit.sv",
             "top": "miter_small_unit"}
    L = [dict(miter, name=f"simd_small/{op}/{form}", steps=8, cpu_limit=600,
              defines=["MITER_SIMD_SMALL"], rtl_tops=["ptxalu_simd_small", "ptxalu_simd"],
              params={"Op": OP_NUMBER[op], "Accumulate": acc})
         for op in SIMD_X2 + SIMD_X4 for form, acc in (("merge", 0), ("accumulate", 1))]
    L += [dict(miter, name=f"bitmanip_small/{op}", steps=36, cpu_limit=120,
               rtl_tops=["ptxalu_bitmanip_small", "ptxalu_bitmanip"],
               params={"Op": OP_NUMBER[op]}) for op in BITS + ["OpPopc"]]
    L += [dict(miter, name=f"intalu_small/{op}", steps=7, cpu_limit=120,
               defines=["MITER_INTALU_SMALL"], rtl_tops=["ptxalu_intalu_small", "ptxalu_intalu"],
               params={"Op": OP_NUMBER[op], "Only32": 0}) for op in INT_ALU]
    # ptxalu_video_small: every form, due in cycle 5 or 6; the shifts (due 4 + s) at the amounts
    # s <= 3 (with due 1 + s: at 36 steps, all 33 amounts, vshl ran past 120 s of CPU, at 10
    # steps, s <= 6, too; video_small_unit_test simulates every amount 0..40 of every form).
    L += [dict(miter, name=f"video_small/{op}", cpu_limit=120,
               steps=10 if op in ("OpVshl", "OpVshr") else 9,
               defines=["MITER_VIDEO_SMALL"], rtl_tops=["ptxalu_video_small", "ptxalu_video"],
               params={"Op": OP_NUMBER[op], "MaxShift": 3}) for op in VIDEO]
    # ptxalu_dot_small (ptxalu_dot with its cut and the sum registered): every form, due 2.
    L += [dict(miter, name=f"dot_small/{op}", steps=4, cpu_limit=120,
               defines=["MITER_DOT_SMALL"],
               rtl_tops=["ptxalu_dot_small", "ptxalu_dot"], params={"Op": OP_NUMBER[op]})
          for op in ("OpDp4a", "OpDp2a")]
    # ptxalu_divider_small in lockstep with the ptxalu_divider it stands in for (one step, no
    # early start; proven by divider/*-s1 and divider/output) one cycle apart (its load step):
    # the same handshake, so the latency one more, at the 16-bit types (the results: see
    # miter_divider_small.sv).
    L += [dict(miter, name=f"divider_small/{op}/handshake", steps=21, cpu_limit=120,
               miter_file="miter_divider_small.sv", top="miter_divider_small",
               rtl_tops=["ptxalu_divider_small", "ptxalu_divider"], params={"Op": OP_NUMBER[op]})
          for op in ("OpDiv", "OpRem")]
    return L


def _intalu_dot():
    L = [unit(f"intalu/{op}", "ptxalu_intalu", "spec_intalu", [op], P64, 64) for op in INT_ALU]
    L.append(unit("dot/dp4a", "ptxalu_dot", "spec_dot", ["OpDp4a"], P32, 32))
    L.append(unit("dot/dp2a", "ptxalu_dot", "spec_dot", ["OpDp2a"], P32, 32, engine="abc-cec",
                  aig_opt=True, prep_front=True))  # otherwise sat and ABC ran past 30 s
    return L


def _bitmanip():
    L = [unit(f"bitmanip/{op}", "ptxalu_bitmanip", "spec_bitmanip", [op], P4x64, 64)
         for op in BITS]
    # popc through two sums of 8-bit slices (miter_popc.sv): RTL == tree, tree == chain,
    # chain == spec; together RTL == spec for every legal popc word.
    for step, what in ((0, "rtl-is-slice-tree"), (1, "slice-tree-is-slice-chain"),
                       (2, "slice-chain-is-spec")):
        L.append({"name": f"bitmanip/OpPopc/{what}", "engine": "abc-cec",
                  "rtl_tops": ["ptxalu_bitmanip"] if step == 0 else [],
                  "specs": ["spec_bitmanip"] if step == 2 else [],
                  "miter_file": "miter_popc.sv", "top": "miter_popc", "params": {"Step": step}})
    return L + _fns()


def _fns():
    """fns for every input, decomposed (formal/README.md, "fns"): base > 31 and offset 0 as
    direct miters; for base 0..31 and a non-zero offset, the RTL and the spec each satisfy the
    walk's one-step recursion (miter_fns_walk.sv: hit and step, forward and backward), and
    the recursion bottoms out in base > 31 (32 forward, 0xffffffff backward)."""
    L = [unit("bitmanip/OpFns/base-above-31", "ptxalu_bitmanip", "spec_bitmanip", ["OpFns"],
              P4x64, 64, compare="!(b_i[31:0] > 32'd31) || rtl_result == spec_result"),
         unit("bitmanip/OpFns/offset-zero", "ptxalu_bitmanip", "spec_bitmanip", ["OpFns"],
              P4x64, 64, drive={"c_i": "{c_i[63:32], 32'd0}"})]
    walk = {"engine": "abc-cec", "rtl_tops": [], "specs": [], "miter_file": "miter_fns_walk.sv",
            "top": "miter_fns_walk"}
    for d, backward in (("fwd", 0), ("bwd", 1)):
        L.append(dict(walk, name=f"bitmanip/OpFns/walk-{d}/rtl", rtl_tops=["ptxalu_bitmanip"],
                      params={"Backward": backward}))
        for case in ("hit", "step"):
            # &fraig before &cec on the step miters of two spec walks: ABC 6 s where &cec alone
            # ran past 44 s (18:59 UTC, load 14). Yosys builds that miter (45k AND gates) in
            # ~20 s of CPU, so the default 30 s limit timed out at load 2-14: 90 s.
            L.append(dict(walk, name=f"bitmanip/OpFns/walk-{d}/spec-{case}",
                          engine="abc-fraig-cec" if case == "step" else "abc-cec",
                          cpu_limit=90 if case == "step" else CPU_LIMIT,
                          specs=["spec_bitmanip"], params={"Backward": backward},
                          defines=["FNS_IMPL=spec_bitmanip", f"FNS_CASE_{case.upper()}"]))
    return L


def _decode():
    return [{"name": "decode/legality", "engine": "sat", "rtl_tops": ["ptxalu_decode"],
             "specs": [], "miter_file": "miter_decode.sv", "top": "miter_decode"}]


TOP_CUT = {m: "top_datapath_cut.sv" for m in
           ["ptxalu_simd", "ptxalu_video", "ptxalu_vmad", "ptxalu_intalu", "ptxalu_mult",
            "ptxalu_dot", "ptxalu_bitmanip", "ptxalu_divider", "ptxalu_mult_core"]}
TOP_PROBES = [f"connect -set probe_{p} u_dut.{w}" for p, w in [
    ("iss_valid", "iss_valid_q"), ("iss_illegal", "iss_illegal_q"), ("iss_a", "iss_a_q"),
    ("iss_ctrl", "iss_ctrl_q"), ("iss_unit", "iss_unit_q"), ("res_valid", "res_valid_q"),
    ("res_illegal", "res_illegal_q"), ("res_result", "res_result_q"),
    ("div_issued", "div_issued_q"), ("div_busy", "u_datapath.g_div.g_full.u_divider.busy_q")]]


def _top():
    base = {"rtl_tops": ["ptxalu_top"], "specs": [], "miter_file": "miter_top.sv",
            "top": "miter_top", "substitute": TOP_CUT, "post_flatten": TOP_PROBES}
    L = []
    L.append(dict(base, name="top/handshake-induction", engine="sat-tempinduct", steps=4))
    # The default depth: two result registers, the SIMD result joining after the first.
    # 90 s: since the late-joining units (f08ade4) its planted bug
    # simd-register-loads-while-stalled needs ~48 s of CPU to be refuted.
    L.append(dict(base, name="top/handshake-induction-depth1", engine="sat-tempinduct",
                  steps=4, params={"ExtraStages": 1}, cpu_limit=90,
                  post_flatten=TOP_PROBES + [
                      "connect -set probe_res_simd u_dut.simd_q[2]",
                      "connect -set probe_simd_q u_dut.u_datapath.g_simd.u_simd.g_stage.result_q"]))
    # No separate deeper BMC: `sat -tempinduct` checks the base cases (BMC from reset) up to
    # the induction length and then proves the step, which covers every depth. A 12-step sat BMC
    # and a 20-step yosys-smtbmc/z3 BMC of this design both ran past 4 minutes here.
    return L


DIV_PROBES = [f"connect -set probe_{p} u_dut.{w}" for p, w in [
    ("state", "u_hold.state_q"), ("state_d", "u_hold.state_d"),  # ptxalu_hold_reg's
    ("count", "count_q"), ("count_d", "count_d"),
    ("q", "quotient_q"), ("r", "remainder_q"), ("d", "divisor_q"), ("q_d", "quotient_d"),
    ("r_d", "remainder_d"), ("d_d", "divisor_d"), ("stage_q", "stage_quotient"),
    ("stage_r", "stage_remainder")]]
# The six flag registers (the miters gather them into probe_flags / probe_flags_d).
DIV_PROBES += [f"connect -set probe_{f}{s} u_dut.{f}{s}" for s in ("_q", "_d") for f in
               ["is_w16", "is_w32", "is_rem", "neg_quotient", "neg_remainder", "div_by_zero"]]


def _divider():
    # Decomposed (formal/README.md): iteration + hold, load, output logic, each one cycle over
    # free registers; for StepsPerCycle 4 (default) and 2.
    L = []
    div = {"engine": "sat", "rtl_tops": ["ptxalu_divider"], "specs": ["spec_div_mag"],
           "post_flatten": DIV_PROBES, "sat_args": ["-seq 1"]}
    for steps in (4, 2):
        sfx = "" if steps == 4 else "-s2"
        L.append(dict(div, name=f"divider/iteration-step-64{sfx}",
                      miter_file="miter_divider_step.sv", top="miter_divider_step",
                      defines=["ITERATION", "HOLD"], params={"StepsPerCycle": steps}))
        L.append(dict(div, name=f"divider/load{sfx}", miter_file="miter_divider_step.sv",
                      top="miter_divider_step", defines=["LOAD"],
                      params={"StepsPerCycle": steps}))
    L.append(dict(div, name="divider/load-noearly", miter_file="miter_divider_step.sv",
                  top="miter_divider_step", defines=["LOAD"],
                  params={"StepsPerCycle": 4, "EarlyStart": 0}))
    # One step per cycle, no early start (the small configuration's until ptxalu_divider_small).
    L.append(dict(div, name="divider/iteration-step-64-s1", miter_file="miter_divider_step.sv",
                  top="miter_divider_step", defines=["ITERATION", "HOLD"],
                  params={"StepsPerCycle": 1}))
    L.append(dict(div, name="divider/load-noearly-s1", miter_file="miter_divider_step.sv",
                  top="miter_divider_step", defines=["LOAD"],
                  params={"StepsPerCycle": 1, "EarlyStart": 0}))
    L.append(dict(div, name="divider/output", miter_file="miter_divider_output.sv",
                  top="miter_divider_output"))
    # No end-to-end BMC against spec_div: at 16 bits it timed out (12 and 8 cycles, ~77 s of CPU
    # in 150-200 s) on relating the iteration to `/`; the decomposition above covers every width.
    return L


def _mult_pipe():
    """ptxalu_mult_pipe (ptxalu_top's multiplier at ExtraStages >= 2: 16 registered 18x18 digit
    products, then their registered sum) equal to $signed(a_i) * $signed(b_i), its registers
    as wires (its caller keeps the two stages in lockstep: rtl.pipeline, mult_pipe_unit_test),
    in two steps by formal/equiv.sh (engine "equiv"), whose conjunction is that statement:
      digit-products: the unit against miter/mult_pipe_digits.sv, the same decomposition
        written as a spec (its own digits; each digit product signed, at the width it is read
        at, made non-negative by + 2^35; summed in the unit's order after the offsets' total).
        The product cut pairs the 16 products of each side (equal shapes after wreduce),
        proves their operands equal and, with the products free, the two sums equal (ABC: the
        partial sums are equal words step by step);
      digits-are-the-product: miter/mult_pipe_digits.sv against the plain signed product, by
        the algebraic engine (no cut: linear in the digit products, each exact at its width).
    Neither step reads a register: one added inside the unit (e.g. before the MULT18X18D
    blocks) leaves both as they are. A sum written in another order or association would
    leave ABC slow (90 s CPU against a spec summing sign-extended products). CPU at load 16-18
    (2026-11-26): digit-products 27-32 s; digits-are-the-product 89-106 s, most of it Yosys mapping
    the 17 products to gates for the engine (limit 240 s for that margin)."""
    step = {"engine": "equiv", "miter_file": "mult_pipe_digits.sv",
            "spec_top": "mult_pipe_digits", "specs": [], "cpu_limit": 120}
    return [dict(step, name="mult_pipe/digit-products", rtl_tops=["ptxalu_mult_pipe"],
                 regs_as_wires=True),
            dict(step, name="mult_pipe/digits-are-the-product", cpu_limit=240,
                 equals="product_o = $signed(a_i) * $signed(b_i)")]


def _algebra():
    """The product units a second time, without cut points: the whole unit, its real
    multiplier(s) included, against its spec by formal/equiv.sh's algebraic engine
    (--engine algebra: per legal form of the unit's own ops, each output word's polynomial
    compared; no SAT, no ABC). dot: its four 9x9 products; mult: the 65x65 core; vmad: the
    33x33 product (vmad/algebra is the former vmad/same-primitive statement; its mul_a_o and
    mul_b_o, which spec_vmad does not model, are taken from the RTL and proven by
    vmad/cut-product). Forms outside the engine's reach whole go through the wide cut instead
    (wide_cut_forms, PTX names; equiv.sh --wide-cut-forms): saturation (mult's mad.hi.sat.s32
    and mad24.hi.sat.s32, vmad's .sat) and vmad's .shr7/.shr15 read single bits or the high
    part of a sum of products, whose polynomials pass 1-2 million terms; for them the engine
    proves the spec's prod equal to our product and ABC the rest with both free
    (formal/algebra/README.md, "The wide cut"). CPU limit 120 s: measured 36 s (mult), 24 s
    (vmad) on 2026-11-27, most of it Yosys mapping the products to gates."""
    wide = {"mult": r"\.sat\.", "vmad": r"\.shr|\.sat"}
    return [{"name": f"{u}/algebra", "engine": "algebra", "rtl": f"ptxalu_{u}",
             "spec": f"spec_{u}", "specs": [f"spec_{u}"], "cpu_limit": 120,
             **({"wide_cut_forms": wide[u]} if u in wide else {})}
            for u in ("dot", "mult", "vmad")]


def _proofs():
    return (_simd() + _video() + _products() + _mult_iter() + _small_units() + _intalu_dot() +
            _bitmanip() + _decode() + _top() + _divider() + _algebra() + _mult_pipe())


# The proofs quick enough to be ctests too (`ctest -L formal`, each a few seconds); the planted
# bugs' are marked in formal/mutants.py. formal/CMakeLists.txt reads both through
# `ptxalu_formal.py --list-ctests`, and a name here that no proof has is an error.
CTEST_PROOFS = [
    "simd/lane8-vs-scalar-spec", "simd/lane16-vs-scalar-spec", "simd/OpVadd4", "simd/OpVset2",
    "video/OpVadd", "video/OpVshl", "vmad/cut-product", "intalu/OpAdd", "mult/cut-product",
    "decode/legality", "bitmanip/OpFns/offset-zero", "divider/iteration-step-64",
    "divider/load", "divider/load-noearly", "bitmanip/OpClz", "bitmanip/OpBrev",
    "vmad/product-lemma", "mult/product-lemma", "bitmanip/OpPopc/slice-chain-is-spec"]


def obligations():
    """Every proof, then one planted-bug obligation per row of formal/mutants.py; "ctest" marks
    those that are ctests too."""
    base = _proofs()
    mutants = _load(Path(__file__).resolve().parent / "mutants.py", "ptxalu_mutants")
    by_name = {o["name"]: o for o in base}
    unknown = [n for n in CTEST_PROOFS if n not in by_name]
    if unknown:
        raise ValueError(f"CTEST_PROOFS names no proof: {', '.join(unknown)}")
    for n in CTEST_PROOFS:
        by_name[n]["ctest"] = True
    muts = []
    for target, mname, fname, find, repl, *flags in mutants.MUTANTS:
        if target not in by_name:
            raise ValueError(f"formal/mutants.py: {mname} plants a bug for {target}, no proof")
        o = dict(by_name[target])
        o["name"] = f"nonvacuity/{target}/{mname}"
        o["ctest"] = mutants.CTEST in flags
        if mutants.PROOF_ONLY in flags:
            o["word_seconds"] = 0
        o["mutant"] = {"file": fname, "find": find, "replace": repl}
        # A counterexample is what is sought, and Yosys SAT finds one fastest; ABC's &cec
        # sweeps for equivalences first and can take minutes to refute a multiplier miter.
        if o["engine"].startswith("abc"):
            o["engine"] = "sat"
        muts.append(o)
    return base + muts
