"""The tournament format's presets (shared/formats/tournament.md, its preset table): the formats that exist.

Format data, not code: a preset names the game its format was made for ("tarzs" is the Slovenian championship's
format, "breclav" the Czech one's), as the format's table does, so this file is the one list of games besides the
registry (tests/every_game/test_registry.py names it). The engine beside it reads these as it reads any document's fields;
nothing here knows a game's rules or words.
"""

from __future__ import annotations

from typing import Any

PRESETS: dict[str, dict[str, Any]] = {
    "tarzs": {
        "game": "slovenian-tarok",
        "rules": {"preset": "seed"},
        "table_size": 3,
        "rounds": 4,
        "round_limit": {"hands": 21, "minutes": 90},
        "scoring": {"measure": "place-points", "place_points": [2, 1, "1/2"], "tie_breaks": ["score"]},
        "draw": {"first": "seeded-thirds", "later": "by-standings"},
    },
    "breclav": {
        "game": "czech-taroky",
        "rules": {},
        "table_size": 4,
        "rounds": 4,
        "round_limit": {"minutes": 60},
        "scoring": {"measure": "balance", "tie_breaks": []},
        "draw": {"first": "schedule", "later": "schedule"},
    },
    "place-points": {
        "game": None,
        "rules": {},
        "table_size": 4,
        "rounds": 5,
        "round_limit": {"minutes": 60},
        "scoring": {"measure": "place-points", "place_points": [4, 3, 2, 1], "tie_breaks": ["score"]},
        "draw": {"first": "random", "later": "random"},
    },
    "points": {
        "game": None,
        "rules": {},
        "table_size": 4,
        "rounds": 3,
        "round_limit": {"hands": 16},
        "scoring": {"measure": "points", "tie_breaks": ["places", "best-round"]},
        "draw": {"first": "random", "later": "random"},
        # the table rules a new tournament of a game offers (a document says its own, else ``rules``): the
        # Königrufen cups' sheet leaves Kontras out, paid in cash (koenigrufen.md AT10.5)
        "offered_rules": {"koenigrufen": {"kontra_scored": False}},
    },
    # Preisschnapsen of Bauernschnapsen: partners opposite at tables of four, each round to a time; the standings
    # are the game's own ranking (its RANKING) summed over the rounds
    "preisschnapsen": {
        "game": "bauernschnapsen",
        "rules": {},
        "table_size": 4,
        "rounds": 3,
        "round_limit": {"minutes": 60},
        "scoring": {"measure": "ranking", "tie_breaks": ["wins"]},
        "draw": {"first": "random", "later": "random"},
    },
    # a season of tournaments (TN9), not a tournament: what ``league`` takes when nothing else is said
    "league": {"points_table": None, "best_n": None, "qualify": None},
}
TOURNAMENT_PRESETS = ("tarzs", "breclav", "place-points", "points", "preisschnapsen")
