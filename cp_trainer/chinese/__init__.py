"""Closed Chinese poker as a game: the deal in play (:mod:`.board`) and the session that owns
each hand from deal to record (:mod:`.session`)."""
