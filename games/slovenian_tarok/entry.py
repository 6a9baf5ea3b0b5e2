"""A Slovenian Tarok hand form's fields (points in thirds, bonuses as states, klop) to the hand's object."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from random import Random
from typing import Any

from games.entry import Samples
from games.lib.number_text import read_whole

from . import engine as st


def thirds(whole_part: int | None, third: str | None) -> Fraction | None:
    if whole_part is None:
        return None
    return Fraction(whole_part) + Fraction(read_whole(third or 0), 3)


def bonus_kinds(players: tuple[str, ...] | list[str]) -> list[str]:
    """The bonuses the form offers: the king ultimo only with four players."""
    return [k for k in st.BONUS_VALUES if len(players) == 4 or k != "king-ultimo"]


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str], rules: Any = None) -> dict[str, Any]:
    contract = c.get("contract") or None
    if contract == "klop":
        klop = {}
        for i, p in enumerate(players):
            value = thirds(c.get(f"klop_{i}"), c.get(f"klop_{i}_third"))
            if value is not None:  # a player not entered yet is left out: the engine lists who is still to enter
                klop[p] = st.format_points(value)
        return {"contract": "klop", "klop": klop}
    data: dict[str, Any] = {"contract": contract, "declarer": c.get("declarer") or None}
    if contract in st.CALLS_KING and len(players) == 4 and c.get("partner"):
        data["partner"] = c["partner"]
    if contract in st.WITH_POINTS:
        points = thirds(c.get("points_whole"), c.get("points_third"))
        data["points"] = st.format_points(points) if points is not None else None
    if contract in st.WITH_WON and c.get("won"):
        data["won"] = c["won"] == "yes"
    if c.get("kontra") and c["kontra"] != "0":
        data["kontra"] = read_whole(c["kontra"])
    if contract in st.WITH_DIFFERENCE:
        bonuses = []
        for kind in bonus_kinds(players):
            state = c.get(f"bonus_{kind}")
            if not state:
                continue
            announced = state.startswith("announced")
            bonus = {
                "kind": kind,
                "side": c.get(f"bonus_{kind}_side") or "declarers",
                "announced": announced,
                "made": state.endswith("made"),
            }
            kontra = c.get(f"bonus_{kind}_kontra") or "0"
            if announced and kontra != "0":
                bonus["kontra"] = read_whole(kontra)
            bonuses.append(bonus)
        if bonuses:
            data["bonuses"] = bonuses
    if c.get("mond_lost_by"):
        data["mond_lost_by"] = c["mond_lost_by"]
    return {key: value for key, value in data.items() if value is not None}


# ---- the game's samples, for the tests that cover every game ------------------------------------------------

PLAYERS = ("Ana", "Bojan", "Cene", "Dora")


def _announcement(r: Random) -> dict:
    return {
        "side": r.choice(["declarers", "defenders"]),
        "announced": r.randrange(100) < 50,
        "made": r.randrange(100) < 60,
    }


def _thirds(r: Random) -> int | str:
    whole = r.randint(0, 70)
    part = r.choice([0, 0, 1, 2]) if whole < 70 else 0
    return whole if part == 0 else f"{whole} {part}/3"


def random_hand(r: Random, players: list[str]) -> dict:
    count = len(players)
    contracts = ["three", "two", "one", "beggar", "solo-without", "klop"] + (
        ["solo-three", "solo-two", "solo-one", "open-beggar", "colour-valat", "valat"] if count == 4 else []
    )
    contract = r.choice(contracts)
    if contract == "klop":
        cuts = sorted(r.randint(0, 210) for _ in range(count - 1))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [210])]
        return {
            "contract": "klop",
            "klop": {
                p: (t // 3 if t % 3 == 0 else f"{t // 3} {t % 3}/3" if t >= 3 else f"{t % 3}/3")
                for p, t in zip(players, parts)
            },
        }
    hand: dict = {"contract": contract, "declarer": r.choice(players)}
    if count == 4 and contract in ("three", "two", "one") and r.randrange(100) < 70:
        hand["partner"] = r.choice([p for p in players if p != hand["declarer"]])
    if contract in ("three", "two", "one", "solo-three", "solo-two", "solo-one", "solo-without"):
        hand["points"] = _thirds(r)
    if contract in ("beggar", "open-beggar", "colour-valat", "valat"):
        hand["won"] = r.randrange(100) < 50
    if r.randrange(100) < 30:
        hand["kontra"] = r.randint(0, 4)
    if contract in ("three", "two", "one", "solo-three", "solo-two", "solo-one") and r.randrange(100) < 60:
        kinds = ["trula", "kings", "pagat-ultimo", "valat"] + (
            ["king-ultimo"] if count == 4 and contract in ("three", "two", "one") else []
        )
        bonuses = []
        for kind in r.sample(kinds, r.randint(1, 3)):
            bonus = {"kind": kind, **_announcement(r)}
            if bonus["announced"] and r.randrange(100) < 30:
                bonus["kontra"] = r.randint(1, 4)
            bonuses.append(bonus)
        hand["bonuses"] = bonuses
    if r.randrange(100) < 20:
        hand["mond_lost_by"] = r.choice(players)
    return hand


def _document(r: Random) -> dict:
    players = list(PLAYERS[: r.choice([3, 4])])
    return {
        "game": "slovenian-tarok",
        "players": players,
        "hands": [random_hand(r, players) for _ in range(r.randint(1, 8))],
    }


SAMPLES = Samples(
    players=PLAYERS,
    table=({"contract": "beggar", "declarer": "Ana", "won": True},),
    hands=(
        {"contract": "klop", "klop": {"Ana": 20, "Bojan": "15 1/3", "Cene": "20 2/3", "Dora": 14}},
        {"contract": "three", "declarer": "Bojan", "partner": "Dora", "points": "40 2/3"},
        {"contract": "beggar", "declarer": "Cene", "won": False},
        {
            "contract": "two",
            "declarer": "Ana",
            "partner": "Cene",
            "points": 36,
            "bonuses": [{"kind": "trula", "side": "declarers", "announced": True, "made": True}],
        },
        {"contract": "solo-one", "declarer": "Cene", "points": "40 2/3", "kontra": 1},
    ),
    fields={
        "contract": "two",
        "declarer": "Ana",
        "partner": "Cene",
        "points_whole": 40,
        "points_third": "2",
        "won": "",
        "kontra": "0",
        "mond_lost_by": "",
        "bonus_trula": "made",
        "bonus_trula_side": "defenders",
        "bonus_trula_kontra": "0",
    },
    hand={
        "contract": "two",
        "declarer": "Ana",
        "partner": "Cene",
        "points": "40 2/3",
        "bonuses": [{"kind": "trula", "side": "defenders", "announced": False, "made": True}],
    },
    adjustment={"adjustment": {"Ana": 30}, "radelci": {"Ana": 1}},
    document=_document,
)
