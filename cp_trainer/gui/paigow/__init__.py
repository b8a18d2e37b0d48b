"""Pai Gow Poker's page: its card strips and the house-way / EV panel."""
