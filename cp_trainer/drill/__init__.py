"""Drill: graded practice against the solver (no Qt here).

- :mod:`.grading` — a hand's stored solver answer (:class:`~.grading.HandAnalysis`) and the grade
  of an arrangement by its significant EV loss (Best / Good / Inaccuracy / Mistake / Blunder).
- :mod:`.analysis` — the solver answer of a hand, computed (the pool script and random hands).
- :mod:`.progress` — accuracy (0-100) and streaks of a session.
- :mod:`.why` — the "why" line: the player's rows against the best's, as data, rendered en/ru.
- :mod:`.themes` — what a hand teaches: how the best differs from the natural (greedy) play.
- :mod:`.rating` — the player's Glicko-2 rating, each hand a game against its difficulty.
- :mod:`.schedule` — spaced repetition (FSRS): missed hands come back when due.
- :mod:`.pool` — the shipped pool of instructive hands and the choice of the next hand.
"""
