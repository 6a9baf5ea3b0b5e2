"""Königrufen, one folder: its engine and entry (pure Python, which the phone runs too), its web side and forms, its
templates and stylesheet, its rules page, worked examples and tests. The registry names it:
``load("games.koenigrufen")``."""
