"""Keep sitegen's message catalogs (sitegen/locale/<language>/LC_MESSAGES/sitegen.po) in step
with the code: extract every message of the default templates and of the Python modules, update
the catalogs, list what a catalog lacks.

    python scripts/catalogs.py update            extract, then update every catalog: new
                                                 messages added untranslated, old ones dropped;
                                                 English (en) gets msgstr = msgid
    python scripts/catalogs.py missing [LANG..]  list the messages a catalog lacks (untranslated
                                                 or fuzzy) with where they are used; exit 1 if any
    python scripts/catalogs.py new LANG          start the catalog of a new language (e.g. de)

Babel does the work (its extractors for Python and, through Jinja's, for templates), with the
keywords below; docs/translating.md gives the same steps as plain ``pybabel`` commands. The
output is deterministic: messages in the order of the files, locations without line numbers
(a change of code elsewhere in a file does not touch the catalogs), no creation date.
"""

from __future__ import annotations

import copy
import datetime as dt
import io
import sys
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "sitegen" / "locale"
DOMAIN = "sitegen"

METHODS = [("sitegen/**.py", "python"), ("templates/**.html", "jinja2")]
"""What is extracted: the Python modules and the default templates (the static script's
words are in the base template's data attributes)."""
OPTIONS = {"templates/**.html": {"trimmed": "true", "newstyle_gettext": "true",
                                 "trim_blocks": "true", "lstrip_blocks": "true"}}
"""As sitegen.render makes its environment: {% trans %} trimmed, new-style placeholders."""
KEYWORDS = {**DEFAULT_KEYWORDS, "plural_forms": (1, 2)}
"""Babel's (``_``, ``ngettext``, ``pgettext``, ``N_``) and the templates' ``plural_forms``
(a counted message for a script)."""
COMMENT_TAGS = ["Translators:"]
_EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc)
"""The catalogs' dates: fixed, so that an update changes only what changed."""

HEADER = """# Messages of sitegen's pages (templates and page text made in Python).
# See docs/translating.md."""


def extract() -> Catalog:
    """Return the template catalog: every message of the templates and the Python modules."""
    template = Catalog(project="sitegen", header_comment=HEADER, fuzzy=False)
    template.creation_date = template.revision_date = _EPOCH
    for path, lineno, message, comments, context in extract_from_dir(
            str(ROOT), METHODS, OPTIONS, KEYWORDS, COMMENT_TAGS, strip_comment_tags=True):
        if path.startswith("sitegen/locale"):
            continue
        template.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return template


def read(language: str) -> Catalog:
    """Return the catalog of ``language`` as it is on disk."""
    with _po(language).open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def write(catalog: Catalog, language: str) -> None:
    """Write ``catalog`` as the ``.po`` file of ``language`` (deterministic text)."""
    catalog.revision_date = catalog.creation_date = _EPOCH
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    path = _po(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def update(template: Catalog) -> list[str]:
    """Update every catalog from ``template``; return the languages updated."""
    languages = sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    for language in languages:
        catalog = read(language)
        # A copy each: Babel adds a new message to the catalog as the template's own object,
        # which English then fills in.
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=True)
        if language == "en":
            for message in catalog:
                if message.id:
                    message.string = message.id
                    message.flags.discard("fuzzy")
        write(catalog, language)
    return languages


def missing(catalog: Catalog, template: Catalog) -> list[tuple[str, str]]:
    """Return ``[(message, where used)]`` for every message of ``template`` that ``catalog``
    does not translate (absent, empty or fuzzy)."""
    found = []
    for message in template:
        if not message.id:
            continue
        own = catalog.get(message.id, message.context)
        strings = own.string if own is not None else None
        if not isinstance(strings, tuple):
            strings = (strings,)
        if own is None or own.fuzzy or not all(strings):
            where = ", ".join(sorted({path for path, _ in message.locations}))
            found.append((_text(message.id), where))
    return found


def new(language: str) -> None:
    """Start the catalog of ``language`` from the extracted messages (raises for an unknown
    language)."""
    if _po(language).exists():
        raise SystemExit(f"{_po(language).relative_to(ROOT)} exists; run `update`")
    locale = Locale.parse(language)
    catalog = Catalog(locale=locale, domain=DOMAIN, project="sitegen", header_comment=HEADER,
                      fuzzy=False)
    catalog.update(extract(), no_fuzzy_matching=True)
    write(catalog, language)


def _text(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else " | ".join(message_id)


def _po(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"




def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("update", "missing", "new"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    command, args = argv[0], argv[1:]
    if command == "new":
        if len(args) != 1:
            print("usage: python scripts/catalogs.py new LANG", file=sys.stderr)
            return 2
        new(args[0])
        print(f"wrote {_po(args[0]).relative_to(ROOT)}")
        return 0
    template = extract()
    if command == "update":
        for language in update(template):
            print(f"updated {_po(language).relative_to(ROOT)}")
        return 0
    languages = args or sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    total = 0
    for language in languages:
        lacking = missing(read(language), template)
        total += len(lacking)
        for text, where in lacking:
            print(f"{language}: {text!r} ({where})")
    print(f"{total} message(s) missing", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
