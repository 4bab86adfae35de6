#include "env.hpp"

#include <cstdlib>
#include <random>

namespace ptxalu {

std::optional<uint64_t> env_number(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return std::nullopt;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 0);
  if (end == nullptr || *end != '\0') return std::nullopt;
  return static_cast<uint64_t>(value);
}

uint64_t seed_from_env_or_random() {
  if (const auto seed = env_number("PTXALU_SEED")) return *seed;
  std::random_device device;
  return (uint64_t{device()} << 32) | device();
}

uint64_t seed_from_env(uint64_t fallback) { return env_number("PTXALU_SEED").value_or(fallback); }

uint64_t count_from_env(uint64_t fallback) {
  if (const auto count = env_number("PTXALU_COUNT")) return *count;
  if (const auto count = env_number("PTXALU_ITERS")) return *count;
  return fallback;
}

}  // namespace ptxalu
