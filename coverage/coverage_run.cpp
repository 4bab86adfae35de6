// The coverage regression: a seeded random stream through the coverage-instrumented
// ptxalu_top (Verilator --coverage), every result checked against the golden model, counting
// the functional bins of legal_forms.hpp hit by operations that came out right. A second,
// directed phase then issues a witness word for each bin the random phase missed (the bias
// that closes coverage); both figures are reported.
//
// Usage: ptxalu_coverage_run OUTDIR [RANDOM_OPS]  (default 200000). Seed: $PTXALU_SEED, else 1
// (coverage numbers are reproducible by default). Writes OUTDIR/functional.json and
// OUTDIR/verilator.dat.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "env.hpp"
#include "json.hpp"
#include "top_harness.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: ptxalu_coverage_run OUTDIR [RANDOM_OPS]\n");
    return 2;
  }
  const std::filesystem::path outdir = argv[1];
  const uint64_t random_ops = argc > 2 ? std::strtoull(argv[2], nullptr, 0) : 200000;
  const uint64_t seed = ptxalu::seed_from_env(1);
  std::printf("seed=%llu random_ops=%llu\n", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(random_ops));
  std::filesystem::create_directories(outdir);

  using namespace ptxalu::cov;
  const std::vector<std::string>& legal = legal_bins();
  const std::set<std::string> legal_set(legal.begin(), legal.end());
  std::map<std::string, uint64_t> hits;
  uint64_t outside = 0;

  TopHarness harness(seed);
  harness.scoreboard().on_retired_ok = [&](const Stimulus& s) {
    if (!ptxalu::tb::legal_word(s)) return;
    for (const std::string& bin : bins_of(s.ctrl)) {
      if (legal_set.count(bin) == 0) ++outside;  // a legal word outside the table: a finding
      ++hits[bin];
    }
  };

  harness.run(random_ops, random_stimulus);
  const size_t random_hit = hits.size();

  // Directed closure: one witness (with random operands) per bin still missed.
  std::vector<ptxalu::Ctrl> directed;
  std::set<std::string> wanted;
  for (const std::string& bin : legal) {
    if (hits.count(bin) == 0) wanted.insert(bin);
  }
  for (const ptxalu::Ctrl& w : bin_witnesses()) {
    if (wanted.empty()) break;
    bool useful = false;
    for (const std::string& bin : bins_of(w)) useful |= wanted.erase(bin) > 0;
    if (useful) directed.push_back(w);
  }
  size_t next = 0;
  harness.run(directed.size(), [&](ptxalu::RandomInsn& rng) {
    Stimulus s;
    s.ctrl = directed[next++];
    s.word = s.ctrl.pack();
    s.ops = rng.operands(s.ctrl);
    return s;
  });

  std::vector<std::string> missed;
  for (const std::string& bin : legal) {
    if (hits.count(bin) == 0) missed.push_back(bin);
  }
  const TopStats& st = harness.stats();
  std::ofstream json(outdir / "functional.json");
  json << "{\n  \"bins_legal\": " << legal.size() << ",\n  \"bins_hit\": "
       << legal.size() - missed.size() << ",\n  \"missed\": [";
  for (size_t i = 0; i < missed.size(); ++i) {
    json << (i ? ", " : "") << ptxalu::json_quote(missed[i]);
  }
  json << "],\n  \"bins_hit_by_random_phase\": " << random_hit
       << ",\n  \"random_ops\": " << random_ops << ",\n  \"directed_ops\": " << directed.size()
       << ",\n  \"seed\": " << seed << ",\n  \"ops_checked\": " << st.retired
       << ",\n  \"mismatches\": " << st.mismatches << ",\n  \"hits_outside_legal_bins\": "
       << outside << "\n}\n";
  json.close();

  harness.context().coveragep()->write((outdir / "verilator.dat").c_str());
  st.print(stdout);
  std::printf("functional coverage: %zu/%zu legal bins (random phase alone: %zu), %zu missed\n",
              legal.size() - missed.size(), legal.size(), random_hit, missed.size());
  return st.ok() && missed.empty() && outside == 0 ? 0 : 1;
}
