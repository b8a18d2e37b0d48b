"""The PySide6 trainer window and its parts. Everything here calls the rules core; no rules live here."""

from .none_guard import protect_singletons

protect_singletons()  # PySide6 6.12 on Python 3.11 under-counts None, True, False; see none_guard.py
