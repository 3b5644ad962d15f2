"""Where the bundled rulebook and scenarios are.

The repository keeps `rulebook/` and `scenarios/` at its top. A wheel carries them inside the
package as `floorman/bundled/rulebook` and `floorman/bundled/scenarios` (hatch_build.py, at
wheel builds only), so an installed floorman finds them with importlib.resources in any folder; an
editable install or a source tree has no such copy and reads the checkout's folders in place.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

PACKAGE = Path(str(files("floorman")))
#: The checkout the package is imported from (an editable install, a source tree), or None when
#: floorman is installed from a wheel.
CHECKOUT: Path | None = None if (PACKAGE / "bundled").is_dir() else PACKAGE.parent


def bundled(name: str) -> Path:
    """The bundled `rulebook` or `scenarios` folder."""
    return PACKAGE / "bundled" / name if CHECKOUT is None else CHECKOUT / name
