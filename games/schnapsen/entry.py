"""A Schnapsen hand form's fields (quick entry or how the hand ended) to the hand's object."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.entry import Samples
from games.lib.number_text import read_whole

from . import engine as sn


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str] = (), rules: Any = None) -> dict[str, Any]:
    if c.get("ending") == "draw":
        return {"ending": "draw"}
    game_points = c.get("game_points")
    if game_points not in (None, ""):
        game_points = read_whole(game_points)
    else:
        game_points = None
    if game_points is not None or not c.get("ending"):
        return {"winner": c.get("winner") or None, "game_points": game_points}
    ending = c["ending"]
    data: dict[str, Any] = {"ending": ending, "by": c.get("by") or _by_from_winner(ending, c.get("winner"), players)}
    if c.get("other_points") is not None and ending in sn.NEEDS_OTHER_POINTS:
        data["other_points"] = c["other_points"]
    if c.get("other_had_trick"):
        data["other_had_trick"] = c["other_had_trick"] == "yes"
        if not data["other_had_trick"] and "other_points" in data:
            data["other_points"] = 0  # KR1: a marriage melded without a trick does not count (yet)
    elif "other_points" in data:
        data["other_had_trick"] = had_trick_from_points(data["other_points"], rules)
    return {key: value for key, value in data.items() if value is not None}


def _by_from_winner(ending: str, winner: Any, players: tuple[str, ...] | list[str]) -> str | None:
    """Who declared, closed or took the last trick, when the winner was tapped instead: the winner for the endings
    the declarer wins, the other player for a wrong declaration or a failed close."""
    if winner not in players or len(players) != 2:
        return None
    if ending in sn.NEEDS_OTHER_POINTS:
        return winner
    return players[1 - list(players).index(winner)]


def had_trick_from_points(points: Any, rules: Any) -> bool | None:
    """Whether the other player had a trick, when the player did not say (KR1): points count only after a trick,
    so points typed mean a trick (a marriage melded without one is said by tapping "no trick"); with 20 cards
    every trick holds points, so 0 points means no trick. With 24 cards two 9s make a trick worth 0, so 0 points
    leaves the question to the player (None)."""
    if not isinstance(points, int) or isinstance(points, bool):
        return None
    if points > 0:
        return True
    return False if getattr(rules, "deck", 20) == 20 else None


# ---- the game's samples, for the tests that cover every game ------------------------------------------------

PLAYERS = ("Anna", "Ben")


def random_hand(r: Random) -> dict:
    if r.randrange(100) < 40:
        return {"winner": r.choice(PLAYERS), "game_points": r.randint(1, 3)}
    ending = r.choice(["declared", "wrong-declaration", "closed", "closed-failed", "last-trick"])
    hand = {"ending": ending, "by": r.choice(PLAYERS), "other_had_trick": r.randrange(100) < 80}
    if ending in ("declared", "closed", "last-trick"):
        hand["other_points"] = r.randint(0, 65) if hand["other_had_trick"] else 0
    return hand


SAMPLES = Samples(
    players=PLAYERS,
    table=({"winner": "Anna", "game_points": 2},),
    hands=(
        {"winner": "Anna", "game_points": 3},
        {"winner": "Anna", "game_points": 2},
        {"winner": "Ben", "game_points": 1},
        {"winner": "Anna", "game_points": 2},
        {"ending": "declared", "by": "Ben", "other_points": 20, "other_had_trick": True},
    ),
    fields={"winner": "Ben", "game_points": "2", "ending": "", "by": "", "other_points": None, "other_had_trick": ""},
    hand={"winner": "Ben", "game_points": 2},
    adjustment={"adjustment": {"Ben": 2}, "reason": "penalty"},
    document=lambda r: {
        "game": "schnapsen",
        "players": list(PLAYERS),
        "hands": [random_hand(r) for _ in range(r.randint(1, 12))],
    },
)
