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


def pytest_configure(config):
    """Under ctest the module must be the one this build made, not an installed copy."""
    build = os.environ.get("PTXALU_BUILD_DIR")
    if build:
        import ptxalu

        where = pathlib.Path(ptxalu.__file__).resolve()
        if pathlib.Path(build).resolve() not in where.parents:
            raise pytest.UsageError(f"ptxalu imported from {where}, not from the build {build}")
