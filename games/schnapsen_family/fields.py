"""A Bauernschnapsen or Dreierschnapsen hand form's fields to the hand's object (shared/formats/table-json.md,
"bauernschnapsen hand"): contract, declarer, won, the Kontra level, and for a normal game the losing side's card
points and trick, or the game points typed; and the random tables the games' samples give the property tests.

Both games' entries (each game's entry.py) hand it on; like an entry it imports only the
engines (tests/engines/test_purity.py)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

import games.schnapsen_family.scoring as sf
from games.contract.inputs import show
from games.contract.words import N_, InvalidHand
from games.lib.number_text import read_whole

YES = ("yes", True)
NO = ("no", False)


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str] = (), rules: Any = None) -> dict[str, Any]:
    """The hand as the format writes it; what the form left empty stays out, and the engine says it is required.
    Text that is not a whole number where one is asked for: InvalidHand naming the field."""
    contract = c.get("contract") or sf.NORMAL
    data: dict[str, Any] = {"contract": contract, "declarer": c.get("declarer") or None, "won": _yes_no(c.get("won"))}
    kontra = _number(c.get("kontra"), "kontra")
    if kontra:
        data["kontra"] = kontra
    if contract == sf.NORMAL:
        data.update(_normal(c))
    return {key: value for key, value in data.items() if value is not None}


def _normal(c: Mapping[str, Any]) -> dict[str, Any]:
    """BS2: the game points typed, or the losing side's card points and whether it took a trick (points typed mean
    a trick; with 20 cards every trick holds points, so 0 points means none)."""
    game_points = _number(c.get("game_points"), "game_points")
    if game_points is not None:
        return {"game_points": game_points}
    points = _number(c.get("loser_points"), "loser_points")
    had_trick = _yes_no(c.get("loser_had_trick"))
    if had_trick is None and points is not None:
        had_trick = points > 0
    if had_trick is False and points is None:
        points = 0
    return {"loser_points": points, "loser_had_trick": had_trick}


def _yes_no(value: Any) -> bool | None:
    if value in YES:
        return True
    if value in NO:
        return False
    return None


def _number(value: Any, field: str) -> int | None:
    if value is None or value == "":
        return None
    try:
        return read_whole(value)
    except ValueError:
        raise InvalidHand(field, N_("must be a whole number, got {value}"), value=show(value)) from None


# ---- samples, for the tests that cover every game (once the games are registered) ---------------------------------


def random_hand(r: Random, players: tuple[str, ...]) -> dict[str, Any]:
    """A hand of the format, mostly valid under the default rules (a few refused: a Plauderer, a lost Farbenringerl)."""
    contract = r.choice([*sf.CONTRACTS, "normal", "normal", "normal"])
    hand: dict[str, Any] = {"contract": contract, "declarer": r.choice(players), "won": r.randrange(100) < 60}
    if contract in sf.UNLOSABLE and r.randrange(100) < 90:
        hand["won"] = True
    if r.randrange(100) < 25:
        hand["kontra"] = r.randint(0, 3)
    if contract == sf.NORMAL:
        if r.randrange(100) < 30:
            hand["game_points"] = r.randint(1, 3)
        else:
            trick = r.randrange(100) < 85
            hand["loser_points"] = r.randint(8, 65) if trick else 0
            hand["loser_had_trick"] = trick
    return hand


def random_document(r: Random, game: str, players: tuple[str, ...]) -> dict[str, Any]:
    rules = r.choice([{}, {"preset": "bummerlzaehler"}, {"preset": "countdown"}, {"target": 12, "schneider": False}])
    hands: list[Any] = []
    for _ in range(r.randint(1, 25)):
        if r.randrange(100) < 8:
            hands.append({"adjustment": {r.choice(players): r.randint(0, 6)}, "reason": "penalty"})
        else:
            hands.append(random_hand(r, players))
    if r.randrange(100) < 10:
        hands.append({"closing": True})
    return {"game": game, "players": list(players), "rules": rules, "hands": hands}
