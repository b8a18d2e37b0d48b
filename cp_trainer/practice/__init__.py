"""Practice beside the table: the lessons and their reasons, and Table mode."""
