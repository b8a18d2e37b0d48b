"""The card-zone toolkit both games share.

Card art and styles, list models' delegates and views, the card picker.
"""
