"""Draws (TN1–TN3): a round seated from the tournament's seed and the rounds played before it (random, seeded thirds,
by standings, or the published schedule), who sat out (nobody twice while anyone has not), who met before, and
whether every round has been played; what ``manage.py tournament draw`` prints.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.contract.words import N_

from .base import InvalidTournament, Tournament
from .schedules import published_schedule
from .seating import chunks, pair_of, repair, repeats_at
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
                    met[pair_of(a, b)] = met.get(pair_of(a, b), 0) + 1
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
            tables = repair(chunks(shuffled, size), met, rng)
        elif kind == "seeded-thirds":
            tables = _seeded(t, playing, met, rng)
        else:
            ordered = [s.no for s in standings(t, upto_round=round_no - 1, corrected=corrected) if s.no in playing]
            tables = by_standings(ordered, size, met, rng)
    for seats in tables:
        rng.shuffle(seats)  # seat order within a table is drawn
    repeats = sum(repeats_at(seats, met) for seats in tables)
    return Draw(
        round=round_no,
        tables=tuple((i, tuple(seats)) for i, seats in enumerate(tables, start=1)),
        sitting_out=tuple(sorted(sitting)),
        seed=t.draw.seed,
        kind=kind,
        repeats=repeats,
    )


def group_steps(ordered: Sequence[int], size: int, tables: Sequence[Sequence[int]]) -> int:
    """How far a seating by standings moves players from their groups: the sum over players of the distance between
    the table they sit at and their group's (the top ``size`` players' is table 1, the next ``size``'s table 2 …)."""
    group = {no: i // size for i, no in enumerate(ordered)}
    return sum(abs(t - group[no]) for t, seats in enumerate(tables) for no in seats)


def by_standings(
    ordered: Sequence[int], size: int, met: Mapping[tuple[int, int], int], rng: random.Random, nodes: int = 200_000
) -> list[list[int]]:
    """TN3 by-standings: consecutive groups of the standings at tables in order (table 1 the top), then as few pairs
    who met before as there can be and, among such seatings, the fewest group-steps (``group_steps``): a
    branch-and-bound search over every seating, players placed in standings order, each first at its own group's
    table, within ``nodes`` steps; what it has not bettered by then stands (the bounded swaps' repair, or the
    groups as they are). Exact for a field a search of that size covers (tested against every seating)."""
    tables = chunks(ordered, size)
    if not met or not tables:
        return tables
    candidates = [tables, repair(tables, met, rng, keep_place=True, exact_nodes=0)]
    best = min(candidates, key=lambda seating: _costs(seating, ordered, size, met))
    repeats, steps = _costs(best, ordered, size, met)
    found = _fewest_steps(ordered, size, met, (repeats, steps + 1), nodes)  # as good found in order: it stands
    return found if found is not None else [list(seats) for seats in best]


def _costs(tables, ordered, size, met) -> tuple[int, int]:
    return sum(repeats_at(seats, met) for seats in tables), group_steps(ordered, size, tables)


def _fewest_steps(
    ordered: Sequence[int], size: int, met: Mapping[tuple[int, int], int], bound: tuple[int, int], nodes: int
) -> list[list[int]] | None:
    """The seating with fewer (repeats, group-steps) than ``bound``, the fewest there are (of equal ones the first
    in standings order: the higher a player stands, the more he keeps his group's table), or None when there is
    none (or the search ran out of ``nodes`` before finding one)."""
    count = len(ordered) // size
    seats: list[list[int]] = [[] for _ in range(count)]
    best: list = [None, bound]
    steps = [0]

    def place(k: int, repeats: int, moved: int) -> None:
        if k == len(ordered):
            if (repeats, moved) < best[1]:
                best[0], best[1] = [list(s) for s in seats], (repeats, moved)
            return
        no, home = ordered[k], k // size
        for t in sorted(range(count), key=lambda t: (abs(t - home), t)):
            if len(seats[t]) == size:
                continue
            steps[0] += 1
            if steps[0] > nodes:
                return
            clash = sum(met.get(pair_of(no, other), 0) for other in seats[t])
            cost = (repeats + clash, moved + abs(t - home))
            if cost >= best[1]:
                continue
            seats[t].append(no)
            place(k + 1, *cost)
            seats[t].pop()

    place(0, 0, 0)
    return best[0]


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
    return repair(tables, met, rng, label=label)


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
        return repair(chunks(playing, t.table_size), met, rng), sitting
    playing = [no for no in pool if no not in sitting]
    rng.shuffle(playing)
    return kept + repair(chunks(playing, t.table_size), met, rng), sitting
