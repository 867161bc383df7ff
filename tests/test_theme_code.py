"""The default theme's compiled templates kept beside it (issue 31; sitegen/theme_code.py): a
template of the theme is compiled once and its code used again by later builds of the
command, for the same language only; a site's own templates are always compiled from source;
a damaged kept file is compiled again; the site is a fresh build's, byte for byte."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edits import demo_site, flip_league_result  # noqa: E402

import sitegen.render as render_module  # noqa: E402
from sitegen.commands.build import build, render  # noqa: E402
from sitegen.model.common import SiteConfig  # noqa: E402
from sitegen.render import SiteEnvironment, make_environment, default_templates_dir  # noqa: E402
from sitegen.theme_code import FOLDER  # noqa: E402
from sitegen.write import MARKER  # noqa: E402


@pytest.fixture
def theme(tmp_path, monkeypatch) -> Path:
    """A theme of two templates in place of the default one; compiles counted in ``compiled``."""
    folder = tmp_path / "theme"
    (folder / "partials").mkdir(parents=True)
    (folder / "page.html").write_text('{% include "partials/name.html" %}: {{ _("Players") }}\n')
    (folder / "partials" / "name.html").write_text("<b>{{ name }}</b>")
    monkeypatch.setattr(render_module, "default_templates_dir", lambda: folder)
    return folder


@pytest.fixture
def compiled(monkeypatch) -> list[str]:
    names: list[str] = []
    real = SiteEnvironment.compile

    def counted(self, source, name=None, filename=None, raw=False, defer_init=False):
        names.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(SiteEnvironment, "compile", counted)
    return names


def page(language: str = "en", site: Path | None = None, template: str = "page.html") -> str:
    env = make_environment(SiteConfig(language=language), site, theme_code=True)
    return env.get_template(template).render(name="Ann & Bob")


def kept(theme: Path) -> list[str]:
    return sorted(p.name for p in (theme / FOLDER).glob("*.jinja"))


def test_a_theme_template_is_compiled_once_and_kept_beside_the_theme(theme, compiled):
    assert page() == "<b>Ann &amp; Bob</b>: Players\n"
    assert compiled == ["page.html", "partials/name.html"] and len(kept(theme)) == 2
    assert page() == "<b>Ann &amp; Bob</b>: Players\n"  # a new environment: code loaded
    assert compiled == ["page.html", "partials/name.html"]


def test_kept_code_is_for_one_language(theme, compiled):
    """The words are put into the code when it is compiled: Polish has its own."""
    assert page("en") == "<b>Ann &amp; Bob</b>: Players\n"
    assert page("pl") == "<b>Ann &amp; Bob</b>: Gracze\n"
    assert len(compiled) == 4 and len(kept(theme)) == 4
    assert page("pl") == "<b>Ann &amp; Bob</b>: Gracze\n" and len(compiled) == 4


def test_a_changed_theme_template_is_compiled_again(theme, compiled):
    page()
    (theme / "partials" / "name.html").write_text("<i>{{ name }}</i>")
    assert page() == "<i>Ann &amp; Bob</i>: Players\n"
    assert compiled == ["page.html", "partials/name.html", "partials/name.html"]


def test_a_sites_own_template_is_never_kept(theme, compiled, tmp_path):
    """A site's template, even one named as the theme's, is compiled from its source each time."""
    site = tmp_path / "site"
    (site / "partials").mkdir(parents=True)
    (site / "partials" / "name.html").write_text("<u>{{ name }}</u>")
    assert page(site=site) == "<u>Ann &amp; Bob</u>: Players\n"
    assert page(site=site) == "<u>Ann &amp; Bob</u>: Players\n"
    assert compiled == ["page.html", "partials/name.html", "partials/name.html"]
    assert len(kept(theme)) == 1


def test_a_damaged_kept_template_is_compiled_again(theme, compiled):
    page()
    for path in (theme / FOLDER).glob("*.jinja"):
        path.write_bytes(path.read_bytes()[:20])
    assert page() == "<b>Ann &amp; Bob</b>: Players\n"
    assert len(compiled) == 4


def test_a_read_only_theme_keeps_nothing(theme, compiled):
    (theme / FOLDER).write_text("not a folder")  # nothing can be written below it
    assert page() == page() == "<b>Ann &amp; Bob</b>: Players\n"
    assert len(compiled) == 4


def test_the_commands_cached_builds_give_a_fresh_builds_site(tmp_path, monkeypatch):
    """A build after one league result, then another, each with the theme's kept code (the
    default theme copied, so that the code is kept in the test's folder): a fresh build's bytes."""
    copy = tmp_path / "theme"
    shutil.copytree(default_templates_dir(), copy, ignore=shutil.ignore_patterns(FOLDER))
    monkeypatch.setattr(render_module, "default_templates_dir", lambda: copy)
    root = demo_site(tmp_path)
    build(root / "content", root / "output", theme_code=True)
    for game in (1, 2):
        flip_league_result(root, game)
        build(root / "content", root / "output", theme_code=True)
        made = {p.relative_to(root / "output").as_posix(): p.read_bytes()
                for p in (root / "output").rglob("*") if p.is_file() and p.name != MARKER}
        assert made == render(root / "content")
    assert kept(copy)


def test_kept_code_is_keyed_by_the_base_path_its_url_filter_folds_in(theme):
    """Jinja's optimizer calls ``|url`` on a constant while compiling: code compiled for a site
    at ``/club/`` must not serve a site at ``/`` (found by tests/test_progress.py: a cached
    build's 404 page lost its base path after another test had kept the theme's code)."""
    (theme / "page.html").write_text('{{ "static/style.css"|url }}\n')

    def at(base: str) -> str:
        env = make_environment(SiteConfig(base_url=base), None, theme_code=True)
        return env.get_template("page.html").render()

    assert at("/club/") == "/club/static/style.css\n"
    assert at("/") == "/static/style.css\n"
    assert at("/club/") == "/club/static/style.css\n"
