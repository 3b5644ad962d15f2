"""Tools for the people who write and audit the rulebook, above the engine: lint (lint.py), the
coverage maps (coverage.py), hidden conflicts (conflicts.py), the rule catalogue and docs
(catalogue.py), the profile diff (diff.py), the rule search (search.py) and the explanation of a
rule (explain.py). They run rules and scenarios, so they import the engine; the engine imports
only the rulebook core (floorman/rulebook/: loader, schema, options, profiles, house)."""
