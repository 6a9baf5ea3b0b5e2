"""Small helpers every package may use: they import nothing of games (an import-linter contract in pyproject.toml).
The pure ones, without Django, are part of the pure core the phone runs too (games/offline/bundle.py ships them)."""

PURE = ("games.lib.names", "games.lib.number_text", "games.lib.unicode_names")
