"""``sitegen new``: a league's own repository, ready to build; ``sitegen --version``; the
requirement line that pins a league to the sitegen that created it."""

from __future__ import annotations

import re
import shutil
import subprocess
from importlib import metadata
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from sitegen.commands.new import competition_id, new_repository
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


def test_new_refuses_a_link_even_to_an_empty_folder(tmp_path, run):
    """issue 30 item 4: a link to an empty folder was a NotADirectoryError traceback (the
    repository would replace the link, not fill the folder): one error, nothing written."""
    (tmp_path / "empty").mkdir()
    (tmp_path / "link").symlink_to("empty")
    status, out, err = run("new", str(tmp_path / "link"))
    assert (status, out) == (1, "")
    assert err == [f"sitegen new: error: {tmp_path / 'link'} is a symbolic link; sitegen new writes "
                   "only into a new or empty folder, not through a link; give the folder the link "
                   "points to, or another folder [new]", "1 error; nothing was written"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "link"]
    assert list((tmp_path / "empty").iterdir()) == [] and (tmp_path / "link").is_symlink()


def test_new_refuses_a_file(tmp_path, run):
    (tmp_path / "x").write_text("mine", encoding="utf-8")
    status, out, err = run("new", str(tmp_path / "x"))
    assert (status, out) == (1, "")
    assert err == [f"sitegen new: error: {tmp_path / 'x'} is a file, not a folder; sitegen new "
                   "writes only into a new or empty folder; choose another folder [new]",
                   "1 error; nothing was written"]
    assert (tmp_path / "x").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x"]


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


# --------------------------------------------------------------------------- languages (issue 26)

SCAFFOLD = REPO / "sitegen" / "scaffold"
FORMS = {"pl": {"competition": "Rozgrywki", "black": "Czarne (lub pierwszy gracz)",
                "white": "Białe (lub drugi gracz)", "result": "Wynik", "date": "Data",
                "link": "Link do partii"},
         "fr": {"competition": "Compétition", "black": "Noir (ou premier joueur)",
                "white": "Blanc (ou second joueur)", "result": "Résultat", "date": "Date",
                "link": "Lien vers la partie"}}


def written(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("language, readme, about, section", [
    ("pl", "Strona z wynikami rozgrywek „Klub”", "title: O lidze\n", "## Wyniki i sezony\n"),
    ("fr", "Le site des résultats de « Klub »", "title: À propos\n", "## Résultats et saisons\n")])
def test_new_in_another_language(tmp_path, run, monkeypatch, language, readme, about, section):
    """The same files as in English, the prose ones in the language, site.yaml's language
    set, the workflow waiting for the form's translated first label; the site builds in it."""
    from sitegen.results.issue import form_labels

    english = written(new_repository(tmp_path / "en", "Klub", "league"))
    status, _, err = run("new", str(tmp_path / language), "--name", "Klub", "--language", language)
    assert (status, err) == (0, [])
    files = written(tmp_path / language)
    assert list(files) == list(english)
    assert "language: en " in english["content/site.yaml"]
    assert f"\nlanguage: {language} " in files["content/site.yaml"]
    assert files["README.md"].startswith(f"# Klub\n\n{readme}")
    assert f"\n{section}" in files["README.md"] and "%%" not in "".join(files.values())
    assert files["content/pages/about.md"].startswith(f"---\n{about}")
    assert form_labels(tmp_path / language / ".github/ISSUE_TEMPLATE/report-result.yml") == FORMS[language]
    workflow = YAML(typ="safe").load(files[".github/workflows/report-result.yml"])
    assert workflow["jobs"]["enter"]["if"] == (
        f"startsWith(github.event.issue.body, '### {FORMS[language]['competition']}')")
    differing = {name for name in files if files[name] != english[name]}
    assert differing == {"README.md", ".github/ISSUE_TEMPLATE/report-result.yml",
                         ".github/workflows/report-result.yml", "content/pages/about.md",
                         "content/players.yaml", "content/site.yaml",
                         "content/leagues/klub/league.yaml", "content/leagues/klub/seasons/1.yaml"}
    monkeypatch.chdir(tmp_path / language)
    assert run("build")[0] == 0
    assert f'<html lang="{language}">' in (tmp_path / language / "output/index.html").read_text(encoding="utf-8")


def test_a_polish_report_is_entered_by_from_issue(tmp_path, run, monkeypatch):
    """An issue as GitHub renders the Polish form: its labels are read from the repository's
    form, so the result is entered; the Polish workflow's if: matches its start."""
    root = new_repository(tmp_path / "pl", "Klub", "league", language="pl")
    monkeypatch.chdir(root)
    labels = FORMS["pl"]
    body = "\n\n".join(f"### {labels[ident]}\n\n{value}" for ident, value in (
        ("competition", "leagues/klub"), ("black", "Ann Example"), ("white", "ben"),
        ("result", "W+R"), ("date", "2025-03-02"), ("link", "_No response_")))
    assert body.startswith("### Rozgrywki\n")
    (tmp_path / "body.md").write_text(body, encoding="utf-8")
    status, out, err = run("result", "from-issue", "--body-file", str(tmp_path / "body.md"),
                           "--issue", "7", "--out", str(tmp_path / "report"))
    assert (status, err) == (0, [])
    assert "{black: ann, white: ben, result: W+R, date: 2025-03-02}" in (
        root / "content/leagues/klub/seasons/1.yaml").read_text(encoding="utf-8")
    (tmp_path / "body.md").write_text(body.replace("### Wynik\n\nW+R", "### Wynik\n\n_No response_"),
                                      encoding="utf-8")
    status, _, err = run("result", "from-issue", "--body-file", str(tmp_path / "body.md"), "--issue", "8")
    assert status == 1
    assert err[0] == ("issue #8, field 'Wynik': error: the field 'Wynik' is empty; fill in every "
                      "required field [issue.form]")


def test_new_refuses_an_unknown_language(tmp_path, run):
    status, out, err = run("new", str(tmp_path / "x"), "--language", "de")
    assert (status, out) == (1, "")
    assert err == ["sitegen new: error: unknown language 'de'; expected one of: en (English), "
                   "pl (Polish), fr (French) [new]", "1 error; nothing was written"]
    assert list(tmp_path.iterdir()) == []


def test_every_variant_has_its_original_with_the_same_data():
    """A prose file's variants (NAME.pl.EXT, NAME.fr.EXT) translate it: the original exists,
    a YAML file's data is the same but for its prose values, a form has the same fields."""
    from sitegen.commands.new import variant_of

    variants = [p for p in SCAFFOLD.rglob("*") if p.is_file() and variant_of(p)]
    assert len(variants) == 2 * 15
    yaml = YAML(typ="safe")
    for path in variants:
        language, name = variant_of(path)
        original = path.with_name(name)
        assert original.is_file(), path
        if path.suffix not in (".yaml", ".yml"):
            continue
        ours, theirs = (yaml.load(p.read_text(encoding="utf-8").replace("%%name_yaml%%", "X"))
                        for p in (original, path))
        if "body" in ours:  # the issue form
            assert [(f["type"], f.get("id")) for f in ours["body"]] == [
                (f["type"], f.get("id")) for f in theirs["body"]], path
            continue
        prose = {"name", "description", "language"}
        assert {k: v for k, v in ours.items() if k not in prose} == {
            k: v for k, v in theirs.items() if k not in prose}, path


@pytest.mark.parametrize("language", ["en", "pl", "fr"])
def test_every_kind_has_its_readme_section_in_every_language(tmp_path, language):
    expected = {"league": "league next-season klub", "tournament": "import opengotha",
                "ladder": "sitegen handicap 3k 5k", "swiss": "sitegen pair klub/t1 --round 2"}
    for kind, command in expected.items():
        root = new_repository(tmp_path / kind, "Klub", kind, language=language)
        readme = (root / "README.md").read_text(encoding="utf-8")
        assert command in readme and "%%" not in readme, kind


def test_the_tournament_readme_walks_through_opengotha(tmp_path, run, monkeypatch):
    """Its commands, run as written (OpenGotha's file: the reference McMahon tournament):
    the first import replaces the example, --replace brings a round in again, the site builds."""
    xml = REPO / "tests/reference/opengotha/mcmahon-2019-handicap.xml"
    root = new_repository(tmp_path / "cup", "Cup", "tournament")
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Rounds from OpenGotha"):readme.index("## Publish")]
    commands = [line.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)
                for line in block.splitlines() if line.strip()]
    assert commands == ["rm content/tournaments/cup.yaml", "printf 'players: []\\n' > content/players.yaml",
                        ".venv/bin/sitegen import opengotha TOURNAMENT.xml --id cup",
                        ".venv/bin/sitegen import opengotha TOURNAMENT.xml --replace"]
    assert "sitegen import opengotha TOURNAMENT.xml --replace" in (
        root / "content/tournaments/cup.yaml").read_text(encoding="utf-8")
    monkeypatch.chdir(root)
    Path("content/tournaments/cup.yaml").unlink()
    Path("content/players.yaml").write_text("players: []\n", encoding="utf-8")
    for command in commands[2:]:
        status, out, err = run(*command.replace("TOURNAMENT.xml", str(xml)).split()[1:])
        assert (status, err) == (0, []), command
    assert out.startswith("replaced content/tournaments/cup.yaml: Tournoi de Juvisy, 19 players, 4 rounds")
    assert run("build")[0] == 0
    assert Path("output/tournaments/cup/index.html").is_file()
