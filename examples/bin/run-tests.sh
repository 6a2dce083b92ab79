#!/bin/sh
# A stand-in for a project's test command, used by the examples: prints a test report with one
# failing test and exits 1, like most test runners do.
echo "PASS  parser accepts empty input"
echo "PASS  parser rejects trailing commas"
echo "FAIL  formatter keeps comments (expected 3 lines, got 2)"
echo ""
echo "Tests: 1 failed, 2 passed, 3 total"
exit 1
