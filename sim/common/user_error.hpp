// An error in what the user gave a command (a file missing or malformed, a serial port that does
// not open, a board that does not answer): what() is one line, fit to print after "error: ",
// and the command exits 2. Thrown as AigError by formal/algebra, as LinkError by the board link.
#pragma once

#include <stdexcept>

namespace ptxalu {

struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace ptxalu
