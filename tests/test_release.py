"""The package as it is released (issue 26): its name on the package index, one version, the
changelog's notes, and the built wheel working alone in a fresh virtual environment.

The slow test builds the sdist and the wheel as the release workflow does (``python -m build``
from a clean copy of the committed files), runs ``twine check --strict`` on them, installs the
wheel (not the source tree) into a new virtual environment and runs ``sitegen new`` and
``sitegen build`` there, outside this repository.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

from sitegen import __version__
from sitegen.version import DISTRIBUTION

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "release_notes.py"


def _release_notes():
    spec = importlib.util.spec_from_file_location("release_notes", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_distribution_name_is_written_once_and_is_not_the_other_sitegen():
    """pyproject's name is version.DISTRIBUTION; `sitegen` on the index is another project."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION == "go-league-sitegen"
    assert project["dynamic"] == ["version"] and "version" not in project
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert set(project["urls"]) == {"Homepage", "Documentation", "Source", "Changelog", "Issues"}
    assert project["scripts"] == {"sitegen": "sitegen.cli:run"}


def test_release_notes_take_the_versions_section():
    notes = _release_notes()
    changelog = ("# Changelog\n\n## [Unreleased]\n\n## [0.2.0] - 2027-01-05\n\n### Added\n- player add\n\n"
                 "## [0.1.0] - 2026-12-10\n\n- first\n")
    assert notes.section(changelog, "0.2.0") == "### Added\n- player add\n"
    assert notes.section(changelog, "0.1.0") == "- first\n"
    with pytest.raises(LookupError, match=r"no section '## \[0.3.0\] - <date>'"):
        notes.section(changelog, "0.3.0")
    with pytest.raises(LookupError, match="section for 1.0 is empty"):
        notes.section("## [1.0] - 2027-01-01\n\n## [0.9] - x\n- y\n", "1.0")
    assert notes.package_version(REPO) == __version__


def test_the_changelog_has_an_unreleased_section():
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n") and "\n## [Unreleased]\n" in text


def test_dependabot_and_workflows_follow_githubs_schemas():
    """The scaffold's .github/dependabot.yml (pip and github-actions updates) and every workflow,
    this repository's and the scaffold's, against the schemas check-jsonschema ships."""
    scaffold = REPO / "sitegen/scaffold/common/github"
    dependabot = scaffold / "dependabot.yml"
    assert "package-ecosystem: pip" in dependabot.read_text(encoding="utf-8")
    assert "package-ecosystem: github-actions" in dependabot.read_text(encoding="utf-8")
    _run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.dependabot", str(dependabot)], REPO)
    workflows = sorted(map(str, [*(REPO / ".github/workflows").glob("*.yml"), *(scaffold / "workflows").glob("*.yml")]))
    assert len(workflows) >= 10 and any(w.endswith("/release.yml") for w in workflows)
    _run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", *workflows], REPO)


def _committed_copy(target: Path) -> Path:
    """Copy the files git tracks (and the working tree's changes to them) into ``target``, as a
    clean clone would have them: no .venv, output or test caches."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=REPO, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            destination = target / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
    return target


def _run(command: list[str], cwd: Path, env: dict | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None or importlib.util.find_spec("build") is None
                    or importlib.util.find_spec("twine") is None, reason="needs git, build and twine")
def test_the_built_wheel_alone_makes_and_builds_a_league(tmp_path):
    source = _committed_copy(tmp_path / "source")
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--outdir", str(dist), str(source)], cwd=tmp_path)
    built = sorted(p.name for p in dist.iterdir())
    assert built == [f"go_league_sitegen-{__version__}-py3-none-any.whl", f"go_league_sitegen-{__version__}.tar.gz"]
    assert "PASSED" in _run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist.iterdir())],
                            cwd=tmp_path)

    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    python = environment / "bin" / "python"
    wheel = dist / built[0]
    _run([str(python), "-m", "pip", "install", "-q", str(wheel)], cwd=tmp_path)
    sitegen = environment / "bin" / "sitegen"
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "VIRTUAL_ENV"))}
    elsewhere = tmp_path / "organizer"
    elsewhere.mkdir()
    assert _run([str(sitegen), "--version"], cwd=elsewhere, env=env) == f"sitegen {__version__}\n"
    # The module is the wheel's, not this checkout's.
    where = _run([str(python), "-c", "import sitegen; print(sitegen.__file__)"], cwd=elsewhere, env=env)
    assert where.startswith(str(environment))
    for kind in ("league", "tournament", "ladder", "swiss"):
        _run([str(sitegen), "new", kind, "--kind", kind, "--name", "Club"], cwd=elsewhere, env=env)
        league = elsewhere / kind
        pins = [line for line in (league / "requirements.txt").read_text(encoding="utf-8").splitlines()
                if line and not line.startswith("#")]
        assert pins == [f"go-league-sitegen=={__version__}"]  # installed from a wheel on the disk
        assert (league / ".github/dependabot.yml").is_file()
        _run([str(sitegen), "check", "--strict"], cwd=league, env=env)
        _run([str(sitegen), "build", "-q"], cwd=league, env=env)
        assert (league / "output/index.html").is_file()
    # The theme's static files and the catalogs came with the wheel.
    styles = list((elsewhere / "league/output").rglob("*.css"))
    assert styles and all(s.stat().st_size > 1000 for s in styles)
    site = elsewhere / "league/content/site.yaml"
    text = site.read_text(encoding="utf-8")
    assert "\nlanguage: en " in text
    site.write_text(text.replace("\nlanguage: en ", "\nlanguage: pl "), encoding="utf-8")
    _run([str(sitegen), "build", "-q"], cwd=elsewhere / "league", env=env)
    assert 'lang="pl"' in (elsewhere / "league/output/index.html").read_text(encoding="utf-8")
