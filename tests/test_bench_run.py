"""bench/run.py's measured process (issue 29, Keep): it runs ``sitegen.cli.main`` as the
``sitegen`` command does, keeping what the build made alive until its resource usage is read
(the command ends with ``os._exit`` and never frees it), for a sitegen whose ``main`` takes
``kept`` and for an older one whose ``main`` takes ``argv`` only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

FAKE_CLI = {
    "kept": """
        import sys

        class Made:
            def __del__(self):
                print("freed", flush=True)

        def main(argv=None, kept=None):
            print("main", argv, type(kept).__name__, flush=True)
            kept.append(Made())
            return 0
    """,
    "argv only": """
        def main(argv=None):
            print("main", argv, flush=True)
            return 0
    """,
}


def run_child(tmp_path: Path, cli: str) -> tuple[list[str], dict]:
    """Run bench/run.py's measured process with a fake ``sitegen.cli``; its output lines and the
    resource usage it recorded."""
    package = tmp_path / "tree" / "sitegen"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "cli.py").write_text(textwrap.dedent(cli))
    usage = tmp_path / "usage.json"
    done = subprocess.run([sys.executable, str(REPO / "bench" / "run.py"), "--child-rusage", str(usage),
                           "build", "--quiet"], capture_output=True, text=True, check=True,
                          env=dict(os.environ, PYTHONPATH=str(tmp_path / "tree")), cwd=tmp_path)
    return done.stdout.split("\n"), json.loads(usage.read_text())


@pytest.mark.parametrize("kind", sorted(FAKE_CLI))
def test_the_measured_process_runs_main_and_records_its_usage(tmp_path: Path, kind: str) -> None:
    lines, usage = run_child(tmp_path, FAKE_CLI[kind])
    assert lines[0] == ("main ['build', '--quiet'] list" if kind == "kept" else "main ['build', '--quiet']")
    assert set(usage) == {"cpu_self", "cpu_children", "maxrss_self_kb", "maxrss_children_kb",
                          "user", "sys", "minflt"}
    # the same CPU, split into user and system time (each of them rounded apart)
    assert usage["user"] + usage["sys"] == pytest.approx(usage["cpu_self"] + usage["cpu_children"], abs=1e-6)
    assert usage["minflt"] > 0


def test_what_the_build_made_is_not_freed_inside_the_measure(tmp_path: Path) -> None:
    """Freeing a large build's objects on main's return took about 1.5 s of CPU at scale 1,
    which the sitegen command never spends (bench/README.md, "Scale 1")."""
    lines, _ = run_child(tmp_path, FAKE_CLI["kept"])
    assert "freed" not in lines


def test_an_archive_kept_by_keep29_is_copied_with_its_counts(tmp_path):
    """bench/keep29.py --archive writes ``{"scale", "counts"}``, bench/synthetic.py the counts alone:
    bench/run.py --archive reads both (its report names the players; it stopped on a KeyError)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_synthetic", REPO / "bench" / "synthetic.py")
    synthetic = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(synthetic)
    copy_archive = synthetic.copy_archive
    counts = {"players": 3, "leagues_games": 2}
    for n, kept in enumerate([counts, {"scale": 0.1, "counts": counts}]):
        source = tmp_path / f"a{n}"
        (source / "content").mkdir(parents=True)
        (source / "content" / "site.yaml").write_text("title: T\n")
        (source / "counts.json").write_text(json.dumps(kept))
        assert copy_archive(source, tmp_path / f"r{n}") == {"players": 3, "leagues_games": 2}
        assert (tmp_path / f"r{n}" / "content" / "site.yaml").read_text() == "title: T\n"
