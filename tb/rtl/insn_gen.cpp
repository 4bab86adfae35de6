#include "insn_gen.hpp"

#include <sstream>

#include "env.hpp"

namespace ptxalu::tb {

std::string describe(const Ctrl& c) {
  std::ostringstream s;
  s << std::hex << "ctrl=0x" << c.pack() << std::dec << " (op=" << static_cast<unsigned>(c.op)
    << " itype=" << static_cast<unsigned>(c.itype) << " dsigned=" << c.dsigned << " asigned=" << c.asigned
    << " bsigned=" << c.bsigned << std::oct << " asel=0" << c.asel << " bsel=0" << c.bsel
    << std::dec << " dsel=" << static_cast<unsigned>(c.dsel) << " mask=" << static_cast<unsigned>(c.mask)
    << " secop=" << static_cast<unsigned>(c.secop) << " sat=" << c.sat << " cmp=" << static_cast<unsigned>(c.cmp)
    << " half=" << static_cast<unsigned>(c.half) << " wrap=" << c.wrap << " scale=" << static_cast<unsigned>(c.scale)
    << " po=" << c.po << " neg_prod=" << c.neg_prod << " neg_c=" << c.neg_c
    << " relu=" << c.relu << " shiftamt=" << c.shiftamt << ")";
  return s.str();
}

std::string describe(const Operands& o) {
  std::ostringstream s;
  s << std::hex << "a=0x" << o.a << " b=0x" << o.b << " c=0x" << o.c << " d=0x" << o.d;
  return s.str();
}

uint64_t base_seed() {
  // One seed per process: every test derives its own from it (mix_seed).
  static const uint64_t seed = seed_from_env_or_random();
  return seed;
}

uint64_t count_or(uint64_t fallback) { return count_from_env(fallback); }

uint64_t mix_seed(uint64_t base, uint64_t a, uint64_t b) {
  // splitmix64 steps: distinct coordinates give unrelated streams.
  uint64_t z = base + 0x9e3779b97f4a7c15ull * (1 + a) + 0xbf58476d1ce4e5b9ull * (1 + b);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace ptxalu::tb
