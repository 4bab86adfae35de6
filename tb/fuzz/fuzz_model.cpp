// Fuzz target: the golden model on arbitrary control words and operands.
//
// Input: 8 bytes of control word (little-endian, cut to 60 bits), then up to 32 bytes of
// operands a, b, c, d. Checks, for every word: is_legal and signature never crash; is_legal
// agrees with the independent canonical-form table (coverage/legal_forms); for a legal word,
// execute never crashes or hits UB, its value fits the destination width, and it depends only
// on the low src_width bits of each source it reads.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "fuzz_check.hpp"
#include "legal_forms.hpp"
#include "model.hpp"

namespace {

uint64_t low_mask(unsigned width) {
  return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 8) return 0;
  uint64_t word = 0;
  std::memcpy(&word, data, 8);
  word &= low_mask(ptxalu::kCtrlWidth);
  uint64_t src[4] = {0, 0, 0, 0};
  std::memcpy(src, data + 8, std::min<size_t>(size - 8, sizeof src));

  const ptxalu::Ctrl ctrl = ptxalu::Ctrl::unpack(word);
  FUZZ_CHECK(ctrl.pack() == word, "ctrl=0x%016llx", static_cast<unsigned long long>(word));
  const bool legal = ptxalu::is_legal(ctrl);
  const bool tabled = ptxalu::cov::in_table(ctrl);
  FUZZ_CHECK(legal == tabled, "ctrl=0x%016llx is_legal=%d but the canonical-form table says %d",
             static_cast<unsigned long long>(word), legal, tabled);
  const ptxalu::Signature sig = ptxalu::signature(ctrl);  // defined for any word, meaningless
  if (!legal) return 0;

  FUZZ_CHECK(sig.dst_width == 16 || sig.dst_width == 32 || sig.dst_width == 64,
             "ctrl=0x%016llx dst_width=%u", static_cast<unsigned long long>(word), sig.dst_width);
  FUZZ_CHECK(sig.num_srcs >= 1 && sig.num_srcs <= 4, "ctrl=0x%016llx num_srcs=%u",
             static_cast<unsigned long long>(word), sig.num_srcs);
  for (unsigned i = 0; i < sig.num_srcs; ++i) {
    FUZZ_CHECK(sig.src_width[i] == 16 || sig.src_width[i] == 32 || sig.src_width[i] == 64,
               "ctrl=0x%016llx src_width[%u]=%u", static_cast<unsigned long long>(word), i,
               sig.src_width[i]);
  }

  const ptxalu::Operands ops{src[0], src[1], src[2], src[3]};
  const uint64_t value = ptxalu::execute(ctrl, ops);
  FUZZ_CHECK((value & ~low_mask(sig.dst_width)) == 0,
             "ctrl=0x%016llx value=0x%016llx wider than %u bits",
             static_cast<unsigned long long>(word), static_cast<unsigned long long>(value),
             sig.dst_width);

  // Bits above each source's width, and sources the form does not read, must not matter.
  uint64_t trimmed[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < sig.num_srcs; ++i) trimmed[i] = src[i] & low_mask(sig.src_width[i]);
  const uint64_t again =
      ptxalu::execute(ctrl, ptxalu::Operands{trimmed[0], trimmed[1], trimmed[2], trimmed[3]});
  FUZZ_CHECK(again == value,
             "ctrl=0x%016llx reads bits it should not: 0x%016llx with the full operands, "
             "0x%016llx with them cut to their widths",
             static_cast<unsigned long long>(word), static_cast<unsigned long long>(value),
             static_cast<unsigned long long>(again));
  return 0;
}
