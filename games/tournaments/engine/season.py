"""A season (TN9): a league's standings over its tournaments (each player's measure or the points of its final place,
the best N counted, the top M qualified); what ``manage.py tournament league`` prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.contract.ranking import LOWER
from games.lib.names import name_key

from .base import Tournament
from .document import json_number
from .standing import better_higher, standings


@dataclass(frozen=True)
class LeagueLine:
    name: str
    place: int
    points: int | Fraction
    results: tuple[int | Fraction | None, ...]  # each tournament's points, None where the player did not play
    counted: tuple[int, ...]  # which tournaments (0-based) count, under best N
    qualified: bool


@dataclass(frozen=True)
class SeasonResult:
    """One player's result in one tournament, as a season counts it: the final place, how many played players share
    it, and the measure (higher better)."""

    name: str
    place: int
    level: int
    measure: int | Fraction


def season_results(t: Tournament) -> tuple[SeasonResult, ...]:
    """What a season reads of one tournament: each player who played, with the place, the players sharing it and the
    measure, higher better (a measure of points where fewer is better counts negated). Registered players who
    never played are not in it."""
    rows = standings(t)
    higher = t.scoring.measure not in ("points", "ranking") or (
        better_higher(t) if t.scoring.measure == "points" else t.ranking[0].better != LOWER
    )
    out = []
    for s in rows:
        if not any(True for _ in s.rounds):
            continue  # registered but never played: not in this tournament's results
        level = sum(1 for other in rows if other.place == s.place and other.rounds)
        out.append(SeasonResult(s.name, s.place, level, s.measure if higher else -s.measure))
    return tuple(out)


def league(
    tournaments: Sequence[Tournament],
    *,
    points_table: Sequence[int | Fraction] | None = None,
    best_n: int | None = None,
    qualify: int | None = None,
) -> tuple[LeagueLine, ...]:
    """TN9: a season's standings from its tournaments (``season`` of each one's ``season_results``)."""
    return season([season_results(t) for t in tournaments], points_table=points_table, best_n=best_n, qualify=qualify)


def season(
    results: Sequence[Sequence[SeasonResult]],
    *,
    points_table: Sequence[int | Fraction] | None = None,
    best_n: int | None = None,
    qualify: int | None = None,
) -> tuple[LeagueLine, ...]:
    """TN9: a season's standings from each tournament's results (``season_results``, in the season's order). A
    player (the same name across the tournaments) scores in each tournament either its measure (place points,
    balance, points) or, with ``points_table``, the points of its final place (players sharing a place share the
    points of the places they occupy, as at a table, TN6; places beyond the table score 0); the season sums them,
    or only the best ``best_n``; players level share the place (listed in the order they first appear); the top
    ``qualify`` places are qualified (players sharing the last such place all are). Names are compared as a table
    compares them (``name_key``: capitals, invisible characters and look-alike letters do not tell players
    apart); a line shows the name as it was first written."""
    table = tuple(Fraction(v) for v in points_table) if points_table is not None else None
    scored: dict[str, list[int | Fraction | None]] = {}  # by name_key
    spelled: dict[str, str] = {}  # each player's name as first written
    for index, rows in enumerate(results):
        for s in rows:
            if table is None:
                value: int | Fraction = s.measure
            else:
                value = Fraction(sum(table[s.place - 1 : s.place - 1 + s.level]), s.level)
            key = name_key(s.name)  # "Anna" in one tournament and "ANNA" in another: one player of the season
            spelled.setdefault(key, s.name)
            scored.setdefault(key, [None] * len(results))[index] = value
    totals = {}
    for name, values in scored.items():
        played = sorted(((v, i) for i, v in enumerate(values) if v is not None), key=lambda x: (-x[0], x[1]))
        chosen = played if best_n is None else played[:best_n]
        totals[name] = (sum((v for v, _ in chosen), Fraction(0)), tuple(sorted(i for _, i in chosen)))
    order = sorted(scored, key=lambda name: -totals[name][0])  # stable: first appearance among equals
    out = []
    place, above = 0, None
    for index, name in enumerate(order, start=1):
        points = totals[name][0]
        if points != above:  # one more than the players with more points: the first of its equals' index
            place, above = index, points
        out.append(
            LeagueLine(
                name=spelled[name],
                place=place,
                points=points.numerator if points.denominator == 1 else points,
                results=tuple(scored[name]),
                counted=totals[name][1],
                qualified=qualify is not None and place <= qualify,
            )
        )
    return tuple(out)


def league_json(lines: Sequence[LeagueLine]) -> dict[str, Any]:
    """What ``manage.py tournament league`` prints: ``{"league": [...]}``."""
    return {
        "league": [
            {
                "name": line.name,
                "place": line.place,
                "points": json_number(line.points),
                "results": [None if v is None else json_number(v) for v in line.results],
                "counted": [i + 1 for i in line.counted],
                "qualified": line.qualified,
            }
            for line in lines
        ]
    }
