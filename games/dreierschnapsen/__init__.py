"""Dreierschnapsen, one folder: its engine and entry (pure Python, which the phone runs too), its web side and its
templates. The scoring it shares with Bauernschnapsen is ``games/schnapsen_family/``."""
