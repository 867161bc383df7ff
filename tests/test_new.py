"""``sitegen new``: a league's own repository, ready to build; ``sitegen --version``; the
requirement line that pins a league to the sitegen that created it."""

from __future__ import annotations

import shutil
import subprocess
from importlib import metadata
from pathlib import Path

import pytest

from sitegen.commands.new import competition_id
from sitegen.version import is_local, package_version, requirement_from

REPO = Path(__file__).resolve().parent.parent


def test_new_league_then_build_gives_a_working_site(tmp_path, run, monkeypatch):
    status, out, err = run("new", str(tmp_path / "x"), "--kind", "league")
    assert (status, err) == (0, [])
    assert out.startswith(f"wrote {tmp_path / 'x'}/ (leagues/x with sitegen {package_version()})")
    root = tmp_path / "x"
    files = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    assert files == [
        ".github/ISSUE_TEMPLATE/report-result.yml", ".github/dependabot.yml", ".github/workflows/deploy.yml",
        ".github/workflows/pr-comment.yml", ".github/workflows/pr.yml",
        ".github/workflows/report-result.yml", ".gitignore", "README.md",
        "content/leagues/x/league.yaml", "content/leagues/x/seasons/1.yaml",
        "content/pages/about.md", "content/players.yaml", "content/site.yaml", "requirements.txt"]
    monkeypatch.chdir(root)
    status, out, err = run("build")
    assert (status, err) == (0, [])
    group = (root / "output/leagues/x/1/a1/index.html").read_text(encoding="utf-8")
    assert "Ann Example" in group and "Dee Example" in group
    assert (root / "output/about/index.html").is_file()


@pytest.mark.parametrize("kind, page", [("tournament", "tournaments/cup-2025/index.html"),
                                        ("ladder", "ladders/cup-2025/index.html"),
                                        ("swiss", "swiss/cup-2025/t1/round-1/index.html")])
def test_new_every_kind_checks_and_builds(tmp_path, run, monkeypatch, kind, page):
    assert run("new", str(tmp_path / kind), "--kind", kind, "--name", "Cup 2025")[0] == 0
    monkeypatch.chdir(tmp_path / kind)
    assert run("build")[0] == 0
    assert (tmp_path / kind / "output" / page).is_file()


def test_new_writes_the_name_as_yaml_and_the_pin_once(tmp_path):
    from sitegen.commands.new import new_repository

    root = new_repository(tmp_path / "l", 'Kyoto "Go" league: 2025 #1', "ladder")
    assert 'title: "Kyoto \\"Go\\" league: 2025 #1"\n' in (root / "content/site.yaml").read_text(encoding="utf-8")
    assert (root / "content/ladders/kyoto-go-league-2025-1.yaml").is_file()
    pins = [line for line in (root / "requirements.txt").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    assert pins == [f"go-league-sitegen=={package_version()}"]  # an editable install: not reachable elsewhere
    for workflow in (root / ".github/workflows").glob("*.yml"):
        text = workflow.read_text(encoding="utf-8")
        assert "sitegen==" not in text and "pip install ." not in text
        if "Install sitegen" in text:
            assert "python -m pip install -r requirements.txt" in text


def test_new_refuses_a_folder_that_is_not_empty(tmp_path, run):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "notes.txt").write_text("mine", encoding="utf-8")
    status, out, err = run("new", str(tmp_path / "x"))
    assert (status, out) == (1, "")
    assert err == [f"sitegen new: error: {tmp_path / 'x'} is not empty; sitegen new writes only "
                   "into a new or empty folder; choose another folder [new]",
                   "1 error; nothing was written"]
    assert sorted(p.name for p in (tmp_path / "x").iterdir()) == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x"]  # no staging folder left


def test_new_into_an_empty_folder_and_eject_theme(tmp_path, run):
    (tmp_path / "x").mkdir()
    assert run("new", str(tmp_path / "x"), "--eject-theme", "--name", "Club")[0] == 0
    assert (tmp_path / "x/templates/base.html").read_bytes() == (REPO / "templates/base.html").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x"]


def test_new_refuses_a_name_of_two_lines(tmp_path, run):
    status, _, err = run("new", str(tmp_path / "x"), "--name", "Club\nleague")
    assert status == 1
    assert err[0] == ('sitegen new: error: the name must be one line of 1 to 200 characters; '
                      'e.g. --name "Club league" [new]')
    assert not (tmp_path / "x").exists()


def test_competition_id():
    assert competition_id("Ligue d'Île-de-France", "league") == "ligue-d-ile-de-france"
    assert competition_id("囲碁", "ladder") == "ladder"
    assert competition_id("CON", "league") == "league"  # a Windows device name


def test_version_is_the_package_metadata(run, capsys):
    with pytest.raises(SystemExit) as exit_:
        run("--version")
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"sitegen {metadata.version('go-league-sitegen')}\n"


def test_requirement_from_the_installation():
    """PEP 610 direct_url.json: a git URL at a tag, a commit, a wheel at an address, a local
    path (not reachable by a workflow), and an index install (no file)."""
    git = "https://github.com/org/sitegen"
    assert requirement_from({"url": git, "vcs_info": {"vcs": "git", "requested_revision": "v0.2.0",
                                                      "commit_id": "ab12"}}, "0.2.0") == (
        f"go-league-sitegen @ git+{git}@v0.2.0")
    assert requirement_from({"url": git, "vcs_info": {"vcs": "git", "commit_id": "ab12"}}, "0.2.0") == (
        f"go-league-sitegen @ git+{git}@ab12")
    wheel = "https://example.org/dist/go_league_sitegen-0.2.0-py3-none-any.whl"
    assert requirement_from({"url": wheel, "archive_info": {}}, "0.2.0") == f"go-league-sitegen @ {wheel}"
    assert requirement_from({"url": "file:///home/me/sitegen", "dir_info": {"editable": True}}, "0.2.0") == (
        "go-league-sitegen==0.2.0")
    assert requirement_from(None, "0.2.0") == "go-league-sitegen==0.2.0"
    assert is_local({"url": "file:///home/me/sitegen", "dir_info": {"editable": True}})
    assert is_local({"url": "file:///tmp/sitegen-0.2.0-py3-none-any.whl", "archive_info": {}})
    assert not is_local({"url": git, "vcs_info": {"vcs": "git", "commit_id": "ab12"}})
    assert not is_local({"url": wheel, "archive_info": {}}) and not is_local(None)


def test_new_says_when_the_pin_cannot_be_installed_by_the_workflows(tmp_path, monkeypatch):
    """Installed from a folder (this checkout's ``pip install -e .``), sitegen new writes
    ``sitegen==VERSION`` and says that the workflows cannot install it from there."""
    import io

    from sitegen.commands import new as new_command

    for local, shown in ((True, True), (False, False)):
        monkeypatch.setattr(new_command, "installed_locally", lambda: local)
        out = io.StringIO()
        new_command.new_repository(tmp_path / f"league-{local}", "Club", "league", out=out)
        assert ("note: requirements.txt says go-league-sitegen==" in out.getvalue()) is shown


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_no_scaffold_file_is_git_ignored():
    """The wheel takes the package's files as git sees them (hatch honours .gitignore)."""
    files = [str(p.relative_to(REPO)) for p in (REPO / "sitegen/scaffold").rglob("*") if p.is_file()]
    assert len(files) >= 17
    done = subprocess.run(["git", "check-ignore", *files], cwd=REPO, capture_output=True, text=True)
    assert done.stdout == ""
