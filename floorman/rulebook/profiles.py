"""Which profile rules a table when nobody names one: the table's format decides.

A cash table is ruled under `cash` and a tournament table under `tda-2026`, unless `--profile`,
a house file or the scenario's `profile:` says otherwise; every ruling names the profile it
was ruled under.
"""

from __future__ import annotations

from typing import Any

DEFAULT_PROFILE = "tda-2026"                    # the TDA, floorman's default
PROFILE_FOR_FORMAT = {"cash": "cash", "tournament": DEFAULT_PROFILE}


def default_profile(table_format: Any) -> str:
    """The profile of a table with no profile named: `cash` for a cash game, else tda-2026."""
    return PROFILE_FOR_FORMAT.get(str(getattr(table_format, "value", table_format)), DEFAULT_PROFILE)
