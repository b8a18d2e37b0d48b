"""The PySide6 trainer window and its parts. Everything here calls the rules core; no rules live here."""
