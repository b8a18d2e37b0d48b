"""The Drill page: graded practice against the solver."""
