"""sitegen passes ruff and mypy with the rule sets stated in pyproject.toml (issue 13), so that
the README's test command runs lint and types too."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent


def run_tool(module: str, *args: str) -> subprocess.CompletedProcess:
    """Run ``python -m module args...`` in the repository, with its pyproject.toml."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed: pip install -e '.[test]'")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=REPO, capture_output=True,
                          text=True, timeout=600)


def test_ruff_finds_nothing_in_sitegen_and_the_tests():
    done = run_tool("ruff", "check", "--no-cache", "--output-format", "concise", "sitegen", "tests")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow  # a cold run checks every module (about 8 s); later ones use .mypy_cache
def test_mypy_finds_nothing_in_sitegen():
    done = run_tool("mypy")  # files and options: [tool.mypy] of pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr
