"""Reports of a scenario check for other tools: JUnit XML for CI servers (junit.py)."""
