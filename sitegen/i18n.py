"""The site's language: the words of the pages (gettext catalogs read with Babel), and dates and
numbers written as the language writes them (Babel's CLDR data).

There is no active language. A build makes one :class:`Words` from site.yaml's ``language:``
(:func:`words`) and passes it down explicitly (as ``lang``) to everything that words a page:
page text made in Python goes through its :meth:`Words._` (one message), :meth:`Words.ngettext`
(a count, with the language's plural forms) and :meth:`Words.pgettext` (a short word that needs
a context), with named placeholders filled in afterwards:
``lang._("Group {group}").format(group=name)``; its ``format_*`` methods write dates and
numbers. Tables made at import time mark their texts with :func:`N_` and translate them where
they are used. Templates use ``_()`` and ``{% trans %}`` of Jinja's i18n extension, given the
same catalog per environment (:mod:`sitegen.render`). The command line's words (errors, the
engine's explanations printed by ``sitegen league next-season``) use :data:`ENGLISH_WORDS`.

Catalogs live in ``sitegen/locale/<language>/LC_MESSAGES/sitegen.po``; they are compiled in
memory when first used (no ``.mo`` files: the ``.po`` is the only copy, so a catalog cannot be
stale, and nothing is compiled at install). A message missing from a catalog, or marked fuzzy,
is shown in English; so is every message of a language without a catalog.
docs/translating.md tells translators how to extract, update and check the catalogs.

Babel's modules (about 30 ms to import) are imported in the functions that word a text, so
the commands that word none (``result add``, ``diff``, the engine's tests) never load them.
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import io
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

LOCALE_DIR = Path(__file__).parent / "locale"
"""The catalogs: ``<language>/LC_MESSAGES/sitegen.po``, and the template ``sitegen.pot``."""
DOMAIN = "sitegen"
ENGLISH = "en"


# --------------------------------------------------------------------------- catalogs


def catalog_path(code: str) -> Path:
    """Return where the catalog of language ``code`` (``pl``, ``pt_BR``) is, or would be."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog_languages() -> list[str]:
    """Return the languages that have a catalog, sorted (``["en", "fr", "pl"]``)."""
    return sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _candidates(tag: str) -> list[str]:
    """Return the catalog names to try for a language tag: ``pt-BR`` -> ``pt_BR``, ``pt``."""
    parts = tag.replace("_", "-").split("-")
    first = parts[0].lower()
    if len(parts) > 1:
        return [f"{first}_{parts[1].upper()}", first]
    return [first]


def has_catalog(tag: str) -> bool:
    """Return whether sitegen has a catalog for the language tag ``tag`` (or its language)."""
    return any(catalog_path(code).is_file() for code in _candidates(tag))


@functools.lru_cache(maxsize=16)
def translations(tag: str) -> gettext.NullTranslations:
    """Return the translations of language ``tag``, compiled from its ``.po`` file.

    English words stand in for any message the catalog lacks (or marks fuzzy), and for a
    language without a catalog (a ``NullTranslations``). Raises nothing for an unknown tag.
    """
    for code in _candidates(tag):
        path = catalog_path(code)
        if path.is_file():
            # Babel (about 30 ms to import) loads only when a text is worded in a language.
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po
            from babel.support import Translations

            with path.open("rb") as po:
                catalog = read_po(po, locale=code, domain=DOMAIN)
            mo = io.BytesIO()
            write_mo(mo, catalog, use_fuzzy=False)
            mo.seek(0)
            return Translations(mo, domain=DOMAIN)
    return gettext.NullTranslations()


# --------------------------------------------------------------------------- N_


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (tables made at import time:
    translate with :meth:`Words._` where the text is used)."""
    return message


# --------------------------------------------------------------------------- dates and numbers


@dataclass(frozen=True)
class DateStyle:
    """How one language writes dates: CLDR patterns (Babel), or None for the locale's own."""

    short: str | None
    """A date in a table or a list (compact: dates never wrap in a cell)."""
    long: str | None
    """A date in a sentence ("Last updated ...")."""
    range_end: str | None
    """The end of a range within one year, the year left out: ``2021-09-19 – 10-23``."""
    range_start: str | None
    """The start of a range within one year, the year left out: ``19 sept. – 23 oct. 2021``."""
    month: str
    """A month: ``March 2025``, ``marzec 2025``."""
    chart_month: str | None
    """A month under a chart's axis: ``2025-03``."""


ISO_STYLE = DateStyle("yyyy-MM-dd", "yyyy-MM-dd", "MM-dd", None, "LLLL y", "yyyy-MM")
"""English: the ISO dates the site has always shown (no day-month order to misread)."""
CLDR_STYLE = DateStyle(None, None, None, "MMMd", "LLLL y", "yMM")
"""Every other language: the locale's medium and long forms (``26 oct. 2019``,
``26 października 2019``) and CLDR skeletons for the rest."""
DATE_STYLES = {ENGLISH: ISO_STYLE}


@functools.lru_cache(maxsize=16)
def _locale(tag: str) -> Locale:
    """Return Babel's locale for ``tag``, or English's when Babel does not know the tag."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(tag.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(ENGLISH)


def spelled_date(value: dt.date, tag: str) -> str:
    """Return a date with its month in words in language ``tag``, for a sentence beside its ISO
    form: ``5 March 2025`` (English: day first, as the ISO form's reader expects no other
    order), ``5 marca 2025``, ``5 mars 2025`` (the locale's long date)."""
    from babel.dates import format_date as babel_date

    english = _candidates(tag)[-1] == ENGLISH
    return babel_date(value, "d MMMM y" if english else "long", locale=_locale(tag))


def format_iso(value: dt.date | None) -> str:
    """Return a date for machines (``<time datetime>``): ISO 8601 in every language."""
    return value.isoformat() if value else ""


# --------------------------------------------------------------------------- a language's words


@dataclass(frozen=True, eq=False)
class Words:
    """One language's words and ways of writing dates and numbers: a build makes one from
    site.yaml's ``language:`` (:func:`words`) and hands it to whatever words a page. Two are
    equal when their tags are; a pickled one is made again from its tag (a worker's copy).
    """

    tag: str
    """The language tag (``en``, ``pl``, ``pt-BR``)."""
    translations: gettext.NullTranslations = field(repr=False)
    """The catalog's messages (:func:`translations`)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Words) and other.tag == self.tag

    def __hash__(self) -> int:
        return hash(("Words", self.tag))

    def __reduce__(self) -> tuple:
        if type(self.translations) is gettext.NullTranslations and self.tag == ENGLISH:
            return (_english_words, ())
        return (words, (self.tag,))

    def _(self, message: str) -> str:
        """Return ``message`` in this language (English when the catalog lacks it)."""
        return self.translations.gettext(message)

    def gettext(self, message: str) -> str:
        """The same as :meth:`_`."""
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Return the form of ``singular``/``plural`` for the count ``n`` (Polish has three: 1
        gracz, 2 gracze, 5 graczy); fill its ``{placeholders}`` afterwards."""
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """Return ``message``, told apart from the same English word in another ``context``
        (``pgettext("movement", "left")``: left the league, not left side)."""
        return self.translations.pgettext(context, message)

    # ----------------------------------------------------------------------- dates and numbers

    @property
    def style(self) -> DateStyle:
        """How this language writes dates (:data:`DATE_STYLES`, else :data:`CLDR_STYLE`)."""
        return DATE_STYLES.get(_candidates(self.tag)[-1], CLDR_STYLE)

    def _pattern(self, value: dt.date, pattern: str | None, standard: str) -> str:
        from babel.dates import format_date as babel_date

        return babel_date(value, pattern or standard, locale=_locale(self.tag))

    def format_date(self, value: dt.date | None, form: str = "short") -> str:
        """Return a date as this language writes it: ``form`` ``short`` (tables, lists:
        ``2019-10-26`` in English, ``26 oct. 2019``) or ``long`` (sentences: ``26 octobre
        2019``); "" for None."""
        if value is None:
            return ""
        style = self.style
        if style is ISO_STYLE:
            return value.isoformat()
        if form == "long":
            return self._pattern(value, style.long, "long")
        return self._pattern(value, style.short, "medium")

    def date_range_texts(self, start: dt.date, end: dt.date) -> tuple[str, str]:
        """Return the texts of the two ends of a date range, compact within one year:
        ``2021-09-19`` and ``10-23`` in English (the end's year left out), ``19 sept.`` and
        ``23 oct. 2021`` in French (the start's); each end in full across years."""
        style = self.style
        if start.year != end.year:
            return self.format_date(start), self.format_date(end)
        if style.range_end is not None:
            return self.format_date(start), self._pattern(end, style.range_end, "medium")
        from babel.dates import format_skeleton

        return (format_skeleton(style.range_start or "MMMd", start, locale=_locale(self.tag)),
                self.format_date(end))

    def format_date_range(self, start: dt.date | None, end: dt.date | None) -> str:
        """Return a compact date or range (:meth:`date_range_texts` joined by `` – ``); one
        date alone when the other is missing or equal."""
        if start is None or end is None or start == end:
            return self.format_date(start or end)
        return " – ".join(self.date_range_texts(start, end))

    def format_month(self, value: dt.date) -> str:
        """Return a month, ``March 2025`` (``marzec 2025``, ``mars 2025``)."""
        return self._pattern(value, self.style.month, "LLLL y")

    def format_chart_month(self, value: dt.date) -> str:
        """Return a month under a chart's axis: ``2025-03`` (``03/2025``, ``03.2025``)."""
        style = self.style
        if style is ISO_STYLE:
            return value.strftime("%Y-%m")
        from babel.dates import format_skeleton

        return format_skeleton(style.chart_month or "yMM", value, locale=_locale(self.tag))

    def format_decimal(self, value: Fraction | float | int) -> str:
        """Return a number with the language's decimal sign (``6.5``, ``6,5``), no grouping
        (ratings read 2100, not 2 100), at most two decimals."""
        if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
            return str(int(value))
        text = str(round(float(value), 2))
        if self.style is ISO_STYLE:
            return text
        from babel.numbers import get_decimal_symbol

        return text.replace(".", get_decimal_symbol(_locale(self.tag)))

    def plural_forms(self, singular: str, plural: str) -> dict[str, str]:
        """Return this language's forms of a counted message for a script, by CLDR plural
        category (what ``Intl.PluralRules`` gives): ``one`` and ``other`` always, ``few``,
        ``many``, ``two``, ``zero`` where the language has a form of its own for them
        (Polish: 2 trafienia, 5 trafień). Placeholders are left for the script to fill."""
        return dict(_plural_forms(self, singular, plural))


@functools.lru_cache(maxsize=16)
def words(tag: str) -> Words:
    """Return the words of language ``tag`` (site.yaml's ``language:``); raises nothing for an
    unknown tag (English words, English dates)."""
    return Words(tag, translations(tag))


ENGLISH_WORDS = Words(ENGLISH, gettext.NullTranslations())
"""The command line's words (errors, warnings, ``league next-season``'s lines): English, with
no catalog read."""


def _english_words() -> Words:
    return ENGLISH_WORDS


# --------------------------------------------------------------------------- plural forms for scripts


@functools.lru_cache(maxsize=256)
def _plural_forms(lang: Words, singular: str, plural: str) -> tuple[tuple[str, str], ...]:
    samples = _plural_samples(lang.tag)
    # Polish counts have no "other" (it is for fractions): a large count takes its form.
    forms = {"one": lang.ngettext(singular, plural, 1),
             "other": lang.ngettext(singular, plural, samples.get("other", 10 ** 6 + 7))}
    for category in ("zero", "two", "few", "many"):
        if category in samples:
            text = lang.ngettext(singular, plural, samples[category])
            if text != forms["other"]:
                forms[category] = text
    return tuple(forms.items())


@functools.lru_cache(maxsize=16)
def _plural_samples(tag: str) -> dict[str, int]:
    """Return the least count of each CLDR plural category of ``tag`` (below 200)."""
    locale = _locale(tag)
    samples: dict[str, int] = {}
    for n in range(0, 200):
        samples.setdefault(locale.plural_form(n), n)
    return samples
