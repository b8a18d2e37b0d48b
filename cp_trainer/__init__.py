"""cp-trainer: a desktop trainer for closed Chinese poker and Pai Gow Poker."""

__version__ = "0.1.0"
