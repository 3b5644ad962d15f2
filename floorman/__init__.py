"""floorman: an expert system for poker cardroom floor rulings."""

__version__ = "0.1.0"     # keep equal to pyproject.toml (a test checks); keys the rulebook cache
