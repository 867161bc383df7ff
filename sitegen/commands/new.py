"""``sitegen new DIR [--name NAME] [--kind KIND] [--eject-theme]``: start a league's repository.

Writes a content-only repository from the files in ``sitegen/scaffold/`` (package data):
``common/`` for every kind (site.yaml, example players, an about page, the organizers'
README, ``requirements.txt``, ``.gitignore`` and ``.github/``), plus the chosen kind's
competition with a first season or round ready to fill. ``%%key%%`` in a file is replaced
by the league's name (``name``; ``name_yaml`` as a quoted YAML scalar), the competition's id
and address, and the sitegen version and requirement line (:func:`sitegen.version.requirement`);
``__id__`` in a path by the competition's id. ``github`` and ``gitignore`` become
``.github`` and ``.gitignore`` (dot-files are kept out of package data).

The repository is made in a temporary folder beside DIR, checked by loading its content as a
build would, and then moved into place: DIR is never half-written. A DIR that exists and is
not empty is refused.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import unicodedata
from pathlib import Path
from typing import TextIO

from ..diagnostics import Diagnostic, Diagnostics, SitegenError, command_pos
from ..render import default_templates_dir
from ..validate import load_content
from ..validate.fields import check_ident
from ..version import DISTRIBUTION, installed_locally, package_version, requirement

SCAFFOLD = Path(__file__).resolve().parent.parent / "scaffold"
KINDS = {
    "league": ("leagues/{id}", "leagues/{id}/seasons/1.yaml", "a league and its first season",
               "leagues/{id} ann ben B+R --date 2025-03-01"),
    "tournament": ("tournaments/{id}", "tournaments/{id}.yaml", "a tournament, round 1 paired",
                   "tournaments/{id} cho ann B+R"),
    "ladder": ("ladders/{id}", "ladders/{id}.yaml", "a club ladder", "ladders/{id} ben ann W+R --date 2025-03-01"),
    "swiss": ("swiss/{id}/t1", "swiss/{id}/t1.yaml", "a Swiss league, tournament 1 paired",
              "swiss/{id}/t1 ann cho 2-1"),
}
"""Per kind: the competition's address, its file, what it is, and an example result."""
RENAMED = {"github": ".github", "gitignore": ".gitignore"}
_PLACEHOLDER = re.compile(r"%%[a-z_]+%%")


def _fail(message: str, hint: str | None = None) -> SitegenError:
    return SitegenError([Diagnostic(command_pos("sitegen new"), message, "new", hint)])


def new_repository(folder: Path, name: str | None, kind: str, eject_theme: bool = False,
                   out: TextIO | None = None) -> Path:
    """Write a new league repository into ``folder`` (new or empty); return ``folder``.

    Raises SitegenError, writing nothing, for a folder that is not empty, a name that is not
    one line of 1 to 200 characters, or an unknown kind.
    """
    if kind not in KINDS:
        raise _fail(f"unknown kind '{kind}'", "expected one of: " + ", ".join(KINDS))
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise _fail(f"{folder} is not empty; sitegen new writes only into a new or empty folder",
                    "choose another folder")
    name = (name if name is not None else _name_from(folder)).strip()
    if not name or len(name) > 200 or not name.isprintable():
        raise _fail("the name must be one line of 1 to 200 characters", "e.g. --name \"Club league\"")
    ident = competition_id(name, kind)
    address, file, _, example = (part.format(id=ident) for part in KINDS[kind])
    values = {"name": name, "name_yaml": json.dumps(name, ensure_ascii=False), "id": ident,
              "competition": address, "path": file, "what": KINDS[kind][2],
              "example": example, "version": package_version(), "requirement": requirement()}
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        _copy(SCAFFOLD / "common", staging, values)
        _copy(SCAFFOLD / kind, staging, values)
        if eject_theme:
            shutil.copytree(default_templates_dir(), staging / "templates")
        _check(staging / "content")
        os.chmod(staging, 0o755)
        os.replace(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if out is not None:
        out.write(f"wrote {folder}/ ({address} with sitegen {values['version']}): content/, README.md, "
                  f"requirements.txt, .gitignore, .github/{', templates/' if eject_theme else ''}\n"
                  f"next: cd {folder} && sitegen serve; publishing: README.md\n")
        if installed_locally():
            out.write(f"note: requirements.txt says {values['requirement']}, the release of that "
                      "version on the package index, but this sitegen was installed from a folder "
                      "or file on this machine, which the workflows cannot reach: if that version is "
                      "not released, or you publish a fork, change the line to a git URL at a tag, "
                      f"e.g. {DISTRIBUTION} @ git+https://github.com/OWNER/sitegen@v{values['version']} "
                      "(docs/publishing.md, step 2)\n")
    return folder


def _name_from(folder: Path) -> str:
    """Return a league name from its folder's name: ``club-league`` -> ``Club league``."""
    words = re.sub(r"[-_.]+", " ", folder.resolve().name).strip()
    return words[:1].upper() + words[1:] if words else "Go league"


def competition_id(name: str, kind: str) -> str:
    """Return the competition's id from its name (ASCII letters and digits joined by ``-``,
    ``Ligue d'Île-de-France`` -> ``ligue-d-ile-de-france``), or the kind when nothing is left."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    ident = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:64].strip("-")
    if not ident or check_ident(ident, command_pos("sitegen new"), Diagnostics(), "id") is None:
        return kind
    return ident


def _copy(source: Path, target: Path, values: dict[str, str]) -> None:
    """Copy the scaffold folder ``source`` into ``target``, filling in ``values``."""
    for path in sorted(source.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        parts = [RENAMED.get(part, part).replace("__id__", values["id"])
                 for part in path.relative_to(source).parts]
        text = path.read_text(encoding="utf-8")
        for key, value in values.items():
            text = text.replace(f"%%{key}%%", value)
        left = _PLACEHOLDER.search(text)
        if left:  # pragma: no cover - a scaffold file names a value that is not given
            raise ValueError(f"{path}: {left.group(0)} has no value")
        destination = target.joinpath(*parts)
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_text(text, encoding="utf-8", newline="\n")


def _check(content: Path) -> None:
    """Load the new content as a build would; a problem is a bug of the scaffold."""
    try:
        load_content(content)
    except SitegenError as error:  # pragma: no cover - the scaffold's files are tested
        raise SitegenError([Diagnostic(command_pos("sitegen new"), "the new repository's content "
                                       "does not load (a bug): " + "; ".join(d.format() for d in error.diagnostics),
                                       "new")]) from None
