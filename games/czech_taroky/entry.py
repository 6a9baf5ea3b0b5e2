"""A Czech Taroky hand form's fields to the hand's object (defaults left out)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.entry import Samples
from games.lib.number_text import read_whole


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str], rules: Any = None) -> dict[str, Any]:
    data: dict[str, Any] = {"povinnost": c.get("povinnost") or None}
    if c.get("mode") == "prever":
        data["mode"] = "prever"
        data["prever"] = c.get("prever") or None
        if c.get("talon") and c["talon"] != "1":
            data["talon"] = read_whole(c["talon"])
    else:
        data["partner"] = c.get("partner") or None
        if c.get("called") and c["called"] != "XIX":
            data["called"] = c["called"]
    if c.get("valat_side"):
        data["valat"] = {
            "side": c["valat_side"],
            "announced": bool(c.get("valat_announced")),
            "made": bool(c.get("valat_made")),
        }
    elif c.get("points") is not None:
        data["points"] = c["points"]
    if c.get("contra") and c["contra"] != "0":
        data["contra"] = read_whole(c["contra"])
    if c.get("pagat_side"):
        data["pagat"] = {
            "side": c["pagat_side"],
            "announced": bool(c.get("pagat_announced")),
            "made": bool(c.get("pagat_made")),
        }
    declarations = []
    for i, p in enumerate(players):
        for kind in (c.get(f"trumps_{i}"), c.get(f"honours_{i}"), "trul" if c.get(f"trul_{i}") else ""):
            if kind:
                declarations.append({"player": p, "kind": kind})
    if declarations:
        data["declarations"] = declarations
    return {key: value for key, value in data.items() if value is not None}


# ---- the game's samples, for the tests that cover every game ------------------------------------------------

PLAYERS = ("Anna", "Bára", "Cyril", "Dana")
DECLARATIONS = ["uni", "bida", "little-ones", "big-ones", "honery", "rosa-honery", "rosa-honery-plus", "trul"]


def _announcement(r: Random) -> dict:
    return {
        "side": r.choice(["declarers", "defenders"]),
        "announced": r.randrange(100) < 50,
        "made": r.randrange(100) < 60,
    }


def random_hand(r: Random) -> dict:
    hand: dict = {"povinnost": r.choice(PLAYERS)}
    if r.randrange(100) < 30:
        hand.update(mode="prever", prever=r.choice(PLAYERS), talon=r.randint(1, 3))
    else:
        hand["partner"] = r.choice(PLAYERS)
        if r.randrange(100) < 20:
            hand["called"] = r.choice(["XV", "XVI", "XVII", "XVIII", "XIX"])
    if r.randrange(100) < 15:
        hand["valat"] = _announcement(r)
    else:
        hand["points"] = r.randint(0, 106)
    if r.randrange(100) < 30:
        hand["contra"] = r.randint(0, 3)
    if r.randrange(100) < 20:
        hand["pagat"] = _announcement(r)
    if r.randrange(100) < 30:
        hand["declarations"] = [
            {"player": r.choice(PLAYERS), "kind": r.choice(DECLARATIONS)} for _ in range(r.randint(1, 2))
        ]
    return hand


SAMPLES = Samples(
    players=PLAYERS,
    table=({"povinnost": "Anna", "partner": "Cyril", "points": 63},),
    hands=(
        {"povinnost": "Anna", "partner": "Cyril", "points": 63},
        {"povinnost": "Bára", "mode": "prever", "prever": "Bára", "talon": 2, "points": 40, "contra": 1},
        {"povinnost": "Cyril", "partner": "Anna", "points": 70, "declarations": [{"player": "Dana", "kind": "uni"}]},
        {"adjustment": {"Dana": -9, "Anna": 3, "Bára": 3, "Cyril": 3}, "reason": "revoke"},
        {"povinnost": "Dana", "partner": "Anna", "valat": {"side": "declarers", "announced": True, "made": True}},
    ),
    fields={
        "povinnost": "Bára",
        "mode": "team",
        "partner": "Dana",
        "called": "XIX",
        "prever": "",
        "talon": "1",
        "points": 58,
        "contra": "1",
        "valat_side": "",
        "valat_announced": False,
        "valat_made": True,
        "pagat_side": "defenders",
        "pagat_announced": True,
        "pagat_made": False,
        "trumps_0": "",
        "honours_0": "honery",
        "trul_0": False,
        "trumps_1": "",
        "honours_1": "",
        "trul_1": True,
        "trumps_2": "",
        "honours_2": "",
        "trul_2": False,
        "trumps_3": "",
        "honours_3": "",
        "trul_3": False,
        "declarations": "",
    },
    hand={
        "povinnost": "Bára",
        "partner": "Dana",
        "points": 58,
        "contra": 1,
        "pagat": {"side": "defenders", "announced": True, "made": False},
        "declarations": [{"player": "Anna", "kind": "honery"}, {"player": "Bára", "kind": "trul"}],
    },
    adjustment={"adjustment": {"Anna": 3, "Bára": -3}},
    document=lambda r: {
        "game": "czech-taroky",
        "players": list(PLAYERS),
        "hands": [random_hand(r) for _ in range(r.randint(1, 8))],
    },
)
