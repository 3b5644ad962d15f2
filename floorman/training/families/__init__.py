"""Question templates and common mistakes for the rule families that came after the first quiz
(set-up and forced bets, conduct, tournaments, cash games, variants...).

Each module here defines `TEMPLATES` (a tuple of `Template`) and `MISTAKES` (a tuple of
`Mistake`); listing the module in FAMILIES makes its templates part of the quiz and of the
coverage test at once, and its mistakes part of the distractor catalogue.
"""

from __future__ import annotations

import importlib

FAMILIES = ("setup", "conduct", "tournament", "cash", "variants", "profiles")


def family_modules():
    return [importlib.import_module(f"{__name__}.{name}") for name in FAMILIES]
