// A string as a JSON string literal, for the tools that write JSON by hand (ptxalu run --trace,
// the coverage run's report): quotes and backslashes escaped, the text itself ASCII.
#pragma once

#include <string>
#include <string_view>

namespace ptxalu {

inline std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace ptxalu
