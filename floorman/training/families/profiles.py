"""Quiz templates and common mistakes for the profiles family (see families/__init__.py)."""

from __future__ import annotations

TEMPLATES: tuple = ()
MISTAKES: tuple = ()
