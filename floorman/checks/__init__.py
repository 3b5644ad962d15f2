"""The scenario check and what it reports: rule on each scenario file and compare with its
expectation (runner.py), the expected and the actual ruling lined up key by key (comparison.py),
as JUnit XML for CI servers (junit.py), and whether a ruling's text agrees with its own numbers
and the table (wording.py)."""
