"""Bauernschnapsen, one folder: its engine and entry (pure Python, which the phone runs too), its web side and its
templates. The scoring it shares with Dreierschnapsen is ``games/schnapsen_family/``."""
