"""Quiz templates and common mistakes for the setup family (see families/__init__.py)."""

from __future__ import annotations

TEMPLATES: tuple = ()
MISTAKES: tuple = ()
