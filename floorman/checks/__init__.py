"""What a scenario check reports, and checks on a ruling's words: the expected and the actual
ruling lined up key by key (comparison.py), as JUnit XML for CI servers (junit.py), and whether
a ruling's text agrees with its own numbers and the table (wording.py)."""
