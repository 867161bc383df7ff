"""The encoding an XML file's declaration names (``<?xml version="1.0" encoding="..."?>``):
what expat reads itself, what is decoded here first, and what is refused (issue 30, finding 10).

- UTF-8, UTF-16 and the names expat knows (``ISO-8859-1``, ``US-ASCII``), and the single-byte
  encodings of Python's ``encodings`` package that keep ASCII as it is (``ISO8859_15`` as
  OpenGotha's Java names it, ``windows-1252``, ``KOI8-R``, ...): expat reads the bytes, as
  before (pyexpat maps each byte through Python's codec).
- The multi-byte encodings of Chinese, Japanese and Korean that keep ASCII as it is
  (``Shift_JIS``, ``EUC-JP``, ``EUC-KR``, ``GBK``, ``GB18030``, ``Big5`` and their Microsoft
  forms, and ``UTF-8`` under another name such as ``UTF8``): pyexpat does not read them, so the
  file is decoded here (strictly: a byte that is not of the encoding is a positioned error) and
  expat reads the text as UTF-8. Expat's handlers are the same either way, so a DOCTYPE or an
  entity is refused in these encodings too.
- UTF-7 is refused: its shifted runs (``+ADw-`` is ``<``) hide markup from anything that reads
  the bytes. Every other name (unknown to Python, ``HZ``, ``ISO-2022-JP``, ``unicode_escape``,
  an EBCDIC code page, ...) is refused as well: expat would read such a file byte by byte,
  not as the encoding says.

Each refusal is a :class:`~sitegen.diagnostics.Diagnostic` at the encoding's name, code
``opengotha.encoding``.
"""

from __future__ import annotations

import codecs
import importlib
import re
from typing import NamedTuple

from ..diagnostics import Diagnostic, SourcePos

HINT = ("save the file as UTF-8 in OpenGotha (encodings accepted: UTF-8, UTF-16, single-byte "
        "encodings such as ISO-8859-15 or windows-1252, Shift_JIS, EUC-JP, EUC-KR, GBK, "
        "GB18030, Big5)")

_EXPAT_NAMES = frozenset({"UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE", "ISO-8859-1", "US-ASCII"})
"""The names expat reads itself, in any case."""

_DECODED = frozenset({"utf-8", "shift_jis", "cp932", "shift_jis_2004", "shift_jisx0213",
                      "euc_jp", "euc_jis_2004", "euc_jisx0213", "euc_kr", "cp949", "gb2312",
                      "gbk", "gb18030", "big5", "big5hkscs", "cp950"})
"""Python's names of the multi-byte encodings decoded here: each keeps ASCII as it is, and no
byte of a multi-byte character is a line feed, ``<`` or a quote."""

_OTHER_NAMES = {"WINDOWS-31J": "cp932", "X-SJIS": "shift_jis", "MS_KANJI": "cp932"}
"""Java's and IANA's names that Python's codecs do not know."""

_DECLARATION = re.compile(rb"<\?xml\s[^>]{0,1000}?\bencoding\s*=\s*([\"'])([A-Za-z][A-Za-z0-9._-]{0,63})\1")


class Plan(NamedTuple):
    """How to parse a file: the bytes for expat and the encoding to make expat read them in
    (None: the file's own)."""

    data: bytes
    encoding: str | None = None


def _single_byte(codec: str) -> bool:
    """Return whether Python's codec ``codec`` maps one byte to one character, ASCII's printable
    characters to themselves."""
    if codec == "ascii":
        return True
    try:
        module = importlib.import_module("encodings." + codec.replace("-", "_"))
    except ImportError:
        return False
    table = getattr(module, "decoding_table", None)
    ascii_kept = "".join(map(chr, range(0x20, 0x7F)))
    return isinstance(table, str) and len(table) == 256 and table[0x20:0x7F] == ascii_kept


def _refusal(message: str, path: str, col: int) -> Diagnostic:
    return Diagnostic(SourcePos(path, 1, col), message, "opengotha.encoding", HINT)


def plan(data: bytes, path: str) -> Plan | Diagnostic:
    """Return how to parse ``data``, whose declaration may name an encoding, or the refusal
    (module docstring). A file in UTF-16, or whose declaration does not name an encoding, is
    left to expat."""
    bom = 3 if data.startswith(codecs.BOM_UTF8) else 0
    m = _DECLARATION.match(data, bom, bom + 1200)
    if m is None or m.group(2).decode().upper() in _EXPAT_NAMES:
        return Plan(data)
    name, col = m.group(2).decode(), m.start(2) - bom + 1
    try:
        codec = codecs.lookup(_OTHER_NAMES.get(name.upper(), name)).name
    except LookupError:
        return _refusal(f"the XML declaration names the encoding '{name}', which is not known",
                        path, col)
    if codec == "utf-7":
        return _refusal(f"the XML declaration names UTF-7 ('{name}'), which is refused: its "
                        "shifted runs can hide markup", path, col)
    if _single_byte(codec):
        return Plan(data)
    if codec not in _DECODED:
        return _refusal(f"the XML declaration names the encoding '{name}', which is not "
                        "accepted", path, col)
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        pos = SourcePos(path, data.count(b"\n", 0, exc.start) + 1,
                        len(data[line_start:exc.start].decode(codec, "replace")) + 1)
        return Diagnostic(pos, f"byte 0x{data[exc.start]:02X} cannot be read as {name}, the "
                          "encoding the XML declaration names", "opengotha.encoding", HINT)
    return Plan(text.encode("utf-8"), "UTF-8")
