// ptxalu_top against the golden model on seeded random instructions.
//
// RandomLegal/<op>_<shard>: every op, each instance drawing its own stream of legal forms
// (every type, selector, mask and flag the form allows) with corner-weighted operands, run
// back to back through the pipeline. The one generator (sim/isa/random_insn.hpp, drawn from
// the form list and not from is_legal) takes turns between its two selector modes: uniform
// over the legal combinations and near the front end's defaults.
// Mixed/<shard>: every op interleaved in one stream. IllegalWords/<shard>: mutated and raw control words;
// illegal_o must equal !is_legal, the result 0 when illegal and the model's value otherwise.
//
// Size: --count=N (or env PTXALU_COUNT) instructions in total, split evenly over all
// instances; the default is CI's quick subset. `cmake --build . --target regress` runs >= 1M.
// Shard with GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX (gtest splits the instances).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <utility>
#include <vector>

#include "insn_gen.hpp"
#include "model.hpp"
#include "rtl_config.hpp"
#include "rtl_engine.hpp"

namespace ptxalu::tb {
namespace {

constexpr unsigned kShardsPerOp = 6;
constexpr unsigned kIllegalShards = 16;
constexpr unsigned kMixedShards = 16;
constexpr uint64_t kQuickTotal = 120000;  // CI default over all instances
constexpr size_t kBatch = 512;

unsigned num_instances() { return kNumOps * kShardsPerOp + kIllegalShards + kMixedShards; }
uint64_t per_instance() {
  const uint64_t total = count_or(kQuickTotal);
  return (total + num_instances() - 1) / num_instances();
}

// Progress over the whole process (one line per finished instance).
std::atomic<uint64_t> g_done{0};
void progress(uint64_t n) {
  const uint64_t done = g_done += n;
  const uint64_t total = per_instance() * num_instances();
  std::printf("progress: %llu / %llu instructions\n", static_cast<unsigned long long>(done),
              static_cast<unsigned long long>(total));
  std::fflush(stdout);
}

// Runs `insns` through the RTL and checks each result; returns the number of mismatches
// (the first few reported in full).
unsigned run_and_check(RtlEngine& rtl, const std::vector<std::pair<Ctrl, Operands>>& insns,
                       uint64_t seed) {
  const std::vector<RtlResult> got = rtl.execute_stream(insns);
  EXPECT_EQ(got.size(), insns.size());
  unsigned bad = 0;
  for (size_t i = 0; i < insns.size() && i < got.size(); ++i) {
    const auto& [ctrl, ops] = insns[i];
    const bool legal = is_legal(ctrl);
    const uint64_t want = legal ? execute(ctrl, ops) : 0;
    if (got[i].illegal != !legal || got[i].value != want) {
      if (++bad <= 5) {
        ADD_FAILURE() << "seed=" << seed << " insn #" << i << " " << describe(ctrl) << " "
                      << describe(ops) << std::hex << ": model " << (legal ? "" : "illegal ")
                      << "0x" << want << ", rtl " << (got[i].illegal ? "illegal " : "") << "0x"
                      << got[i].value;
      }
    }
  }
  return bad;
}

// Runs per_instance() instructions drawn by `draw` (the rng and the instruction's index)
// through the RTL in batches, each checked against the model; prints the seed first.
template <typename Draw>
void run_stream(uint64_t seed, Draw draw) {
  std::printf("seed=%llu (base PTXALU_SEED=%llu)\n", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(base_seed()));
  Rng rng(seed);
  RtlEngine rtl(rtl_config());
  const uint64_t n = per_instance();
  unsigned bad = 0;
  std::vector<std::pair<Ctrl, Operands>> batch;
  for (uint64_t done = 0; done < n && bad < 5;) {
    batch.clear();
    for (; batch.size() < kBatch && done < n; ++done) {
      const Ctrl ctrl = draw(rng, done);
      batch.emplace_back(ctrl, rng.operands(ctrl));
    }
    bad += run_and_check(rtl, batch, seed);
  }
  EXPECT_EQ(bad, 0u) << "seed=" << seed;
  progress(n);
}

class RandomLegal : public testing::TestWithParam<std::pair<unsigned, unsigned>> {};

TEST_P(RandomLegal, MatchesModel) {
  const auto [op_index, shard] = GetParam();
  const Op op = static_cast<Op>(op_index);
  const uint64_t seed = mix_seed(base_seed(), op_index, shard);
  unsigned rejected = 0;
  run_stream(seed, [&](Rng& rng, uint64_t done) {
    const Ctrl ctrl =
        rng.ctrl(op, done % 2 == 1 ? RandomInsn::Selectors::Uniform : kNearDefaults);
    // The generator follows the form list; the model must agree that the form is legal.
    if (!is_legal(ctrl) && ++rejected <= 5) {
      ADD_FAILURE() << "seed=" << seed << " model rejects " << describe(ctrl);
    }
    return ctrl;
  });
}

std::vector<std::pair<unsigned, unsigned>> op_shards() {
  std::vector<std::pair<unsigned, unsigned>> v;
  for (unsigned op = 0; op < kNumOps; ++op) {
    for (unsigned s = 0; s < kShardsPerOp; ++s) v.emplace_back(op, s);
  }
  return v;
}

INSTANTIATE_TEST_SUITE_P(Ops, RandomLegal, testing::ValuesIn(op_shards()),
                         [](const testing::TestParamInfo<std::pair<unsigned, unsigned>>& info) {
                           return "op" + std::to_string(info.param.first) + "_" +
                                  std::to_string(info.param.second);
                         });

class IllegalWords : public testing::TestWithParam<unsigned> {};

TEST_P(IllegalWords, FlagAndZeroResult) {
  const uint64_t seed = mix_seed(base_seed(), 1000, GetParam());
  uint64_t illegal_seen = 0;
  run_stream(seed, [&](Rng& rng, uint64_t) {
    const Ctrl ctrl = Ctrl::unpack(rng.word());
    illegal_seen += !is_legal(ctrl);
    return ctrl;
  });
  // The mutations must actually reach illegal words (and, being one or two bit flips of legal
  // ones, mostly near the legality boundary).
  EXPECT_GT(illegal_seen, per_instance() / 4) << "seed=" << seed;
}

INSTANTIATE_TEST_SUITE_P(Words, IllegalWords, testing::Range(0u, kIllegalShards));

// Every op interleaved, so each unit sees its inputs change under it from one cycle to the
// next and the result mux switches every cycle.
class Mixed : public testing::TestWithParam<unsigned> {};

TEST_P(Mixed, MatchesModel) {
  run_stream(mix_seed(base_seed(), 1100, GetParam()), [](Rng& rng, uint64_t) {
    return rng.ctrl(static_cast<Op>(rng() % kNumOps), kNearDefaults);
  });
}

INSTANTIATE_TEST_SUITE_P(Streams, Mixed, testing::Range(0u, kMixedShards));

}  // namespace
}  // namespace ptxalu::tb
