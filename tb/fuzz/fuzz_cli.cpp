// Fuzz target: the real `ptxalu run` code path (run_command of sim/frontend/commands.cpp, model
// engine) on arbitrary bytes as the program file, with --trace.
//
// Checks the command's contract on every input: exit status 0 or 2 (1 is impossible with one
// engine); on 2, nothing on stdout and exactly one line `FILE:LINE:COL: error: ...` on stderr;
// on 0, nothing on stderr. Crashes, hangs, leaks and UB are caught by the sanitizers.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fuzz_check.hpp"

namespace {

std::string scratch(const char* what) {
  return "/tmp/ptxalu_fuzz_cli_" + std::to_string(getpid()) + "_" + what;
}

std::string slurp(const std::string& path) {
  std::string out;
  if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    std::fclose(f);
  }
  return out;
}

// Runs `fn` with fd 1 and 2 sent to files, and returns what it wrote there.
template <typename F>
int captured(F&& fn, std::string* out, std::string* err) {
  const std::string out_path = scratch("stdout"), err_path = scratch("stderr");
  std::fflush(stdout);
  std::fflush(stderr);
  const int saved_out = dup(1), saved_err = dup(2);
  const int out_fd = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  const int err_fd = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  dup2(out_fd, 1);
  dup2(err_fd, 2);
  const int rc = fn();
  std::fflush(stdout);
  std::fflush(stderr);
  dup2(saved_out, 1);
  dup2(saved_err, 2);
  close(out_fd);
  close(err_fd);
  close(saved_out);
  close(saved_err);
  *out = slurp(out_path);
  *err = slurp(err_path);
  return rc;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string program = scratch("input.ptx");
  if (std::FILE* f = std::fopen(program.c_str(), "wb")) {
    std::fwrite(data, 1, size, f);
    std::fclose(f);
  }
  std::string out, err;
  const int rc = captured(
      [&] {
        return ptxalu::frontend::run_command({"--trace", "/dev/null", program});
      },
      &out, &err);

  FUZZ_CHECK(rc == 0 || rc == 2, "exit status %d; stderr: %.300s", rc, err.c_str());
  if (rc == 2) {
    FUZZ_CHECK(out.empty(), "bad input but stdout has: %.300s", out.c_str());
    const size_t newline = err.find('\n');
    FUZZ_CHECK(newline != std::string::npos && newline + 1 == err.size(),
               "not exactly one line on stderr: %.300s", err.c_str());
    const std::string prefix = program + ":";
    unsigned line = 0, col = 0;
    FUZZ_CHECK(err.compare(0, prefix.size(), prefix) == 0 &&
                   std::sscanf(err.c_str() + prefix.size(), "%u:%u: error: ", &line, &col) == 2 &&
                   line >= 1 && col >= 1,
               "not FILE:LINE:COL: error: %.300s", err.c_str());
  } else {
    FUZZ_CHECK(err.empty(), "ran, but stderr has: %.300s", err.c_str());
  }
  return 0;
}
