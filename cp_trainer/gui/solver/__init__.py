"""The solver in the window: the worker bridge, the solver panel and the bots' names."""
