"""The "Report a result" issue form: its body, as GitHub renders it, read by
``sitegen result from-issue``; the command it runs, hostile fields included; and the workflows
that pass the body through an environment variable only.

The repository is the one ``sitegen new --kind league --name Club`` writes (group A1 of season 1:
ann, ben, cho and dee, named "Ann Example" and so on).
"""

from __future__ import annotations

import datetime as dt
import io
import re
import shlex
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from sitegen.cli import _parser
from sitegen.commands.new import new_repository
from sitegen.commands.result import from_issue
from sitegen.results.issue import PACKAGED_FORM, form_labels

REPO = Path(__file__).resolve().parent.parent
SCAFFOLD = REPO / "sitegen" / "scaffold" / "common" / "github"
WORKFLOW_DIRS = (REPO / ".github" / "workflows", SCAFFOLD / "workflows")


def body(competition="leagues/club", black="Ann Example", white="ben", result="B+R",
         date=None, link=None) -> str:
    """Return an issue body as GitHub renders a submitted form (empty optional fields included)."""
    fields = [("Competition", competition), ("Black (or first player)", black),
              ("White (or second player)", white), ("Result", result),
              ("Date", date or "_No response_"), ("Game link", link or "_No response_")]
    return "\n\n".join(f"### {label}\n\n{value}" for label, value in fields)


@pytest.fixture
def league(tmp_path, monkeypatch):
    root = new_repository(tmp_path / "club", "Club", "league")
    monkeypatch.chdir(root)
    return root


def issue(run, tmp_path, text: str, *options: str):
    path = tmp_path / "body.md"
    path.write_text(text, encoding="utf-8")
    return run("result", "from-issue", "--body-file", str(path), "--issue", "12", *options)


def test_form_labels_are_read_from_the_form():
    assert form_labels(PACKAGED_FORM) == {
        "competition": "Competition", "black": "Black (or first player)",
        "white": "White (or second player)", "result": "Result", "date": "Date", "link": "Game link"}


def test_the_project_form_is_the_scaffold_form():
    """This repository's form differs from the one `sitegen new` writes by its example only."""
    ours = (REPO / ".github/ISSUE_TEMPLATE/report-result.yml").read_text(encoding="utf-8")
    assert ours == PACKAGED_FORM.read_text(encoding="utf-8").replace('"%%competition%%"', '"leagues/iglo"')


def test_dry_run_prints_the_command(league, run, tmp_path):
    status, out, err = issue(run, tmp_path, body(date="2025-03-01", link="https://example.org/g/1"),
                             "--dry-run")
    assert (status, err) == (0, [])
    assert out == ("sitegen result add leagues/club 'Ann Example' ben B+R --date 2025-03-01 "
                   "--link https://example.org/g/1\n")


def test_the_game_link_field_becomes_the_games_link(league, run, tmp_path):
    """The form's "Game link" is the game's ``link:`` key, which the pages show."""
    status, _, err = issue(run, tmp_path, body(link="https://online-go.com/game/77"))
    assert (status, err) == (0, [])
    assert ('{black: ann, white: ben, result: B+R, date: ' in
            (league / "content/leagues/club/seasons/1.yaml").read_text(encoding="utf-8"))
    assert ', link: "https://online-go.com/game/77"}\n' in (
        league / "content/leagues/club/seasons/1.yaml").read_text(encoding="utf-8")


def test_hostile_fields_stay_single_arguments(league, run, tmp_path):
    """Quotes and $(...) in a name are data: the printed command splits back into exactly the
    fields, and the command itself refuses the unknown player without running anything."""
    hostile = 'Ann"; $(touch pwned) ```id``` \'x'
    status, out, _ = issue(run, tmp_path, body(black=hostile), "--dry-run")
    assert status == 0
    assert shlex.split(out) == ["sitegen", "result", "add", "leagues/club", hostile, "ben", "B+R"]
    argv = shlex.split(out)[1:]
    args = _parser().parse_args(argv)
    assert (args.competition, args.game) == ("leagues/club", [hostile, "ben", "B+R"])
    status, out, err = issue(run, tmp_path, body(black=hostile), "--out", str(tmp_path / "report"))
    assert status == 1 and out == ""
    assert err[0] == ("issue #12, field 'Black (or first player)': error: unknown player "
                      "'Ann\"; $(touch pwned) ```id``` 'x'; name a player by id or name, as on the "
                      "site [result.player]")
    assert not (league / "pwned").exists() and not (tmp_path / "pwned").exists()
    comment = (tmp_path / "report" / "comment.md").read_text(encoding="utf-8")
    assert comment.startswith("The result could not be entered, so no pull request was opened:\n\n````text\n")
    assert "\n````\n" in comment  # the fence is longer than any backtick run in the messages


def test_hostile_newlines_and_links_are_refused_with_every_problem(league, run, tmp_path):
    """A crafted body: a second line in a field, a heading repeated, a link that is not one,
    a competition with shell characters, a bad date: every problem, nothing entered."""
    text = body(competition="club; $(rm -rf ~)", white="ben\nrm -rf /", date="2025-02-30",
                link="javascript:alert(1)") + "\n\n### Result\n\nW+R"
    season = (league / "content/leagues/club/seasons/1.yaml").read_text(encoding="utf-8")
    status, _, err = issue(run, tmp_path, text)
    assert status == 1
    assert err == [
        "issue #12, field 'Competition': error: 'club; $(rm -rf ~)' is not a competition; name "
        "it as in the address of its page, e.g. leagues/club or ladders/club [result.competition]",
        "issue #12, field 'Date': error: '2025-02-30' is not a date; write it as YYYY-MM-DD, "
        "e.g. 2025-03-01 [result.date]",
        "issue #12, field 'Game link': error: link 'javascript:alert(1)' is not an http or https "
        "address; give the game's web address, e.g. https://online-go.com/game/12345 [result.link]",
        "issue #12, field 'Result': error: the field 'Result' appears twice; use the Report a "
        "result form as it is [issue.form]",
        "issue #12, field 'White (or second player)': error: the field 'White (or second "
        "player)' must be one line; it has 2 [issue.form]",
        "5 errors; nothing was written"]
    assert (league / "content/leagues/club/seasons/1.yaml").read_text(encoding="utf-8") == season


def test_a_body_that_is_not_a_report(league, run, tmp_path):
    status, _, err = issue(run, tmp_path, "Hello, the site is down.\r\n")
    assert status == 1
    assert err[0] == ("issue #12: error: this issue is not a result report: it has none of the "
                      "fields of the Report a result form; open the issue with the Report a "
                      "result form [issue.form]")


def test_from_issue_enters_the_result_and_writes_the_pull_request(league, run, tmp_path):
    """The winner named in the Result field (colours not known); the date given."""
    report = tmp_path / "report"
    status, out, err = issue(run, tmp_path, body(black="cho", white="Dee Example", result="dee",
                                                 date="2025-03-02").replace("\n", "\r\n"),
                             "--out", str(report))
    assert (status, err) == (0, [])
    assert "{players: [cho, dee], winner: dee, date: 2025-03-02}" in (
        league / "content/leagues/club/seasons/1.yaml").read_text(encoding="utf-8")
    assert (report / "commit.txt").read_text(encoding="utf-8") == (
        "Result: cho - dee (dee won) (leagues/club season 1)\n\n"
        "Reported in #12; entered with `sitegen result from-issue`.\n")
    pr = (report / "pr.md").read_text(encoding="utf-8")
    assert pr.startswith("Reported in #12, entered with:\n\n```sh\nsitegen result add leagues/club "
                         "--players cho dee --winner dee --date 2025-03-02\n```\n\n"
                         "Changed: `content/leagues/club/seasons/1.yaml`, line 17.\n\n"
                         "## Standings changes\n")
    assert "- Cho Example – Dee Example: not played → Dee Example won\n" in pr
    assert pr.endswith("\n\nCloses #12\n")
    assert not (report / "comment.md").exists()
    assert run("check")[0] == 0


def test_from_issue_reads_the_body_from_an_environment_variable(league, run, monkeypatch):
    monkeypatch.setenv("ISSUE_BODY", body(result="W+R", date="2025-03-02"))
    status, out, _ = run("result", "from-issue", "--body-env", "ISSUE_BODY", "--dry-run")
    assert (status, out) == (0, "sitegen result add leagues/club 'Ann Example' ben W+R --date 2025-03-02\n")


def test_from_issue_dates_an_undated_league_game_today(league):
    done = from_issue(Path("content"), body(), 3, None, False, io.StringIO(), today=dt.date(2025, 4, 1))
    assert done is not None and done.request.date == dt.date(2025, 4, 1)
    assert "{black: ann, white: ben, result: B+R, date: 2025-04-01}" in (
        league / "content/leagues/club/seasons/1.yaml").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the workflows


def workflows() -> list[Path]:
    return sorted(p for folder in WORKFLOW_DIRS for p in folder.glob("*.yml"))


def test_no_expression_is_interpolated_into_a_shell_line():
    """Every ${{ ... }} of a run: step would be pasted into the script before the shell reads it;
    values go through env: instead (GitHub's script-injection advice)."""
    assert len(workflows()) >= 9
    for path in workflows():
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        for job in data["jobs"].values():
            for step in job.get("steps", []):
                assert "${{" not in step.get("run", ""), f"{path.name}: {step.get('name')}"


def test_report_result_workflow_permissions_and_body(tmp_path):
    data = YAML(typ="safe").load((SCAFFOLD / "workflows/report-result.yml").read_text(encoding="utf-8"))
    assert data["permissions"] == {}
    job = data["jobs"]["enter"]
    assert job["permissions"] == {"contents": "write", "pull-requests": "write", "issues": "write"}
    enter = next(step for step in job["steps"] if step.get("id") == "enter")
    assert enter["env"]["ISSUE_BODY"] == "${{ github.event.issue.body }}"
    assert "--body-env ISSUE_BODY" in enter["run"]
    # the form's first label, filled in by sitegen new (tests/test_new.py: in pl and fr)
    assert job["if"] == "startsWith(github.event.issue.body, '### %%form_competition%%')"
    root = new_repository(tmp_path / "club", "Club", "league")
    written = YAML(typ="safe").load((root / ".github/workflows/report-result.yml").read_text(encoding="utf-8"))
    assert written["jobs"]["enter"]["if"] == "startsWith(github.event.issue.body, '### Competition')"
    assert body().startswith("### Competition")


def test_the_project_workflows_are_the_scaffold_workflows():
    """This repository installs sitegen from its checkout, a league from requirements.txt;
    otherwise the workflows are the same."""
    for path in sorted((SCAFFOLD / "workflows").glob("*.yml")):
        ours = (REPO / ".github/workflows" / path.name).read_text(encoding="utf-8")
        theirs = path.read_text(encoding="utf-8").replace(
            "python -m pip install -r requirements.txt", "python -m pip install .").replace(
            "cache-dependency-path: requirements.txt", "cache-dependency-path: pyproject.toml").replace(
            "%%form_competition%%", "Competition")
        assert ours == theirs, path.name


def test_the_tests_workflow_runs_the_readme_command():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = re.search(r"\*\*Run the whole test suite\*\*:\n\n```sh\n(.*?)\n```", readme).group(1)
    data = YAML(typ="safe").load((REPO / ".github/workflows/test.yml").read_text(encoding="utf-8"))
    job = data["jobs"]["test"]
    assert job["strategy"]["matrix"]["python"] == ["3.11", "3.13"]
    assert any(step.get("run") == command for step in job["steps"])
    assert set(data["on"]) == {"push", "pull_request"}


def cache_steps(path: Path) -> list[dict]:
    """Return the steps of a deploy workflow that use actions/cache."""
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    return [step for job in data["jobs"].values() for step in job.get("steps", [])
            if str(step.get("uses", "")).startswith("actions/cache")]


def test_both_deploy_workflows_keep_the_last_build_alike():
    """Issue 18: this repository's deploy workflow and the one ``sitegen new`` writes restore the
    last build (output/ and .output.sitegen-cache, keyed by commit, the latest one restored)
    with the same step, before the build, so that a deployment rebuilds only what changed."""
    ours, theirs = (folder / "deploy.yml" for folder in WORKFLOW_DIRS)
    assert cache_steps(ours) == cache_steps(theirs)
    [step] = cache_steps(ours)
    assert step["with"]["path"].split() == ["output", ".output.sitegen-cache"]
    assert step["with"]["restore-keys"] == "sitegen-build-"
    for path in (ours, theirs):
        names = [s.get("name", s.get("uses")) for job in YAML(typ="safe").load(path.read_text())["jobs"].values()
                 for s in job.get("steps", [])]
        assert names.index("Restore the last build") < names.index("Build"), path
