"""`python -m floorman ...` runs the command line."""

from floorman.cli.app import main

main()
