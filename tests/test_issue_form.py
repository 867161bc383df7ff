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
from sitegen.diagnostics import Diagnostic, SourcePos
from sitegen.results.issue import PACKAGED_FORM, form_labels
from sitegen.results.reply import refused_comment

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
    # each value in a code span whose fence is longer than any backtick run in it
    assert "- **Black (or first player)**: ````Ann\"; $(touch pwned) ```id``` 'x````\n" in comment
    assert ("- **Black (or first player)**: no player is called ````Ann\"; $(touch pwned) ```id``` 'x````; "
            "write the name or the id as on the site\n") in comment


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


def test_from_issue_refuses_a_date_not_written_iso_and_tells_the_player_what_to_correct(league, run, tmp_path):
    """The comment speaks to the player: the fields as read, what to correct under the form's
    label, no command or option."""
    report = tmp_path / "report"
    status, out, err = issue(run, tmp_path, body(date="05/03/2025", link="https://ogs.example/1"),
                             "--out", str(report))
    assert (status, out) == (1, "")
    assert err == ["issue #12, field 'Date': error: '05/03/2025' is not a date written YYYY-MM-DD; "
                   "write it as 2025-03-05 (5 March 2025) or 2025-05-03 (3 May 2025) [result.date]",
                   "1 error; nothing was written"]
    assert (report / "comment.md").read_text(encoding="utf-8") == (
        "Thank you for your report. It could not be entered, so nothing has changed on the site "
        "yet. It was read as:\n"
        "\n"
        "- **Competition**: `leagues/club`\n"
        "- **Black (or first player)**: `Ann Example`\n"
        "- **White (or second player)**: `ben`\n"
        "- **Result**: `B+R`\n"
        "- **Date**: `05/03/2025`\n"
        "- **Game link**: `https://ogs.example/1`\n"
        "\n"
        "**To correct in the form:**\n"
        "\n"
        "- **Date**: `05/03/2025` is not a date written YYYY-MM-DD; write it as `2025-03-05` (5 March "
        "2025) or `2025-05-03` (3 May 2025)\n"
        "\n"
        "Please open a new report with the Report a result form, corrected as above, and close "
        "this one. If you think the report was right, reply here.\n")
    assert sorted(p.name for p in report.iterdir()) == ["comment.md"]


def test_a_result_already_entered_is_left_to_an_organizer_without_naming_an_option(league, run, tmp_path):
    """The organizer's way (--replace) is not the player's: they are told an organizer can
    correct it, and need not report again."""
    season = league / "content/leagues/club/seasons/1.yaml"
    season.write_text(season.read_text(encoding="utf-8").replace(
        "- {players: [ann, ben]}", "- {black: ann, white: ben, result: W+R}"), encoding="utf-8")
    report = tmp_path / "report"
    status, _, err = issue(run, tmp_path, body(), "--out", str(report))
    assert status == 1 and "with --replace [result.entered]" in err[0]
    comment = (report / "comment.md").read_text(encoding="utf-8")
    assert comment == (
        "Thank you for your report. It could not be entered, so nothing has changed on the site "
        "yet. It was read as:\n"
        "\n"
        "- **Competition**: `leagues/club`\n"
        "- **Black (or first player)**: `Ann Example`\n"
        "- **White (or second player)**: `ben`\n"
        "- **Result**: `B+R`\n"
        "- **Date**: (empty: today)\n"
        "- **Game link**: (empty)\n"
        "\n"
        "**What could not be done:**\n"
        "\n"
        "- the game `ann` – `ben` already has a result, `W+R`, and it is not overwritten; if it is "
        "wrong, reply here: an organizer can correct it\n"
        "\n"
        "An organizer will look at this issue and reply here; you need not report the game again.\n")
    assert "--" not in comment and "sitegen" not in comment


def test_the_player_is_told_how_the_report_was_read_and_the_organizers_how_to_correct_it(league, run, tmp_path,
                                                                                          monkeypatch):
    """Entered: reply.md for the player (names, the result in words, the date used, what
    happens next); pr.md for the organizers (the command, the date used, how to correct)."""
    monkeypatch.setenv("SITEGEN_TODAY", "2025-04-01")
    report = tmp_path / "report"
    status, _, err = issue(run, tmp_path, body(black="ann", white="BEN EXAMPLE", result="W+3.5"),
                           "--out", str(report))
    assert (status, err) == (0, [])
    assert (report / "reply.md").read_text(encoding="utf-8") == (
        "Thank you for your report. It was read as:\n"
        "\n"
        "- **Competition**: `leagues/club season 1, group A1`\n"
        "- **Black (or first player)**: `Ann Example`\n"
        "- **White (or second player)**: `Ben Example`\n"
        "- **Result**: `W+3.5: Ben Example won`\n"
        "- **Date**: `2025-04-01` (today: the date was left empty)\n"
        "\n"
        "A pull request enters it into the league's files. An organizer reviews it and merges it; "
        "the site shows the result a few minutes later, and this issue is then closed. If "
        "something above is wrong, reply here before then.\n")
    pr = (report / "pr.md").read_text(encoding="utf-8")
    assert pr.startswith("Reported in #12, entered with:\n\n```sh\nsitegen result add leagues/club ann ben "
                         "W+3.5 --date 2025-04-01\n```\n\nChanged: `content/leagues/club/seasons/1.yaml`, "
                         "line 12.\n\nDate: 2025-04-01, the day the report was entered (the report gave "
                         "none).\n\n## Standings changes\n")
    assert pr.endswith("\n\nTo correct it before merging, edit the line on this pull request's branch, "
                       "or run the command above again there with the correction and `--replace`. To "
                       "refuse it, close this pull request and say why on the issue.\n\nCloses #12\n")
    assert not (report / "comment.md").exists()


# --------------------------------------------------------------------------- the player's language

NB = "\u00a0"
"""French puts a no-break space before : ; and ?."""


@pytest.fixture(params=["pl", "fr"])
def foreign(request, tmp_path, monkeypatch):
    """A league written by ``sitegen new --language pl|fr`` (competition leagues/klub, the
    form's labels in the language); the language and the labels."""
    root = new_repository(tmp_path / request.param, "Klub", "league", language=request.param)
    monkeypatch.chdir(root)
    return request.param, form_labels()


def foreign_body(labels: dict[str, str], **values: str) -> str:
    fields = {"competition": "leagues/klub", "black": "Ann Example", "white": "ben", "result": "B+R",
              "date": "_No response_", "link": "_No response_", **values}
    return "\n\n".join(f"### {labels[ident]}\n\n{fields[ident]}" for ident in labels)


ENTERED = {
    "pl": "Dziękujemy za zgłoszenie. Odczytaliśmy je tak:\n"
          "\n"
          "- **Rozgrywki**: `leagues/klub, sezon 1, grupa A1`\n"
          "- **Czarne (lub pierwszy gracz)**: `Ann Example`\n"
          "- **Białe (lub drugi gracz)**: `Ben Example`\n"
          "- **Wynik**: `W+3.5: Ben Example wygrywa`\n"
          "- **Data**: `2025-04-01` (dzisiaj: pole daty zostało puste)\n"
          "\n"
          "Pull request wpisuje wynik do plików ligi. Organizator go sprawdza i scala; wynik pojawi "
          "się na stronie kilka minut później, a to zgłoszenie zostanie wtedy zamknięte. Jeśli coś "
          "powyżej się nie zgadza, odpowiedz tutaj przed tym czasem.\n",
    "fr": f"Merci pour votre signalement. Il a été lu ainsi{NB}:\n"
          "\n"
          f"- **Compétition**{NB}: `leagues/klub, saison 1, groupe A1`\n"
          f"- **Noir (ou premier joueur)**{NB}: `Ann Example`\n"
          f"- **Blanc (ou second joueur)**{NB}: `Ben Example`\n"
          f"- **Résultat**{NB}: `W+3.5{NB}: Ben Example gagne`\n"
          f"- **Date**{NB}: `2025-04-01` (aujourd'hui{NB}: la date a été laissée vide)\n"
          "\n"
          "Une pull request le saisit dans les fichiers de la ligue. Un organisateur la vérifie et "
          f"la fusionne{NB}; le site affiche le résultat quelques minutes plus tard, et ce "
          "signalement est alors clos. Si quelque chose ci-dessus est faux, répondez ici d'ici là.\n",
}


def test_the_player_is_told_in_the_sites_language_how_the_report_was_read(foreign, run, tmp_path, monkeypatch):
    """reply.md speaks the site's language (site.yaml's language: written by sitegen new), the
    fields under the form's own labels; pr.md, for the organizers, stays English."""
    language, labels = foreign
    monkeypatch.setenv("SITEGEN_TODAY", "2025-04-01")
    report = tmp_path / "report"
    status, _, err = issue(run, tmp_path, foreign_body(labels, black="ann", white="BEN EXAMPLE", result="W+3.5"),
                           "--out", str(report))
    assert (status, err) == (0, [])
    assert (report / "reply.md").read_text(encoding="utf-8") == ENTERED[language]
    assert (report / "pr.md").read_text(encoding="utf-8").startswith("Reported in #12, entered with:\n")


REFUSED = {
    "pl": "Dziękujemy za zgłoszenie. Nie udało się go wpisać, więc na stronie jeszcze nic się nie "
          "zmieniło. Odczytaliśmy je tak:\n"
          "\n"
          "- **Rozgrywki**: `leagues/klub`\n"
          "- **Czarne (lub pierwszy gracz)**: `Ann Example`\n"
          "- **Białe (lub drugi gracz)**: `ben`\n"
          "- **Wynik**: (puste)\n"
          "- **Data**: `5.3.2025`\n"
          "- **Link do partii**: (puste)\n"
          "\n"
          "**Do poprawienia w formularzu:**\n"
          "\n"
          "- **Data**: `5.3.2025` to nie data w formacie RRRR-MM-DD; wpisz ją jako `2025-03-05` "
          "(5 marca 2025) lub `2025-05-03` (3 maja 2025)\n"
          "- **Wynik**: to pole jest puste; wypełnij wszystkie wymagane pola\n"
          "\n"
          "Otwórz nowe zgłoszenie formularzem Zgłoś wynik, poprawione jak wyżej, a to zamknij. "
          "Jeśli uważasz, że zgłoszenie było poprawne, odpowiedz tutaj.\n",
    "fr": "Merci pour votre signalement. Il n'a pas pu être saisi, donc rien n'a encore changé sur "
          f"le site. Il a été lu ainsi{NB}:\n"
          "\n"
          f"- **Compétition**{NB}: `leagues/klub`\n"
          f"- **Noir (ou premier joueur)**{NB}: `Ann Example`\n"
          f"- **Blanc (ou second joueur)**{NB}: `ben`\n"
          f"- **Résultat**{NB}: (vide)\n"
          f"- **Date**{NB}: `5.3.2025`\n"
          f"- **Lien vers la partie**{NB}: (vide)\n"
          "\n"
          f"**À corriger dans le formulaire{NB}:**\n"
          "\n"
          f"- **Date**{NB}: `5.3.2025` n'est pas une date écrite AAAA-MM-JJ{NB}; écrivez-la sous la "
          "forme `2025-03-05` (5 mars 2025) ou `2025-05-03` (3 mai 2025)\n"
          f"- **Résultat**{NB}: ce champ est vide{NB}; remplissez tous les champs obligatoires\n"
          "\n"
          "Ouvrez un nouveau signalement avec le formulaire Signaler un résultat, corrigé comme "
          "ci-dessus, et fermez celui-ci. Si vous pensez que le signalement était juste, répondez ici.\n",
}


def test_the_player_is_told_in_the_sites_language_what_to_correct(foreign, run, tmp_path):
    """comment.md in the site's language: a date not ISO with both dates it may mean (months in
    the language's words), an empty required field; the log keeps sitegen's English."""
    language, labels = foreign
    report = tmp_path / "report"
    status, _, err = issue(run, tmp_path, foreign_body(labels, date="5.3.2025", result="_No response_"),
                           "--out", str(report))
    assert status == 1
    assert err[0] == (f"issue #12, field '{labels['date']}': error: '5.3.2025' is not a date written "
                      "YYYY-MM-DD; write it as 2025-03-05 (5 March 2025) or 2025-05-03 (3 May 2025) "
                      "[result.date]")
    assert (report / "comment.md").read_text(encoding="utf-8") == REFUSED[language]
    assert sorted(p.name for p in report.iterdir()) == ["comment.md"]


@pytest.mark.parametrize("black, white, told", [
    ("Ann Exampel", "cho", "- **Czarne (lub pierwszy gracz)**: nie ma gracza `Ann Exampel`; czy "
                           "chodzi o `Ann Example`?"),
    ("ann", "zed", "- **Białe (lub drugi gracz)**: nie ma gracza `zed`; wpisz imię i nazwisko albo "
                   "identyfikator tak, jak na stronie"),
    ("ann", "ben", "- partia `ann` – `ben` ma już wynik `W+R` i nie zostanie on nadpisany; jeśli jest "
                   "błędny, odpowiedz tutaj: organizator może go poprawić"),
])
def test_common_refusals_are_told_in_polish(tmp_path, run, monkeypatch, black, white, told):
    root = new_repository(tmp_path / "pl", "Klub", "league", language="pl")
    monkeypatch.chdir(root)
    season = root / "content/leagues/klub/seasons/1.yaml"
    season.write_text(season.read_text(encoding="utf-8").replace(
        "- {players: [ann, ben]}", "- {black: ann, white: ben, result: W+R}"), encoding="utf-8")
    report = tmp_path / "report"
    status, _, _ = issue(run, tmp_path, foreign_body(form_labels(), black=black, white=white), "--out", str(report))
    assert status == 1
    assert f"\n{told}\n" in (report / "comment.md").read_text(encoding="utf-8")


def test_common_refusals_keep_their_values_in_code_spans_in_every_language():
    """Each refusal of PLAYER_REFUSALS, as sitegen words it, is told in the words of the table
    (English here: the catalog's msgids), every value it quotes in a code span."""
    at = SourcePos("issue #5, field 'Black (or first player)'", 0, 0)
    cases = [
        (Diagnostic(at, "'ann k' matches 2 players: ak (Ann K), ak2 (Ann K)", "result.player", "give the id"),
         "`ann k` fits several players: `ak (Ann K), ak2 (Ann K)`; write the id of the one you mean"),
        (Diagnostic(at, "zed does not play in season 3 of leagues/club", "result.unpaired", "x"),
         "`zed` does not play in season `3` of `leagues/club`; check the competition and the two players"),
        (Diagnostic(at, "ann and cho are not paired in round 2 of tournaments/cup", "result.unpaired", "x"),
         "`ann` and `cho` are not paired in round `2` of `tournaments/cup`; check the competition, its "
         "round and the two players"),
        (Diagnostic(at, "ann and cho are not paired in any round of swiss/s/t1", "result.unpaired", "x"),
         "`ann` and `cho` are not paired in `swiss/s/t1`; check the competition and the two players"),
        (Diagnostic(at, "zed is not a member of ladders/club", "result.unpaired", "x"),
         "`zed` is not a member of `ladders/club`; check the competition and the two players"),
        (Diagnostic(at, "ann (group A1) and eve (group B1) are not in the same group of season 2",
                    "result.group", "x"),
         "`ann` (group `A1`) and `eve` (group `B1`) do not play in the same group of season `2`; check "
         "the competition and the two players"),
        (Diagnostic(at, "ann - ben in round 2 already has the link https://a.example/1; it is not "
                        "overwritten", "result.entered", "x"),
         "the game `ann` – `ben` already has another link, `https://a.example/1`, and it is not "
         "overwritten; if it is wrong, reply here: an organizer can correct it"),
        (Diagnostic(at, "'2025-02-30' is not a date", "result.date", "write it as YYYY-MM-DD, e.g. 2025-03-01"),
         "`2025-02-30` is not a date; write it as YYYY-MM-DD, e.g. 2025-03-01"),
        (Diagnostic(at, "'2025/3/5' is not a date written YYYY-MM-DD", "result.date",
                    "write it as 2025-03-05 (5 March 2025)"),
         "`2025/3/5` is not a date written YYYY-MM-DD; write it as `2025-03-05` (5 March 2025)"),
    ]
    for diagnostic, told in cases:
        comment = refused_comment([diagnostic], {ident: None for ident in form_labels()}, form_labels(), "issue #5")
        assert f"\n- **Black (or first player)**: {told}\n" in comment, told


def test_hints_for_the_command_line_are_told_the_players_way():
    """A refusal's hint written for the command line is replaced, or left out."""
    at = SourcePos("issue #5, field 'Result'", 0, 0)
    comment = refused_comment([
        Diagnostic(at, "a Swiss match result is its game score, not a winner", "result.syntax",
                   "give FIRST SECOND SCORE, e.g. ann ben 2-1"),
        Diagnostic(SourcePos("content/swiss/s/t1.yaml", 0, 0), "ann and cho are paired in rounds 1, 2 "
                   "of swiss/s/t1", "result.round", "give the round with --round"),
        Diagnostic(SourcePos("content/x.yaml", 3, 1), "odd", "result.other", "use --force"),
        Diagnostic(SourcePos("content/players.yaml", 3, 1), "duplicate key 'id'", "yaml.duplicate")],
        {ident: None for ident in form_labels()}, form_labels(), "issue #5")
    assert comment.split("\n\n")[2:] == [
        "**To correct in the form:**",
        "- **Result**: `a Swiss match result is its game score, not a winner`; write the match's score "
        "from the first player's side, e.g. 2-1",
        "**What could not be done:**",
        "- `ann and cho are paired in rounds 1, 2 of swiss/s/t1`; add the round to the Competition "
        "field as in the address of the round's page, e.g. tournaments/cup/round-2\n- `odd`",
        "The league's files have 1 error that an organizer has to fix first; there is nothing for "
        "you to correct there.",
        "Please open a new report with the Report a result form, corrected as above, and close this "
        "one. If you think the report was right, reply here.\n"]


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
    steps = {step.get("name"): step for step in job["steps"]}
    assert steps["Tell the player"]["run"] == 'gh issue comment "$ISSUE_NUMBER" --body-file "$RUNNER_TEMP/report/reply.md"'
    assert steps["Tell the player"]["continue-on-error"] is True  # a failed comment is no refusal
    assert "reply.md" in steps["Open the pull request"]["run"]  # the pull request's address added
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
