"""docs/publishing.md's walk "From nothing to a published site, in one go" runs as written
(issue 26): the block's commands in bash, with what needs the network left out (installing
from the package index, and GitHub's `gh`), against this checkout's sitegen."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

DOCS = Path(__file__).resolve().parent.parent / "docs" / "publishing.md"
OFFLINE = ("python3 -m venv", ".venv/bin/pip install", ". .venv/bin/activate", "gh ")
"""Lines the test leaves out: the install (this checkout's sitegen is on the PATH instead) and
the calls to GitHub."""


def walk_block() -> str:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## From nothing to a published site, in one go"):text.index("## 1. Install sitegen")]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    return blocks[0]


def test_the_walk_names_no_placeholder():
    """Every command of the walk can be typed as it is: no <...> left to fill in."""
    block = walk_block()
    assert "<" not in block.replace("<<'END'", "")
    assert [line for line in block.splitlines() if line.startswith(OFFLINE)] == [
        "python3 -m venv .venv", ".venv/bin/pip install go-league-sitegen", ". .venv/bin/activate",
        "gh repo create club-league --public --source . --push",
        'gh api -X POST "repos/{owner}/{repo}/pages" -f build_type=workflow',
        'gh api -X PUT "repos/{owner}/{repo}/actions/permissions/workflow" -f default_workflow_permissions=read '
        "-F can_approve_pull_request_reviews=true",
        "gh workflow run deploy.yml"]


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_the_walk_from_nothing_to_a_built_site_runs_as_written(tmp_path):
    script = "\n".join(line for line in walk_block().splitlines() if not line.startswith(OFFLINE))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "GIT_AUTHOR_NAME": "Org", "GIT_AUTHOR_EMAIL": "org@example.org",
           "GIT_COMMITTER_NAME": "Org", "GIT_COMMITTER_EMAIL": "org@example.org"}
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    root = tmp_path / "club-league"
    season = YAML(typ="safe").load((root / "content/leagues/club-league/seasons/1.yaml").read_text(encoding="utf-8"))
    # Six players: one group of division A (league A.i), seeded by rank (A.ii).
    assert [[g["players"] for g in d["groups"]] for d in season["divisions"]] == [
        [["ann-smith", "bruno-diaz", "chen-wei", "dorota-laska", "erik-berg", "fatima-khan"]]]
    assert (root / "output/leagues/club-league/1/a/index.html").is_file()
    log = subprocess.run(["git", "log", "--format=%s"], cwd=root, capture_output=True, text=True).stdout
    assert log == "Start the league site\n"
