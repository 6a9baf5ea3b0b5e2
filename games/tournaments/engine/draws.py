"""Draws (TN1–TN3): a round seated from the tournament's seed and the rounds played before it (random, seeded thirds,
by standings, or the published schedule), who sat out (nobody twice while anyone has not), who met before, and
whether every round has been played; what ``manage.py tournament draw`` prints.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.base import N_

from .base import InvalidTournament, Tournament
from .schedules import published_schedule
from .seating import _chunks, _pair, _repair, _repeats
from .standing import standings


@dataclass(frozen=True)
class Draw:
    round: int
    tables: tuple[tuple[int, tuple[int, ...]], ...]  # (table number, start numbers in seat order)
    sitting_out: tuple[int, ...]
    seed: int = 0
    kind: str = "random"
    repeats: int = 0  # pairs seated together who met before (0 unless no seating without one was found)


def draw_json(d: Draw) -> dict[str, Any]:
    """What ``manage.py tournament draw`` prints."""
    return {
        "round": d.round,
        "tables": [{"table": number, "seats": list(seats)} for number, seats in d.tables],
        "sitting_out": list(d.sitting_out),
    }


def met_before(t: Tournament, round_no: int) -> dict[tuple[int, int], int]:
    """How often each two players sat at one table in the rounds before ``round_no``."""
    met: dict[tuple[int, int], int] = {}
    for r in t.played[: round_no - 1]:
        for result in r.tables:
            for i, a in enumerate(result.seats):
                for b in result.seats[i + 1 :]:
                    met[_pair(a, b)] = met.get(_pair(a, b), 0) + 1
    return met


def sat_out_before(t: Tournament, round_no: int) -> dict[int, int]:
    """How many rounds before ``round_no`` each player was drawn for and not seated (TN2)."""
    counts = {p.no: 0 for p in t.players}
    for r in t.played[: round_no - 1]:
        seated = {no for result in r.tables for no in result.seats}
        for p in t.players:
            if p.active(r.round) and p.no not in seated:
                counts[p.no] += 1
    return counts


def finished(t: Tournament) -> bool:
    """Every round there is has been played: ``rounds``, and under a schedule the extra round of TN2 when enough
    players sat out to fill a table of it."""
    if len(t.played) != t.rounds:
        return len(t.played) > t.rounds
    if t.last_round == t.rounds:
        return True
    sat_out = sat_out_before(t, t.last_round)
    return sum(1 for p in t.players if p.active(t.last_round) and sat_out[p.no] > 0) < t.table_size


def draw(t: Tournament, round_no: int, *, corrected: bool = True, attempt: int = 0) -> Draw:
    """Round ``round_no`` drawn from the tournament's seed and the rounds played before it (TN2, TN3); the same
    document gives the same draw. ``attempt`` > 0: a redraw before the round starts (another seating, as
    reproducible). ``corrected=False``: a by-standings draw as it was before any correction (TN8)."""
    if isinstance(round_no, bool) or not isinstance(round_no, int) or not 1 <= round_no <= t.last_round:
        raise InvalidTournament("", N_("the tournament has rounds 1 to {last}"), last=t.rounds, round=round_no)
    if len(t.played) < round_no - 1:
        raise InvalidTournament(
            "", N_("round {missing} has not been played yet"), missing=len(t.played) + 1, round=round_no
        )
    rng = random.Random(f"{t.draw.seed}:{round_no}:{attempt}" if attempt else f"{t.draw.seed}:{round_no}")
    kind = t.draw.first if round_no == 1 else t.draw.later
    sat_out = sat_out_before(t, round_no)
    if round_no > t.rounds:  # TN2: under a schedule, those who sat out play an extra round among themselves
        eligible = [p.no for p in t.players if p.active(round_no) and sat_out[p.no] > 0]
        if not eligible:
            raise InvalidTournament("", N_("nobody sat out a round: there is no extra round"), round=round_no)
    else:
        eligible = [p.no for p in t.players if p.active(round_no)]
    size = t.table_size
    if len(eligible) < size:
        raise InvalidTournament(
            "", N_("{count} players cannot fill a table of {size}"), count=len(eligible), size=size, round=round_no
        )
    met = met_before(t, round_no)
    if kind == "schedule":
        tables, sitting = _scheduled(t, round_no, eligible, sat_out, met, rng)
    else:
        sitting = _sitters(eligible, sat_out, len(eligible) % size, rng)
        playing = [no for no in eligible if no not in sitting]
        if kind == "random":
            shuffled = list(playing)
            rng.shuffle(shuffled)
            tables = _repair(_chunks(shuffled, size), met, rng)
        elif kind == "seeded-thirds":
            tables = _seeded(t, playing, met, rng)
        else:
            ordered = [s.no for s in standings(t, upto_round=round_no - 1, corrected=corrected) if s.no in playing]
            tables = _repair(_chunks(ordered, size), met, rng, keep_place=True)
    for seats in tables:
        rng.shuffle(seats)  # seat order within a table is drawn
    repeats = sum(_repeats(seats, met) for seats in tables)
    return Draw(
        round=round_no,
        tables=tuple((i, tuple(seats)) for i, seats in enumerate(tables, start=1)),
        sitting_out=tuple(sorted(sitting)),
        seed=t.draw.seed,
        kind=kind,
        repeats=repeats,
    )


def _sitters(eligible: Sequence[int], sat_out: Mapping[int, int], count: int, rng: random.Random) -> list[int]:
    """TN2: who sits this round out: nobody twice while anyone has not (the fewest sit-outs first), drawn."""
    pool = list(eligible)
    rng.shuffle(pool)
    pool.sort(key=lambda no: sat_out[no])  # stable: drawn among those equal
    return sorted(pool[:count])


def _seeded(t: Tournament, playing: Sequence[int], met: Mapping, rng: random.Random) -> list[list[int]]:
    """TN3 seeded-thirds: the ranking (or start numbers) cut into as many groups as a table has seats; each
    table gets one player of each group."""
    order = sorted(playing, key=lambda no: (t.player(no).ranking is None, t.player(no).ranking or 0, no))
    size = t.table_size
    count = len(order) // size
    groups = [order[g * count : (g + 1) * count] for g in range(size)]
    for group in groups:
        rng.shuffle(group)
    tables = [[groups[g][i] for g in range(size)] for i in range(count)]
    label = {no: g for g, group in enumerate(groups) for no in group}
    return _repair(tables, met, rng, label=label)


def _scheduled(
    t: Tournament, round_no: int, eligible: list[int], sat_out: Mapping[int, int], met: Mapping, rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """TN3 schedule: the published seating of ``schedule`` for this round; tables broken by a late arrival or a
    withdrawal are drawn again among the players left over (repaired against repeats)."""
    rounds = published_schedule(t)
    planned_tables, planned_out = rounds[round_no - 1] if round_no <= len(rounds) else ((), ())
    allowed = set(eligible)
    kept = [list(seats) for seats in planned_tables if set(seats) <= allowed]
    placed = {no for seats in kept for no in seats}
    pool = [no for no in eligible if no not in placed]
    if set(pool) == set(planned_out) & allowed and len(pool) < t.table_size:
        return kept, pool
    sitting = _sitters(pool, sat_out, (len(eligible) - len(placed)) % t.table_size, rng)
    fewest = min(sat_out[no] for no in eligible)
    if any(sat_out[no] > fewest for no in sitting) and any(sat_out[no] == fewest for no in placed):
        sitting = _sitters(eligible, sat_out, len(eligible) % t.table_size, rng)  # TN2 first: draw the round anew
        playing = [no for no in eligible if no not in sitting]
        rng.shuffle(playing)
        return _repair(_chunks(playing, t.table_size), met, rng), sitting
    playing = [no for no in pool if no not in sitting]
    rng.shuffle(playing)
    return kept + _repair(_chunks(playing, t.table_size), met, rng), sitting
