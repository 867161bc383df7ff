"""``sitegen diff BASE`` on git repositories made in the test, and the standings summary.

The site is tests/sites/small: group A1 of season 2024 has ann, bob, cy, dee with
bob-ann W+R, ann-cy B+3.5, ann-dee jigo, bob-cy W+F, bob beat dee, cy-dee unknown, so
(league D.1) ann 2½ GP, cy 1, bob 1 (cy ahead on SODOS), dee ½.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sitegen.facts import Fact, ordinal
from sitegen.summary import Change, compare, markdown

HERE = Path(__file__).parent
SMALL = HERE / "sites" / "small" / "content"
SEASON = "content/leagues/club/seasons/2024.yaml"
CY = "Cy &lt;script&gt;alert(1)&lt;/script&gt;"  # the small site's hostile name, escaped

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def git(root: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_GLOBAL": os.devnull}
    done = subprocess.run(["git", *args], cwd=root, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A repository with the small site committed once; the test's cwd."""
    shutil.copytree(SMALL, tmp_path / "content")
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "first")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_diff_reports_the_changed_result_and_the_places_it_moved(repo, run):
    """ann-cy B+3.5 -> W+3.5: cy now has 2 GP, ann 1½ (league D.1), so cy goes 2nd -> 1st and
    ann 1st -> 2nd; bob (1 GP) and dee (½) keep 3rd and 4th; the recorded promotion of ann
    and relegation of dee are unchanged, so they are not reported."""
    edit(repo / SEASON, "result: B+3.5", "result: W+3.5")
    git(repo, "commit", "-q", "-am", "second")
    status, out, err = run("diff", "HEAD~1")
    assert status == 0 and err == []
    assert out == (
        "## Standings changes since `HEAD~1`\n"
        "\n"
        "### Club League · Season 2024 · Group A1\n"
        "\n"
        "**Results**\n"
        "\n"
        f"- Ann Abe – {CY}: Ann Abe won (B+3.5) → {CY} won (W+3.5)\n"
        "\n"
        "**Places**\n"
        "\n"
        f"- {CY}: 2nd → 1st\n"
        "- Ann Abe: 1st → 2nd\n")


def test_diff_says_so_when_nothing_changed(repo, run):
    assert run("diff", "HEAD") == (0, "No standings change.\n", [])
    # A change that moves no standing (a comment) is no change either.
    (repo / SEASON).write_text("# edited\n" + (repo / SEASON).read_text(encoding="utf-8"), encoding="utf-8")
    git(repo, "commit", "-q", "-am", "comment")
    assert run("diff", "HEAD~1") == (0, "No standings change.\n", [])


def test_diff_reads_the_working_tree_and_leaves_it_alone(repo, run):
    """An uncommitted new promotion of cy is reported; the working tree keeps the edit."""
    edit(repo / SEASON, "promoted: [ann]", "promoted: [ann, cy]")
    status, out, _ = run("diff", "HEAD")
    assert status == 0
    assert out.endswith(f"**Promotions**\n\n- {CY}: newly promoted\n")
    assert "promoted: [ann, cy]" in (repo / SEASON).read_text(encoding="utf-8")
    assert git(repo, "status", "--porcelain") == f" M {SEASON}\n"


def test_diff_when_base_does_not_build(repo, run):
    """A broken result at BASE is named with its position; the comparison is skipped."""
    edit(repo / SEASON, "result: B+3.5", "result: B+X")
    git(repo, "commit", "-q", "-am", "broken")
    edit(repo / SEASON, "result: B+X", "result: B+3.5")
    git(repo, "commit", "-q", "-am", "fixed")
    status, out, _ = run("diff", "HEAD~1")
    assert status == 0
    assert out.startswith("## Standings changes\n\nThe content at `HEAD~1` does not build")
    assert f"{SEASON}:14:45: error: result: 'B+X' is not a result" in out


def test_diff_with_a_bad_revision(repo, run):
    status, out, err = run("diff", "no-such-branch")
    assert status == 1 and out == ""
    assert "'no-such-branch' is not a git revision" in err[0]


def test_diff_new_league_season_is_all_new(repo, run):
    """BASE without the content folder: every fact is new (a first pull request)."""
    git(repo, "rm", "-q", "-r", "content")
    git(repo, "commit", "-q", "-m", "empty")
    git(repo, "checkout", "-q", "HEAD~1", "--", "content")
    status, out, _ = run("diff", "HEAD")
    assert status == 0
    assert f"- Ann Abe – {CY}: Ann Abe won (B+3.5) (new)\n" in out
    assert "- Ann Abe: 1st (new)\n" in out


def test_diff_of_two_revisions_leaves_the_working_tree_out(repo, run):
    """``diff HEAD~1 HEAD``: the commit's change (ann-cy B+3.5 -> W+3.5, worked out above),
    although the working tree has undone it; the other way round, the change undone."""
    edit(repo / SEASON, "result: B+3.5", "result: W+3.5")
    git(repo, "commit", "-q", "-am", "second")
    edit(repo / SEASON, "result: W+3.5", "result: B+3.5")
    status, out, err = run("diff", "HEAD~1", "HEAD")
    assert (status, err) == (0, [])
    assert out == (
        "## Standings changes from `HEAD~1` to `HEAD`\n"
        "\n"
        "### Club League · Season 2024 · Group A1\n"
        "\n"
        "**Results**\n"
        "\n"
        f"- Ann Abe – {CY}: Ann Abe won (B+3.5) → {CY} won (W+3.5)\n"
        "\n"
        "**Places**\n"
        "\n"
        f"- {CY}: 2nd → 1st\n"
        "- Ann Abe: 1st → 2nd\n")
    status, out, _ = run("diff", "HEAD", "HEAD~1")
    assert status == 0 and out.startswith("## Standings changes from `HEAD` to `HEAD~1`\n")
    assert f"- Ann Abe – {CY}: {CY} won (W+3.5) → Ann Abe won (B+3.5)\n" in out
    assert run("diff", "HEAD~1", "HEAD~1") == (0, "No standings change.\n", [])
    assert run("diff", "HEAD", "main") == (0, "No standings change.\n", [])
    assert git(repo, "status", "--porcelain") == f" M {SEASON}\n"  # the undoing edit, left alone


def test_diff_of_two_revisions_refuses_an_unknown_one(repo, run):
    for args in (("HEAD", "no-such-branch"), ("no-such-branch", "HEAD")):
        assert run("diff", *args) == (1, "", [
            "sitegen: error: 'no-such-branch' is not a git revision of this repository (fetch it "
            "first, e.g. git fetch origin main) [command]", "1 error"])


def test_diff_of_two_revisions_when_one_has_no_content_or_does_not_build(repo, run):
    """A first commit without content: every fact is new; a second revision without content
    is refused; a second revision that does not build is named with its error."""
    edit(repo / SEASON, "result: B+3.5", "result: B+X")
    git(repo, "commit", "-q", "-am", "broken")
    status, out, _ = run("diff", "HEAD~1", "HEAD")
    assert status == 0
    assert out.startswith("## Standings changes\n\nThe content at `HEAD` does not build")
    assert f"{SEASON}:14:45: error: result: 'B+X' is not a result" in out
    git(repo, "rm", "-q", "-r", "content")
    git(repo, "commit", "-q", "-m", "empty")
    assert run("diff", "HEAD~2", "HEAD") == (1, "", [
        "sitegen: error: the content folder content is not in revision 'HEAD' [command]", "1 error"])
    status, out, _ = run("diff", "HEAD", "HEAD~2")
    assert status == 0
    assert f"- Ann Abe – {CY}: Ann Abe won (B+3.5) (new)\n" in out


def test_ordinal():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
    assert ordinal(2, shared=True) == "2nd="


def test_markdown_of_added_removed_and_changed_facts():
    def fact(kind, key, value, label):
        return Fact("s", kind, key, value, "League · S1 · Group A", label)

    changes = compare(
        {("s", "rung", "ann"): fact("rung", "ann", "3k", "Ann"),
         ("s", "relegation", "bob"): fact("relegation", "bob", "relegated", "Bob *B*")},
        {("s", "rung", "ann"): fact("rung", "ann", "2k", "Ann"),
         ("s", "pairing", "1|ann"): fact("pairing", "1|ann", "Bob", "Round 1 · Ann")})
    assert changes == [
        Change(None, fact("pairing", "1|ann", "Bob", "Round 1 · Ann")),
        Change(fact("relegation", "bob", "relegated", "Bob *B*"), None),
        Change(fact("rung", "ann", "3k", "Ann"), fact("rung", "ann", "2k", "Ann"))]
    assert markdown(changes) == (
        "## Standings changes\n\n### League · S1 · Group A\n\n"
        "**Pairings**\n\n- Round 1 · Ann: Bob (new)\n\n"
        "**Relegations**\n\n- Bob \\*B\\*: no longer relegated\n\n"
        "**Ladder rungs**\n\n- Ann: 3k → 2k\n")
    assert markdown([]) == ""


def test_names_cannot_mention_link_or_reference_on_github():
    """Issue 15, item 14: a name with @mentions, bare URLs, an e-mail address or #123 reads the
    same, but a zero-width joiner (U+200D) keeps GitHub from notifying, linking or referencing."""
    name = "Ann @octocat @org/team a@b.org https://evil.example/x HTTP://x.example www.evil.example #12"
    changes = [Change(None, Fact("s", "place", "ann", "1st", "League @admins", name))]
    zwj = "\u200d"
    assert markdown(changes) == (
        f"## Standings changes\n\n### League @{zwj}admins\n\n**Places**\n\n"
        f"- Ann @{zwj}octocat @{zwj}org/team a@{zwj}b.org https:{zwj}//evil.example/x "
        f"HTTP:{zwj}//x.example www{zwj}.evil.example #{zwj}12: 1st (new)\n")
    assert markdown(changes).replace(zwj, "").count(name) == 1


def test_diff_of_a_hostile_name_has_no_bare_mention_or_url(repo, run):
    edit(repo / "content/players.yaml", "name: Ann Abe", "name: 'Ann @octocat https://evil.example'")
    edit(repo / SEASON, "result: B+3.5", "result: W+3.5")
    status, out, _ = run("diff", "HEAD")
    assert status == 0
    assert "- Ann @\u200doctocat https:\u200d//evil.example: 1st → 2nd\n" in out
    assert "@octocat" not in out and "https://" not in out


CUP = """\
name: Cup
system: mcmahon
number_of_rounds: 1
players:
  - {id: ann, surname: Abe, first_name: Ann, rank: 2d}
  - {id: bob, surname: Brown, first_name: Bob, rank: 1k}
rounds:
  - round: 1
    games:
      - {white: ann, black: bob, handicap: 0, result: W+R}
"""


def test_diff_of_a_tournament_names_players_as_the_pages_do(repo, run):
    """A tournament's players carry OpenGotha's surname and first name; the summary of a
    changed result names them as the players file and the pages do (Ann Abe, not Abe Ann)."""
    (repo / "content/tournaments").mkdir()
    (repo / "content/tournaments/cup.yaml").write_text(CUP, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "cup")
    edit(repo / "content/tournaments/cup.yaml", "result: W+R", "result: B+R")
    git(repo, "commit", "-q", "-am", "corrected")
    status, out, err = run("diff", "HEAD~1")
    assert status == 0 and err == []
    assert "- Round 1 · Ann Abe (W) – Bob Brown (B): Ann Abe won (W) → Bob Brown won (B)\n" in out
    assert "Abe Ann" not in out and "Brown Bob" not in out
