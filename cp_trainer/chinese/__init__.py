"""Closed Chinese poker as a game: the deal in play (:mod:`.board`, its three rows in :mod:`.rows`),
the table and its bots (:mod:`.table_setup`), the settled hand and its records (:mod:`.showdown`),
and the session that owns each hand from deal to record (:mod:`.session`)."""
