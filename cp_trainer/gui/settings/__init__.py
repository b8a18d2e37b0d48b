"""The trainer's settings: the stored values and the settings dialog."""
