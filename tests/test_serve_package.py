"""The wheel carries `floorman serve`'s templates and static files (the pages are read from the
installed package: no CDN, no file outside it), and the serve extra names what it imports."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "floorman" / "serve"


def test_the_wheel_carries_every_template_and_static_file(tmp_path):
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                            str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    [wheel] = tmp_path.glob("floorman-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assets = {f"floorman/serve/{p.relative_to(ASSETS)}" for folder in ("templates", "static")
              for p in (ASSETS / folder).rglob("*") if p.is_file()}
    assert len(assets) >= 14 and "floorman/serve/static/class.css" in assets
    assert assets <= names, sorted(assets - names)
    assert {"floorman/classroom/store.py", "floorman/serve/app.py"} <= names
    assert "Provides-Extra: serve" in metadata and "starlette" in metadata


def test_the_serve_extra_names_what_serve_imports():
    from floorman.serve.server import EXTRA

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["serve"]
    named = {line.split(">")[0].split("=")[0].split(";")[0].strip().lower() for line in extra}
    assert {"starlette", "uvicorn", "jinja2", "python-multipart"} <= named
    assert set(EXTRA) == {"starlette", "uvicorn", "jinja2", "multipart"}
    for line in extra:                 # pinned: a floor and a ceiling
        assert ">=" in line and "<" in line, line
