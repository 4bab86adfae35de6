// The golden model's hand cases, written as PTX text in tb/model/cases/*.cases (one [Section]
// per group, each row worked out by hand from the spec): the test Model/HandCases.Run/FILE_SECTION
// runs the rows of one section through the model.
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "model_test_util.hpp"

namespace ptxalu::test {
namespace {

using Section = std::pair<std::string, std::string>;  // file (without .cases), section

// Every [Section] of the case files, in file order.
std::vector<Section> sections() {
  std::vector<Section> out;
  for (const char* file : {"scalar_video", "simd_video", "integer"}) {
    std::ifstream in(std::string(PTXALU_HAND_CASES_DIR) + "/" + file + ".cases");
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] != '[') continue;
      out.emplace_back(file, line.substr(1, line.find(']') - 1));
    }
  }
  return out;
}

class HandCases : public testing::TestWithParam<Section> {};

TEST_P(HandCases, Run) { check_model_cases(GetParam().first, GetParam().second); }

INSTANTIATE_TEST_SUITE_P(Model, HandCases, testing::ValuesIn(sections()),
                         [](const testing::TestParamInfo<Section>& info) {
                           return info.param.first + "_" + info.param.second;
                         });

}  // namespace
}  // namespace ptxalu::test
