"""``sitegen new DIR [--name NAME] [--kind KIND] [--language LANG] [--eject-theme]``: start a
league's repository.

Writes a content-only repository from the files in ``sitegen/scaffold/`` (package data):
``common/`` for every kind (site.yaml, example players, an about page, the organizers'
README, ``requirements.txt``, ``.gitignore`` and ``.github/``), plus the chosen kind's
competition with a first season or round ready to fill. ``%%key%%`` in a file is replaced
by the league's name (``name``; ``name_yaml`` as a quoted YAML scalar), the competition's id
and address, the sitegen version and requirement line (:func:`sitegen.version.requirement`),
the README's section on the kind (``kind_section``: ``readme/<kind>.md``, how results and
rounds come in) and the label of the issue form's first field (``form_competition``, which
the report-result workflow looks for at the start of an issue); ``__id__`` in a path by the
competition's id. ``github`` and ``gitignore`` become ``.github`` and ``.gitignore``
(dot-files are kept out of package data).

Languages (:data:`LANGUAGES`, English by default): a file written in prose has a variant per
other language beside it, named ``NAME.<lang>.EXT`` (``README.pl.md``, ``about.fr.md``,
``report-result.pl.yml``, ``site.pl.yaml``, which sets ``language: pl``); with ``--language
pl`` the variant is written under the file's own name, and the other languages' variants are
never written. A file with no variant (the workflows, ``requirements.txt``) is the same in
every language. The issue form's labels may be translated: ``sitegen result from-issue``
reads them from the repository's own form, by the fields' ids.

The repository is made in a temporary folder beside DIR, checked by loading its content as a
build would, and then moved into place: DIR is never half-written. A DIR that exists and is
not an empty folder (a file, a folder with files, a symbolic link even to an empty folder) is
refused, each with its own error.
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

from ..diagnostics import Diagnostic, Diagnostics, SitegenError, command_pos, write_failed
from ..render import default_templates_dir
from ..results.issue import form_labels
from ..results.request import echo
from ..rulesets import RULE_SETS, load_content
from ..validate.fields import check_ident
from ..version import DISTRIBUTION, installed_locally, package_version, requirement

SCAFFOLD = Path(__file__).resolve().parent.parent / "scaffold"
LANGUAGES = {"en": "English", "pl": "Polish", "fr": "French"}
"""The scaffold's languages, by code (the first is the default); ``site.yaml``'s ``language``."""
FORM = Path("common") / "github" / "ISSUE_TEMPLATE" / "report-result.yml"
"""The issue form in the scaffold; its first field's label is the workflow's ``form_competition``."""
RENAMED = {"github": ".github", "gitignore": ".gitignore"}
_PLACEHOLDER = re.compile(r"%%[a-z_]+%%")


def _fail(message: str, hint: str | None = None) -> SitegenError:
    return SitegenError([Diagnostic(command_pos("sitegen new"), message, "new", hint)])


def new_repository(folder: Path, name: str | None, kind: str, eject_theme: bool = False,
                   out: TextIO | None = None, language: str = "en") -> Path:
    """Write a new league repository into ``folder`` (new or empty) in ``language``; return
    ``folder``.

    Raises SitegenError, writing nothing, for a folder that is not empty, a file, a symbolic
    link, a name that is not one line of 1 to 200 characters, an unknown kind or an unknown
    language, and a failed write (a full disk).
    """
    kinds = {found.entered.kind: found.scaffolded for found in RULE_SETS}  # each rule set's description
    if kind not in kinds:
        raise _fail(f"unknown kind '{kind}'", "expected one of: " + ", ".join(kinds))
    if language not in LANGUAGES:
        raise _fail(f"unknown language '{echo(language)}'", "expected one of: "
                    + ", ".join(f"{code} ({words})" for code, words in LANGUAGES.items()))
    _check_folder(folder)
    name = (name if name is not None else _name_from(folder)).strip()
    if not name or len(name) > 200 or not name.isprintable():
        raise _fail("the name must be one line of 1 to 200 characters", "e.g. --name \"Club league\"")
    ident = competition_id(name, kind)
    scaffold = kinds[kind]
    address, file, example = (part.format(id=ident) for part in (scaffold.address, scaffold.file, scaffold.example))
    values = {"kind_section": localized(SCAFFOLD / "readme" / f"{kind}.md", language).read_text(encoding="utf-8").rstrip("\n"),
              "name": name, "name_yaml": json.dumps(name, ensure_ascii=False), "id": ident,
              "competition": address, "path": file,
              "what": dict(scaffold.what_in).get(language, scaffold.what), "example": example,
              "form_competition": form_labels(localized(SCAFFOLD / FORM, language))["competition"],
              "version": package_version(), "requirement": requirement()}
    try:
        _write(folder, values, kind, language, eject_theme)
    except OSError as error:  # named by DIR: the temporary folder it was in is gone
        raise write_failed(OSError(error.errno, error.strerror, str(folder)), "sitegen new") from None
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


def _check_folder(folder: Path) -> None:
    """Raise SitegenError unless ``folder`` is missing or an empty folder (not a link to one:
    the repository replaces ``folder`` whole, and would replace the link, not fill its target)."""
    if folder.is_symlink():
        raise _fail(f"{folder} is a symbolic link; sitegen new writes only into a new or empty "
                    "folder, not through a link", "give the folder the link points to, or another folder")
    if folder.exists() and not folder.is_dir():
        raise _fail(f"{folder} is a file, not a folder; sitegen new writes only into a new or "
                    "empty folder", "choose another folder")
    if folder.exists() and any(folder.iterdir()):
        raise _fail(f"{folder} is not empty; sitegen new writes only into a new or empty folder",
                    "choose another folder")


def _write(folder: Path, values: dict[str, str], kind: str, language: str, eject_theme: bool) -> None:
    """Make the repository in a temporary folder beside ``folder``, check its content, then
    move it into place; on any error (a full disk, say) the temporary folder is removed and
    ``folder`` is as it was. Raises OSError, SitegenError."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        _copy(SCAFFOLD / "common", staging, values, language)
        _copy(SCAFFOLD / kind, staging, values, language)
        if eject_theme:
            shutil.copytree(default_templates_dir(), staging / "templates")
        _check(staging / "content")
        os.chmod(staging, 0o755)
        os.replace(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


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


def variant_of(path: Path) -> tuple[str, str] | None:
    """Return (language, name written) of a scaffold file that is a language's variant
    (``README.pl.md`` -> ``("pl", "README.md")``), or None for a file of every language."""
    parts = path.name.split(".")
    if len(parts) >= 3 and parts[-2] in LANGUAGES and parts[-2] != next(iter(LANGUAGES)):
        return parts[-2], ".".join([*parts[:-2], parts[-1]])
    return None


def localized(path: Path, language: str) -> Path:
    """Return the variant of the scaffold file ``path`` in ``language`` if it has one, else ``path``."""
    variant = path.with_name(f"{path.stem}.{language}{path.suffix}")
    return variant if variant_of(variant) and variant.is_file() else path


def _copy(source: Path, target: Path, values: dict[str, str], language: str) -> None:
    """Copy the scaffold folder ``source`` into ``target`` in ``language``, filling in ``values``."""
    for path in sorted(source.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        variant = variant_of(path)
        if (variant[0] != language) if variant else localized(path, language) != path:
            continue  # another language's variant, or a file this language has a variant of
        relative = path.relative_to(source).parts
        if variant:
            relative = (*relative[:-1], variant[1])
        parts = [RENAMED.get(part, part).replace("__id__", values["id"]) for part in relative]
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
