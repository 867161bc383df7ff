"""The text of one h9 field, written so that it reads back as itself (issue 15 item 8).

An h9 line is split at white space and ends at ``;``; a name part is one field whose spaces
are written ``_`` (OpenGotha's ``fullUnblankedName``). So that no text can shift the columns,
end a line or start a comment, the writer puts (docs/placement.md, "h9 files"):

- in every field and header value: a white-space character (tab, line break, no-break space)
  as a space; a control character or one ISO-8859-15 lacks as ``?`` (as OpenGotha prints it);
- in a name, club or country: ``_`` as a space (``_`` is h9's space) and ``;`` as ``?``,
  without outer spaces; a name part that starts like a rank (a digit, or ``-``: ``3d``, ``12``,
  ``0A``, which the reader takes for a rank and reports if it is not one), or a club or country
  that would read as a value (``1234``, ``-``, ``0?``), gets a leading ``_``, which reads as
  nothing;
  an empty surname is ``_``; no club is ``xxxx`` and no country ``XX``, as OpenGotha writes;
- in a header value (``EV[...]``): ``\\`` as ``\\\\`` and ``]`` as ``\\]``, as in SGF.
"""

from __future__ import annotations

import re
import unicodedata

ENCODING = "iso8859_15"

RANK_RE = re.compile(r"^([0-9]{1,2})([kKdDpP]?)$")
"""A rank as h9 files write it: ``3D``, ``18k``, ``1p``, or a bare number (kyu)."""
NAME_ESCAPE_RE = re.compile(r"^[0-9-]")
"""A name part the reader could take for a rank (it reports rank-shaped fields such as ``7Q``
as bad ranks rather than read past them): written with a leading ``_``."""
VALUE_RE = re.compile(r"^-?[0-9]{0,9}[½¼¾]?$")
"""A criteria value as h9 files write it: ``12``, ``12½``, ``-1``."""
VALUE_FORM = re.compile(r"^(?:-?[0-9]{0,9}[½¼¾?œ]?|0=|(?i:none))$")
"""A field read as a criteria value when the columns are aligned: a value, also with a
fraction ISO-8859-15 lacks (``30?``, the writer's ``?`` for ``½``; ``30œ``, a Latin-1 ``½``
read as ISO-8859-15), ``0=`` or ``NONE``. A club or country of that form is written with a
leading ``_``."""
NO_CLUB, NO_COUNTRY = "xxxx", "XX"

_LATIN9 = frozenset(bytes(range(256)).decode(ENCODING))
_TAG_ESCAPE = re.compile(r"\\(.)")


def latin9(text: str) -> str:
    """Return ``text`` with each white-space character as a space, and each control character
    or character ISO-8859-15 lacks as ``?``."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(" " if c.isspace() else
                   "?" if c not in _LATIN9 or unicodedata.category(c) == "Cc" else c for c in text)


def field_text(text: str) -> str:
    """Return what a name, club or country field can hold of ``text``: :func:`latin9`, with
    ``_`` as a space and ``;`` as ``?``, without outer spaces."""
    return latin9(text).replace("_", " ").replace(";", "?").strip()


def _token(text: str, pattern: re.Pattern[str]) -> str:
    """Return ``text`` as one field: spaces as ``_``, a leading ``_`` when it would read as
    ``pattern``; empty stays empty."""
    token = text.replace(" ", "_")
    return "_" + token if token and pattern.match(token) else token


def name_field(surname: str, first_name: str) -> str:
    """Return ``Surname First_name`` as one line holds it: two fields, or one without a first
    name (``_`` for an empty surname)."""
    first = _token(field_text(first_name), NAME_ESCAPE_RE)
    return f"{_token(field_text(surname), NAME_ESCAPE_RE) or '_'} {first}"


def club_field(club: str) -> str:
    """Return the club field: the last 4 characters (OpenGotha), ``xxxx`` without a club."""
    return _token(field_text(club)[-4:].strip(), VALUE_FORM) or NO_CLUB


def country_field(country: str) -> str:
    """Return the country field: the last 2 characters (OpenGotha), ``XX`` for fewer than 2."""
    text = field_text(country)
    return _token(text[-2:].strip(), VALUE_FORM) if len(text) >= 2 else NO_COUNTRY


def read_field(token: str, missing: str = "") -> str:
    """Return the text of a name, club or country field; ``missing`` (``xxxx``) reads as ``""``."""
    return "" if token == missing else token.replace("_", " ").strip()


def tag_value(text: str) -> str:
    """Return ``text`` as a header value (between ``[`` and ``]``)."""
    return latin9(text).replace("\\", "\\\\").replace("]", "\\]")


def read_tag_value(text: str) -> str:
    """Return the text of a header value written by :func:`tag_value`."""
    return _TAG_ESCAPE.sub(r"\1", text)
