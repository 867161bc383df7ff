"""The site in three languages (issue 16): complete catalogs, English where a message is missing,
dates, numbers and plural forms as each language writes them, and a Polish and a French demo
with no English word of sitegen's own left; issue 14's league outcome sentences and tournament
notes in Polish and French (beyond the demo's cases), and the command line's warnings about
them in English.

The catalogs are checked against the messages extracted from the code now (scripts/catalogs.py,
the command translators run), not against a stored list, so a new message without its
translation fails here.
"""

from __future__ import annotations

import datetime as dt
import functools
import html
import html.parser
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from sitegen import i18n
from sitegen.display import format_points, game_cell, points_text
from sitegen.i18n import ENGLISH_WORDS, words
from sitegen.model.common import Game, Rank, Result, SiteConfig
from sitegen.model.tournament import Criterion
from sitegen.pages.tournament_words import RULE_IDS
from sitegen.render import make_environment

sys.path.insert(0, str(Path(__file__).parent))
from league_trees import A, B, LEAGUE, PLAIN, group, perfect, tree  # noqa: E402
from league_trees import season as season_file  # noqa: E402
from test_league_outcomes import CYCLE, E1, TIE_PLAYERS, VOID  # noqa: E402
from fresh_renders import tree_key  # noqa: E402

REPO = Path(__file__).parent.parent
LANGUAGES = ("en", "pl", "fr")


def _load_catalogs_script():
    spec = importlib.util.spec_from_file_location("catalogs", REPO / "scripts" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogs = _load_catalogs_script()


@pytest.fixture(scope="module")
def template():
    """Every message of the templates and the Python modules, extracted now."""
    return catalogs.extract()


# --------------------------------------------------------------------------- the catalogs


def test_extraction_finds_the_messages_of_templates_and_python(template):
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    assert "Crosstable" in ids  # templates/group.html
    assert "Sum of opponents' McMahon scores" in ids  # pages/tournament.py, marked with N_
    assert "{count} player" in ids  # ngettext in Python
    assert "%(num)s player" in ids  # ngettext in a template
    assert "{count} match." in ids  # plural_forms: the search box's script
    assert len(ids) > 400


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalog_translates_every_message(template, code):
    """A message without a translation (absent, empty or fuzzy) fails here; `python
    scripts/catalogs.py missing` lists the same."""
    lacking = catalogs.missing(catalogs.read(code), template)
    assert lacking == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalog_holds_no_message_the_code_dropped(template, code):
    """`python scripts/catalogs.py update` removes them; a stale catalog fails here."""
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    held = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalogs.read(code) if m.id}
    assert held - wanted == set()


def test_english_catalog_is_the_messages_themselves():
    """English output must not change when the pages go through the English catalog."""
    for message in catalogs.read("en"):
        if message.id:
            assert message.string == message.id or tuple(message.string) == tuple(message.id), message.id


PLACEHOLDER = re.compile(r"%\(\w+\)s|\{\w+\}")
TAG = re.compile(r"</?\w+[^>]*>")


@pytest.mark.parametrize("code", ("pl", "fr"))
def test_translations_keep_placeholders_and_markup(code):
    """Every form of a translation has the message's placeholders (%(name)s in templates,
    {name} in Python) and HTML tags, and no other markup: a translation is inserted into the
    page as it is, inside attributes too, so a stray quote or bracket would break the page."""
    for message in catalogs.read(code):
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        wanted = sorted(set(PLACEHOLDER.findall(ids[-1])))
        for text in strings:
            found = sorted(set(PLACEHOLDER.findall(text)))
            # A form for one may write the number out ("le meilleur score" for %(num)s = 1).
            assert found == wanted or (text is strings[0] and set(found) <= set(wanted)), (message.id, text)
            assert sorted(TAG.findall(text)) == sorted(TAG.findall(ids[0])), (message.id, text)
            bare = TAG.sub("", text)
            assert not re.search(r'["<>]|&(?!nbsp;)', bare), (message.id, text)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_catalogs_ship_in_the_package():
    """The wheel takes the package's files as git sees them (hatch: packages = ["sitegen"]):
    the catalogs sit inside the package and no .gitignore rule drops them."""
    files = sorted(str(p.relative_to(REPO)) for p in i18n.LOCALE_DIR.rglob("*.po"))
    assert files == [f"sitegen/locale/{code}/LC_MESSAGES/sitegen.po" for code in sorted(LANGUAGES)]
    done = subprocess.run(["git", "check-ignore", *files], cwd=REPO, capture_output=True, text=True)
    assert done.stdout == ""
    assert i18n.catalog_languages() == sorted(LANGUAGES)


def test_polish_catalog_has_three_plural_forms():
    assert catalogs.read("pl").num_plurals == 3


# --------------------------------------------------------------------------- fallback


@pytest.fixture
def partial_catalog(tmp_path, monkeypatch):
    """A catalog 'xx' that translates two messages, one of them only as a fuzzy guess."""
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "sitegen.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Players"\nmsgstr "Spelers"\n\n'
        '#, fuzzy\nmsgid "Crosstable"\nmsgstr "Kruistabel"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    i18n.words.cache_clear()
    yield "xx"
    i18n.translations.cache_clear()
    i18n.words.cache_clear()


def test_a_message_missing_from_a_catalog_is_shown_in_english(partial_catalog):
    lang = words(partial_catalog)
    assert lang._("Players") == "Spelers"
    assert lang._("Standings") == "Standings"  # not in the catalog
    assert lang._("Crosstable") == "Crosstable"  # fuzzy: not reviewed, so not used
    assert lang.ngettext("{count} player", "{count} players", 2) == "{count} players"
    assert ENGLISH_WORDS._("Players") == "Players"  # the command line's words: English


def test_a_template_missing_a_message_shows_it_in_english(partial_catalog):
    env = make_environment(SiteConfig(title="T", language=partial_catalog))
    page = env.from_string('{{ _("Players") }} · {{ _("Standings") }} · '
                           '{{ ngettext("%(num)s player", "%(num)s players", 3) }}')
    assert page.render() == "Spelers · Standings · 3 players"


def test_a_language_without_a_catalog_is_english_with_a_warning(site, run):
    site({"content/site.yaml": "title: T\nlanguage: de\n"})
    status, _out, err = run("check")
    assert status == 0
    assert any("warning: sitegen has no catalog for language 'de'" in line and "[site.language]" in line
               for line in err), err
    assert words("de")._("Players") == "Players"


def test_a_region_tag_finds_its_language_catalog():
    assert words("pl-PL")._("Players") == "Gracze"
    assert i18n.has_catalog("fr-CA") and not i18n.has_catalog("de")


# --------------------------------------------------------------------------- dates, numbers, plurals


DAY = dt.date(2019, 10, 26)


def test_english_dates_stay_iso():
    lang = words("en")
    assert lang.format_date(DAY) == "2019-10-26"
    assert lang.format_date(DAY, "long") == "2019-10-26"
    assert lang.date_range_texts(dt.date(2021, 9, 19), dt.date(2021, 10, 23)) == ("2021-09-19", "10-23")
    assert lang.format_date_range(dt.date(2021, 12, 19), dt.date(2022, 1, 9)) == "2021-12-19 – 2022-01-09"
    assert lang.format_month(dt.date(2025, 3, 1)) == "March 2025"
    assert lang.format_chart_month(dt.date(2025, 3, 1)) == "2025-03"


def test_french_dates():
    lang = words("fr")
    assert lang.format_date(DAY, "long") == "26 octobre 2019"
    assert lang.format_date(DAY) == "26 oct. 2019"
    # Within one year the start's year is left out (French puts the year last).
    assert lang.format_date_range(dt.date(2021, 9, 19), dt.date(2021, 10, 23)) == "19 sept. – 23 oct. 2021"
    assert lang.format_month(dt.date(2025, 3, 1)) == "mars 2025"


def test_polish_dates():
    lang = words("pl")
    assert lang.format_date(DAY, "long") == "26 października 2019"  # the genitive, as in a date
    assert lang.format_date(DAY) == "26 paź 2019"
    assert lang.format_month(dt.date(2025, 3, 1)) == "marzec 2025"  # a month alone: the nominative
    assert lang.format_date_range(dt.date(2021, 12, 19), dt.date(2022, 1, 9)) == "19 gru 2021 – 9 sty 2022"


def test_numbers_take_the_language_decimal_sign():
    assert ENGLISH_WORDS.format_decimal(Fraction(13, 2)) == "6.5"
    fr = words("fr")
    assert fr.format_decimal(Fraction(13, 2)) == "6,5"
    assert fr.format_decimal(2100) == "2100"  # no grouping: ratings read as they are written
    assert format_points(Fraction(1, 3), fr) == "0,33"
    assert format_points(Fraction(7, 2), fr) == "3½"
    assert format_points(Fraction(1, 3), words("pl")) == "0,33"
    assert format_points(Fraction(1, 3), ENGLISH_WORDS) == "0.33"  # the cache keeps each language apart


@pytest.mark.parametrize("count, said", [(1, "1 gracz"), (2, "2 gracze"), (4, "4 gracze"), (5, "5 graczy"),
                                         (12, "12 graczy"), (22, "22 gracze"), (25, "25 graczy")])
def test_polish_plural_forms(count, said):
    assert words("pl").ngettext("{count} player", "{count} players", count).format(count=count) == said


def test_points_in_words():
    assert points_text(Fraction(1), ENGLISH_WORDS) == "1 point"
    assert points_text(Fraction(3, 2), ENGLISH_WORDS) == "1½ points"
    pl = words("pl")
    assert [points_text(Fraction(n), pl) for n in (1, 2, 5)] == ["1 punkt", "2 punkty", "5 punktów"]
    assert points_text(Fraction(3, 2), pl) == "1½ punktu"  # a fraction takes the genitive
    fr = words("fr")
    assert [points_text(Fraction(n), fr) for n in (1, 2)] == ["1 point", "2 points"]
    assert points_text(Fraction(3, 2), fr) == "1½ point"  # below two: singular in French


def test_script_plural_forms_cover_the_language_categories():
    """What the search box's script picks from with Intl.PluralRules."""
    assert words("en").plural_forms("{count} match.", "{count} matches.") == {
        "one": "{count} match.", "other": "{count} matches."}
    assert words("pl").plural_forms("{count} match.", "{count} matches.") == {
        "one": "{count} wynik.", "other": "{count} wyników.", "few": "{count} wyniki."}
    assert words("fr").plural_forms("{count} match.", "{count} matches.") == {
        "one": "{count} résultat.", "other": "{count} résultats."}


def test_game_cell_words_follow_the_language():
    game = Game(black="ann", white="bob", result=Result.parse("B+R"))
    assert game_cell(game, "ann", ENGLISH_WORDS)["words"] == "won with Black"
    cell = game_cell(game, "ann", words("pl"))
    assert (cell["words"], cell["colour"], cell["colour_name"]) == ("wygrana czarnymi", "c", "Czarne")
    assert game_cell(game, "bob", words("fr"))["words"] == "perdue avec Blanc"
    assert game_cell(game, "ann", ENGLISH_WORDS)["words"] == "won with Black"


def test_words_are_one_value_per_language_and_travel_to_workers_by_their_tag():
    """A build's words are made once from site.yaml's language and handed down; a forked or
    spawned worker gets them pickled, made again from the tag (no catalog carried)."""
    import pickle

    pl = words("pl")
    assert words("pl") is pl and pl == words("pl") and pl != words("fr")
    copy = pickle.loads(pickle.dumps(pl))
    assert copy is pl and copy._("Players") == "Gracze"
    assert len(pickle.dumps(pl)) < 100
    assert pickle.loads(pickle.dumps(ENGLISH_WORDS)) is ENGLISH_WORDS
    assert ENGLISH_WORDS != words("pl") and ENGLISH_WORDS.tag == "en"


def test_template_words_are_escaped_values_in_trusted_text():
    """New-style gettext: the translation is markup, the values are escaped."""
    env = make_environment(SiteConfig(title="T", language="fr"))
    out = env.from_string('{{ _("Group %(group)s", group=name) }}').render(name="<b>A</b>")
    assert out == "Groupe &lt;b&gt;A&lt;/b&gt;"


SITE_TEMPLATES_GIVING_WORDS_A_VALUE = {
    "a macro named _": {"t.html": '{% macro _(s) %}<b>{{ s }}</b>{% endmacro %}{{ _("Standings") }}'},
    "a macro _ in the child": {"base0.html": '[{{ _("Standings") }}]',
                               "t.html": '{% extends "base0.html" %}{% macro _(s) %}<b>{{ s }}</b>{% endmacro %}'},
    "a macro _ before an include": {"inc.html": '[{{ _("Standings") }}]',
                                    "t.html": '{% macro _(s) %}<b>{{ s }}</b>{% endmacro %}{% include "inc.html" %}'},
    "a loop over _ around an include": {"inc.html": '[{{ _("Standings") }}]',
                                        "t.html": '{% for _ in ["x"] %}{% include "inc.html" %}{% endfor %}'},
    "a macro gettext before an include": {  # _ calls the context's gettext
        "inc.html": '[{{ _("Standings") }}|{{ _("Group %(group)s", group="A") }}]',
        "t.html": '{% macro gettext(s) %}<b>{{ s }}{{ kwargs|length }}</b>{% endmacro %}{% include "inc.html" %}'},
    "a macro pgettext before an include": {
        "inc.html": '[{{ pgettext("movement", "up") }}|{{ pgettext("a fraction", "%(points)s gamepoints", points=1) }}]',
        "t.html": '{% macro pgettext(c, s) %}<b>{{ s }}{{ kwargs|length }}</b>{% endmacro %}{% include "inc.html" %}'},
    "an import with context": {"m.html": '{% macro m() %}[{{ _("Standings") }}]{% endmacro %}',
                               "t.html": '{% macro _(s) %}<b>{{ s }}</b>{% endmacro %}'
                                         '{% from "m.html" import m with context %}{{ m() }}'},
}


@pytest.mark.parametrize("case", sorted(SITE_TEMPLATES_GIVING_WORDS_A_VALUE))
def test_constant_words_follow_a_value_the_site_templates_give_the_name(tmp_path, case):
    """A site template that gives ``_`` a value (a macro, a loop variable) changes what
    ``_("...")`` means in it and in the templates it includes, extends or imports: the words put
    in when a template is compiled (sitegen.template_words) must not hide that value."""
    for name, text in SITE_TEMPLATES_GIVING_WORDS_A_VALUE[case].items():
        (tmp_path / name).write_text(text)

    def rendered(constant: bool) -> str:
        env = make_environment(SiteConfig(language="fr"), tmp_path, constant_words=constant)
        try:
            return env.get_template("t.html").render()
        except Exception as exc:  # the render without constant words may raise; so must this one
            return f"{type(exc).__name__}: {exc}"

    assert rendered(True) == rendered(False)


def test_site_templates_that_only_call_words_keep_constant_words(tmp_path):
    """An override that only calls ``_("...")`` keeps the speed path; one looping over ``_``
    does not (sitegen.template_words.site_binds_words)."""
    from sitegen.template_words import site_binds_words

    env = make_environment(SiteConfig())
    (tmp_path / "page.html").write_text('{{ _("Standings") }} {{ "x"|upper }}')
    assert not site_binds_words(env, tmp_path)
    (tmp_path / "partials").mkdir()
    (tmp_path / "partials" / "list.html").write_text('{% for _ in items %}{% endfor %}')
    assert site_binds_words(env, tmp_path)


# --------------------------------------------------------------------------- the demo in Polish and French


class _Texts(html.parser.HTMLParser):
    """The words a reader meets on a page: text, the attributes read aloud or shown (title,
    aria-label, placeholder, alt, the search box's messages) and the strings of inline scripts;
    the Markdown pages' bodies and descriptions (content, class ``prose`` or ``lead``) left out."""

    ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
    VOID = {"meta", "link", "br", "img", "input", "hr", "source", "col", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, inside content)
        self.script = ""  # the type of the script being read, "" outside one

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        inside = bool(self.stack and self.stack[-1][1]) or bool(
            {"prose", "lead"} & set((attributes.get("class") or "").split()))
        if not inside:
            for name, value in attrs:
                if value and (name in self.ATTRIBUTES or name.startswith(("data-none", "data-one",
                                                                            "data-many", "data-more"))):
                    self.texts.append(value)
        if tag == "script":
            self.script = attributes.get("type") or "text/javascript"
        if tag not in self.VOID:
            self.stack.append((tag, inside))

    def handle_endtag(self, tag):
        if tag == "script":
            self.script = ""
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if self.stack and self.stack[-1][1]:
            return
        if self.script == "application/json":  # data for a script: its values, not its keys
            self.texts += list(_strings(json.loads(data)))
        elif self.script:  # words, not the code's own strings (ids, event names)
            strings = [json.loads(f'"{s}"') for s in re.findall(r'"((?:[^"\\]|\\.)*)"', data)]
            self.texts += [s for s in strings if " " in s or s[:1].isupper()]
        else:
            self.texts.append(data)


def _strings(value):
    """Yield every string value inside a JSON document (not the keys, nor the handicap
    page's ``levels``: strings of base-36 digits)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "levels" or not isinstance(item, list):
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@functools.lru_cache(maxsize=4096)
def page_texts(data: bytes) -> tuple[str, ...]:
    """The words of the page ``data`` (:class:`_Texts`), read once per test process and page:
    the demo's tests read each page of the English demo twice (once beside each language) and
    each page of the Polish and French ones twice (once per test), some 340 pages each time."""
    parser = _Texts()
    parser.feed(data.decode("utf-8"))
    return tuple(parser.texts)


def content_words(content_dir: Path) -> tuple[str, ...]:
    """Return the site's own data (names, titles, descriptions), longest first: not translated.
    Worked out once per test process for the same files in the same folder
    (:func:`_content_words`)."""
    return _content_words(content_dir, tree_key(content_dir))


@functools.cache
def _content_words(content_dir: Path, files: str) -> tuple[str, ...]:
    """:func:`content_words` of ``content_dir`` holding the files whose digest is ``files``
    (tests/fresh_renders.py's ``tree_key``: any change of a name or a byte is a new key)."""
    from sitegen.pipeline import prepare

    content, _plan = prepare(content_dir)
    words = {content.config.title, content.config.description}
    for p in content.players.values():
        words.update((p.name, p.club or "", p.country or "", p.egd_pin or "", p.ogs or "", p.kgs or ""))
    words.update(p.title for p in content.pages)
    for league in content.leagues:
        words.update((league.name, league.description or ""))
        for season in league.seasons:
            words.add(season.name)
            words.update(g.name for d in season.divisions for g in d.groups)
    for t in content.tournaments:
        words.update((t.name, t.location or ""))
    for club in content.ladders:
        words.update((club.name, club.description or ""))
    for swiss in content.swiss_leagues:
        words.update((swiss.name, swiss.description or ""))
        words.update(t.name for t in swiss.tournaments)
    return tuple(sorted((w for w in words if w), key=lambda w: (-len(w), w)))


FILE_NAMES = ("standings.json", "standings.csv", "rungs.json", "rungs.csv", "results.h9", "SGF")
"""Link texts that are file names, the same in every language."""
SITES = ("EGD", "OGS", "KGS")
"""Names of the profile sites linked from a player's page."""
ABBREVIATIONS = tuple(sorted({c.value for c in Criterion} | {"SOS", "SODOS"}))
"""Criteria as players know them in every language (placement: SOS, MMS ...)."""


@pytest.fixture(scope="module", autouse=True)
def pages_forgotten():
    """Let go of the pages :func:`page_texts` kept, after this file's tests."""
    yield
    page_texts.cache_clear()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The demo built in English, Polish and French: ``{language: {path: bytes}}``."""
    from sitegen.commands.build import render

    sites = {}
    for code in LANGUAGES:
        content = tmp_path_factory.mktemp(f"content-{code}")
        shutil.copytree(REPO / "content", content, dirs_exist_ok=True)
        settings = content / "site.yaml"
        settings.write_text(re.sub(r"(?m)^language: .*$", f"language: {code}", settings.read_text()))
        sites[code] = (render(content, None), content)
    return sites


def ui_texts(files: dict[str, bytes], data: tuple[str, ...]) -> dict[str, str]:
    """Return each page's (and search.json's details') words of sitegen's own: the page texts
    with the site's data and the file names taken out."""
    words = sorted(set(data) | set(FILE_NAMES) | set(SITES) | set(ABBREVIATIONS), key=lambda w: (-len(w), w))
    kept = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)")
    out = {}
    for path, body in files.items():
        if path.endswith(".html"):
            texts = page_texts(body)
        elif path == "search.json":
            index = json.loads(body)
            texts = [item[2] for item in index["players"] + index["competitions"]]
        else:
            continue
        text = "\n".join(texts)
        out[path] = kept.sub(" ", text)
    return out


@functools.cache
def english_phrases(target: str) -> tuple[str, ...]:
    """Return the phrases of the English messages that a page in ``target`` must not show:
    each message cut at its placeholders and tags, the phrases with a word of three letters
    or more, less those the target catalog's own translations contain (a word the language
    shares, such as komi, SODOS or McMahon). Worked out once per language and test process, the
    catalogs being the package's own files."""
    translated = []
    for message in catalogs.read(target):
        if message.id:
            strings = (message.string,) if isinstance(message.string, str) else message.string
            translated += [TAG.sub(" ", s) for s in strings]
    phrases = set()
    for message in catalogs.read("en"):
        if not message.id:
            continue
        for text in (message.id,) if isinstance(message.id, str) else message.id:
            for part in re.split(r"%\(\w+\)s|\{\w+\}|<[^>]+>", text):
                part = part.strip(" .,;:()–-·*=+?!\u00a0")
                if re.search(r"[A-Za-z]{3}", part):
                    phrases.add(part)
    # One text of every translation, each ended by NUL (no phrase holds one, and it is no word
    # character): a phrase is found in it as a whole word exactly when it is in one translation.
    # A substring test first, then the word test only where the phrase is there at all: 0.1 s
    # where a word search in each translation in turn took 4 s.
    joined = "".join(t + "\0" for t in translated)
    assert not any("\0" in p for p in phrases)
    shared = {p for p in phrases if p in joined and re.search(rf"(?<!\w){re.escape(p)}(?!\w)", joined)}
    return tuple(sorted(phrases - shared, key=lambda p: (-len(p), p)))


@functools.cache
def english_pattern(target: str) -> re.Pattern[str]:
    """A regular expression finding any of :func:`english_phrases` as whole words."""
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, english_phrases(target))) + r")(?!\w)")


@pytest.mark.slow  # the demo built three times
@pytest.mark.parametrize("code", ("pl", "fr"))
def test_demo_in_the_language_has_no_english_message_left(built, code):
    """Walk every page (and the search index) of the demo built with ``language: pl`` / ``fr``
    against the English catalog's messages: none of their phrases may be left."""
    files, content = built[code]
    texts = ui_texts(files, content_words(content))
    assert len(texts) > 300
    assert {"Crosstable", "Standings after round", "How the table is ordered"} <= set(english_phrases(code))
    pattern = english_pattern(code)
    left = {}
    for path, text in sorted(texts.items()):
        found = sorted(set(pattern.findall(text)))
        if found:
            left[path] = found[:5]
    assert left == {}


@pytest.mark.slow
@pytest.mark.parametrize("code", ("pl", "fr"))
def test_demo_in_the_language_shares_no_english_word_with_the_english_demo(built, code):
    """A word the code shows but never put through gettext is in no catalog, so the walk above
    cannot see it: here every word (three letters or more) of sitegen's own that a page shows in
    English and in the other language alike must be one the catalog's translations use too, or
    a placement rule id (``RULE_IDS``: "SOSOS" is the rule text's id in every language, as "D.1"
    is the league text's)."""
    english, en_content = built["en"]
    files, content = built[code]
    data = content_words(content)
    en_texts, texts = ui_texts(english, data), ui_texts(files, data)
    allowed = set()
    for message in catalogs.read(code):
        strings = (message.string,) if isinstance(message.string, str) else message.string
        for s in strings:
            allowed.update(re.findall(r"[A-Za-z]{3,}", TAG.sub(" ", s or "")))
    allowed.update(re.findall(r"[A-Za-z]{3,}", " ".join(RULE_IDS.values())))
    left = {}
    for path, text in sorted(texts.items()):
        words = set(re.findall(r"[A-Za-z]{3,}", text)) & set(re.findall(r"[A-Za-z]{3,}", en_texts[path]))
        if words - allowed:
            left[path] = sorted(words - allowed)[:8]
    assert left == {}


@pytest.mark.slow
@pytest.mark.parametrize("code", ("pl", "fr"))
def test_demo_pages_carry_their_language(built, code):
    files, _content = built[code]
    for path, body in files.items():
        if path.endswith(".html"):
            assert body.startswith(f'<!doctype html>\n<html lang="{code}">'.encode()), path


@pytest.mark.parametrize("language, short, title", [
    ("en", "Pl", "Place in the group"), ("fr", "Pl.", "Place dans le groupe"), ("pl", "M.", "Miejsce w grupie")])
def test_the_season_tables_place_column_says_what_it_is(built, language, short, title):
    """Issue 27's review: the place column of a season page's group tables is headed by an
    abbreviation ("Pl") with its full words as its title, as the gamepoints column's "GP" is
    ("Gamepoints"), in each language; the demo's season 2021-09 has 7 groups."""
    page = built[language][0]["leagues/iglo/2021-09/index.html"].decode()
    heads = re.findall(r'<thead><tr><th scope="col" class="key num">(.*?)</th><th scope="col" class="key">'
                       r'[^<]+</th><th scope="col" class="key num">(.*?)</th>', page)
    gamepoints = {"en": ("Gamepoints", "GP"), "fr": ("Points de parties", "Pts"), "pl": ("Punkty", "Pkt")}[language]
    assert heads == [(f'<abbr title="{title}">{short}</abbr>', '<abbr title="%s">%s</abbr>' % gamepoints)] * 7


@pytest.mark.slow
def test_demo_in_polish_reads_as_polish(built):
    """A few facts of the Polish pages: plural forms, dates, the search box's forms."""
    files, _content = built["pl"]
    group = files["leagues/iglo/2021-09/a/index.html"].decode()
    assert re.search(r"Dywizja A · \d+ graczy · ", group)
    assert "Tabela krzyżowa" in group
    home = files["index.html"].decode()
    assert 'data-one="1 wynik." data-many="{count} wyników." data-many-few="{count} wyniki."' in home
    league = files["leagues/iglo/index.html"].decode()
    assert "19 wrz – 23 paź 2021" in re.sub(r"<[^>]+>", "", league)
    assert "Ostatnia aktualizacja: <time datetime=\"2021-10-23\">23 października 2021</time>" in league
    french = built["fr"][0]["leagues/iglo/index.html"].decode()
    assert "19 sept. – 23 oct. 2021" in re.sub(r"<[^>]+>", "", french)


# --------------------------------------------------------------------------- league outcomes, tournament notes


def _site_in(folder: Path, code: str, files: dict[str, str]) -> dict[str, bytes]:
    """Build ``files`` (a content tree, written into the new ``folder``) with ``language:
    code``; return the site's files."""
    from sitegen.commands.build import render

    for relative, text in {**files, "content/site.yaml": f"title: Test\nlanguage: {code}\n"}.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    return render(folder / "content", None)


def _words(html_text: str) -> str:
    """Return what a reader sees of a piece of a page: text without tags, spaces as typed."""
    return html.unescape(re.sub(r"<[^>]+>", "", html_text))


def _outcome(page: bytes, name: str) -> str:
    """Return the outcome sentence of player ``name``'s row on a season or group page (the
    disclosure of its outcome cell)."""
    return _words(re.search(r'<div class="outcome-why"><p>(.*?)</p>', _outcome_cell(page, name), re.S)[1])


def _outcome_cell(page: bytes, name: str) -> str:
    """Return the outcome cell (HTML) of player ``name``'s row on a season or group page."""
    rows = re.findall(r"<tr.*?</tr>", page.decode(), re.S)
    row = next(tr for tr in rows if f">{name}</a></th>" in tr)
    return re.findall(r'<td class="outcome-cell">(.*?)</td>', row, re.S)[-1]


def _outcome_mark(page: bytes, name: str) -> str:
    """Return the mark and word of player ``name``'s outcome cell (its disclosure's summary)."""
    return _words(re.search(r"<summary>(.*?)</summary>", _outcome_cell(page, name), re.S)[1])


def _english_left(files: dict[str, bytes], code: str, data: tuple[str, ...]) -> dict[str, list[str]]:
    """Return the English catalog's phrases each page shows (see the demo's walk above)."""
    pattern = english_pattern(code)
    found = {path: sorted(set(pattern.findall(text))) for path, text in ui_texts(files, data).items()}
    return {path: words for path, words in found.items() if words}


LEAGUE_CASES = {
    "e1": tree(E1, **{"leagues/club/signups/2025.yaml":
                      "returning: [a1, a2, a3, a4, a5, b1, b2, b3, b4]\nwithdrawn: [b5, b6]\n"}),
    "tie": {**tree(season_file(group("A", A, perfect(A)), group("B", B, CYCLE))),
            "content/players.yaml": TIE_PLAYERS},
    "provisional": tree(season_file(group("A", A, perfect(A)), group("B", B, perfect(B, skip=(("b5", "b6"),))))),
    "void": tree(VOID, league=LEAGUE + "  void_games_of_early_withdrawals: true\n"),
    "final": tree(season_file(group("A", A, perfect(A)), group("B", B, perfect(B)),
                         "defending_champion: a3\nfinal:\n  games:\n    - {players: [a1, a2], winner: a1}\n"
                         "    - {players: [a2, a3], winner: a2}\n    - {players: [a3, a1], winner: a3}\n")),
    "recorded": tree(season_file(group("A", A, perfect(A)), group("B", B, perfect(B), "promoted: [b1, b3]"))),
}
"""Seasons of tests/test_league_outcomes.py, worked by hand there: E.1 cancelling a demotion,
a three-way tie left to a playoff, games still to play, an early withdrawal's void games, a
final round that ends level, recorded outcomes that differ from the rules'."""


@pytest.mark.parametrize("code", ("pl", "fr"))
@pytest.mark.parametrize("case", sorted(LEAGUE_CASES))
def test_league_outcomes_leave_no_english_message(tmp_path, code, case):
    """Issue 14's outcome sentences (league_words: the engine's reasons, the chains of rules,
    ties, notes) are page text: on a site in Polish or French no English message is left on
    any page of these seasons, beyond the demo's cases."""
    files = _site_in(tmp_path, code, LEAGUE_CASES[case])
    assert _english_left(files, code, content_words(tmp_path / "content")) == {}


def test_league_outcome_sentences_in_polish(tmp_path):
    """Whole sentences from the catalog, with Polish plural forms: 4 gracze (E.1), jedno miejsce
    awansowe (a tie), pozostała 1 gra (provisional)."""
    e1 = _site_in(tmp_path / "e1", "pl", LEAGUE_CASES["e1"])
    assert _outcome(e1["leagues/club/2024/index.html"], "Al") == (
        "Pozostanie w dywizji A: miejsce spadkowe według kryteriów D (B.2), anulowane na mocy "
        "E.1: poniżej dywizji A zostaliby tylko 4 gracze, mniej niż 5 wymaganych przez A.i.2.")
    tie = _site_in(tmp_path / "tie", "pl", LEAGUE_CASES["tie"])
    assert _outcome(tie["leagues/club/2024/b/index.html"], "Ben") == (
        "Nierozstrzygnięte: awans do dywizji A lub pozostanie w dywizji B: na równi z Bea i Bo "
        "we wszystkim, co decyduje o kolejności w tabeli (D.1), więc o tym, kto zajmie jedno "
        "miejsce awansowe (B.3), rozstrzygnie baraż (D.2).")
    # Issue 27: the table shows the mark and a short word; the sentence is one tap away,
    # without the mark (stop 53: one mark per cell).
    assert _outcome_mark(e1["leagues/club/2024/index.html"], "Al") == "• pozostaje"
    assert _outcome_mark(tie["leagues/club/2024/b/index.html"], "Ben") == "? nierozstrzygnięte"
    provisional = _site_in(tmp_path / "provisional", "pl", LEAGUE_CASES["provisional"])
    page = _words(provisional["leagues/club/2024/index.html"].decode())
    assert "Wynik sezonu (tymczasowo)</th>" in provisional["leagues/club/2024/index.html"].decode()
    assert ("Tymczasowe: do rozegrania pozostała 1 gra. Poniższe rozstrzygnięcia są tymi, które "
            "dałby regulamin ligi, gdyby sezon skończył się dziś.") in page
    assert _outcome(provisional["leagues/club/2024/index.html"], "Bob") == (
        "Awans do dywizji A, gdyby sezon skończył się dziś: zwycięzca grupy (B.1). "
        "(pewne: awans ▲)")  # b1 leads whatever b5 - b6 gives: certain (issue 27)


def test_league_outcome_sentences_in_french(tmp_path):
    """French typography (a no-break space before the colon, the headline kept apart from its
    reasons on the page), the final round's result and an early withdrawal's void games."""
    e1 = _site_in(tmp_path / "e1", "fr", LEAGUE_CASES["e1"])["leagues/club/2024/index.html"]
    assert _outcome(e1, "Al") == (
        "Se maintient en division A\u00a0: place de descente selon les critères de D (B.2), "
        "annulé selon E.1\u00a0: il ne resterait que 4 joueurs sous la division A, moins que les 5 "
        "qu'exige A.i.2.")
    assert ('<span class="outcome-headline">Se maintient en division A</span></span>\u00a0: '
            '<span class="outcome-detail">place de descente') in e1.decode()
    final = _site_in(tmp_path / "final", "fr", LEAGUE_CASES["final"])
    assert ("La phase finale n'est pas décidée\u00a0: Ann et Abe finissent à égalité de points (2), "
            "chacun avec une position avantagée ([7]).") in _words(
        final["leagues/club/2024/final/index.html"].decode())
    void = _site_in(tmp_path / "void", "fr", LEAGUE_CASES["void"])
    assert ("Parties annulées pour Amy\u00a0: retrait après 1 des 4 parties à jouer, moins de la "
            "moitié (paramètre de la ligue void_games_of_early_withdrawals).") in _words(
        void["leagues/club/2024/index.html"].decode())


def test_warnings_stay_english_on_a_site_in_another_language(site, run):
    """The command line speaks English (docs/translating.md): a Polish site's warning about an
    open tie reads as an English site's."""
    site({**LEAGUE_CASES["tie"], "content/site.yaml": "title: Test\nlanguage: pl\n"})
    status, _out, err = run("check")
    assert status == 0 and len(err) == 1
    assert ("warning: b2, b3 and b4 are equal on every criterion of D for one promotion spot "
            "(B.3) in division B, which only a playoff can decide (D.2); enter the playoff's "
            "result in this season file") in err[0]


def test_recorded_outcome_warnings_stay_english_on_a_site_in_another_language(site, run):
    """The warnings about recorded outcomes that differ quote the computed outcome with its
    chain of rules, worked out in English for the command line (the pages have it in French)."""
    site({**LEAGUE_CASES["recorded"], "content/site.yaml": "title: Test\nlanguage: fr\n"})
    status, _out, err = run("check")
    assert status == 0
    assert [line.split(": warning: ")[1].split(";")[0] for line in err] == [
        "b2 is in neither the promoted nor the relegated list of group B, but the league rules "
        "give: promoted to division A (rules B.3)",
        "b3 is recorded as promoted in group B, but the league rules give: stays in division B "
        "(rules B)"]


UNPAIRED = """\
name: Spring Cup
system: mcmahon
number_of_rounds: 5
players:
  - {id: a1, rank: 3d}
  - {id: a2, rank: 2d}
  - {id: a3, rank: 1d}
  - {id: a4, rank: 1d}
rounds:
  - round: 1
    games:
      - {white: a1, black: a2, handicap: 0, result: W+R}
      - {white: a3, black: a4, handicap: 0, result: B+R}
  - round: 2
  - round: 3
    absent: [a3]
"""
"""A McMahon tournament of 5 rounds listed up to 3, rounds 2 and 3 without a game."""


def test_tournament_notes_and_new_criteria_in_the_language(tmp_path):
    """The rounds without games (a count of rounds), what results.h9 holds while the tournament
    is in progress, and the CAT, STS, SOSTS explanations of issue 14, in French and Polish."""
    from sitegen.model.tournament import Tournament, TournamentParameters
    from sitegen.pages.tournament import criterion_columns

    files = {**tree(PLAIN), "content/tournaments/spring.yaml": UNPAIRED}
    page = _words(_site_in(tmp_path, "fr", files)["tournaments/spring/index.html"].decode())
    assert ("Rondes 2–3\u00a0: aucune partie n'a été jouée (joueurs absents ou non appariés). Elles "
            "comptent comme OpenGotha compte de telles rondes\u00a0: un joueur sans partie reçoit la "
            "valeur de l'exemption ou de l'absence si elle a été attribuée, et son propre score de "
            "départ dans les sommes des scores des adversaires.") in page
    assert "Le tournoi a 5 rondes. Le fichier de résultats pour l'EGD (results.h9) couvre" in page
    t = Tournament("t", "T", 5, (), parameters=TournamentParameters(
        criteria=(Criterion.CAT, Criterion.STS, Criterion.SOSTS), count_unplayed_as_half=True,
        category_limits=(Rank.parse("1k"), Rank.parse("5k"))))
    cat, sts, sosts = criterion_columns(t, words("pl"))
    assert cat["text"].startswith("Twoja kategoria, według rangi (1: 1k i silniejsi, 2: od 5k do "
                                  "2k, 3: 6k i słabsi). Kategoria 1 jest najsilniejsza;")
    assert sts["text"].startswith("Twoje punkty McMahona plus 2 punkty od rundy 3 (ćwierćfinał) i "
                                  "kolejne 2 od rundy 4 (półfinał)")
    assert sosts["text"].endswith("liczy się jako twoje punkty startowe. Gdy nierozegrane gry "
                                  "liczą się za ½ punktu, OpenGotha liczy tu STS każdego "
                                  "przeciwnika jako 0 (zostaje tylko korekta za fory); strona "
                                  "robi tak samo, aby jej liczby zgadzały się z OpenGotha.")


# --------------------------------------------------------------------------- words put in when compiled


def test_constant_template_words_are_put_in_when_a_template_is_compiled():
    """sitegen.template_words: ``_("Standings")`` compiles to the French words themselves, no
    call left, and ``_("...%(group)s", group=...)`` to the French words formatted at render;
    ``ngettext``, or a template naming ``_`` otherwise, keeps its calls."""
    env = make_environment(SiteConfig(title="T", language="fr"))
    code = env.compile('<h2>{{ _("Standings") }}</h2>', raw=True)
    assert "Classement" in code and "'Standings'" not in code
    assert env.from_string('{{ _("Standings") }}|{{ _("Standings")|length }}').render() == "Classement|10"
    with_placeholder = env.compile('{{ _("Group %(group)s", group=name) }}', raw=True)
    assert "'Groupe %(group)s'" in with_placeholder and "'Group %(group)s'" not in with_placeholder
    plural = env.compile('{{ ngettext("%(num)s player", "%(num)s players", n) }}', raw=True)
    assert "'%(num)s player'" in plural  # the message, an argument of the call
    shadowed = '{% for _ in [1] %}{% endfor %}{{ _("Standings") }}'
    assert "'Standings'" in env.compile(shadowed, raw=True)
    plain = make_environment(SiteConfig(title="T", language="fr"), constant_words=False)
    assert "'Standings'" in plain.compile('{{ _("Standings") }}', raw=True)


@pytest.mark.parametrize("template, said", [
    ('{% macro _(w) %}[{{ w }}]{% endmacro %}{{ _("Standings") }}', "[Standings]"),
    ('{% set d = {"_": echo} %}{{ d._("Standings") }}', "Standings"),
])
def test_a_call_of_another_underscore_keeps_its_words(template, said):
    """sitegen.template_words: ``_("...")`` that calls a template's own macro ``_`` or an
    attribute ``x._`` is not the catalog's ``_``: its words are not translated when compiled
    (a site template says what it says without the speed path)."""
    for constant in (True, False):
        env = make_environment(SiteConfig(title="T", language="fr"), constant_words=constant)
        assert env.from_string(template).render(echo=lambda w: w) == said


@pytest.mark.parametrize("code", LANGUAGES)
def test_words_put_in_when_compiled_are_those_said_when_rendered(built, code, monkeypatch):
    """The demo in each language, every page and file, is byte for byte the same with the
    constant words put into the templates as with Jinja's i18n calls at every render."""
    from sitegen.commands.build import render
    from sitegen.template_words import ConstantWords

    files, content = built[code]
    monkeypatch.setattr(ConstantWords, "filter_stream", lambda self, stream: stream)
    assert render(content, None) == files


HOSTILE_NAMES = {
    "leagues/iglo/league.yaml": ("name: Online Go League", "name: '<u>Online</u> Go & League'"),
    "leagues/iglo/seasons/2020-04.yaml": ("name: Season 2020-04", "name: 'Season <b>2020-04</b> & co'"),
    "tournaments/juvisy-2019.yaml": ("name: Tournoi de Juvisy", "name: 'Tournoi <i>de</i> Juvisy & co'"),
    "swiss/demo/league.yaml": ("name: Demo Swiss League 2024", "name: 'Demo <s>Swiss</s> & co'"),
    "players/club.yaml": ("name: Ada Stenhouse, family_name: Stenhouse,",
                          "name: 'Ada <b>Sten</b>house & co', family_name: 'co',"),
}
"""The demo's names that sentences with placeholders say (player pages: "Games in %(league)s
%(season)s", "Games in %(competition)s"; a season's "Leaders of %(season)s", ...), given markup
and an ampersand."""


@pytest.mark.parametrize("code", LANGUAGES)
def test_names_with_markup_in_compiled_words_are_escaped_as_by_the_calls(code, tmp_path, monkeypatch):
    """The demo with names holding ``<`` and ``&`` (:data:`HOSTILE_NAMES`): byte for byte the
    same with the words compiled into the templates (their placeholders formatted by Markup's
    ``%``, sitegen.template_words) as with Jinja's calls, and no name's markup left unescaped."""
    from sitegen.commands.build import render
    from sitegen.template_words import ConstantWords

    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    for name, (plain, hostile) in HOSTILE_NAMES.items():
        path = content / name
        text = path.read_text(encoding="utf-8")
        assert text.count(plain) == 1, name
        path.write_text(text.replace(plain, hostile), encoding="utf-8")
    settings = content / "site.yaml"
    settings.write_text(re.sub(r"(?m)^language: .*$", f"language: {code}", settings.read_text()))
    files = render(content, None)
    pages = b"".join(body for path, body in files.items() if path.endswith(".html"))
    for markup in (b"<u>Online", b"<b>2020-04", b"<i>de</i>", b"<s>Swiss", b"<b>Sten"):
        assert markup not in pages
    # player_league.html: _("Games in %(league)s %(season)s", league=..., season=...)
    said = {"en": "Games in", "fr": "Parties en", "pl": "Gry:"}[code]
    caption = f"{said} &lt;u&gt;Online&lt;/u&gt; Go &amp; League Season &lt;b&gt;2020-04&lt;/b&gt; &amp; co"
    assert caption.encode() in files["players/Gosuna2/index.html"]
    monkeypatch.setattr(ConstantWords, "filter_stream", lambda self, stream: stream)
    assert render(content, None) == files


def test_default_theme_loops_over_underscore_include_nothing():
    """sitegen.template_words relies on it: where a default-theme template gives ``_`` a value
    (a loop over ``_``), no template is included inside the loop (it would see that value) and
    nothing is imported with the caller's context."""
    from sitegen.render import default_templates_dir
    from sitegen.template_words import _only_calls

    env = make_environment(SiteConfig(title="T"))
    loops = 0
    for path in sorted(default_templates_dir().rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        if _only_calls(list(env.lexer.tokenize(text, path.name))):
            continue
        assert "with context" not in text, path.name
        for match in re.finditer(r"{%-?\s*for\b[^%]*\b_\b[^%]*%}(.*?){%-?\s*endfor", text, re.S):
            loops += 1
            assert not re.search(r"{%-?\s*include\b", match.group(1)), path.name
    assert loops  # the loops over ``_`` exist today: the check above checks something
