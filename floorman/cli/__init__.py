"""The `floorman` command line (typer + rich), a thin layer over the library."""

import os

# pydantic scans every installed package's entry points for plugins on first use (~10 ms of
# a one-off `floorman rule`); the command line uses none. Library users are not affected.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
