"""The Drill page: graded practice against the solver (issue 13)."""
