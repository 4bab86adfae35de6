#!/usr/bin/env python3
"""ctest formal/equiv/aig-cache: GOLD's half of the pair AIG from the cache
(formal/scripts/equiv_aigcache.py), on a 6x6 product against a GATE of its own structure, every
simulation off and the engine alone (`--engine algebra`), so each verdict comes from the pair AIG
the cache took part in. The cache is WORK/cache ($XDG_CACHE_HOME), emptied first.

  test_aigcache.py [--work DIR] [--aig-bin FILE]

1. cold: EQUIVALENT, GOLD's half built and stored (one entry);
2. warm: EQUIVALENT with GOLD's half from the cache;
3. GOLD changed (its product's low bit inverted): the key misses, and the answer is NOT
   EQUIVALENT (a stale hit would answer EQUIVALENT);
4. --no-cache: EQUIVALENT, no half read or written;
5. a cache that cannot be created (its parent a file): EQUIVALENT, built in one run;
6. the key: another script, file, file name or Yosys (`yosys -V`) gives another key;
7. a GATE whose half has free bits (a part-select whose bounds Yosys cannot tell: inputs
   without a name, scripts/equiv_shiftx.v): EQUIVALENT with GOLD's half from the cache (the
   merge refused such a half before, and the pair was built again in one run).
Exit 0 when all hold, 1 otherwise.
"""
import os
import shutil
import sys

from flow_cases import REPO, parse_args, run_case

sys.path.insert(0, os.path.join(REPO, "formal", "scripts"))
import equiv_aigcache  # noqa: E402

GOLD = """module mul6 (
  input  logic [5:0]  a_i,
  input  logic [5:0]  b_i,
  output logic [11:0] p_o
);
  assign p_o = (a_i * b_i){flip};
endmodule
"""
# Each partial product shifted and added in turn (a structure unlike GOLD's `*`).
GATE = """module mul6 (
  input  logic [5:0]  a_i,
  input  logic [5:0]  b_i,
  output logic [11:0] p_o
);
  always_comb begin
    p_o = '0;
    for (int i = 0; i < 6; i++) p_o = p_o + ({6'd0, a_i & {6{b_i[i]}}} << i);
  end
endmodule
"""
# GATE's product (GATE itself, renamed) twice, one copy read by an index of 0 or 12 (free bits
# where it would leave the 24 bits, which it never does).
GATE_FREE = GATE.replace("module mul6 (", "module mul6_rows (") + """module mul6 (
  input  logic [5:0]  a_i,
  input  logic [5:0]  b_i,
  output logic [11:0] p_o
);
  logic [11:0] p;
  logic [23:0] twice;
  mul6_rows u_rows (.a_i, .b_i, .p_o(p));
  assign twice = {p, p};
  assign p_o = twice[12 * b_i[0] +: 12];
endmodule
"""
FLAGS = ["--engine", "algebra", "--word-seconds", "0", "--sim-seconds", "0"]


def main():
    a = parse_args("test-aigcache-work")
    cache = os.path.join(os.path.abspath(a.work), "cache")
    shutil.rmtree(cache, ignore_errors=True)
    paths = {}
    for name, text in (("gold.sv", GOLD.format(flip="")),
                       ("gold_bug.sv", GOLD.format(flip=" ^ 12'd1")), ("gate.sv", GATE),
                       ("gate_free.sv", GATE_FREE)):
        paths[name] = os.path.join(a.work, name)
        with open(paths[name], "w") as f:
            f.write(text)
    root = os.path.join(cache, "ptxalu", "equiv")
    entries = lambda: sorted(e for e in os.listdir(root) if not e.startswith(".")) \
        if os.path.isdir(root) else []  # noqa: E731

    def case(label, gold, want_rc, want_text, extra=(), home=cache, gate="gate.sv"):
        os.environ["XDG_CACHE_HOME"] = home
        shutil.rmtree(os.path.join(a.work, label), ignore_errors=True)
        work = ["--work", os.path.join(a.work, label)]
        return run_case("test_aigcache", label, a, FLAGS + work + list(extra),
                        (paths[gold], paths[gate], "mul6"), want_rc, want_text)

    bad = case("cold", "gold.sv", 0, "GOLD's half of the pair AIG built")
    first = entries()
    bad += len(first) != 1
    bad += case("warm", "gold.sv", 0, "GOLD's half of the pair AIG from the cache")
    bad += case("gold-changed", "gold_bug.sv", 1, "GOLD's half of the pair AIG built")
    bad += len(entries()) != 2
    before = entries()
    bad += case("no-cache", "gold.sv", 0, "EQUIVALENT", ["--no-cache"])
    bad += entries() != before or os.path.isdir(os.path.join(a.work, "no-cache", "pair_gold"))
    blocker = os.path.join(a.work, "not-a-dir")
    open(blocker, "w").close()
    bad += case("no-cache-dir", "gold.sv", 0, "EQUIVALENT", home=blocker)
    bad += os.path.isdir(os.path.join(a.work, "no-cache-dir", "pair_gold"))
    bad += case("gate-free-bits", "gold.sv", 0,
                ("GOLD's half of the pair AIG from the cache", "EQUIVALENT"), gate="gate_free.sv")
    key = equiv_aigcache.cache_key
    yosys = shutil.which("yosys")
    base = key(yosys, "read_rtlil gold.il", {"gold.il": b"x"})
    others = [key(yosys, "read_rtlil  gold.il", {"gold.il": b"x"}),
              key(yosys, "read_rtlil gold.il", {"gold.il": b"y"}),
              key(yosys, "read_rtlil gold.il", {"gold2.il": b"x"})]
    equiv_aigcache._VERSIONS[yosys] = b"another Yosys"
    others.append(key(yosys, "read_rtlil gold.il", {"gold.il": b"x"}))
    ok = base not in others and len(set(others)) == len(others)
    print(f"test_aigcache: key: {'ok' if ok else 'FAILED (two inputs gave one key)'}")
    bad += not ok
    print(f"test_aigcache: {'ok' if not bad else 'FAILED'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
