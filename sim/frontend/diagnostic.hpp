// A front-end error: where it is and what is wrong, printed as `FILE:LINE:COL: error: MESSAGE`.
#pragma once

#include <string>

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

}  // namespace ptxalu::frontend
