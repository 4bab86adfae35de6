"""Shared helpers of the ptxalu pytest suite (python/tests)."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def cli_path():
    """The `ptxalu` command of the CMake build the tests run from, or None."""
    build = os.environ.get("PTXALU_BUILD_DIR")
    if build and (pathlib.Path(build) / "ptxalu").is_file():
        return pathlib.Path(build) / "ptxalu"
    return None


@pytest.fixture
def cli():
    """Runs `ptxalu ARGS...` and returns the CompletedProcess (skips without a built command)."""
    path = cli_path()
    if path is None:
        pytest.skip("the ptxalu command is not built in $PTXALU_BUILD_DIR")

    def run(*args, stdin=None):
        return subprocess.run([str(path), *args], input=stdin, capture_output=True, text=True,
                              check=False)

    return run


@pytest.fixture
def seed():
    """The seed of a random test: $PTXALU_SEED if set, else a fixed one; printed."""
    import ptxalu

    value = ptxalu.seed_from_env(20261125)
    print(f"seed: {value} (PTXALU_SEED={value} reproduces)")
    return value
