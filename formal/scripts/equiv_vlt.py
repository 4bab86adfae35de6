"""--verilator: a counterexample replayed on Verilator, a front end other than Yosys'.

Every verdict of the flow rests on Yosys 0.23's reading of both sources, and where Yosys reads a
construct otherwise than the language says, a correct GATE can come out NOT EQUIVALENT with a
counterexample that is Yosys' alone (helper-92's `-W'(x)`, helper-93's struct member inside a
function: both refused now, equiv_unread.py; others may remain). With --verilator the flow
builds each side with Verilator (its own C++ main reads WORK/cex.txt's lines: one per cycle,
the outputs printed before each rising edge of clk_i) and runs the counterexample on both:

- the outputs differ there too: the counterexample stands (exit 1);
- they are equal: UNDECIDED (exit 3), both readings printed: one front end misreads a source;
- Verilator does not build a side, or the counterexample sets GATE's 'x bits (Verilator takes
  them as 0): no second opinion, said in one line, the verdict as it was.
"""

import concurrent.futures
import os
import re
import shutil
import subprocess

from equiv_aigcache import cache_root

HEADER = r'''// Written by formal/scripts/equiv_vlt.py: a counterexample file's lines on V{top}.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include "V{top}.h"
#include "verilated.h"

// A hex number as 32-bit words, least significant first.
static std::vector<uint32_t> words(const char* hex, int count) {{
  std::vector<uint32_t> out(count, 0);
  if (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X')) hex += 2;
  int bit = 0;
  for (const char* p = hex + std::strlen(hex); p-- > hex && bit < 32 * count; bit += 4) {{
    const char c = *p;
    const uint32_t digit = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    out[bit / 32] |= (digit & 15u) << (bit % 32);
  }}
  return out;
}}

int main(int argc, char** argv) {{
  VerilatedContext context;
  context.commandArgs(argc, argv);
  V{top} top{{&context}};
  char line[1 << 16];
  while (std::fgets(line, sizeof line, stdin)) {{
    if (line[0] == '#') continue;
    const char* blank = " \t\r\n";
    for (char* token = std::strtok(line, blank); token; token = std::strtok(nullptr, blank)) {{
      char* eq = std::strchr(token, '=');
      if (!eq) continue;
      *eq = '\0';
      const std::string name = token;
      const char* value = eq + 1;
{sets}
    }}
{step}
  }}
  top.final();
  return 0;
}}
'''


def _set(name, width):
    n = (width + 31) // 32
    if width > 64:
        body = " ".join(f"top.{name}[{i}] = w[{i}];" for i in range(n))
        return (f'      if (name == "{name}") {{ auto w = words(value, {n}); '
                f"w[{n - 1}] &= 0x{(1 << (width - 32 * (n - 1))) - 1:x}u; {body} }}")
    mask = (1 << width) - 1
    return (f'      if (name == "{name}") {{ auto w = words(value, 2); top.{name} = '
                f"((uint64_t(w[1]) << 32) | w[0]) & 0x{mask:x}ull; }}")


def _print(name, width):
    n = (width + 31) // 32
    if width > 64:
        words = " ".join(f'std::printf("%08x", (unsigned)top.{name}[{i}]);'
                         for i in reversed(range(n)))
        return f'    std::printf(" {name}=0x"); {words}'
    return f'    std::printf(" {name}=0x%llx", (unsigned long long)top.{name});'


def main_cpp(top, ports, clocked):
    """The C++ main of one side: sets the inputs a line names, prints every output."""
    ins = [(n, w) for n, (d, w) in ports.items() if d == "input" and
           not (clocked and n == "clk_i")]
    outs = [(n, w) for n, (d, w) in ports.items() if d == "output"]
    step = ["    top.eval();"] + [_print(n, w) for n, w in outs] + ['    std::printf("\\n");']
    if clocked:
        step += ["    top.clk_i = 1;", "    top.eval();", "    top.clk_i = 0;", "    top.eval();"]
    return HEADER.format(top=top, sets="\n".join(_set(n, w) for n, w in ins),
                         step="\n".join(step))


def _runtime_cache(flow):
    """Where Verilator's own runtime objects (verilated*.o, the same for every build of one
    Verilator version) are kept once built: about 5 of a build's 7 s of CPU. None with
    --no-cache."""
    root = cache_root(flow.a)
    if root is None:
        return None
    version = subprocess.run([flow.a.verilator, "--version"], capture_output=True,
                             text=True).stdout.split()
    return os.path.join(root, "verilator-runtime-" + "-".join(version[1:2] or ["unknown"]))


def _reuse_runtime(cache, d):
    """Copies the cached runtime objects into the build directory `d`, dated now: make then
    finds them newer than their sources and the generated makefile, and does not compile them."""
    if cache and os.path.isdir(cache):
        for name in os.listdir(cache):
            if name.endswith(".o"):
                shutil.copyfile(os.path.join(cache, name), os.path.join(d, name))


def _keep_runtime(cache, d):
    """Keeps a finished build's runtime objects for the next build (each written under a
    temporary name, then renamed: two builds at once never leave half a file)."""
    if not cache or (os.path.isdir(cache) and os.listdir(cache)):
        return
    os.makedirs(cache, exist_ok=True)
    for name in os.listdir(d):
        if name.startswith("verilated") and name.endswith(".o"):
            tmp = os.path.join(cache, f".{name}.{os.getpid()}")
            shutil.copyfile(os.path.join(d, name), tmp)
            os.replace(tmp, os.path.join(cache, name))


def _build(flow, side, files, params, ports, clocked):
    """Builds one side with Verilator in WORK/vlt_<side> (Verilator, then make with the cached
    runtime objects); (binary, None) or (None, the first error line)."""
    a, d = flow.a, os.path.join(flow.work, f"vlt_{side}")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    with open(os.path.join(d, "main.cpp"), "w") as f:
        f.write(main_cpp(a.top, ports, clocked))
    cache = _runtime_cache(flow)
    steps = ([a.verilator, "--cc", "--exe", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--Mdir", d,
              "--top-module", a.top] + [f"-G{p}" for p in params] + [a.pkg] + files +
             [os.path.join(d, "main.cpp")],
             ["make", "-s", "-C", d, "-f", f"V{a.top}.mk", f"V{a.top}", "OPT_FAST=-O0",
              "OPT_SLOW=-O0", "OPT_GLOBAL=-O0"])
    for k, cmd in enumerate(steps):
        if k == 1:
            _reuse_runtime(cache, d)
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               timeout=flow.left())
        except subprocess.TimeoutExpired:
            return None, "timed out"
        if p.returncode:
            return None, next((ln.strip() for ln in p.stdout.splitlines()
                               if "%Error" in ln or "error:" in ln), f"exit {p.returncode}")
    _keep_runtime(cache, d)
    return os.path.join(d, f"V{a.top}"), None


def _outputs(text):
    """[{output: value}] of a side's run, one per line (cycle)."""
    return [{k: int(v, 16) for k, v in re.findall(r"(\w+)=0x([0-9a-fA-F]+)", line)}
            for line in text.splitlines() if "=" in line]


def second_opinion(flow, ports, files, clocked):
    """Replays WORK/cex.txt (--replay: its file) on Verilator's builds of both sides (ports:
    GOLD's and GATE's, files: their sources): 1 when the outputs differ there too, 3 when they
    do not (printed), None when there is no second opinion (said)."""
    a = flow.a
    cex = os.path.abspath(a.replay) if a.replay else os.path.join(flow.work, "cex.txt")
    lines = [ln for ln in open(cex).read().splitlines() if ln and not ln.startswith("#")]
    if any(re.search(r"\bgate_x", ln) for ln in lines):
        print("ptxalu-equiv: --verilator: no second opinion: the counterexample sets GATE's 'x "
              "bits, which Verilator takes as 0")
        return None
    with concurrent.futures.ThreadPoolExecutor(2) as pool:  # both sides at once
        builds = {"GOLD": pool.submit(_build, flow, "gold", files[0], a.gold_param, ports[0],
                                      clocked),
                  "GATE": pool.submit(_build, flow, "gate", files[1], [], ports[1], clocked)}
        builds = {side: b.result() for side, b in builds.items()}
    runs = {}
    for side, (binary, err) in builds.items():
        if err:
            print(f"ptxalu-equiv: --verilator: no second opinion: Verilator does not build "
                  f"{side}: {err}")
            return None
        run = subprocess.run([binary], input="\n".join(lines) + "\n", text=True,
                             capture_output=True, timeout=flow.left())
        runs[side] = _outputs(run.stdout)
    gold, gate = runs["GOLD"], runs["GATE"]
    for t, (g, h) in enumerate(zip(gold, gate)):
        diff = {n: (g[n], h[n]) for n in g if n in h and g[n] != h[n]}
        if diff:
            at = f" at cycle {t}" if len(lines) > 1 else ""
            print(f"ptxalu-equiv: --verilator: Verilator's builds differ too{at} (" +
                  ", ".join(f"{n} gold {hex(v)} gate {hex(w)}" for n, (v, w) in diff.items()) +
                  "): the counterexample stands")
            return 1
    last = ", ".join(f"{n} {hex(v)}" for n, v in (gold[-1] if gold else {}).items())
    print(f"ptxalu-equiv: UNDECIDED: {a.top}: Verilator's builds of both sides give equal "
          f"outputs on {cex} ({last}) where Yosys' reading differs: Yosys or Verilator "
          f"misreads a source (Yosys' warnings: {os.path.join(flow.work, 'gate.log')})")
    return 3
