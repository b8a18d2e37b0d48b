"""The teaching table: the trainer deals and hosts, players join from a browser.

- :mod:`.table` — the game itself, authoritative and free of any network code.
- :mod:`.server` — the WebSocket server at ``/ws`` that also serves the players' page.
- :mod:`.review` — the solver's work: the bots' hands and each person's review.

No Qt here: ``cp-trainer serve`` runs the server headless, the window in a thread.
"""
