"""The Chinese-poker table.

Its widget, the controller between it and the rules, the seats and the showdown.
"""
