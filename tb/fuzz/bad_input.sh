#!/usr/bin/env bash
# Bad input against the built `ptxalu` command (DESIGN.md contract): each case must exit 2 with
# exactly one line `FILE:LINE:COL: error: MESSAGE` on stderr naming the expected place, and
# nothing on stdout. The `huge` case is the opposite: 1 M legal lines must run (exit 0).
#
#   bad_input.sh PTXALU WORKDIR CASE
set -uo pipefail
ptxalu=${1:?usage: bad_input.sh PTXALU WORKDIR CASE}
work=${2:?}
case_name=${3:?}
mkdir -p "$work"
cd "$work" || exit 1

fail() { echo "FAIL [$case_name]: $*"; exit 1; }

# expect_error FILE LINE COL [MESSAGE_REGEX]: run FILE, check the contract for an error.
expect_error() {
  local file=$1 line=$2 col=$3 regex=${4:-}
  "$ptxalu" run "$file" >stdout.txt 2>stderr.txt
  local rc=$?
  [ "$rc" -eq 2 ] || fail "exit status $rc, expected 2"
  [ -s stdout.txt ] && fail "stdout not empty: $(head -c 200 stdout.txt)"
  local lines
  lines=$(wc -l <stderr.txt)
  [ "$lines" -eq 1 ] || fail "stderr has $lines lines, expected 1: $(head -c 300 stderr.txt)"
  local want="$file:$line:$col: error: "
  [ "$(head -c ${#want} stderr.txt)" = "$want" ] ||
    fail "stderr does not start with '$want': $(head -c 300 stderr.txt)"
  if [ -n "$regex" ]; then
    grep -Eq "$regex" stderr.txt || fail "message does not match /$regex/: $(head -c 300 stderr.txt)"
  fi
  echo "ok [$case_name]: $(head -c 200 stderr.txt) ($(wc -c <stderr.txt) bytes)"
}

case $case_name in
  missing)
    rm -f missing.ptx
    expect_error missing.ptx 1 1 "cannot open|No such file"
    ;;
  empty)
    : >empty.ptx
    expect_error empty.ptx 1 1
    ;;
  binary)
    # Bytes that start no token, a NUL among them, after a valid first line.
    printf '.reg .b32 %%r<2>;\n\001\000\377\376garbage\n' >binary.ptx
    expect_error binary.ptx 2 1
    ;;
  undeclared)
    printf '.reg .b32 %%r<4>;\nadd.u32 %%r0, %%r1, %%r9;\n' >undeclared.ptx
    expect_error undeclared.ptx 2 19 "%r9"
    ;;
  wrong_width)
    printf '.reg .b32 %%r<4>;\n.reg .b64 %%rd<2>;\nadd.u32 %%r0, %%rd1, %%r1;\n' >wrong_width.ptx
    expect_error wrong_width.ptx 3 14 "%rd1"
    ;;
  immediate_range)
    printf '.reg .b16 %%h<4>;\nadd.u16 %%h0, %%h1, 70000;\n' >immediate_range.ptx
    expect_error immediate_range.ptx 2 19 "70000"
    ;;
  long_line)
    # One line of 1 MiB: a megabyte of blanks, then a character that starts no token.
    { printf '.reg .b32 %%r<2>;\n'; head -c 1048576 /dev/zero | tr '\0' ' '; printf '#\n'; } >long_line.ptx
    expect_error long_line.ptx 2 1048577
    ;;
  long_name)
    # One line of 1 MiB: an operand name a megabyte long (undeclared).
    { printf '.reg .b32 %%r<2>;\nadd.u32 %%r0, %%r1, '; head -c 1048576 /dev/zero | tr '\0' 'x'; printf ';\n'; } >long_name.ptx
    expect_error long_name.ptx 2 19
    ;;
  huge)
    # 1 M legal lines: %r0 counts to 1000000 (0x000f4240).
    {
      printf '.reg .b32 %%r<2>;\nmov.b32 %%r1, 1;\n'
      yes 'add.u32 %r0, %r0, %r1;' | head -n 1000000
    } >huge.ptx
    start=$(date +%s.%N)
    "$ptxalu" run huge.ptx >stdout.txt 2>stderr.txt
    rc=$?
    end=$(date +%s.%N)
    [ "$rc" -eq 0 ] || fail "exit status $rc: $(head -c 300 stderr.txt)"
    grep -q '0x000f4240' stdout.txt || fail "%r0 is not 0x000f4240: $(head -c 300 stdout.txt)"
    echo "ok [huge]: 1000002 lines ran in $(echo "$end - $start" | bc) s (ctest TIMEOUT bounds it)"
    ;;
  *)
    fail "unknown case"
    ;;
esac
