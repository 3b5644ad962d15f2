"""The quiz's whole catalogue: the core templates and mistakes (floorman/training/templates.py and
mistakes.py) plus those of the rule families that came after the first quiz (set-up and forced
bets, conduct, tournaments, cash games, variants...).

Each module here defines `TEMPLATES` (a tuple of `Template`) and `MISTAKES` (a tuple of `Mistake`)
and may import templates.py and mistakes.py freely: those never import this package, so there is
no import cycle. Listing a module in FAMILIES makes its templates part of the quiz and of the
coverage test at once, and its mistakes part of the distractor catalogue.
"""

from __future__ import annotations

import importlib

from floorman.training.mistakes import CORE_MISTAKES, Catalogue
from floorman.training.templates import CORE_TEMPLATES, Template

FAMILIES = ("setup", "conduct", "tournament", "cash", "variants", "profiles", "pots", "disputes")

_MODULES = [importlib.import_module(f"{__name__}.{name}") for name in FAMILIES]

TEMPLATES: tuple[Template, ...] = CORE_TEMPLATES + tuple(t for m in _MODULES for t in m.TEMPLATES)


def _catalogue() -> Catalogue:
    catalogue = Catalogue(CORE_MISTAKES)
    for module in _MODULES:
        for mistake in module.MISTAKES:
            if mistake.name in catalogue:
                raise RuntimeError(f"mistake {mistake.name!r} declared twice")
            catalogue[mistake.name] = mistake
    return catalogue


#: name -> Mistake, every family's, and `as-if:<RULE-ID>` for ruling by the wrong rule (mistakes.py)
MISTAKES: Catalogue = _catalogue()
