"""The text of one h9 field, as OpenGotha writes it (issue 28), escaped only where the file
would break (issue 15 item 8; docs/placement.md, "h9 files").

An h9 line is split at white space and ends at ``;``. OpenGotha (``generateH9File``,
``Player.fullUnblankedName``) writes a name part's spaces as ``_`` (outer ones too), cuts the
name to 30 columns, a club to its first 4 characters and a country to its last 2, and writes
a surname starting with a digit or ``-`` and a numeric club or country bare (the reader finds
them by OpenGotha's fixed columns). Where that would break the file, the writer puts:

- in every field and header value: a white-space character (tab, line break, no-break space)
  as a space; a control character or one ISO-8859-15 lacks as ``?`` (as OpenGotha prints it);
- in a name, club or country: ``;`` as ``?``; a space inside a club or country as ``_``;
  an empty surname is ``_``; no club is ``xxxx`` and no country ``XX``, as OpenGotha writes;
- in a header value (``EV[...]``): ``\\`` as ``\\\\`` and ``]`` as ``\\]``, as in SGF.

:func:`escapes` names the fields of a player that need such an escape (validation warns).
"""

from __future__ import annotations

import re
import unicodedata

ENCODING = "iso8859_15"

RANK_RE = re.compile(r"^([0-9]{1,2})([kKdDpP]?)$")
"""A rank as h9 files write it: ``3D``, ``18k``, ``1p``, or a bare number (kyu)."""
VALUE_RE = re.compile(r"^-?[0-9]{0,9}[½¼¾]?$")
"""A criteria value as h9 files write it: ``12``, ``12½``, ``-1``."""
VALUE_FORM = re.compile(r"^(?:-?[0-9]{0,9}[½¼¾?œ]?|0=|(?i:none))$")
"""A field read as a criteria value when the columns are aligned: a value, also with a
fraction ISO-8859-15 lacks (``30?``, the writer's ``?`` for ``½``; ``30œ``, a Latin-1 ``½``
read as ISO-8859-15), ``0=`` or ``NONE``. A club or country of that form is written with a
leading ``_``."""
NO_CLUB, NO_COUNTRY = "xxxx", "XX"

_LATIN9 = frozenset(bytes(range(256)).decode(ENCODING))
def latin9(text: str) -> str:
    """Return ``text`` with each white-space character as a space, and each control character
    or character ISO-8859-15 lacks as ``?``."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(" " if c.isspace() else
                   "?" if c not in _LATIN9 or unicodedata.category(c) == "Cc" else c for c in text)


def field_text(text: str) -> str:
    """Return what a name, club or country field can hold of ``text``: :func:`latin9`, with
    ``;`` as ``?`` (a ``;`` would start a comment); outer spaces kept, as OpenGotha keeps them."""
    return latin9(text).replace(";", "?")


def name_field(surname: str, first_name: str) -> str:
    """Return ``Surname First_name`` as OpenGotha's ``fullUnblankedName`` writes it: each
    part's spaces as ``_`` (outer ones too), a part starting with a digit or ``-`` bare; ``_``
    for an empty surname (OpenGotha needs one). Cut to 30 by the caller."""
    first = field_text(first_name).replace(" ", "_")
    return f"{field_text(surname).replace(' ', '_') or '_'} {first}"


def club_field(club: str) -> str:
    """Return the club field: the first 4 characters (OpenGotha's ``Player`` keeps no more),
    without outer spaces, bare even when numeric; an inner space as ``_``; ``xxxx`` without a
    club."""
    return field_text(club[:4]).strip().replace(" ", "_") or NO_CLUB


def country_field(country: str) -> str:
    """Return the country field: the last 2 characters (OpenGotha), bare even when numeric,
    ``XX`` for fewer than 2; an inner space as ``_``."""
    text = field_text(country).strip()
    return text[-2:].replace(" ", "_") if len(text) >= 2 else NO_COUNTRY


def escapes(surname: str, first_name: str, club: str, country: str) -> list[str]:
    """Return what of a player the h9 file cannot hold as OpenGotha would write it, so that
    the file keeps its columns (docs/placement.md, "h9 files"): each of the fields
    ``surname``, ``first name``, ``club``, ``country`` with a ``;``, a tab, a line break or
    another control or white-space character (written ``?`` or ``_``), and a club or country
    with an inner space (written ``_``). Characters ISO-8859-15 lacks are not listed: OpenGotha
    writes them ``?`` too."""
    out = []
    for label, text, inner in (("surname", surname, False), ("first name", first_name, False),
                               ("club", club[:4].strip(), True),
                               ("country", country.strip(), True)):
        if any(c == ";" or (c != " " and (c.isspace() or unicodedata.category(c) == "Cc"))
               or (inner and c == " ") for c in text):
            out.append(label)
    return out


def breaks_header(text: str) -> bool:
    """Return True when ``text`` holds what an h9 header value (``EV[...]``, ``PC[...]``)
    cannot hold as OpenGotha writes it (``generateH9File`` writes it bare): a tab, a line
    break or another white-space or control character but the space, which would split or end
    the header line; :func:`tag_value` writes it as a space (docs/placement.md, "h9 files")."""
    return any(c != " " and (c.isspace() or unicodedata.category(c) == "Cc") for c in text)


def header_text(text: str) -> str:
    """Return ``text`` with each character :func:`breaks_header` finds as a space."""
    return "".join(" " if c != " " and (c.isspace() or unicodedata.category(c) == "Cc") else c
                   for c in text)


def read_field(token: str, missing: str = "") -> str:
    """Return the text of a name, club or country field; ``missing`` (``xxxx``) reads as ``""``."""
    return "" if token == missing else token.replace("_", " ").strip()


def tag_value(text: str) -> str:
    """Return ``text`` as a header value (between ``[`` and ``]``), as OpenGotha writes it
    (``generateH9File``: the value bare, ``]`` and ``\\`` too; a reader takes the value up to
    the line's last ``]``); only a white-space or control character is replaced
    (:func:`latin9`), as a line break would end the line."""
    return latin9(text)
