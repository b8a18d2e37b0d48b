"""The rules of closed Chinese poker as plain Python: cards, hand strength, arrangements and
their fouls, royalties, naturals, settlement, the house rules and their file, the bots' names.
No Qt, NumPy, solver or database here (the import contract in pyproject.toml)."""
