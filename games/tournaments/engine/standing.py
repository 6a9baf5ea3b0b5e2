"""Standings (TN7): every registered player, best first by the preset's measure, then its tie-breaks in order (score,
wins, places, best round, head-to-head among those still level); what ``manage.py tournament standings`` prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.contract.ranking import LOWER, lower_total_is_better, rank_values

from .base import PlayedRound, Tournament
from .document import json_number
from .table_results import places, results, seat_places


@dataclass(frozen=True)
class RoundLine:
    round: int
    table: int
    place: int  # the seat's place at its table (TN6)
    score: int
    points: Fraction = Fraction(0)  # place points earned (TN6)
    ranked: tuple[int, ...] = ()  # the seat's value under each rank of the game's ranking (a mark, the total)


@dataclass(frozen=True)
class Standing:
    no: int
    name: str
    place: int
    measure: int | Fraction
    tie_breaks: dict
    rounds: tuple[RoundLine, ...]


def better_higher(t: Tournament) -> bool:
    """Whether a higher score is better (not in a game of penalty points)."""
    return not lower_total_is_better(t.ranking)


def standings(t: Tournament, *, upto_round: int | None = None, corrected: bool = True) -> tuple[Standing, ...]:
    """TN7: every registered player, best first: the measure, then the tie-breaks in order; players still level
    share the place and are listed by start number. ``corrected=False``: as they were before any correction."""
    lines, meetings = _round_lines(t, results(t, upto_round=upto_round, corrected=corrected))
    sign = 1 if better_higher(t) else -1
    values = {p.no: _values(t, lines[p.no], sign) for p in t.players}
    keys: list[Callable[[int, list[int]], Any]] = [lambda no, group: values[no]["measure_key"]]
    for name in t.scoring.tie_breaks:
        keys.append(_tie_break_key(name, values, meetings, sign))
    groups = [[p.no for p in t.players]]
    h2h: dict[int, int] = {p.no: 0 for p in t.players}
    for key in keys:
        groups = [part for group in groups for part in _split(group, key, key is not keys[0], h2h)]
    return _placed(t, groups, values, h2h, lines)


def _round_lines(
    t: Tournament, played: Sequence[PlayedRound]
) -> tuple[dict[int, list[RoundLine]], dict[int, list[tuple[int, dict[int, int]]]]]:
    """Each player's line per round played (table, place, score, place points), and each meeting at a table: the
    player's own score and every seated player's (for head-to-head)."""
    lines: dict[int, list[RoundLine]] = {p.no: [] for p in t.players}
    meetings: dict[int, list[tuple[int, dict[int, int]]]] = {p.no: [] for p in t.players}  # own score, others'
    for r in played:
        for result in r.tables:
            placed = seat_places(t, result.seats, result)
            points = places(t, result.seats, result)
            scores = dict(zip(result.seats, result.totals))
            names = [t.player(no).name for no in result.seats]
            totals = dict(zip(names, result.totals))
            for i, no in enumerate(result.seats):
                lines[no].append(
                    RoundLine(
                        round=r.round,
                        table=result.table,
                        place=placed[i],
                        score=result.totals[i],
                        points=points[i],
                        ranked=rank_values(t.ranking, names[i], totals, result.status),
                    )
                )
                meetings[no].append((result.totals[i], scores))
    return lines, meetings


def _values(t: Tournament, mine: Sequence[RoundLine], sign: int) -> dict[str, Any]:
    """A player's measure (and the key it is ranked by) and the values of every tie-break but head-to-head."""
    score = sum(line.score for line in mine)
    if t.scoring.measure == "place-points":
        measure: int | Fraction = sum((line.points for line in mine), Fraction(0))
        measure_key: Any = measure
    elif t.scoring.measure == "ranking":  # the game's own ranking over the rounds: the first rank's sum shown
        sums = [sum(line.ranked[k] for line in mine) for k in range(len(t.ranking))]
        measure = sums[0]
        measure_key = tuple(-value if rank.better == LOWER else value for rank, value in zip(t.ranking, sums))
    else:
        measure = score
        measure_key = score if t.scoring.measure == "balance" else sign * score
    best_round = max((sign * line.score for line in mine), default=None)
    return {
        "measure": measure,
        "measure_key": measure_key,
        "score": score,
        "wins": sum(1 for line in mine if line.place == 1),
        "places": [sum(1 for line in mine if line.place == k) for k in range(1, t.table_size + 1)],
        "best-round": None if best_round is None else sign * best_round,
    }


def _split(
    group: list[int], key: Callable[[int, list[int]], Any], tie_break: bool, h2h: dict[int, int]
) -> list[list[int]]:
    """A group of players level so far, split by one more key, best first (each part by start number); a
    head-to-head tie-break's values among the group are kept in ``h2h``."""
    if len(group) == 1:
        return [group]
    if tie_break and getattr(key, "head_to_head", False):
        for no in group:
            h2h[no] = key(no, group)
    by_value: dict[Any, list[int]] = {}
    for no in group:
        by_value.setdefault(key(no, group), []).append(no)
    return [sorted(by_value[value]) for value in sorted(by_value, reverse=True)]


def _placed(
    t: Tournament,
    groups: list[list[int]],
    values: Mapping[int, dict[str, Any]],
    h2h: Mapping[int, int],
    lines: Mapping[int, list[RoundLine]],
) -> tuple[Standing, ...]:
    """The standings from the groups of players still level, best first: a group shares its place."""
    out = []
    place = 1
    for group in groups:
        for no in group:
            v = values[no]
            tie_breaks = {name: h2h[no] if name == "head-to-head" else v[name] for name in t.scoring.tie_breaks}
            out.append(
                Standing(
                    no=no,
                    name=t.player(no).name,
                    place=place,
                    measure=v["measure"],
                    tie_breaks=tie_breaks,
                    rounds=tuple(lines[no]),
                )
            )
        place += len(group)
    return tuple(out)


def _tie_break_key(name: str, values: dict, meetings: dict, sign: int) -> Callable[[int, list[int]], Any]:
    if name == "score":
        return lambda no, group: sign * values[no]["score"]
    if name == "wins":
        return lambda no, group: values[no]["wins"]
    if name == "places":
        return lambda no, group: tuple(values[no]["places"])
    if name == "best-round":
        return lambda no, group: -(10**18) if values[no]["best-round"] is None else sign * values[no]["best-round"]

    def head_to_head(no: int, group: list[int]) -> int:
        """At the tables where players still level met, the sum of this one's score minus each other's."""
        total = 0
        for own, scores in meetings[no]:
            total += sum(own - scores[other] for other in group if other != no and other in scores)
        return sign * total

    head_to_head.head_to_head = True  # type: ignore[attr-defined]
    return head_to_head


def standings_json(t: Tournament, *, upto_round: int | None = None, corrected: bool = True) -> dict[str, Any]:
    """What ``manage.py tournament standings`` prints: ``{"standings": [...]}``."""
    rows = []
    for s in standings(t, upto_round=upto_round, corrected=corrected):
        tie_breaks = {
            name: (
                [json_number(v) for v in value]
                if isinstance(value, list)
                else None
                if value is None
                else json_number(value)
            )
            for name, value in s.tie_breaks.items()
        }
        rows.append(
            {
                "no": s.no,
                "name": s.name,
                "place": s.place,
                "measure": json_number(s.measure),
                "tie_breaks": tie_breaks,
                "rounds": [
                    {"round": line.round, "table": line.table, "place": line.place, "score": json_number(line.score)}
                    for line in s.rounds
                ],
            }
        )
    return {"standings": rows}
