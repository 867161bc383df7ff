"""A build killed at any moment leaves the previous site intact (issue 9; sitegen/write.py).

The site is generated (bench/synthetic.py), built once, then changed so that every page
changes; builds of the new content are killed with SIGKILL at moments spread over a whole
build. After each kill ``output/`` must be byte-identical to either the old site or the
complete new one, never a mix.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))

from synthetic import generate  # noqa: E402

from sitegen.commands.build import build, render  # noqa: E402


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_killed_build_leaves_previous_site_intact(tmp_path):
    generate(tmp_path, scale=0.02)
    content, output = tmp_path / "content", tmp_path / "output"
    build(content, output)
    old = snapshot(output)
    site_yaml = content / "site.yaml"
    site_yaml.write_text(site_yaml.read_text().replace("Synthetic Federation", "Renamed Federation"))
    new = render(content, None)
    assert new != old

    command = [sys.executable, "-m", "sitegen", "--content", str(content), "build", "--output", str(output)]
    started = time.monotonic()
    subprocess.run(command, check=True, capture_output=True, cwd=tmp_path)
    duration = time.monotonic() - started
    # Restore the old site, then kill builds at moments spread over one build's duration.
    kills = 0
    for fraction in (0.3, 0.6, 0.8, 0.9, 0.97):
        build_old_site(tmp_path, old)
        process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(duration * fraction)
        process.send_signal(signal.SIGKILL)
        if process.wait() == -signal.SIGKILL:
            kills += 1
        after = snapshot(output)
        assert after == old or after == new, f"mixed site after a kill at {fraction:.0%} of a build"
    assert kills >= 2
    # The next build clears the staging folders that killed builds left behind.
    build(content, output)
    assert snapshot(output) == new
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".output.staging")] == []


def build_old_site(root: Path, old: dict[str, bytes]) -> None:
    """Put the old site back in ``output/`` exactly."""
    import shutil

    output = root / "output"
    shutil.rmtree(output)
    for path, data in old.items():
        target = output / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
