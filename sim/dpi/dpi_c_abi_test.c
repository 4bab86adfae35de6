/* The DPI-C library called from plain C, as a simulator's DPI layer calls it. Values are worked
 * by hand from the spec; control words come from the front end (text), never from numbers. */
#include <stdio.h>
#include <string.h>

#include "ptxalu_dpi.h"

static int failures = 0;

#define CHECK(cond)                                              \
  do {                                                           \
    if (!(cond)) {                                               \
      fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                \
    }                                                            \
  } while (0)

static uint64_t assemble(const char* text) {
  uint64_t ctrl = 0;
  const int rc = ptxalu_model_assemble(text, &ctrl);
  if (rc != 0) {
    fprintf(stderr, "assemble(\"%s\") = %d: %s\n", text, rc, ptxalu_last_error());
    ++failures;
  }
  return ctrl;
}

int main(void) {
  /* Words above bit 59 are never legal, and an illegal word executes to 0. */
  CHECK(ptxalu_model_is_legal(~(uint64_t)0) == 0);
  CHECK(ptxalu_model_execute(~(uint64_t)0, 1, 2, 3, 4) == 0);
  CHECK(ptxalu_model_dst_width(~(uint64_t)0) == 0);
  CHECK(ptxalu_model_src_width(~(uint64_t)0, 0) == 0);

  /* Random stimulus: legal words are legal, illegal ones are not, and a seed reproduces. */
  ptxalu_random_seed(7);
  const uint64_t first = ptxalu_random_ctrl();
  ptxalu_random_seed(7);
  CHECK(ptxalu_random_ctrl() == first);
  for (int i = 0; i < 1000; ++i) {
    CHECK(ptxalu_model_is_legal(ptxalu_random_ctrl()) == 1);
    CHECK(ptxalu_model_is_legal(ptxalu_random_illegal_ctrl()) == 0);
    CHECK(ptxalu_random_below(5) < 5);
  }

  uint64_t dummy = 1;
  const int rc = ptxalu_model_assemble("add.u32 d, a, b;", &dummy);
  if (rc == 2) {
    printf("front end not built in: skipping the text checks\n");
    return failures == 0 ? 0 : 1;
  }
  CHECK(rc == 0);

  const uint64_t add_s32 = assemble("add.s32 d, a, b;");
  CHECK(ptxalu_model_is_legal(add_s32) == 1);
  CHECK(ptxalu_model_dst_width(add_s32) == 32);
  CHECK(ptxalu_model_num_srcs(add_s32) == 2);
  CHECK(ptxalu_model_src_width(add_s32, 1) == 32);
  CHECK(ptxalu_model_src_width(add_s32, 2) == 0);
  CHECK(ptxalu_model_execute(add_s32, 0x7fffffff, 1, 0, 0) == 0x80000000u); /* wraps */
  CHECK(ptxalu_model_execute(assemble("add.sat.s32 d, a, b"), 0x7fffffff, 1, 0, 0) ==
        0x7fffffffu); /* clamps to MAX_INT */
  CHECK(ptxalu_model_execute(assemble("popc.b64 d, a"), ~(uint64_t)0, 0, 0, 0) == 64);
  const uint64_t wide = assemble("mul.wide.u32 d, a, b");
  CHECK(ptxalu_model_dst_width(wide) == 64);
  CHECK(ptxalu_model_execute(wide, 0xffffffff, 0xffffffff, 0, 0) == 0xfffffffe00000001ull);
  /* vadd4 bytes: 0x01+0xff wraps to 0x00 per byte with no carry between lanes (c = 0). */
  CHECK(ptxalu_model_execute(assemble("vadd4.u32.u32.u32 d, a, b, c"), 0x01010101, 0xffffffff,
                             0, 0) == 0);
  /* div by zero gives all ones (CLARIFICATIONS §11). */
  CHECK(ptxalu_model_execute(assemble("div.u16 d, a, b"), 5, 0, 0, 0) == 0xffff);

  uint64_t junk = 1;
  CHECK(ptxalu_model_assemble("frobnicate.u32 d, a", &junk) == 1);
  CHECK(junk == 0);
  CHECK(strstr(ptxalu_last_error(), "error:") != NULL);
  CHECK(ptxalu_model_assemble("add.sat.u32 d, a, b", &junk) == 1); /* sat is .s32 only, §19 */

  if (failures == 0) printf("dpi_c_abi_test: PASS\n");
  return failures == 0 ? 0 : 1;
}
