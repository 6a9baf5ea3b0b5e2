"""A Königrufen hand form's fields (points as "35 and 2 Blatt", bonuses as the states said aloud, Trischaken's
four numbers, each opponent's Kontra) to the hand's object in shared/formats/table-json.md."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from random import Random
from typing import Any

from games.entry import Samples
from games.lib.number_text import read_whole

from . import engine as kr

BONUS_STATES = ("announced-made", "announced-lost", "silent-made", "silent-lost")


def thirds(whole_part: Any, blatt: Any) -> Fraction | None:
    """35 and 2 Blatt: 35⅔ (AT1); None when the whole part is not entered."""
    if whole_part in (None, ""):
        return None
    return Fraction(read_whole(whole_part)) + Fraction(read_whole(blatt or 0), 3)


def in_hand(c: Mapping[str, Any], players: tuple[str, ...] | list[str]) -> list[str]:
    """AT2: the four who play (at five, all but the one sitting out)."""
    return [p for p in players if p != (c.get("sitting_out") or None)]


def to_data(c: Mapping[str, Any], players: tuple[str, ...] | list[str], rules: Any = None) -> dict[str, Any]:
    contract = c.get("contract") or None
    data: dict[str, Any] = {"contract": contract, "declarer": c.get("declarer") or None}
    if len(players) == 5:
        data["sitting_out"] = c.get("sitting_out") or None
    if contract == "trischaken":
        data["trischaken"] = _trischaken(c, players)
    elif contract in kr.NEGATIVE:
        if c.get("won"):
            data["won"] = c["won"] == "yes"
        kontras = {p: read_whole(c.get(f"kontra_{i}") or 0) for i, p in enumerate(players)}
        kontras = {p: level for p, level in kontras.items() if level}  # the sitter's too: the engine refuses it
        if kontras:
            data["kontra"] = kontras
    elif contract in kr.POSITIVE:
        _positive(c, contract, data)
    return {key: value for key, value in data.items() if value is not None}


def _positive(c: Mapping[str, Any], contract: str, data: dict[str, Any]) -> None:
    if contract in kr.CALLING:
        data["partner"] = c.get("partner") or None
        if c.get("conceded"):  # beside a partner who held the king it is the engine's to refuse (AT6.4)
            data["conceded"] = True
    if not data.get("conceded"):
        points = thirds(c.get("points_whole"), c.get("points_third"))
        data["points"] = kr.format_points(points) if points is not None else None
        if c.get("kontra") and c["kontra"] != "0":
            data["kontra"] = read_whole(c["kontra"])
    bonuses = []
    for kind in kr.BONUSES:  # one the contract cannot have (AT9.3) is the engine's to refuse, not dropped unsaid
        state = c.get(f"bonus_{kind}")
        if state not in BONUS_STATES:
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
    if data.get("points") is None and any(b["kind"] == "valat" and b["made"] for b in bonuses):
        data.pop("points", None)  # AT11.3: a made valat needs no card points


def _trischaken(c: Mapping[str, Any], players: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """Each player's card points; when one of the four is left empty, the rest of 70 is his (none when the others
    already pass 70: 0, so that the engine says what they add up to, not that his are still to enter). Points typed
    for the one sitting out (his row shows on a page without JavaScript) are kept, for the engine to refuse."""
    four = in_hand(c, players)
    points = {p: thirds(c.get(f"trischaken_{i}"), c.get(f"trischaken_{i}_third")) for i, p in enumerate(players)}
    empty = [p for p in four if points[p] is None]
    if len(empty) == 1 and all(points[p] is None for p in players if p not in four):
        rest = kr.TOTAL - sum(points[p] for p in four if points[p] is not None)
        points[empty[0]] = max(rest, Fraction(0))
    return {p: kr.format_points(value) for p, value in points.items() if value is not None}


# ---- the game's samples, for the tests that cover every game ------------------------------------------------

PLAYERS = ("Anna", "Bert", "Cilli", "Dieter")


def _points(r: Random) -> int | str:
    whole = r.randint(0, 70)
    part = r.choice([0, 0, 1, 2]) if whole < 70 else 0
    return whole if part == 0 else f"{whole} {part}/3"


def _split(r: Random, players: list[str]) -> dict[str, int | str]:
    cuts = sorted(r.randint(0, 210) for _ in range(3))
    parts = [b - a for a, b in zip([0] + cuts, cuts + [210])]
    return {p: t // 3 if t % 3 == 0 else f"{t // 3} {t % 3}/3" for p, t in zip(players, parts)}


def random_hand(r: Random, players: list[str], sitting_out: str | None = None) -> dict:
    """A hand that is valid under the default rules (tarockcup), mostly."""
    four = [p for p in players if p != sitting_out]
    contracts = [c for c, v in kr.CONTRACT_DEFAULTS.items() if v]
    contract = r.choice(contracts)
    hand: dict[str, Any] = {"contract": contract, "declarer": r.choice(four)}
    if sitting_out is not None:
        hand["sitting_out"] = sitting_out
    if contract == "trischaken":
        hand["trischaken"] = _split(r, four)
        return hand
    if contract in kr.NEGATIVE:
        hand["won"] = r.randrange(10) < 5
        if r.randrange(10) < 4:
            opponents = [p for p in four if p != hand["declarer"]]
            hand["kontra"] = {p: r.randint(0, 3) for p in r.sample(opponents, r.randint(1, 3))}
        return hand
    if contract in kr.CALLING:
        hand["partner"] = r.choice([p for p in four if p != hand["declarer"]] + ["talon"])
    hand["points"] = _points(r)
    if r.randrange(10) < 3:
        hand["kontra"] = r.randint(1, 3)
    bonuses = []
    for kind in r.sample(kr.possible_bonuses(contract), min(3, len(kr.possible_bonuses(contract)))):
        if kind == "mondfang" or r.randrange(10) < 5:
            continue
        announced = r.randrange(10) < 5
        made = r.randrange(10) < 6 or (not announced and kind in kr.NEVER_FAIL_SILENTLY)
        side = "declarers" if kind == "king-ultimo" else r.choice(kr.SIDES)
        bonus = {"kind": kind, "side": side, "announced": announced, "made": made}
        if announced and r.randrange(10) < 3:
            bonus["kontra"] = r.randint(1, 3)
        bonuses.append(bonus)
    if contract == "besserrufer" and not any(
        b["kind"] in kr.BIRDS and b["side"] == "declarers" and b["announced"] for b in bonuses
    ):
        bonuses = [b for b in bonuses if b["kind"] != "pagat"]
        bonuses.append({"kind": "pagat", "side": "declarers", "announced": True, "made": r.randrange(10) < 5})
    if bonuses:
        hand["bonuses"] = bonuses
    return hand


def _document(r: Random) -> dict:
    players = list(PLAYERS) + (["Emil"] if r.randrange(10) < 5 else [])
    hands = []
    for number in range(r.randint(1, 8)):
        sitting_out = players[number % 5] if len(players) == 5 else None
        hands.append(random_hand(r, players, sitting_out))
    rules = r.choice([{}, {"preset": "wien"}, {"preset": "tarockapp"}, {"kontra_scored": False}])
    return {"game": "koenigrufen", "rules": rules, "players": players, "hands": hands}


SAMPLES = Samples(
    players=PLAYERS,
    table=({"contract": "rufer", "declarer": "Anna", "partner": "Cilli", "points": "41 2/3"},),
    hands=(
        {
            "contract": "trischaken",
            "declarer": "Anna",
            "trischaken": {"Anna": "15 2/3", "Bert": "36 1/3", "Cilli": 10, "Dieter": 8},
        },
        {
            "contract": "rufer",
            "declarer": "Bert",
            "partner": "Dieter",
            "points": "35 1/3",
            "kontra": 1,
            "bonuses": [{"kind": "uhu", "side": "defenders", "announced": False, "made": True}],
        },
        {"contract": "piccolo", "declarer": "Cilli", "won": True, "kontra": {"Anna": 1}},
        {
            "contract": "dreier",
            "declarer": "Dieter",
            "points": 38,
            "bonuses": [{"kind": "pagat", "side": "declarers", "announced": True, "made": False}],
        },
        {"contract": "solodreier", "declarer": "Anna", "points": 45, "kontra": 1},
    ),
    fields={
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "points_whole": 40,
        "points_third": "2",
        "kontra": "0",
        "bonus_trull": "silent-made",
        "bonus_trull_side": "defenders",
        "bonus_trull_kontra": "0",
    },
    hand={
        "contract": "rufer",
        "declarer": "Anna",
        "partner": "Cilli",
        "points": "40 2/3",
        "bonuses": [{"kind": "trull", "side": "defenders", "announced": False, "made": True}],
    },
    adjustment={"adjustment": {"Anna": 12, "Bert": -20, "Cilli": 4, "Dieter": 4}, "reason": "renonce"},
    document=_document,
)
