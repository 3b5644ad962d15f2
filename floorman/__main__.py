"""`python -m floorman ...` runs the command line (the same fast start as the console script)."""

import sys

from floorman.cli.launch import main

sys.exit(main())
