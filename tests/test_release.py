"""The package as it is released (issue 26): its name on the package index, one version, the
changelog's notes, and the built wheel working alone in a fresh virtual environment.

The slow test builds the sdist and the wheel as the release workflow does (``python -m build``
from a clean copy of the committed files), runs ``twine check --strict`` on them, installs the
wheel (not the source tree) into a new virtual environment and runs ``sitegen new`` and
``sitegen build`` there, outside this repository.
"""

from __future__ import annotations

import datetime
import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest
from ruamel.yaml import YAML

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
@pytest.mark.early  # a minute or more alone: first, not last on one worker (tests/conftest.py)
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
    organizer_journey([str(sitegen)], elsewhere, env)
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


PLAYERS = [  # name, rank: twelve players added one by one, in no order of strength
    ("Łukasz Wąsowski", "3d"), ("Zofia Kowalska", "1d"), ("Jan Nowak", "2k"), ("Anna Wiśniewska", "4k"),
    ("Piotr Zieliński", "5k"), ("Maria Wójcik", "1k"), ("Tomasz Kamiński", "6k"), ("Ewa Lewandowska", "8k"),
    ("Michał Dąbrowski", "10k"), ("Katarzyna Szymańska", "12k"), ("Paweł Woźniak", "2d"), ("Agnieszka Kozłowska", "15k"),
]


def _issue_body(form: Path, values: dict[str, str]) -> str:
    """An issue body as GitHub renders the submitted form ``form``: ``### <label>`` and the value
    (``_No response_`` for an empty optional field), in the form's order."""
    fields = [item for item in YAML(typ="safe").load(form.read_text(encoding="utf-8"))["body"]
              if item.get("type") == "input"]
    return "\n\n".join(f"### {item['attributes']['label']}\n\n{values.get(item['id']) or '_No response_'}"
                        for item in fields)


def organizer_journey(sitegen: list[str], where: Path, env: dict) -> None:
    """A new organizer's first season, as issue 26 walks it: ``sitegen new --language pl``, the
    example season removed, twelve players added, the first season formed from their sign-ups
    (league A.i, A.ii, C.1), a result entered without a date (today), a player's report with
    names typed without diacritics, ``check --strict``, ``build`` and ``diff HEAD~1 HEAD``."""
    def git(*argv: str) -> str:
        return _run(["git", "-c", "user.name=Org", "-c", "user.email=org@example.org", *argv], root, env)

    _run([*sitegen, "new", "klub", "--kind", "league", "--language", "pl", "--name", "Klub Go"], where, env)
    root = where / "klub"
    assert "language: pl" in (root / "content/site.yaml").read_text(encoding="utf-8")
    league = root / "content/leagues/klub-go"
    (league / "seasons/1.yaml").unlink()  # the example season, with the example players
    for name, rank in PLAYERS:
        added = _run([*sitegen, "player", "add", name, "--rank", rank], root, env)
        assert added.startswith("added ") and f"({name})" in added
    players = (root / "content/players.yaml").read_text(encoding="utf-8")
    ids = ["lukasz-wasowski", "zofia-kowalska", "jan-nowak", "anna-wisniewska", "piotr-zielinski", "maria-wojcik",
           "tomasz-kaminski", "ewa-lewandowska", "michal-dabrowski", "katarzyna-szymanska", "pawel-wozniak",
           "agnieszka-kozlowska"]
    assert all(f"id: {ident}," in players for ident in ids)
    (league / "signups").mkdir()
    (league / "signups/1.yaml").write_text("name: Sezon 1\nstart: 2026-01-10\nnew: [" + ", ".join(ids) + "]\n",
                                          encoding="utf-8")
    formed = _run([*sitegen, "league", "next-season", "klub-go"], root, env)
    assert "lukasz-wasowski" in formed
    season = (league / "seasons/1.yaml").read_text(encoding="utf-8")
    # Twelve players fit division A's ideal size (14, A.i): two groups of six seeded in zig-zag
    # by rank (A.ii.2): seeds 1, 4, 5, 8, 9, 12 in A1 = 3d, 1k, 2k, 6k, 8k, 15k.
    a1 = ["lukasz-wasowski", "maria-wojcik", "jan-nowak", "tomasz-kaminski", "ewa-lewandowska", "agnieszka-kozlowska"]
    a2 = ["pawel-wozniak", "zofia-kowalska", "anna-wisniewska", "piotr-zielinski", "michal-dabrowski",
          "katarzyna-szymanska"]
    groups = YAML(typ="safe").load(season)["divisions"][0]["groups"]
    assert [(g["id"], g["players"]) for g in groups] == [("a1", a1), ("a2", a2)]
    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-q", "-m", "The first season")

    entered = _run([*sitegen, "result", "add", "leagues/klub-go", "wasowski lukasz", "Maria Wojcik", "B+R"], root, env)
    assert "lukasz-wasowski" in entered
    season = (league / "seasons/1.yaml").read_text(encoding="utf-8")
    today = datetime.date.today().isoformat()
    assert f"date: {today}" in season  # no --date: the game is dated today
    body = _issue_body(root / ".github/ISSUE_TEMPLATE/report-result.yml",
                       {"competition": "leagues/klub-go", "black": "jan nowak", "white": "TOMASZ KAMINSKI",
                        "result": "W+3.5"})
    (where / "body.md").write_text(body, encoding="utf-8")
    out = where / "report"
    _run([*sitegen, "result", "from-issue", "--body-file", str(where / "body.md"), "--issue", "7",
          "--out", str(out)], root, env)
    assert "W+3.5" in (league / "seasons/1.yaml").read_text(encoding="utf-8")
    assert (out / "pr.md").is_file() and not (out / "comment.md").exists()
    _run([*sitegen, "check", "--strict"], root, env)
    _run([*sitegen, "build", "-q"], root, env)
    assert 'lang="pl"' in (root / "output/index.html").read_text(encoding="utf-8")
    git("add", "content")
    git("commit", "-q", "-m", "Two results")
    diff = _run([*sitegen, "diff", "HEAD~1", "HEAD"], root, env)
    assert "W+3.5" in diff or "Jan Nowak" in diff, diff
