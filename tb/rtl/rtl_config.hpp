// Which configuration of ptxalu_top the RTL tests run: PTXALU_RTL_CONFIG (or the testbench
// option --config=NAME, which sets it): unset, "default" or "small" (ptxalu_pkg::CfgSmall). CI
// runs the random and sweep tests once more on the small configuration (tb/rtl/CMakeLists.txt).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "rtl_engine.hpp"

namespace ptxalu::tb {

inline RtlConfig rtl_config() {
  const char* env = std::getenv("PTXALU_RTL_CONFIG");
  const std::string_view value = env == nullptr ? "" : env;
  if (value.empty() || value == "default") return RtlConfig::Default;
  if (value == "small") return RtlConfig::Small;
  std::fprintf(stderr, "PTXALU_RTL_CONFIG=%s: want default or small\n", env);
  std::exit(2);
}

}  // namespace ptxalu::tb
