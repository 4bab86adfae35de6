"""Shared helpers for ptxalu's Python tool scripts: one place for each tool chore.

Import it from a script anywhere in the tree with

    sys.path.insert(0, os.path.join(REPO, "scripts")); import ptxalu_tool as tool

API (everything else in this module is private):

  fail(message, status=2)          print "<script>: error: <message>" (one line) to stderr and
                                   exit with `status`. Never returns.
  main_guard(main, *args)          call main(*args) and exit with what it returns; a
                                   ToolError, OSError or KeyboardInterrupt becomes one fail()
                                   line with exit status 2 instead of a traceback.
  ToolError                        raise it anywhere below main_guard for a one-line exit 2.
  require_tool(name, why="")       absolute path of executable `name` on PATH, else fail()
                                   ("yosys not found on PATH (needed for ...)").
  run(cmd, timeout=None, ...)      run a command, returning a Result; see run's docstring.
                                   A missing executable is a fail() (exit 2), a timeout is
                                   Result.timed_out (returncode None), never an exception.
  Result                           returncode (None on timeout), stdout, stderr (str; stdout
                                   holds both streams with merge=True, "" with log=),
                                   seconds (wall), cpu (children's user+system seconds),
                                   timed_out, ok (returncode == 0), first_error_line().
  find_files(roots, patterns)      sorted paths under `roots` (a path or a list) whose base
                                   name matches any of `patterns` (fnmatch, e.g. "*.sv"),
                                   skipping .git and build*/ directories.
  env_seed(fallback=None)          $PTXALU_SEED (decimal or 0x hex); `fallback` if unset, or a
                                   fresh random seed when fallback is None. Bad text: fail().
  env_count(fallback)              $PTXALU_COUNT, else $PTXALU_ITERS, else `fallback`.
  load_average()                   os.getloadavg() rounded to 2 places, or None.

The seed and count variables and their precedence are sim/common/env.hpp's (the C++ side's one
reader); text that is not a number is a one-line error here rather than ignored.
"""

import fnmatch
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import time

__all__ = ["fail", "main_guard", "ToolError", "require_tool", "run", "Result", "find_files",
           "replace_marked_block", "env_seed", "env_count", "load_average", "module_header"]


class ToolError(Exception):
    """A user-facing error: main_guard prints its text as one line and exits 2."""


def _prog():
    return os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "ptxalu"


def fail(message, status=2):
    """One line on stderr naming what is wrong, then exit `status` (2 unless told)."""
    text = " ".join(str(message).split())  # one line, whatever the message held
    print(f"{_prog()}: error: {text}", file=sys.stderr, flush=True)
    sys.exit(status)


def main_guard(main, *args):
    """sys.exit(main(*args)), with ToolError/OSError/KeyboardInterrupt as one line, exit 2."""
    try:
        status = main(*args)
    except ToolError as e:
        fail(str(e))
    except OSError as e:
        where = f" ({e.filename})" if getattr(e, "filename", None) else ""
        fail(f"{e.strerror or e}{where}")
    except KeyboardInterrupt:
        fail("interrupted")
    sys.exit(status)


def require_tool(name, why=""):
    """The path of executable `name` (a name on PATH or a path), else fail() with exit 2."""
    found = shutil.which(name)
    if not found:
        where = "is not an executable file" if os.sep in str(name) else "not found on PATH"
        fail(f"{name} {where}" + (f" (needed {why})" if why else ""))
    return found


class Result:
    """What run() returns."""

    def __init__(self, cmd, returncode, stdout, stderr, seconds, cpu):
        self.cmd, self.returncode, self.stdout, self.stderr = cmd, returncode, stdout, stderr
        self.seconds, self.cpu = seconds, cpu

    @property
    def timed_out(self):
        return self.returncode is None

    @property
    def ok(self):
        return self.returncode == 0

    def first_error_line(self, limit=300):
        """The first line of stderr (else stdout) that mentions an error, else the last one."""
        lines = [l.strip() for l in (self.stderr or self.stdout or "").splitlines() if l.strip()]
        errs = [l for l in lines if "error" in l.lower()]
        if errs:
            return errs[0][:limit]
        return lines[-1][:limit] if lines else ""

    def __repr__(self):
        return f"Result(rc={self.returncode}, {self.seconds:.2f} s, cmd={self.cmd[0]!r})"


def run(cmd, timeout=None, cwd=None, log=None, merge=False, input=None, env=None,
        cpu_limit=None):
    """Run `cmd` (a list) and wait at most `timeout` wall seconds.

    log        path: stdout and stderr both go to this file (Result.stdout/stderr are "").
    merge      True: stderr is folded into stdout (ignored with log).
    input      text for stdin (else stdin is /dev/null).
    env        extra environment variables (added to os.environ).
    cpu_limit  seconds of CPU the process may use (RLIMIT_CPU; a process over it is
               reported as timed out), so a verdict does not depend on the machine's load.
    The command runs in its own process group; on timeout the whole group is killed, so
    nothing is left running. Returns a Result; a missing executable is fail() (exit 2).
    """
    cmd = [str(c) for c in cmd]
    full_env = None if env is None else {**os.environ, **{k: str(v) for k, v in env.items()}}

    def limit():
        if cpu_limit is not None:
            secs = max(1, int(cpu_limit + 0.999))
            resource.setrlimit(resource.RLIMIT_CPU, (secs, secs + 1))

    out_file = open(log, "w") if log else None
    stdout = out_file or subprocess.PIPE
    stderr = subprocess.STDOUT if (out_file or merge) else subprocess.PIPE
    r0, t0 = os.times(), time.monotonic()
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, env=full_env, text=True, stdout=stdout,
                                stderr=stderr,
                                stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
                                start_new_session=True,
                                preexec_fn=limit if cpu_limit is not None else None)
    except FileNotFoundError:
        if out_file:
            out_file.close()
        fail(f"{cmd[0]} not found" + ("" if os.sep in cmd[0] else " on PATH"))
    except PermissionError:
        if out_file:
            out_file.close()
        fail(f"{cmd[0]} is not executable")
    timed_out = False
    try:
        out, err = proc.communicate(input=input, timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
    finally:
        if out_file:
            out_file.close()
    seconds = time.monotonic() - t0
    r1 = os.times()
    cpu = (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)
    rc = proc.returncode
    if cpu_limit is not None and rc is not None and rc < 0 and \
            -rc in (signal.SIGXCPU, signal.SIGKILL):
        timed_out = True
    return Result(cmd, None if timed_out else rc, out or "", err or "", seconds, cpu)


def find_files(roots, patterns):
    """Sorted paths under roots (str or list) whose base name matches any pattern."""
    roots = [roots] if isinstance(roots, (str, os.PathLike)) else list(roots)
    patterns = [patterns] if isinstance(patterns, str) else list(patterns)
    found = []
    for root in roots:
        if os.path.isfile(root):
            if any(fnmatch.fnmatch(os.path.basename(root), p) for p in patterns):
                found.append(os.fspath(root))
            continue
        for here, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
            found += [os.path.join(here, f) for f in files
                      if any(fnmatch.fnmatch(f, p) for p in patterns)]
    return sorted(found)


def _env_number(name):
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    try:
        value = int(text, 16) if text.lower().startswith("0x") else int(text, 10)
    except ValueError:
        fail(f"${name} is {text!r}, not a whole number (decimal or 0x hex)")
    if value < 0 or value >= 1 << 64:
        fail(f"${name} is {text!r}, outside 0..2^64-1")
    return value


def env_seed(fallback=None):
    """$PTXALU_SEED if set; else `fallback`; else a fresh random seed. Print what you use."""
    seed = _env_number("PTXALU_SEED")
    if seed is not None:
        return seed
    return fallback if fallback is not None else random.SystemRandom().randrange(1 << 32)


def env_count(fallback):
    """$PTXALU_COUNT if set, else $PTXALU_ITERS if set, else `fallback`."""
    for name in ("PTXALU_COUNT", "PTXALU_ITERS"):
        value = _env_number(name)
        if value is not None:
            return value
    return fallback


def load_average():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def module_header(text, module):
    """The header `module NAME #(...) (...);` of `module` in SystemVerilog `text` (// comments
    dropped first), as a match: group(0) the header, group(1) its port list; None if absent."""
    return re.search(rf"\bmodule\s+{module}\b\s*(?:#\s*\((?:[^()]|\([^()]*\))*\))?\s*\((.*?)\);",
                     re.sub(r"//.*", "", text), re.S)


def replace_marked_block(path, begin, end, lines):
    """Rewrite the lines between the marker lines `begin` and `end` of the file `path` (a
    generated block of a README) with `lines`; ToolError if the file or a marker is missing."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise ToolError(f"cannot read {path}: {e.strerror}") from None
    if begin not in text or end not in text:
        raise ToolError(f"{path} has no generated block (marker line {begin!r})")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + "\n".join([begin] + list(lines) + [end]) + tail)
