"""What Bauernschnapsen and Dreierschnapsen share (shared/rules/schnapsen-family.md, BS1–BS10): the scoring
(``scoring.py``, pure Python), a hand form's fields to the hand (``fields.py``, pure Python, which the phone runs
too) and the hand form (``forms.py``, the Django side). Each of the two games' own folders imports it and neither
imports the other; nothing here imports either game. Its pure modules reach a phone because a game's engine or
entry imports them (``games.offline.bundle``)."""
