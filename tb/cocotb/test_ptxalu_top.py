"""cocotb testbench of ptxalu_top, checked against the Python model `ptxalu`.

Stimulus: random legal control words from the model's generator (ptxalu.RandomInsn, the same
one the C++ testbenches use) with corner-weighted operands, and now and then a random illegal
word. Handshake: random gaps on the input, random back-pressure on the output (in_ready_o
depends on out_ready_i combinationally, so both are sampled in the ReadOnly phase of a cycle).
Two synchronous resets in the middle of the traffic drop everything in flight (nothing may
leave after them). The scoreboard
checks every result, in order, against ptxalu.execute (illegal words: result 0 with illegal_o).
Functional coverage: the bins of coverage/BINS.md (ptxalu.bins_of) plus handshake events.

Settings (environment): PTXALU_SEED (default 1), PTXALU_COCOTB_COUNT (instructions, default
5000). The seed is printed; the same seed repeats the run. PTXALU_COCOTB_FAULT=corrupt|drop|illegal
plants a fault in what the scoreboard sees of one result (a flipped result bit, a lost result, a
flipped illegal_o), to show that it is caught (ctest cocotb_detects_*).
"""

import collections
import os
import time

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

import ptxalu

ILLEGAL_PER_MILLE = 30      # share of random illegal words among the instructions
IN_VALID_PER_MILLE = 700    # chance a waiting instruction is presented in a cycle
OUT_READY_PER_MILLE = 650   # chance the output side is ready in a cycle
STALL_LIMIT = 200           # cycles without any transfer that count as a hang
RESET_CYCLES = 2


def chance(rng, per_mille):
    return rng.below(1000) < per_mille


def random_instruction(rng):
    """(word, a, b, c, d): legal mostly, an illegal word ILLEGAL_PER_MILLE of the time."""
    if chance(rng, ILLEGAL_PER_MILLE):
        while True:
            word = rng.next() & ((1 << ptxalu.CTRL_WIDTH) - 1)
            if not ptxalu.is_legal(word):
                break
    else:
        word = rng.ctrl()
    return (word, *rng.operands())


class Coverage:
    """Functional coverage: coverage/BINS.md bins of the legal words accepted, and events."""

    def __init__(self):
        self.bins = collections.Counter()
        self.ops = collections.Counter()
        self.events = collections.Counter()

    def accepted(self, word):
        if ptxalu.is_legal(word):
            self.ops[ptxalu.op_name(word)] += 1
            self.bins.update(ptxalu.bins_of(word))
        else:
            self.events["illegal word"] += 1

    def summary(self, log):
        legal_bins = ptxalu.legal_bins()
        forms = [b for b in legal_bins if b.startswith("form:")]
        forms_hit = sum(1 for b in forms if self.bins[b])
        log.info("coverage: %d/%d operations, %d/%d forms, %d/%d bins (coverage/BINS.md)",
                 len(self.ops), ptxalu.NUM_OPS, forms_hit, len(forms),
                 sum(1 for b in legal_bins if self.bins[b]), len(legal_bins))
        log.info("coverage: events %s", dict(sorted(self.events.items())))


@cocotb.test()
async def random_traffic_with_backpressure_and_reset(dut):
    seed = ptxalu.seed_from_env(1)
    count = int(os.environ.get("PTXALU_COCOTB_COUNT", "5000"))
    fault = os.environ.get("PTXALU_COCOTB_FAULT", "")
    assert fault in ("", "corrupt", "drop", "illegal"), "unknown PTXALU_COCOTB_FAULT %r" % fault
    fault_at = count // 3  # the result the fault hits (before the reset)
    dut._log.info("seed %d (PTXALU_SEED=%d reproduces), %d instructions", seed, seed, count)
    rng = ptxalu.RandomInsn(seed)
    # Two resets mid-traffic, at random points of the second and the last quarter (counted in
    # accepted instructions), after the planted fault's result (a third of the way).
    reset_at = [count // 2 + rng.below(count // 4), 3 * count // 4 + rng.below(count // 5)]

    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start())
    dut.in_valid_i.value = 0
    dut.out_ready_i.value = 0
    dut.ctrl_i.value = 0
    for port in (dut.opa_i, dut.opb_i, dut.opc_i, dut.opd_i):
        port.value = 0
    dut.rst_ni.value = 0
    for _ in range(RESET_CYCLES):
        await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1

    coverage = Coverage()
    expected = collections.deque()  # (word, operands, result, illegal) in issue order
    pending = None                  # the instruction waiting at the input
    presenting = False              # in_valid_i is high for `pending` (held until accepted)
    created = sent = checked = dropped = 0  # each created instruction is checked or dropped
    resets = 0
    reset_left = 0
    idle = 0
    cycles = 0
    start = time.perf_counter()

    while checked + dropped < count:
        await RisingEdge(dut.clk_i)
        cycles += 1
        if reset_left:
            reset_left -= 1
            dut.rst_ni.value = 0 if reset_left else 1
            await ReadOnly()
            assert not dut.out_valid_o.value, "out_valid_o high after a reset edge (seed %d)" % seed
            continue
        if resets < len(reset_at) and sent >= reset_at[resets]:
            # Reset mid-traffic: everything in flight is dropped; the input side starts over.
            resets += 1
            dropped += len(expected) + (1 if pending else 0)
            coverage.events["reset with %s in flight" % ("work" if expected else "nothing")] += 1
            expected.clear()
            pending, presenting = None, False
            dut.rst_ni.value = 0
            dut.in_valid_i.value = 0
            dut.out_ready_i.value = 0
            reset_left = RESET_CYCLES
            continue

        if pending is None and created < count:
            pending = random_instruction(rng)
            created += 1
        if pending is not None and not presenting and chance(rng, IN_VALID_PER_MILLE):
            presenting = True
            word, a, b, c, d = pending
            dut.ctrl_i.value = word
            dut.opa_i.value, dut.opb_i.value, dut.opc_i.value, dut.opd_i.value = a, b, c, d
        dut.in_valid_i.value = int(presenting)
        out_ready = chance(rng, OUT_READY_PER_MILLE)
        dut.out_ready_i.value = int(out_ready)

        await ReadOnly()
        progress = False
        if presenting and dut.in_ready_o.value:
            word, a, b, c, d = pending
            legal = ptxalu.is_legal(word)
            expected.append((word, (a, b, c, d), ptxalu.execute(word, a, b, c, d), not legal))
            coverage.accepted(word)
            pending, presenting = None, False
            sent += 1
            progress = True
        elif presenting:
            coverage.events["input stalled"] += 1
        if dut.out_valid_o.value:
            if out_ready:
                assert expected, "result with nothing in flight (cycle %d)" % cycles
                word, ops, want, want_illegal = expected.popleft()
                got, got_illegal = int(dut.result_o.value), int(dut.illegal_o.value)
                if checked == fault_at and fault:
                    coverage.events["planted fault: " + fault] += 1
                    if fault == "corrupt":
                        got ^= 1
                    elif fault == "illegal":
                        got_illegal ^= 1
                    else:  # drop: this result never arrived, the next one is compared with it
                        fault = ""
                        word, ops, want, want_illegal = expected.popleft()
                if want_illegal:
                    where = "illegal word 0x%x" % word
                else:  # the sources the instruction reads
                    used = ops[:len(ptxalu.signature(word)[1])]
                    where = "%s on %s" % (ptxalu.decode(word), " ".join("0x%x" % v for v in used))
                assert got_illegal == want_illegal, "illegal_o %d, expected %d: %s (seed %d)" % (
                    got_illegal, want_illegal, where, seed)
                assert got == want, "result 0x%x, model 0x%x: %s (seed %d)" % (got, want, where, seed)
                checked += 1
                progress = True
            else:
                coverage.events["output held by back-pressure"] += 1
        idle = 0 if progress else idle + 1
        assert idle < STALL_LIMIT, "no transfer for %d cycles (seed %d)" % (STALL_LIMIT, seed)

    seconds = time.perf_counter() - start
    assert resets == len(reset_at), "the run ended before its resets"
    assert checked > 0 and len(coverage.ops) == ptxalu.NUM_OPS, (
        "operations never issued: %s" % sorted(set(ptxalu.op_names()) - set(coverage.ops)))
    coverage.summary(dut._log)
    dut._log.info("scoreboard: %d results checked, %d dropped by the resets, %d cycles, "
                  "%.0f instructions/s (%.0f cycles/s) simulated",
                  checked, dropped, cycles, checked / seconds, cycles / seconds)
