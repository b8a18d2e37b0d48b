"""Practice: the history of played hands, replay and try again, charts, lessons and table mode."""
