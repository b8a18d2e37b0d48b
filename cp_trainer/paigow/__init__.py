"""Pai Gow Poker: a second, separate game (RULES.md §2). Its rules never touch Chinese poker.

Modules, one concern each:

* :mod:`.cards` - the joker and the 53-card deck on top of :mod:`cp_trainer.rules.cards`;
* :mod:`.hands` - the 5-card high hand (joker, five aces, wheel second) and 2-card low hand;
* :mod:`.setting` - 7 cards into high and low, the 21 settings, fouls explained;
* :mod:`.house_way` - the dealer's house way, with the rule that decided it;
* :mod:`.resolve` - settling against the dealer (+0.95 / 0 / -1, foul);
* :mod:`.ev` - Monte-Carlo EV of all 21 settings against a house-way dealer;
* :mod:`.messages` - input errors in the user's language.

Importing this package is cheap; the submodules load NumPy and Numba.
"""
