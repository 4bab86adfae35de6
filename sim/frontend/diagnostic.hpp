// A front-end error: where it is and what is wrong, printed as `FILE:LINE:COL: error: MESSAGE`.
#pragma once

#include <string>
#include <string_view>

namespace ptxalu::frontend {

struct SourcePos {
  int line = 1;    // 1-based
  int column = 1;  // 1-based, in bytes
};

struct Diagnostic {
  std::string file;
  SourcePos pos;
  std::string message;

  std::string format() const {
    return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
           ": error: " + message;
  }
};

// Source text quoted for a message: 'text', or for text longer than kQuoteLimit its first
// characters and the length, so that a megabyte-long name still gives a one-screen error.
inline constexpr size_t kQuoteLimit = 64;

inline std::string quote(std::string_view text) {
  if (text.size() <= kQuoteLimit) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, kQuoteLimit)) + "...' (" + std::to_string(text.size()) +
         " characters)";
}

}  // namespace ptxalu::frontend
